/**
 * Finance display (spec §5 eligibility, §9 estimate texts): whether a car shows finance, the
 * lender's estimate and its disclaimer, the weekly chip.
 */

import { isInStock, isSold } from "~/features/stock/stock";
import type { FinanceProvider, Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import {
  COMPARISON_EXAMPLE_TEXT,
  COMPARISON_RATE_WARNING,
  DISCLAIMER_COLLAPSED_LENGTH,
  ESTIMATE_DEPOSIT_PERCENT,
  ESTIMATE_TERM_YEARS,
  FINANCE_ESTIMATE_MIN_PRICE,
  LENDER_MIN_PRICE,
  TAURUS_MAX_AGE_YEARS,
  WEEKS_PER_MONTH,
} from "./constants";
import { financeLender, type Lender } from "./lender";

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
    return isInStock(car) && present(quote?.advertisedRate) && present(quote?.comparisonRate);
  }
  const lender = financeLender(car, provider);
  if (!lender || !present(lender.interestRate) || !present(lender.comparisonRate)) return false;
  const priced = car.price > LENDER_MIN_PRICE;
  switch (provider) {
    case "taurus":
      return car.year > now.getFullYear() - TAURUS_MAX_AGE_YEARS && priced && isInStock(car);
    case "360 Finance":
    case "AusLoans":
      return isInStock(car);
    case "Manual":
    case "Angle":
    case "Powertorque":
      return priced && isInStock(car) && present(lender.paymentWeek);
    case "Nissan Finance":
      return priced && isInStock(car) && present(lender.paymentMonth);
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
