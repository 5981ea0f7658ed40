/**
 * Finance rules from the spec (§4 calculator state, §5 calculator validation and finance display
 * eligibility, §8 texts, §9 constants): the repayment calculator, the lender's finance estimate and
 * the weekly chip. Pure: the site, the car and `now` come in as arguments.
 */

import type { Car } from "~/features/stock/car.schema";
import { formatMoney, isSold } from "~/features/stock/stock";
import type { FinanceProvider, Site } from "~/tenant/schema";

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
const AMOUNT_MIN = 1000;
const AMOUNT_STEP = 500;
/** Above its maximum the slider reaches 1.05 × the car's price (spec §9). */
export const PRICE_HEADROOM = 1.05;
/** Dealer variant deposit/trade-in and residual inputs (spec §5). */
export const EXTRAS_RANGE: Range = { min: 0, max: 250000, step: 0.5 };

export interface Range {
  min: number;
  max: number;
  step: number;
}

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
}

export type Lender = NonNullable<Car["finance_lenders"]>[string];

const clamp = (value: number, { min, max }: Pick<Range, "min" | "max">) =>
  Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));

// One formatter for every call: building an Intl formatter per figure costs more than formatting.
const centsFormat = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Whole dollars, or cents where a figure has them: 1115.08 → "$1,115.08", 257 → "$257". */
export function formatDollars(amount: number): string {
  if (Number.isInteger(amount)) return formatMoney(amount);
  return centsFormat.format(amount);
}

/** A price the feed means (spec §4: at or below 10 is a placeholder). */
const realPrice = (car: Car): number | null => (car.price > 10 ? car.price : null);

/** The car's data from the site's lender, matching the provider key case-insensitively. */
export function financeLender(car: Car, provider: FinanceProvider | null): Lender | null {
  const lenders = car.finance_lenders;
  if (!provider || !lenders) return null;
  const exact = lenders[provider];
  if (exact) return exact;
  const key = Object.keys(lenders).find((name) => name.toLowerCase() === provider.toLowerCase());
  return key ? (lenders[key] ?? null) : null;
}

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

export interface CollapsedText {
  collapsible: boolean;
  short: string;
  full: string;
}

/** Spec §9: the finance disclaimer shows its first 197 characters until expanded. */
export function collapseDisclaimer(text: string, limit = DISCLAIMER_COLLAPSED_LENGTH): CollapsedText {
  const full = text.trim();
  if (full.length <= limit) return { collapsible: false, short: full, full };
  return { collapsible: true, short: `${full.slice(0, limit).trimEnd()}…`, full };
}

/** The disclaimer a lender estimate shows: the lender's own, with the comparison-rate warning if it lacks one. */
export function financeDisclaimer(lenderDisclaimer: string | null | undefined): string {
  const text = lenderDisclaimer?.trim() ?? "";
  if (text.includes("WARNING: This comparison rate")) return text;
  return [text, COMPARISON_EXAMPLE_TEXT, COMPARISON_RATE_WARNING].filter(Boolean).join(" ");
}

const inStock = (car: Car) => car.status === "in_stock" && !isSold(car);
const present = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/**
 * Spec §5 "not for Suzuki or excluded dealerships". Reading: Suzuki means a Suzuki car or a car
 * from a Suzuki dealership (their finance is advertised by the manufacturer); excluded dealerships
 * are the tenant's `finance_calculator.excluded_dealerships` (slug or id).
 */
export function financeExcluded(car: Car, site: Site): boolean {
  if (car.make.trim().toLowerCase() === "suzuki") return true;
  if (car.dealership_slug?.toLowerCase().includes("suzuki")) return true;
  return site.finance_calculator.excluded_dealerships.some(
    (dealership) => dealership === car.dealership_id || dealership === car.dealership_slug,
  );
}

/** Spec §5 finance display eligibility, per the site's finance provider. */
export function showsFinance(car: Car, site: Site, now: Date): boolean {
  const provider = site.finance_provider;
  if (!provider || financeExcluded(car, site)) return false;
  if (provider === "youx") {
    const quote = car.youxQuote;
    return inStock(car) && present(quote?.advertisedRate) && present(quote?.comparisonRate);
  }
  const lender = financeLender(car, provider);
  if (!lender || !present(lender.interestRate) || !present(lender.comparisonRate)) return false;
  const priced = car.price > LENDER_MIN_PRICE;
  switch (provider) {
    case "taurus":
      return car.year > now.getFullYear() - TAURUS_MAX_AGE_YEARS && priced && inStock(car);
    case "360 Finance":
    case "AusLoans":
      return inStock(car);
    case "Manual":
    case "Angle":
    case "Powertorque":
      return priced && inStock(car) && present(lender.paymentWeek);
    case "Nissan Finance":
      return priced && inStock(car) && present(lender.paymentMonth);
  }
}

export interface FinanceEstimate {
  provider: FinanceProvider;
  lenderName: string;
  /** Whole-dollar weekly repayment, when the lender quotes one. */
  weekly: number | null;
  /** Monthly repayment: the lender's own for monthly lenders, else weekly × 4.33. */
  monthly: number | null;
  interestRate: number;
  comparisonRate: number;
  /** "Based on a 5 year term and a 10.0% deposit." */
  basis: string;
  disclaimer: CollapsedText;
}

const positive = (value: number | null | undefined): number | null =>
  present(value) && value > 0 ? value : null;

/**
 * The lender's finance estimate for the detail page, or null when the car is not eligible
 * (spec §5) or its price is 200 or less. The basis text reads the lender's term, deposit and final
 * payment, defaulting to the spec's 5 year term and 10.0% deposit.
 */
export function financeEstimate(car: Car, site: Site, now: Date): FinanceEstimate | null {
  const provider = site.finance_provider;
  if (!provider || car.price <= FINANCE_ESTIMATE_MIN_PRICE || !showsFinance(car, site, now)) return null;
  if (provider === "youx") {
    const quote = car.youxQuote;
    const weekly = positive(quote?.weeklyRepaymentAmount);
    return {
      provider,
      lenderName: "YouX",
      weekly: weekly === null ? null : Math.round(weekly),
      monthly: weekly === null ? null : Math.round(weekly * WEEKS_PER_MONTH * 100) / 100,
      interestRate: quote?.advertisedRate ?? 0,
      comparisonRate: quote?.comparisonRate ?? 0,
      basis: `Based on a ${ESTIMATE_TERM_YEARS} year term.`,
      disclaimer: collapseDisclaimer(financeDisclaimer(null)),
    };
  }
  const lender = financeLender(car, provider) as Lender;
  const weeklyRaw = positive(lender.paymentWeek);
  const weekly = weeklyRaw === null ? null : Math.round(weeklyRaw);
  const monthly =
    weekly !== null ? Math.round(weekly * WEEKS_PER_MONTH * 100) / 100 : positive(lender.paymentMonth);
  const years = positive(lender.termYears) ?? ESTIMATE_TERM_YEARS;
  const deposit = positive(lender.deposit);
  const depositPercent = deposit !== null ? (deposit / car.price) * 100 : ESTIMATE_DEPOSIT_PERCENT;
  const balloon = positive(lender.balloon);
  const finalPayment =
    balloon !== null ? ` and a ${Math.round((balloon / car.price) * 100)}% final payment` : "";
  return {
    provider,
    lenderName: typeof lender.financeProvider === "string" ? lender.financeProvider : provider,
    weekly,
    monthly,
    interestRate: lender.interestRate as number,
    comparisonRate: lender.comparisonRate as number,
    basis: `Based on a ${years} year term, a ${depositPercent.toFixed(1)}% deposit${finalPayment}.`,
    disclaimer: collapseDisclaimer(financeDisclaimer(lender.disclaimer)),
  };
}

/** Spec §5: the weekly chip (cards, sticky header) shows when the estimate's weekly payment is above 0. */
export function weeklyChip(car: Car, site: Site, now: Date): number | null {
  return financeEstimate(car, site, now)?.weekly ?? null;
}

/**
 * The calculator shows on sites that have it, for cars still for sale. Reading: the spec's
 * Suzuki/excluded-dealership rule keeps finance off those cars entirely, calculator included.
 */
export function showsCalculator(car: Car, site: Site): boolean {
  return site.features.finance_calculator && !isSold(car) && !financeExcluded(car, site);
}
