/**
 * Which model a car is (by the dealer's makes and what sells), its age and its price rounding.
 */
import type { Site } from "~/tenant/schema";
import { CATALOGUE } from "../catalogue/cars";
import type { ModelDef, SimpleBody } from "../catalogue/models";
import { RV_CATALOGUE } from "../catalogue/rv";
import type { Rng } from "../random";
import type { CarKind, TenantProfile } from "../tenants/profile";

/** The site settings the stock must agree with (site.json; the benchmark's own for its tenants). */
export type StockSite = Pick<Site, "finance_provider" | "sold_window_days">;

export interface CarContext {
  profile: TenantProfile;
  site: StockSite;
  now: Date;
  nowYear: number;
}

/** How often each body turns up in Australian dealer stock (SUVs and utes dominate). */
const BODY_POPULARITY: Record<SimpleBody, number> = {
  suv: 1.6,
  ute: 1.5,
  hatch: 1,
  sedan: 0.8,
  wagon: 0.6,
  van: 0.5,
  coupe: 0.3,
  convertible: 0.2,
  peopleMover: 0.6,
  cabChassis: 0.5,
  motorhome: 1,
  caravan: 1.6,
  camperTrailer: 0.8,
};

export function modelPool(ctx: CarContext, makes: string[], carType: CarKind, rng: Rng): ModelDef {
  const { profile, nowYear } = ctx;
  const catalogue = profile.rv ? RV_CATALOGUE : CATALOGUE;
  const current = catalogue.filter((m) => m.years[0] <= nowYear && m.years[1] >= nowYear - 1);
  const popular = (list: ModelDef[]) => rng.weighted(list.map((m) => [m, BODY_POPULARITY[m.body]] as const));
  if (carType !== "used") {
    const own = current.filter((m) => makes.includes(m.make));
    return popular(own.length ? own : current);
  }
  const usable = catalogue.filter((m) => m.years[0] <= nowYear - 1);
  const own = usable.filter((m) => makes.includes(m.make));
  if (own.length && rng.chance(profile.ownMakeUsed)) return popular(own);
  const pool = profile.usedMakes ? usable.filter((m) => profile.usedMakes?.includes(m.make)) : usable;
  return popular(pool.length ? pool : usable);
}

export const USED_AGE: [number, number][] = [
  [1, 8],
  [2, 12],
  [3, 14],
  [4, 13],
  [5, 12],
  [6, 10],
  [7, 8],
  [8, 7],
  [9, 5],
  [10, 4],
  [11, 3],
  [12, 2],
  [13, 1.5],
  [14, 1],
];

export const roundPrice = (p: number) => Math.max(990, Math.round(p / 1000) * 1000 - 10);

export const youtubeId = (rng: Rng) =>
  rng.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", 11);
