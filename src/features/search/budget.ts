/**
 * Budget finder 'Find cars for your budget' (spec §2, §4, §8, §9): what a shopper can spend from a
 * repayment and a deposit, and how many cars of a body type fit it. Pure; the build computes the
 * price lists (spec §7: facet on price and body with `{default stock filter} AND price>1000`).
 */
import { stateToQueryString } from "./routing";
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
