/**
 * The repayment calculator (spec §4 calculator state, §5 validation, §9 constants): its ranges and
 * starting figures for a car, amortisation, rounding and the comparison rate.
 */

import { formatCentsMoney, formatMoney } from "~/lib/format";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import type { FinanceCalculatorConfig } from "~/tenant/schemas/finance";
import {
  COMPARISON_EXAMPLE,
  DEALER_DEFAULTS,
  ENQUIRE_FOR_FINANCE,
  ENQUIRE_THRESHOLD,
  EXTRAS_RANGE,
  type Frequency,
  PERIODS_PER_YEAR,
  PRICE_HEADROOM,
  type Range,
  SLIDER_DEFAULTS,
} from "./constants";
import { financeLender } from "./lender";

const AMOUNT_MIN = 1000;
const AMOUNT_STEP = 500;

export interface Fee {
  label: string;
  amount: number;
  per: "once" | "month";
}

/** Spec §3 "Finance calculator state". */
export interface CalculatorInput {
  amount: number;
  term: number;
  interest: number;
  /** Deposit or trade-in. */
  tradeIn: number;
  residual: number;
  frequency: Frequency;
}

export interface CalculatorSetup {
  variant: "slider" | "dealer";
  amount: Range;
  term: Range;
  interest: Range;
  extras: Range;
  fees: Fee[];
  roundUp: boolean;
  initial: CalculatorInput;
  /** The site's rate lines above the calculator's small print (`financeRateNotes`). */
  rateNotes: string[];
}

/** A rate as lenders print it: two decimals, "6.29%". */
const rateText = (rate: number) => `${rate.toFixed(2)}%`;

/**
 * The finance copy the site's own rates make (spec §9): the advertised rate with its comparison
 * rate, and the range of comparison rates its lenders offer. Each line ends in the asterisk that
 * points at the comparison-rate example and warning below it. No rate set, no line.
 */
export function financeRateNotes(
  config: Pick<FinanceCalculatorConfig, "advertised_rate" | "comparison_range">,
): string[] {
  const notes: string[] = [];
  const advertised = config.advertised_rate;
  if (advertised) {
    notes.push(
      `Finance from ${rateText(advertised.interest)} p.a., comparison rate ${rateText(advertised.comparison)} p.a.*`,
    );
  }
  const range = config.comparison_range;
  if (range) notes.push(`Comparison rates from ${rateText(range.min)} to ${rateText(range.max)} p.a.*`);
  return notes;
}

const clamp = (value: number, { min, max }: Pick<Range, "min" | "max">) =>
  Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));

/** Whole dollars, or cents where a figure has them: 1115.08 → "$1,115.08", 257 → "$257". */
export function formatDollars(amount: number): string {
  if (Number.isInteger(amount)) return formatMoney(amount);
  return formatCentsMoney(amount);
}

/** A price the feed means (spec §4: at or below 10 is a placeholder). */
const realPrice = (car: Car): number | null => (car.price > 10 ? car.price : null);

/**
 * The calculator's ranges, fees and starting figures for one car on one site.
 * Reading of the spec: the establishment fee is "per lender", so on the detail page's slider the
 * car's lender data (`establishmentFees`) wins over the site's figure. The dealer variant lists the
 * dealer's own fees ("one dealer lists establishment 395, security registration 6…"), so there the
 * site's establishment fee wins and the lender's applies only when the site names none. The site's
 * `fees` are the dealer's further fees.
 */
export function calculatorSetup(site: Site, car: Car): CalculatorSetup {
  const config = site.finance_calculator;
  const dealer = config.variant === "dealer";
  const price = realPrice(car);
  const lender = financeLender(car, site.finance_provider);

  const base = config.amount ?? {
    min: AMOUNT_MIN,
    max: dealer ? DEALER_DEFAULTS.amountMax : SLIDER_DEFAULTS.amountMax,
    step: AMOUNT_STEP,
  };
  const amount =
    !dealer && price !== null && price > base.max
      ? { ...base, max: Math.round(price * PRICE_HEADROOM) }
      : { ...base };

  const establishment =
    dealer && config.establishment_fee > 0
      ? config.establishment_fee
      : (lender?.establishmentFees ?? config.establishment_fee);
  const fees: Fee[] = [
    ...(establishment > 0
      ? [{ label: "Establishment fee", amount: establishment, per: "once" as const }]
      : []),
    ...config.fees,
  ];

  let startAmount: number;
  if (dealer) startAmount = price ?? DEALER_DEFAULTS.amount;
  else if (config.default_amount_from === "price" && price !== null) startAmount = price;
  else if (config.default_amount_from === "price_less_deposit" && price !== null)
    startAmount = price - (lender?.deposit ?? 0);
  else startAmount = config.default_amount;

  const term = config.term_years;
  const interest = config.interest;
  return {
    variant: config.variant,
    amount,
    term,
    interest,
    extras: EXTRAS_RANGE,
    fees,
    roundUp: config.round_up,
    rateNotes: financeRateNotes(config),
    initial: {
      amount: dealer ? startAmount : clamp(startAmount, amount),
      term: clamp(
        config.default_term_years ?? (dealer ? DEALER_DEFAULTS.termYears : SLIDER_DEFAULTS.termYears),
        term,
      ),
      interest: clamp(
        config.default_interest ?? (dealer ? DEALER_DEFAULTS.interest : SLIDER_DEFAULTS.interest),
        interest,
      ),
      tradeIn: 0,
      residual: 0,
      frequency: config.frequency,
    },
  };
}

/**
 * Standard amortisation: the repayment that pays `principal` down to `residual` (a balloon paid
 * with the last repayment) over `periods` repayments at `ratePercent` p.a. compounded per period.
 */
export function amortise(
  principal: number,
  ratePercent: number,
  periodsPerYear: number,
  periods: number,
  residual = 0,
): number {
  const rate = ratePercent / 100 / periodsPerYear;
  if (rate === 0) return (principal - residual) / periods;
  const presentValue = principal - residual / (1 + rate) ** periods;
  return (presentValue * rate) / (1 - (1 + rate) ** -periods);
}

/** Tolerance so 257.0000000001 does not round up to 258. */
const EPSILON = 1e-9;

/** Spec §9: weekly repayments in whole dollars, whole dollars rounded up on sites that say so, else cents. */
export function roundRepayment(raw: number, frequency: Frequency, roundUp: boolean): number {
  if (roundUp) return Math.ceil(raw - EPSILON);
  if (frequency === "week") return Math.round(raw);
  return Math.round(raw * 100) / 100;
}

const sumFees = (fees: readonly Fee[], per: Fee["per"]) =>
  fees.filter((fee) => fee.per === per).reduce((sum, fee) => sum + fee.amount, 0);

/**
 * The comparison rate for the spec's example (a 5 year secured loan of $30,000, monthly): the
 * annual rate at which the repayments, fees included, repay exactly $30,000. Two decimals.
 */
export function comparisonRate(interestPercent: number, fees: readonly Fee[]): number {
  const periods = COMPARISON_EXAMPLE.years * 12;
  const target =
    amortise(COMPARISON_EXAMPLE.amount + sumFees(fees, "once"), interestPercent, 12, periods) +
    sumFees(fees, "month");
  let low = 0;
  let high = 100;
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2;
    if (amortise(COMPARISON_EXAMPLE.amount, mid, 12, periods) < target) low = mid;
    else high = mid;
  }
  return Math.round(((low + high) / 2) * 100) / 100;
}

/** Spec §5/§8: 'Cannot be less than {min} or more than {max}', amounts as shoppers read them. */
export function amountRangeMessage(range: Pick<Range, "min" | "max">): string {
  return `Cannot be less than ${formatMoney(range.min)} or more than ${formatMoney(range.max)}`;
}

export interface RepaymentResult {
  /** The figure to show, or null when it is 25 or less ('Enquire for Finance'). */
  repayment: number | null;
  repaymentText: string;
  /** Repayments plus residual; null (blank) with 'Enquire for Finance'. */
  total: number | null;
  totalText: string;
  periods: number;
  /** The inputs as used, after clamping. */
  used: CalculatorInput;
  /** Dealer variant: the purchase price is out of range. */
  amountError: string | null;
  comparisonRate: number;
  comparisonRateText: string;
}

/**
 * Any input change recalculates (spec §4). Slider variant: every input is clamped to its range.
 * Dealer variant (spec §5): the purchase price is not clamped; below 0 it becomes 0, and at or
 * below its minimum or at or above its maximum it carries the out-of-range message (the spec's
 * "at or", read literally); the other inputs are clamped.
 */
export function calculateRepayment(setup: CalculatorSetup, input: CalculatorInput): RepaymentResult {
  const dealer = setup.variant === "dealer";
  const amount = dealer
    ? Math.max(0, Number.isFinite(input.amount) ? input.amount : 0)
    : clamp(input.amount, setup.amount);
  const amountError =
    dealer && (amount <= setup.amount.min || amount >= setup.amount.max)
      ? amountRangeMessage(setup.amount)
      : null;
  const used: CalculatorInput = {
    amount,
    term: clamp(input.term, setup.term),
    interest: clamp(input.interest, setup.interest),
    tradeIn: clamp(input.tradeIn, setup.extras),
    residual: clamp(input.residual, setup.extras),
    frequency: input.frequency,
  };
  const perYear = PERIODS_PER_YEAR[used.frequency];
  const periods = Math.round(used.term * perYear);
  const principal = Math.max(0, used.amount - used.tradeIn + sumFees(setup.fees, "once"));
  const raw =
    amortise(principal, used.interest, perYear, periods, used.residual) +
    (sumFees(setup.fees, "month") * 12) / perYear;
  const rounded = roundRepayment(raw, used.frequency, setup.roundUp);
  const enquire = rounded <= ENQUIRE_THRESHOLD;
  const total = enquire ? null : Math.round((rounded * periods + used.residual) * 100) / 100;
  const rate = comparisonRate(used.interest, setup.fees);
  return {
    repayment: enquire ? null : rounded,
    repaymentText: enquire ? ENQUIRE_FOR_FINANCE : formatDollars(rounded),
    total,
    totalText: total === null ? "" : formatDollars(total),
    periods,
    used,
    amountError,
    comparisonRate: rate,
    comparisonRateText: `${rate.toFixed(2)}%`,
  };
}
