/**
 * Stock generation: a tenant's feed for `now`, deterministic for the same profile and clock.
 */
import type { Car } from "~/tenant/schemas/car";
import type { TenantProfile } from "../tenants/profile";
import { isoDate } from "../util";
import { generateCar } from "./car";
import type { CarContext, StockSite } from "./pick";
import { applyScenarios } from "./scenarios";

export interface GenerateStockOptions {
  profile: TenantProfile;
  site: StockSite;
  now: Date;
}

/** Deterministic stock for a tenant: same options, same cars. */
export function generateStock({ profile, site, now }: GenerateStockOptions): Car[] {
  const ctx: CarContext = { profile, site, now, nowYear: now.getUTCFullYear() };
  const cars = Array.from({ length: profile.count }, (_, i) => generateCar(ctx, i));
  applyScenarios(cars, ctx);
  return cars;
}

/** The feed file: one car per line keeps it diffable and greppable. */
export function stockFileText(cars: Car[], now: Date): string {
  return `{"generated_for":"${isoDate(now)}","cars":[\n${cars.map((car) => JSON.stringify(car)).join(",\n")}\n]}\n`;
}
