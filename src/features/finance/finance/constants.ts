/** The finance constants from the spec (§5 eligibility thresholds, §8 texts, §9 calculator defaults). */

export type Frequency = "week" | "fortnight" | "month";
export const FREQUENCIES: readonly Frequency[] = ["week", "fortnight", "month"];
export const PERIODS_PER_YEAR: Record<Frequency, number> = { week: 52, fortnight: 26, month: 12 };
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  week: "Weekly",
  fortnight: "Fortnightly",
  month: "Monthly",
};
export const PER_PERIOD: Record<Frequency, string> = {
  week: "per week",
  fortnight: "per fortnight",
  month: "per month",
};

/** A repayment of this or less is not worth quoting (spec §5, §8). */
export const ENQUIRE_THRESHOLD = 25;
export const ENQUIRE_FOR_FINANCE = "Enquire for Finance";
/** Characters of the lender disclaimer shown while collapsed (spec §9). */
export const DISCLAIMER_COLLAPSED_LENGTH = 197;
/** The comparison-rate example every Australian lender quotes (spec §9). */
export const COMPARISON_EXAMPLE = { amount: 30000, years: 5 } as const;
export const COMPARISON_EXAMPLE_TEXT = "Comparison rate based on a 5 year secured loan of $30,000.";
/** The National Credit Code warning that must accompany a comparison rate. */
export const COMPARISON_RATE_WARNING =
  "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.";
/** Spec §9: "monthly equals weekly x 4.33". */
export const WEEKS_PER_MONTH = 4.33;
/** The finance estimate (header, cards) shows only for prices above this (spec §5). */
export const FINANCE_ESTIMATE_MIN_PRICE = 200;
/** Lender estimates need a real price (spec §5 "price above 500"). */
export const LENDER_MIN_PRICE = 500;
/** Taurus lends on cars newer than this many years (spec §5 "year newer than current minus 12"). */
export const TAURUS_MAX_AGE_YEARS = 12;
/** Spec §9 "Finance estimate text: 5 year term, 10.0% deposit". */
export const ESTIMATE_TERM_YEARS = 5;
export const ESTIMATE_DEPOSIT_PERCENT = 10;

/** Spec §9 slider and §5 dealer-variant defaults, used where the tenant leaves them out. */
export const SLIDER_DEFAULTS = { amountMax: 100000, interest: 10, termYears: 6 } as const;
export const DEALER_DEFAULTS = { amountMax: 250000, interest: 8.5, termYears: 5, amount: 30000 } as const;
/** Above its maximum the slider reaches 1.05 × the car's price (spec §9). */
export const PRICE_HEADROOM = 1.05;
/** Dealer variant deposit/trade-in and residual inputs (spec §5). */
export const EXTRAS_RANGE: Range = { min: 0, max: 250000, step: 0.5 };

export interface Range {
  min: number;
  max: number;
  step: number;
}
