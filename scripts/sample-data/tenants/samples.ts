import { BAYSIDE_NISSAN } from "./bayside-nissan";
import { HARBOURSIDE_TOYOTA } from "./harbourside-toyota";
import { OUTBACK_CARAVANS } from "./outback-caravans";
import type { TenantProfile } from "./profile";
import { SUNSTATE_MOTOR_GROUP } from "./sunstate-motor-group";
import { WESTSIDE_AUTO } from "./westside-auto";

/**
 * The five sample dealers as the stock generator sees them (seed, size, stock mix, which features
 * their cars exercise). Their site.json, locations, offers and pages are committed under tenants/.
 */
export const SAMPLE_TENANTS: TenantProfile[] = [
  HARBOURSIDE_TOYOTA,
  WESTSIDE_AUTO,
  SUNSTATE_MOTOR_GROUP,
  OUTBACK_CARAVANS,
  BAYSIDE_NISSAN,
];
