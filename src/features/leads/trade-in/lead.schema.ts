/**
 * The trade-in lead's payload (spec §3): its trade-in fields, spread into the `trade_in` kind of
 * src/features/leads/schemas.ts beside the contact block every lead has, and the rules and words
 * they are checked with. Leads owns every lead kind's payload; the trade-in flow
 * (src/features/trade-in) builds on it for its form and its calls. Pure, so the browser can use it.
 */
import { z } from "zod";
import { postcodeError } from "~/lib/postcodes/postcodes";
import { normaliseRego, REGO_PATTERN, REGO_STATES } from "~/lib/rego";
import { optionalCarId, shopperString } from "~/lib/shopper-input";
import { ADJUSTMENT_QUESTIONS } from "./questions";

/** What a shopper is told about a trade-in field that will not do. */
export const TRADE_IN_FIELD_TEXTS = {
  make: "Please enter the make of your car.",
  model: "Please enter the model of your car.",
  year: "Please enter the year your car was built, e.g. 2018.",
  kms: "Please enter the kilometres as a number, e.g. 85,000.",
  yesNo: "Please answer Yes or No.",
  invalid: "Please check this field.",
  regoInvalid: "Please enter a rego of 2 to 7 letters and numbers.",
  regoState: "Please choose the state your car is registered in.",
  leadMissing: "We couldn't find your trade-in request. Please start again.",
  lastStep: "Please complete every step before submitting.",
  answer: "Please answer this question.",
  amount: "Please enter an amount in dollars, e.g. 15,000.",
} as const;

const blankToUndefined = (value: string | null | undefined) =>
  value == null || value === "" ? undefined : value;

const text = (max: number) =>
  shopperString(TRADE_IN_FIELD_TEXTS.invalid)
    .trim()
    .max(max, TRADE_IN_FIELD_TEXTS.invalid)
    .nullish()
    .transform(blankToUndefined);

const requiredText = (max: number, message: string) =>
  shopperString(message).trim().min(1, message).max(max, message);

/** A whole number that may arrive as text with separators ("85,000 kms", "$15,000"). */
const wholeNumber = (min: number, max: number, message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : Number(v.replace(/[$,\s]|kms?$/gi, ""));
    if (typeof v === "string" && v.trim() === "") {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const optionalWholeNumber = (min: number, max: number, message: string) =>
  z
    .union([z.literal(""), z.null(), wholeNumber(min, max, message)])
    .optional()
    .transform((v) => (v === "" || v === null ? undefined : v));

const yesNo = z
  .union([z.literal(""), z.enum(["Yes", "No"])], { error: TRADE_IN_FIELD_TEXTS.yesNo })
  .nullish()
  .transform((v) => (v === "" || v == null ? undefined : v));

/** Spec §5: trade-in postcode required, 4 digits, and a real Australian postcode. */
export const tradeInPostcode = shopperString(TRADE_IN_FIELD_TEXTS.lastStep)
  .trim()
  .superRefine((value, ctx) => {
    const message = postcodeError(value);
    if (message) ctx.addIssue({ code: "custom", message });
  });

const rego = z
  .string({ error: TRADE_IN_FIELD_TEXTS.regoInvalid })
  .transform(normaliseRego)
  .refine((v) => v === "" || REGO_PATTERN.test(v), TRADE_IN_FIELD_TEXTS.regoInvalid)
  .nullish()
  .transform(blankToUndefined);

const regoState = z
  .union([z.literal(""), z.enum(REGO_STATES)], { error: TRADE_IN_FIELD_TEXTS.regoState })
  .nullish()
  .transform((v) => (v === "" || v == null ? undefined : v));

/** Every condition question answered with one of its options (spec §3 adjustmentAnswers). */
export const adjustmentAnswersSchema = z
  .record(z.string().max(40), z.string().max(40), { error: TRADE_IN_FIELD_TEXTS.answer })
  .superRefine((answers, ctx) => {
    for (const question of ADJUSTMENT_QUESTIONS) {
      if (!question.options.some((option) => option.value === answers[question.id])) {
        ctx.addIssue({ code: "custom", path: [question.id], message: TRADE_IN_FIELD_TEXTS.answer });
      }
    }
  })
  // Only the questions asked are kept: nothing else rides along into the CRM.
  .transform((answers) =>
    Object.fromEntries(ADJUSTMENT_QUESTIONS.map((question) => [question.id, answers[question.id] as string])),
  );

export const valuationSchema = z.union([
  z.object({ eligible: z.literal(false) }).strict(),
  z
    .object({
      eligible: z.literal(true),
      offer: z.number().int().nonnegative(),
      low: z.number().int().nonnegative(),
      high: z.number().int().nonnegative(),
    })
    .strict(),
]);

const idText = z
  .union([z.number().int().nonnegative(), shopperString().trim().max(64)], {
    error: TRADE_IN_FIELD_TEXTS.invalid,
  })
  .nullish()
  .transform((v) => (v == null ? undefined : blankToUndefined(String(v))));

/** Spec §3 lead_attributes: pages seen this visit and the query parameters the shopper arrived with. */
export const leadAttributesSchema = z
  .object({
    visited_pages: z.array(shopperString().max(300)).max(50).default([]),
    linked_query_params: z.record(shopperString().max(60), shopperString().max(300)).default({}),
  })
  .nullish()
  .transform((v) => v ?? undefined);

/** The vehicle being traded (step 1). */
export const tradeInVehicleShape = {
  rego,
  regoState,
  make: requiredText(60, TRADE_IN_FIELD_TEXTS.make),
  model: requiredText(80, TRADE_IN_FIELD_TEXTS.model),
  badge: text(80),
  year: wholeNumber(1900, 2100, TRADE_IN_FIELD_TEXTS.year),
  kms: wholeNumber(0, 2_000_000, TRADE_IN_FIELD_TEXTS.kms),
};

/** Step 2: the condition answers and what is owing. */
export const tradeInConditionShape = {
  /** Required by the flow (POST /api/trade-in); a lead from elsewhere may come without them. */
  adjustmentAnswers: adjustmentAnswersSchema.optional(),
  /** Spec §3 finance (Yes/No): is there finance owing on the car. */
  finance: yesNo,
  amount_owing: optionalWholeNumber(0, 10_000_000, TRADE_IN_FIELD_TEXTS.amount),
  expected_price: optionalWholeNumber(0, 10_000_000, TRADE_IN_FIELD_TEXTS.amount),
};

/**
 * The trade-in fields of a stored `trade_in` lead, beside the contact block of every lead. The
 * postcode here is the trade-in rule (required, 4 digits, Australian).
 */
export const TRADE_IN_LEAD_SHAPE = {
  ...tradeInVehicleShape,
  ...tradeInConditionShape,
  postcode: tradeInPostcode,
  /** The stock car the trade-in is against (spec §2 /cars/trade-in?car_id=). */
  car_id: optionalCarId(),
  car_dealership_id: idText,
  stock_number: text(40),
  url: text(500),
  source: text(40),
  user_agent: text(500),
  lead_attributes: leadAttributesSchema,
  /** Offer acceptance (spec §3): the lead accepted, and the acceptance itself. */
  lead_id: z.uuid({ error: TRADE_IN_FIELD_TEXTS.leadMissing }).nullish().transform(blankToUndefined),
  form_completed: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
  offer_accepted: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
  valuation: valuationSchema.nullish().transform((v) => v ?? undefined),
};

/**
 * What only the server says about a trade-in lead: the valuation it computed, the acceptance it
 * recorded (lead_id, form_completed, offer_accepted) and the CRM stage and source it files the lead
 * under. Dropped from whatever a shopper sends (see SERVER_MADE_FIELDS in the leads schemas).
 */
export const TRADE_IN_SERVER_FIELDS = [
  "lead_id",
  "form_completed",
  "offer_accepted",
  "valuation",
  "subcategory",
  "source",
] as const;
