/**
 * Rego lookup (spec §4 trade-in flow: rego + regoState fill make, model, year and badge).
 * Pluggable: a provider adapter implements `RegoLookup` (providers.server.ts). The local adapter
 * is an invented stand-in for `npm start` and tests only, a deterministic registry: the same plate and state always give the same car, and about one plate in
 * ten is "not on the register", so both paths of the form are exercised without a network.
 */
import { fnv1a } from "~/lib/hash";
import { VEHICLE_CATALOG } from "./catalog";
import { normaliseRego, REGO_PATTERN, type RegoState } from "./trade-in";

export interface RegoVehicle {
  rego: string;
  regoState: RegoState;
  make: string;
  model: string;
  year: number;
  badge: string;
}

export interface RegoLookup {
  /** The registered car, or null when the plate is not on the register. Throws when the service fails. */
  lookup(rego: string, regoState: RegoState): Promise<RegoVehicle | null>;
}

/** First build year the local registry hands out, and how many years after it. */
const FIRST_YEAR = 2012;
const YEAR_SPAN = 14;

export const localRegoLookup: RegoLookup = {
  async lookup(rego, regoState) {
    const plate = normaliseRego(rego);
    if (!REGO_PATTERN.test(plate)) return null;
    const hash = fnv1a(`${regoState}:${plate}`);
    if (hash % 10 === 0) return null;
    const entry = VEHICLE_CATALOG[hash % VEHICLE_CATALOG.length];
    if (!entry) return null;
    const second = fnv1a(`${plate}:${regoState}`);
    return {
      rego: plate,
      regoState,
      make: entry.make,
      model: entry.model,
      badge: entry.badges[second % entry.badges.length] ?? "",
      year: FIRST_YEAR + (second % YEAR_SPAN),
    };
  },
};
