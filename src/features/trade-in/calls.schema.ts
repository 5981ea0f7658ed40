/**
 * The bodies of the trade-in flow's calls (spec §7): lead submission (userData, isLastStep), rego
 * lookup, valuation (id, adjustmentAnswers), POST /api/miscellaneous and the offer acceptance
 * (lead_id, form_completed, offer_accepted). The lead's own fields are the trade-in lead payload
 * of src/features/leads/trade-in/lead.schema.ts.
 */
import { z } from "zod";
import {
  adjustmentAnswersSchema,
  TRADE_IN_FIELD_TEXTS,
  valuationSchema,
} from "~/features/leads/trade-in/lead.schema";
import { normaliseRego, REGO_PATTERN, REGO_STATES } from "~/lib/rego";
import { TRADE_IN_TEXTS } from "./trade-in";

/** Spec §7 lead submission: the form's values as userData, and whether this is the last step. */
export const tradeInSubmissionSchema = z.object({
  userData: z.record(z.string(), z.unknown(), { error: TRADE_IN_FIELD_TEXTS.invalid }),
  isLastStep: z.literal(true, { error: TRADE_IN_TEXTS.lastStep }),
  url: z.unknown().optional(),
  source: z.unknown().optional(),
  user_agent: z.unknown().optional(),
  car_id: z.unknown().optional(),
  car_dealership_id: z.unknown().optional(),
  lead_attributes: z.unknown().optional(),
  category: z.unknown().optional(),
  page_id: z.unknown().optional(),
});

export const regoLookupSchema = z.object({
  rego: z
    .string({ error: TRADE_IN_TEXTS.regoInvalid })
    .transform(normaliseRego)
    .refine((v) => REGO_PATTERN.test(v), TRADE_IN_TEXTS.regoInvalid),
  regoState: z.enum(REGO_STATES, { error: TRADE_IN_TEXTS.regoState }),
});

/** Spec §3 valuation: the lead's id and the condition answers. */
export const valuationRequestSchema = z.object({
  id: z.uuid({ error: TRADE_IN_TEXTS.leadMissing }),
  adjustmentAnswers: adjustmentAnswersSchema,
});

/** Spec §7 POST /api/miscellaneous: the valuation result plus column_name valuation. */
export const miscellaneousSchema = z.object({
  lead_id: z.uuid({ error: TRADE_IN_TEXTS.leadMissing }),
  column_name: z.literal("valuation", { error: TRADE_IN_TEXTS.column }),
  valuation: z.object({
    id: z.uuid({ error: TRADE_IN_TEXTS.leadMissing }),
    adjustmentAnswers: adjustmentAnswersSchema,
    result: valuationSchema,
  }),
});

/** Spec §3 offer acceptance. */
export const offerAcceptanceSchema = z.object({
  lead_id: z.uuid({ error: TRADE_IN_TEXTS.leadMissing }),
  form_completed: z.literal(true, { error: TRADE_IN_TEXTS.lastStep }),
  offer_accepted: z.literal(true, { error: TRADE_IN_TEXTS.lastStep }),
});
