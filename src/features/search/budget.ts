/**
 * Budget finder 'Find cars for your budget' (spec §2, §4, §8, §9): what a shopper can spend from a
 * repayment and a deposit, and how many cars of a body type fit it. Pure; the build computes the
 * price lists (spec §7: facet on price and body with `{default stock filter} AND price>1000`).
 */
import { stateToQueryString } from "./query-string";
import { DEFAULT_SEARCH_PATH } from "./slugs";

export type BudgetFrequency = "week" | "month";

/** Repayment and deposit inputs are clamped to this range (spec §5). */
export const BUDGET_INPUT_MAX = 1_000_000;
/** Payments per year by frequency. */
export const PAYMENTS_PER_YEAR: Record<BudgetFrequency, number> = { week: 52, month: 12 };
/** The estimate spans a five-year term. */
export const BUDGET_TERM_YEARS = 5;
export const DEFAULT_REPAYMENT: Record<BudgetFrequency, number> = { week: 200, month: 600 };
export const DEFAULT_DEPOSIT = 2000;
/** Price range when the results give none (spec §9). */
export const BUDGET_PRICE_FALLBACK = { min: 0, max: 100_000 } as const;
/** The price slider's track (spec §9 slider defaults), widened to take in any car outside it. */
export const BUDGET_SLIDER_DEFAULTS = { min: 5_000, max: 250_000 } as const;
/** The slider's step (spec §5: step 500); its min handle stays a step below the max. */
export const BUDGET_SLIDER_STEP = 500;

export interface PriceSlider {
  /** The track's ends. */
  min: number;
  max: number;
  /** Where the handles start: the stock's own price range, to the step. */
  from: number;
  to: number;
}

const floorStep = (value: number) => Math.floor(value / BUDGET_SLIDER_STEP) * BUDGET_SLIDER_STEP;
const ceilStep = (value: number) => Math.ceil(value / BUDGET_SLIDER_STEP) * BUDGET_SLIDER_STEP;

/**
 * The price slider for ascending `prices`: the track runs 5,000–250,000 (further where a car's
 * price, or the fallback, lies outside), and the handles start at the cheapest and dearest car to
 * the step, or at the 0–100,000 fallback when the results give no price.
 */
export function priceSlider(prices: readonly number[]): PriceSlider {
  const cheapest = prices[0];
  const dearest = prices[prices.length - 1];
  const given = cheapest !== undefined && dearest !== undefined;
  const from = given ? floorStep(cheapest) : BUDGET_PRICE_FALLBACK.min;
  const to = Math.max(given ? ceilStep(dearest) : BUDGET_PRICE_FALLBACK.max, from + BUDGET_SLIDER_STEP);
  return {
    min: Math.min(BUDGET_SLIDER_DEFAULTS.min, from),
    max: Math.max(BUDGET_SLIDER_DEFAULTS.max, to),
    from,
    to,
  };
}

/** The handles after the shopper moves one: kept on the track, the min a step below the max. */
export function sliderHandles(
  slider: Pick<PriceSlider, "min" | "max">,
  from: number,
  to: number,
): [number, number] {
  const high = Math.min(slider.max, Math.max(slider.min + BUDGET_SLIDER_STEP, floorStep(to)));
  const low = Math.max(slider.min, Math.min(high - BUDGET_SLIDER_STEP, floorStep(from)));
  return [low, high];
}

/** How many of the ascending `prices` lie from `from` to `to`, both included. */
export function countInPriceRange(prices: readonly number[], from: number, to: number): number {
  return countWithinBudget(prices, to) - countWithinBudget(prices, from - 1e-9);
}

/** The price slider's button: 'Show {n} {car type}s', disabled at none. */
export function priceRangeButton(count: number, noun: string): { label: string; disabled: boolean } {
  return { label: `Show ${count} ${noun}${count === 1 ? "" : "s"}`, disabled: count === 0 };
}

/** The results page for a price range. */
export function priceRangeSearchUrl(from: number, to: number, body: string | null): string {
  return `${DEFAULT_SEARCH_PATH}${stateToQueryString({
    range: { price: { min: from, max: to } },
    ...(body ? { refinementList: { body: [body] } } : {}),
  })}`;
}
/** Body-type tiles: 4, or 20 when the tenant lists its own bodies (spec §9). */
export const BODY_TILE_LIMIT = 4;
export const CUSTOM_BODY_TILE_LIMIT = 20;
/** Cars priced at 1,000 or less are placeholders ("drive away" prices missing) and never count. */
export const BUDGET_PRICE_FLOOR = 1000;
export const BUDGET_FILTER = `price > ${BUDGET_PRICE_FLOOR}`;
export const BUDGET_DISCLAIMER = "Estimate excludes interest, fees and balloon payments.";

/** A money input's value: "$12,500" → 12500; anything non-numeric → 0; clamped to 0..1,000,000. */
export function clampMoney(input: unknown): number {
  const text = typeof input === "number" ? String(input) : typeof input === "string" ? input : "";
  const cleaned = text.replace(/[$,\s]/g, "");
  const value = cleaned === "" ? 0 : Number(cleaned);
  if (!Number.isFinite(value)) return 0;
  return Math.min(BUDGET_INPUT_MAX, Math.max(0, value));
}

/** budget = repayment × (52 weekly | 12 monthly) × 5 + deposit, rounded to the dollar. */
export function estimateBudget(repayment: unknown, deposit: unknown, frequency: BudgetFrequency): number {
  return Math.round(
    clampMoney(repayment) * PAYMENTS_PER_YEAR[frequency] * BUDGET_TERM_YEARS + clampMoney(deposit),
  );
}

/** How many of the ascending `prices` are at most `budget`. */
export function countWithinBudget(prices: readonly number[], budget: number): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((prices[mid] as number) <= budget) low = mid + 1;
    else high = mid;
  }
  return low;
}

export interface BudgetButton {
  label: string;
  disabled: boolean;
  /** Shown under a disabled button. */
  note: string | null;
}

/** 'View {car type}s In This Range', or '0 {car type}s Found' when the budget is below every price. */
export function budgetButton(count: number, noun: string): BudgetButton {
  if (count > 0) return { label: `View ${noun}s In This Range`, disabled: false, note: null };
  return { label: `0 ${noun}s Found`, disabled: true, note: `No ${noun}s found for this budget` };
}

/** The results page for a budget: prices from the cheapest counted car up to the budget. */
export function budgetSearchUrl(budget: number, minPrice: number, body: string | null): string {
  return `${DEFAULT_SEARCH_PATH}${stateToQueryString({
    range: { price: { min: minPrice, max: budget } },
    ...(body ? { refinementList: { body: [body] } } : {}),
  })}`;
}

export interface BodyTile {
  value: string;
  label: string;
  /** Ascending prices of the counted cars of this body. */
  prices: number[];
}

/**
 * Tiles from the body facet: the most common bodies first (ties by name), 4 of them, or the
 * tenant's own list in its order (up to 20) when it names one.
 */
export function pickBodyTiles(
  facet: ReadonlyMap<string, { label: string; prices: number[] }>,
  customBodies: readonly string[] | undefined,
): BodyTile[] {
  const tiles = [...facet].map(([value, { label, prices }]) => ({ value, label, prices }));
  if (customBodies?.length) {
    return customBodies
      .map((value) => tiles.find((tile) => tile.value === value))
      .filter((tile): tile is BodyTile => tile !== undefined)
      .slice(0, CUSTOM_BODY_TILE_LIMIT);
  }
  return tiles
    .sort((a, b) => b.prices.length - a.prices.length || a.label.localeCompare(b.label))
    .slice(0, BODY_TILE_LIMIT);
}
