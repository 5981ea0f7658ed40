/**
 * Market price rules from the spec: the price comparison gauge / Autogauge (§4 states, §5
 * validation, §9 animation) and the market-price badge (§5, §9 threshold). Pure.
 */

import { isInStock } from "~/features/stock/stock";
import { formatMoney } from "~/lib/format";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";

/** Spec §5: the gauge needs a confidence above this. */
export const GAUGE_MIN_CONFIDENCE = 0.2;
/** Spec §4: Good Deal below this fill, else Great Deal. */
export const GREAT_DEAL_FILL = 0.65;
/** Spec §4: colour low under 0.3, medium under 0.6, high above. */
export const GAUGE_LOW_BELOW = 0.3;
export const GAUGE_MEDIUM_BELOW = 0.6;
/** Spec §9. */
export const GAUGE_ANIMATION_MS = 2500;
export const DEAL_PRICE_ANIMATION_MS = 2000;
/** Spec §5 Autograb eligibility: price above 200. */
export const AUTOGRAB_MIN_PRICE = 200;
/** Spec §9 "Market price threshold 499 below": the badge needs the price more than 499 under. */
export const MARKET_PRICE_THRESHOLD = 499;
export const MARKET_PRICE_BADGE = "Below Market Price";

/**
 * Spec §3 "Autogauge result". Every field may be missing because §5 decides what a usable result
 * is; a malformed one is treated as a failure (hidden), never a broken build.
 */
export interface AutogaugeResult {
  fill?: number | null;
  listing_price?: number | null;
  market_range_min?: number | null;
  market_range_max?: number | null;
  confidence?: number | null;
  description?: string | null;
}

const AUTOGAUGE_NUMBERS = [
  "fill",
  "listing_price",
  "market_range_min",
  "market_range_max",
  "confidence",
] as const;
type AutogaugeNumber = (typeof AUTOGAUGE_NUMBERS)[number];

export type DealLabel = "Good Deal" | "Great Deal";
export type GaugeColour = "low" | "medium" | "high";

export interface GaugeView {
  /** 0–1, clamped. */
  fill: number;
  dealLabel: DealLabel;
  colour: GaugeColour;
  listingPrice: number;
  marketMin: number;
  marketMax: number;
  description: string | null;
  /** Needle rotation: -90° at fill 0, +90° at fill 1. */
  needleDegrees: number;
}

export function dealLabel(fill: number): DealLabel {
  return fill < GREAT_DEAL_FILL ? "Good Deal" : "Great Deal";
}

export function gaugeColour(fill: number): GaugeColour {
  if (fill < GAUGE_LOW_BELOW) return "low";
  return fill < GAUGE_MEDIUM_BELOW ? "medium" : "high";
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The figures the gauge needs, when every one is present. */
function complete(result: AutogaugeResult): Record<AutogaugeNumber, number> | null {
  const figures: Partial<Record<AutogaugeNumber, number>> = {};
  for (const key of AUTOGAUGE_NUMBERS) {
    const value = result[key];
    if (!isNumber(value)) return null;
    figures[key] = value;
  }
  return figures as Record<AutogaugeNumber, number>;
}

/** Spec §5: a gauge only for a complete result, confidence above 0.2, range max not below the listing price. */
export function gaugeView(result: AutogaugeResult | null): GaugeView | null {
  const figures = result ? complete(result) : null;
  if (!result || !figures) return null;
  const { fill, listing_price, market_range_min, market_range_max, confidence } = figures;
  if (confidence <= GAUGE_MIN_CONFIDENCE || market_range_max < listing_price) return null;
  const clamped = Math.min(1, Math.max(0, fill));
  return {
    fill: clamped,
    dealLabel: dealLabel(clamped),
    colour: gaugeColour(clamped),
    listingPrice: listing_price,
    marketMin: market_range_min,
    marketMax: market_range_max,
    description: result.description?.trim() || null,
    needleDegrees: Math.round((clamped * 180 - 90) * 10) / 10,
  };
}

/** Spec §5 Autograb eligibility: in stock, not sold, not reserved, price above 200. */
export function autograbEligible(car: Car): boolean {
  return isInStock(car) && !car.reserved && car.price > AUTOGRAB_MIN_PRICE;
}

/**
 * Spec §5: "Autogauge applies only to used cars", on sites with Autograb market data or the
 * Autogauge plugin (reading: either flag turns it on; a site with neither has no market data).
 */
export function autogaugeApplies(car: Car, site: Site): boolean {
  const enabled = site.autograb || site.plugins.includes("Autogauge");
  return enabled && car.car_type === "used" && autograbEligible(car);
}

/**
 * An Autogauge result read from untrusted JSON (the `GET {car path}/autogauge` answer). Null when it
 * is not an object, carries none of the figures, or a figure is not a number: the spec's
 * "Autogauge failure", panel hidden. Missing figures stay missing; `gaugeView` decides whether what
 * is left is enough.
 */
export function parseAutogauge(data: unknown): AutogaugeResult | null {
  if (!isRecord(data)) return null;
  const result: AutogaugeResult = {};
  for (const key of AUTOGAUGE_NUMBERS) {
    const value = data[key];
    if (value === null || value === undefined) continue;
    if (!isNumber(value)) return null;
    result[key] = value;
  }
  if (Object.keys(result).length === 0) return null;
  if (typeof data.description === "string") result.description = data.description;
  return result;
}

/**
 * The car's Autogauge result, carried in the feed under `autograb_data` (nested as `autogauge`, or
 * flat). `GET /cars/{slug}/autogauge` answers with it; null when absent or malformed.
 */
export function autogaugeResult(car: Car): AutogaugeResult | null {
  const data: unknown = car.autograb_data;
  if (!isRecord(data)) return null;
  return parseAutogauge(data.autogauge ?? data);
}

/** What the detail page shows for the gauge, or null (hidden). */
export function priceGauge(car: Car, site: Site): GaugeView | null {
  return autogaugeApplies(car, site) ? gaugeView(autogaugeResult(car)) : null;
}

export interface MarketPriceBadge {
  label: string;
  /** Dollars under the average the badge quotes. */
  below: number;
  average: "state" | "national";
  text: string;
}

/**
 * Spec §5: "only when price at least 500 under state (or national) average and below state
 * average"; §9 "threshold 499 below". Reading: the price must be more than 499 under the state
 * average, or under the national average by that much while still below the state average. A car
 * without a state average cannot be checked against it, so it gets no badge.
 */
export function marketPriceBadge(car: Car, site: Site): MarketPriceBadge | null {
  if (!site.features.market_price_badge || !autograbEligible(car)) return null;
  const state = car.autograb_data?.state_average_market_price;
  const national = car.autograb_data?.average_market_price;
  if (!isNumber(state) || car.price >= state) return null;
  const averages: [MarketPriceBadge["average"], number | null | undefined][] = [
    ["state", state],
    ["national", national],
  ];
  for (const [average, value] of averages) {
    const below = isNumber(value) ? value - car.price : Number.NEGATIVE_INFINITY;
    if (below > MARKET_PRICE_THRESHOLD) {
      return {
        label: MARKET_PRICE_BADGE,
        below,
        average,
        text: `${formatMoney(below)} below the ${average} market average`,
      };
    }
  }
  return null;
}
