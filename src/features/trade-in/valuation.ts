/**
 * Trade-in valuation (spec §3 valuation: id, adjustmentAnswers; §9 FAQ limits). Pluggable: a
 * provider adapter implements `ValuationAdapter` (providers.server.ts). The local adapter is an
 * invented stand-in for `npm start` and tests only: typical new price, depreciation by age,
 * kilometres against 15,000 a year, the condition answers, then the dealer's trade margin; the
 * offer is rounded to $100 with a ±5% range.
 */
import { typicalNewPrice } from "./catalog";
import { type AdjustmentAnswers, adjustmentFactors, hasOnlineEstimate, type RegoState } from "./trade-in";

export interface ValuationInput {
  make: string;
  model: string;
  year: number;
  kms: number;
  badge?: string | undefined;
  /** The plate, when the shopper gave one: a provider finds the exact car by it. */
  rego?: string | undefined;
  regoState?: RegoState | undefined;
  adjustmentAnswers: AdjustmentAnswers;
}

export type Valuation =
  | { eligible: false }
  | {
      eligible: true;
      /** The offer the shopper can accept, whole dollars. */
      offer: number;
      low: number;
      high: number;
    };

export interface ValuationAdapter {
  /**
   * The valuation, or null when the service has no figure for this car (it cannot match or price
   * it): no online offer, the dealer calls. Throws when the service fails.
   */
  value(input: ValuationInput, now: Date): Promise<Valuation | null>;
}

/**
 * Spec §9 first (no online estimate over 7 years or 100,000 km, whoever values the car), then the
 * adapter: a car the rule keeps offline never costs a provider call.
 */
export async function valueTradeIn(
  adapter: ValuationAdapter,
  input: ValuationInput,
  now: Date,
): Promise<Valuation | null> {
  if (!hasOnlineEstimate(input, now)) return { eligible: false };
  return adapter.value(input, now);
}

/** Local model constants, named so a dealer can read what drives the number. */
export const LOCAL_VALUATION = {
  /** Share of the new price a car keeps after its first year. */
  firstYearRetained: 0.82,
  /** Share kept each further year. */
  yearlyRetained: 0.89,
  /** Kilometres a year an average car does. */
  kmsPerYear: 15_000,
  /** Dollars per kilometre above or below that average, as a share of the market value per 10,000 km. */
  kmsShareper10k: 0.02,
  /** Most the kilometre adjustment moves the value either way. */
  kmsCap: 0.15,
  /** Dealer's trade price as a share of market value (reconditioning, margin). */
  tradeShare: 0.85,
  rangeShare: 0.05,
  roundTo: 100,
} as const;

const roundTo = (n: number, step: number) => Math.round(n / step) * step;

export function localValuation(input: ValuationInput, now: Date): Valuation {
  if (!hasOnlineEstimate(input, now)) return { eligible: false };
  const c = LOCAL_VALUATION;
  const age = Math.max(0, now.getFullYear() - input.year);
  const retained = age === 0 ? 0.9 : c.firstYearRetained * c.yearlyRetained ** (age - 1);
  const market = typicalNewPrice(input.make, input.model) * retained;
  const expectedKms = Math.max(1, age) * c.kmsPerYear;
  const kmsShare = Math.max(
    -c.kmsCap,
    Math.min(c.kmsCap, ((expectedKms - input.kms) / 10_000) * c.kmsShareper10k),
  );
  const condition = adjustmentFactors(input.adjustmentAnswers).reduce((product, a) => product * a.factor, 1);
  const trade = market * (1 + kmsShare) * condition * c.tradeShare;
  const offer = Math.max(c.roundTo, roundTo(trade, c.roundTo));
  return {
    eligible: true,
    offer,
    low: Math.max(c.roundTo, roundTo(offer * (1 - c.rangeShare), c.roundTo)),
    high: roundTo(offer * (1 + c.rangeShare), c.roundTo),
  };
}

export const localValuationAdapter: ValuationAdapter = {
  value: async (input, now) => localValuation(input, now),
};
