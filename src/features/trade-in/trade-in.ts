/**
 * Trade-in rules from the spec, no I/O: the FAQ's online-estimate limits (§9), the steps of the
 * multi-step form (§4), money and kilometre inputs (§5), what the condition answers do to the
 * valuation (§3 valuation: id, adjustmentAnswers) and the CRM subcategories (§4).
 */
import { TRADE_IN_FIELD_TEXTS } from "~/features/leads/trade-in/lead.schema";
import { ADJUSTMENT_QUESTIONS, type AdjustmentAnswers } from "~/features/leads/trade-in/questions";
import { formatWholeNumber } from "~/lib/format";
import type { Location } from "~/tenant/schemas/locations";

export {
  ADJUSTMENT_QUESTIONS,
  type AdjustmentAnswers,
} from "~/features/leads/trade-in/questions";
// Plate rules and the lead's condition questions, for the flow's form, calls and valuation.
export { normaliseRego, REGO_PATTERN, REGO_STATES, type RegoState } from "~/lib/rego";

/** Spec §9 Trade-in FAQ: no online estimate for cars over 7 years or 100,000 km. */
export const ONLINE_ESTIMATE_LIMITS = { maxAgeYears: 7, maxKms: 100_000 } as const;

/** Spec §4: the lead filed when the shopper accepts the online offer. */
export const OFFER_ACCEPTED_SUBCATEGORY = "3. Offer Accepted";
/** The first lead of a trade-in (before any offer), numbered like the spec's third stage. */
export const VALUATION_REQUESTED_SUBCATEGORY = "1. Valuation Requested";
/** Spec §3: trade-in leads say where they came from. */
export const TRADE_IN_SOURCE = "Website";
/** Spec §7: POST /api/miscellaneous stores the valuation under this column name. */
export const VALUATION_COLUMN = "valuation";

/**
 * Words shoppers read in the flow. The spec's own texts are quoted verbatim where it has them; the
 * words of the lead's own fields are the trade-in lead payload's.
 */
export const TRADE_IN_TEXTS = {
  faqHeading: "Trade-in FAQ",
  noEstimate:
    "Cars over 7 years old or with more than 100,000 km can't be valued online. Send us your details and our team will value your car in person.",
  regoNotFound: "We couldn't find that rego. Please check it or enter your car's details below.",
  regoInvalid: TRADE_IN_FIELD_TEXTS.regoInvalid,
  regoState: TRADE_IN_FIELD_TEXTS.regoState,
  lookupFailed: "We couldn't look up that rego just now. Please enter your car's details below.",
  lookupUnavailable: "Rego lookup isn't available here. Please enter your car's details below.",
  /** No online figure for this car (no valuation service, or it has none): the lead still counts. */
  valuationByPhone: "Thanks, we have your car's details. Our team will call you soon with a valuation.",
  leadMissing: TRADE_IN_FIELD_TEXTS.leadMissing,
  valuationMismatch: "Your valuation has changed. Please reload the page to see the latest offer.",
  noOnlineOffer: "This car needs an in-person valuation, so there is no online offer to accept.",
  column: "That detail can't be saved on a trade-in.",
  lastStep: TRADE_IN_FIELD_TEXTS.lastStep,
  answer: TRADE_IN_FIELD_TEXTS.answer,
  amount: TRADE_IN_FIELD_TEXTS.amount,
  location: "Please select a dealership.",
} as const;

/**
 * Spec §9: an online estimate only for cars at most 7 years old (by build year against the
 * current year) with at most 100,000 km. Older or higher-km cars still become leads.
 */
export function hasOnlineEstimate(vehicle: { year: number; kms: number }, now: Date): boolean {
  const age = now.getFullYear() - vehicle.year;
  return age <= ONLINE_ESTIMATE_LIMITS.maxAgeYears && vehicle.kms <= ONLINE_ESTIMATE_LIMITS.maxKms;
}

// ---------------------------------------------------------------- steps (spec §4 multi-step form)

export const TRADE_IN_STEPS = [
  { id: "vehicle", title: "Your car" },
  { id: "condition", title: "Condition" },
  { id: "contact", title: "Your details" },
] as const;
export type TradeInStep = (typeof TRADE_IN_STEPS)[number]["id"];

export function stepIndex(step: TradeInStep): number {
  return TRADE_IN_STEPS.findIndex((s) => s.id === step);
}
/** Spec §4: advance until the last step, then submit. */
export function isLastStep(step: TradeInStep): boolean {
  return stepIndex(step) === TRADE_IN_STEPS.length - 1;
}
export function nextStep(step: TradeInStep): TradeInStep {
  const next = TRADE_IN_STEPS[Math.min(stepIndex(step) + 1, TRADE_IN_STEPS.length - 1)];
  return next?.id ?? step;
}
export function previousStep(step: TradeInStep): TradeInStep {
  return TRADE_IN_STEPS[Math.max(stepIndex(step) - 1, 0)]?.id ?? step;
}

// ---------------------------------------------------------------- money and km (spec §5)

/** Spec §5: quick picks $5,000 to $70,000 by default; $300,000 to $800,000 for one variant. */
export const MONEY_QUICK_PICKS = {
  standard: [5_000, 10_000, 20_000, 30_000, 50_000, 70_000],
  premium: [300_000, 400_000, 500_000, 600_000, 700_000, 800_000],
} as const;
export type QuickPickVariant = keyof typeof MONEY_QUICK_PICKS;

/** `15000` → `$15,000` (spec §5: $ prefix with thousand separators). */
export { formatMoney } from "~/lib/format";
/** What a money input shows while typing: separators only (the $ sits outside the field). */
export function formatAmountInput(amount: number | null): string {
  return amount === null ? "" : formatWholeNumber(amount);
}
/** Reads what a shopper typed (`$15,000`, `15 000`, `15000.00`) as whole dollars; null when empty or not money. */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (cleaned === "" || !/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned));
}

/** Spec §5: km input suffix ' kms'. */
export const KMS_SUFFIX = " kms";
/** `85000` → `85,000 kms`. */
export function formatKms(kms: number): string {
  return `${formatWholeNumber(Math.round(kms))}${KMS_SUFFIX}`;
}
/** Reads `85,000`, `85000 kms`, `85 000 km` as whole kilometres; null when not a number. */
export function parseKms(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, "").replace(/kms?$/i, "");
  if (cleaned === "" || !/^\d+$/.test(cleaned)) return null;
  return Number(cleaned);
}

// ---------------------------------------------------------------- adjustments (valuation answers)

/**
 * What each condition answer does to a valuation (1 = no change), by question id and answer; the
 * questions and their wording are the trade-in lead's (src/features/leads/trade-in/questions.ts).
 */
export const ADJUSTMENT_FACTORS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  accident_history: { No: 1, Yes: 0.85 },
  body_condition: { Excellent: 1.03, Good: 1, Fair: 0.93, Poor: 0.82 },
  interior_condition: { Excellent: 1.03, Good: 1, Fair: 0.93, Poor: 0.82 },
  tyres: { Good: 1, "Need replacing": 0.97 },
  service_history: { Full: 1.02, Partial: 0.96, None: 0.9 },
  warning_lights: { No: 1, Yes: 0.88 },
  keys: { "2 or more": 1, "1": 0.98 },
};

/** The questions left unanswered (or answered with something not offered), in order. */
export function unansweredQuestions(answers: AdjustmentAnswers): string[] {
  return ADJUSTMENT_QUESTIONS.filter(
    (question) => !question.options.some((option) => option.value === answers[question.id]),
  ).map((question) => question.id);
}

/** The factor each answer applies, in question order (answers not offered count as 1). */
export function adjustmentFactors(
  answers: AdjustmentAnswers,
): { id: string; answer: string; factor: number }[] {
  return ADJUSTMENT_QUESTIONS.map((question) => {
    const answer = answers[question.id] ?? "";
    const offered = question.options.some((option) => option.value === answer);
    const factor = offered ? (ADJUSTMENT_FACTORS[question.id]?.[answer] ?? 1) : 1;
    return { id: question.id, answer, factor };
  });
}

// ---------------------------------------------------------------- locations (spec §5 select)

/**
 * Where a trade-in can be taken: visible sales locations (an empty type means sales) and any
 * location whose subtype includes buying. Spec §5: a sole option is chosen for the shopper.
 */
export function tradeInLocations<T extends Pick<Location, "visible" | "location_type" | "location_subtype">>(
  locations: readonly T[],
): T[] {
  return locations.filter(
    (location) =>
      location.visible &&
      (location.location_type === "sales" ||
        location.location_type === "" ||
        location.location_subtype.includes("buying")),
  );
}

/** What the /cars/trade-in page shows about the car the trade-in is against. */
export interface TradeInCar {
  id: number;
  name: string;
  slug: string;
  path: string;
  price: number;
  stocknum: string | null;
  image: string | null;
  dealership_id: number;
  location_id: number | null;
}
