/**
 * The weekly finance estimate in the vehicle page's sticky header (spec §2 "weekly finance
 * estimate"; §5 "only when available and no exclusion", "finance estimate gating price above 200";
 * §9 "header estimate per week with sample annual rate"). Pure.
 */

import { isSold } from "~/features/stock/stock";
import { formatMoney } from "~/lib/format";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import { FINANCE_ESTIMATE_MIN_PRICE, financeEstimate, financeExcluded } from "./finance";
import { formatRate, QUOTE_PLACEHOLDER, type QuoteRequest, youxEstimate } from "./youx";

export interface StickyFinanceEstimate {
  /** Whole dollars per week, or null while the YouX quote is still to come (or failed). */
  weekly: number | null;
  /** "$187", or "$–" until the quote fills it. */
  amountText: string;
  /** "$187 per week". */
  text: string;
  /** The sample annual rate: "8.49% p.a.", or "–% p.a." until the quote fills it. */
  rateText: string;
  /** The rate alone, "8.49%" (the part the YouX fill replaces). */
  rate: string;
  /** The YouX quote the page script fetches to fill the figures (`data-youx-quote`), or null. */
  quote: QuoteRequest | null;
}

function estimate(weekly: number | null, rate: number | null, quote: QuoteRequest | null) {
  const amountText = weekly === null ? `$${QUOTE_PLACEHOLDER}` : formatMoney(weekly);
  const rateAlone = formatRate(rate);
  return {
    weekly,
    amountText,
    text: `${amountText} per week`,
    rateText: `${rateAlone} p.a.`,
    rate: rateAlone,
    quote,
  };
}

/**
 * The lender's weekly estimate where the site's lender quotes one for the car (spec §5 display
 * eligibility), else the YouX quote's on quote sites. Null for sold, excluded or $200-or-less cars
 * and when neither has (or will fetch) a weekly figure.
 */
export function stickyFinanceEstimate(car: Car, site: Site, now: Date): StickyFinanceEstimate | null {
  if (car.price <= FINANCE_ESTIMATE_MIN_PRICE || isSold(car) || financeExcluded(car, site)) return null;
  const lender = financeEstimate(car, site, now);
  if (lender?.weekly != null) return estimate(lender.weekly, lender.interestRate, null);
  const youx = youxEstimate(car, site);
  if (!youx) return null;
  return estimate(youx.weekly, youx.advertisedRate, youx.request);
}
