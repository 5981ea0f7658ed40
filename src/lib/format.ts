/**
 * Australian number and money formatting for every page, island and message. Each formatter is
 * built once: building an Intl formatter costs more than formatting a figure, and pages format
 * hundreds of figures.
 */
const wholeDollars = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
const grouped = new Intl.NumberFormat("en-AU");
const wholeGrouped = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });

/** Whole Australian dollars: 29990 → "$29,990" (cents round to the nearest dollar). */
export function formatMoney(amount: number): string {
  return wholeDollars.format(amount);
}

/** Dollars with cents: 1115.08 → "$1,115.08", 250 → "$250.00". */
export function formatCentsMoney(amount: number): string {
  return dollarsAndCents.format(amount);
}

/** A count or measure with en-AU grouping: 45210 → "45,210" (up to three decimals kept). */
export function formatNumber(value: number): string {
  return grouped.format(value);
}

/** A figure rounded to whole units with grouping: 15000.4 → "15,000". */
export function formatWholeNumber(value: number): string {
  return wholeGrouped.format(value);
}

/** Odometer reading: 45210 → "45,210 km". */
export function formatKm(km: number): string {
  return `${formatNumber(km)} km`;
}

// Fixed-decimal formatters (a fuel price shows "1.70"), one per number of places.
const fixedFormats = new Map<number, Intl.NumberFormat>();

/** A figure with at least `decimals` places and at most two (or `decimals` when more): 1.7 → "1.70". */
export function formatDecimal(value: number, decimals: number): string {
  let format = fixedFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-AU", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: Math.max(2, decimals),
    });
    fixedFormats.set(decimals, format);
  }
  return format.format(value);
}
