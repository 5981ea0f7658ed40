/**
 * The YouX quote (spec §3 Quote request and youxQuote, §4 "quote fetched only when site feature on,
 * no quote exists, price above 0", §7 POST /api/youx/quote, §8 quote failure shows dashes). One zod
 * schema per payload, shared by the page script and the function. Pure.
 */
import { z } from "zod";
import { isInStock } from "~/features/stock/stock";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import {
  amortise,
  comparisonRate,
  ESTIMATE_TERM_YEARS,
  type Fee,
  FINANCE_ESTIMATE_MIN_PRICE,
  financeExcluded,
} from "./finance";

/** Spec §8: a figure the quote has not (or could not) fill reads as a dash. */
export const QUOTE_PLACEHOLDER = "–";

export const CREDIT_SCORES = ["EXCELLENT", "GREAT", "GOOD", "FAIR", "POOR"] as const;
export type CreditScore = (typeof CREDIT_SCORES)[number];

/** Spec §3 Quote request. */
export const quoteRequestSchema = z
  .object({
    selfAssessedCreditScore: z.enum(CREDIT_SCORES),
    purchasePrice: z.number().positive().max(10_000_000),
    /** Years. */
    loanTerm: z.number().int().min(1).max(7),
    year: z.number().int().min(1900).max(2100),
    vin: z.string().max(32).nullable(),
    nvic: z.string().max(32).nullable(),
    whoIsHelping: z.string().max(200),
  })
  .strict();
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** Spec §3 Car youxQuote: what the service answers. */
export const quoteResponseSchema = z.object({
  weeklyRepaymentAmount: z.number().nonnegative(),
  advertisedRate: z.number().nonnegative(),
  comparisonRate: z.number().nonnegative(),
});
export type Quote = z.infer<typeof quoteResponseSchema>;

/** Spec §7: the page always asks for a GREAT self-assessed score, a 5 year term, nobody helping. */
export const QUOTE_REQUEST_DEFAULTS = {
  selfAssessedCreditScore: "GREAT",
  loanTerm: ESTIMATE_TERM_YEARS,
  whoIsHelping: "",
} as const satisfies Partial<QuoteRequest>;

/** Spec §4: the quote the page asks for, or null when the site has no quotes, the car has one or no price. */
export function youxQuoteRequest(car: Car, site: Site): QuoteRequest | null {
  if (!site.features.youx_quote || car.youxQuote || !(car.price > 0)) return null;
  return {
    ...QUOTE_REQUEST_DEFAULTS,
    purchasePrice: car.price,
    year: car.year,
    vin: car.vin ?? null,
    nvic: car.nvic ?? null,
  };
}

export interface YouxEstimate {
  /** Whole-dollar weekly repayment, or null (dashes) until the quote fills it. */
  weekly: number | null;
  advertisedRate: number | null;
  comparisonRate: number | null;
  /** What the page fetches late; null when the feed already carries the quote. */
  request: QuoteRequest | null;
}

const positive = (value: number | null | undefined): number | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;

/**
 * The YouX estimate on the vehicle page: on quote sites, for cars still for sale in stock, not
 * excluded from finance (spec §5), priced above 200 (the finance estimate gating). Figures come
 * from the feed's quote when it has one, else from the quote fetched late (dashes until then).
 */
export function youxEstimate(car: Car, site: Site): YouxEstimate | null {
  if (!site.features.youx_quote || car.price <= FINANCE_ESTIMATE_MIN_PRICE) return null;
  if (!isInStock(car) || financeExcluded(car, site)) return null;
  const request = youxQuoteRequest(car, site);
  const quote = car.youxQuote;
  const weekly = positive(quote?.weeklyRepaymentAmount);
  if (!request && weekly === null) return null;
  return {
    weekly: weekly === null ? null : Math.round(weekly),
    advertisedRate: positive(quote?.advertisedRate),
    comparisonRate: positive(quote?.comparisonRate),
    request,
  };
}

export const formatRate = (rate: number | null) =>
  rate === null ? `${QUOTE_PLACEHOLDER}%` : `${rate.toFixed(2)}%`;

// The local stand-in for the YouX service (used when no YOUX_API_URL is set): a rate card by
// self-assessed credit, vehicle age and loan size, priced with the calculator's own amortisation.

/** Base advertised rate (% p.a.) per self-assessed credit score, for a car up to 3 years old. */
export const LOCAL_BASE_RATES: Record<CreditScore, number> = {
  EXCELLENT: 6.49,
  GREAT: 7.49,
  GOOD: 9.49,
  FAIR: 12.49,
  POOR: 15.99,
};
/** Loading by vehicle age in years: up to the age, the points added. */
export const LOCAL_AGE_LOADINGS: readonly [maxAge: number, points: number][] = [
  [3, 0],
  [7, 1],
  [12, 2.5],
  [Number.POSITIVE_INFINITY, 4],
];
/** Loans under this amount carry a small-loan loading. */
export const LOCAL_SMALL_LOAN = { below: 15000, points: 1 } as const;
/** The lender's fees, financed (once) or added to each month. */
export const LOCAL_FEES: readonly Fee[] = [
  { label: "Establishment fee", amount: 495, per: "once" },
  { label: "Account keeping fee", amount: 10, per: "month" },
];

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A plausible, deterministic quote: same request and year, same answer. */
export function localQuote(request: QuoteRequest, now: Date): Quote {
  const age = Math.max(0, now.getFullYear() - request.year);
  const loading = LOCAL_AGE_LOADINGS.find(([maxAge]) => age <= maxAge)?.[1] ?? 0;
  const small = request.purchasePrice < LOCAL_SMALL_LOAN.below ? LOCAL_SMALL_LOAN.points : 0;
  const advertisedRate = round2(LOCAL_BASE_RATES[request.selfAssessedCreditScore] + loading + small);
  const once = LOCAL_FEES.filter((fee) => fee.per === "once").reduce((sum, fee) => sum + fee.amount, 0);
  const monthly = LOCAL_FEES.filter((fee) => fee.per === "month").reduce((sum, fee) => sum + fee.amount, 0);
  const weekly =
    amortise(request.purchasePrice + once, advertisedRate, 52, request.loanTerm * 52) + (monthly * 12) / 52;
  return {
    weeklyRepaymentAmount: Math.round(weekly),
    advertisedRate,
    comparisonRate: comparisonRate(advertisedRate, LOCAL_FEES),
  };
}
