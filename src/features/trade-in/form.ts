/**
 * The trade-in form's values and per-step validation (spec §4: advance until the last step, then
 * submit), with the same zod schemas the functions use. Pure: React renders it, tests call it.
 */
import type { z } from "zod";
import { z as zod } from "zod";
import { DEFAULT_FORM_RULES, leadSchema } from "~/features/leads/schemas";
import {
  adjustmentAnswersSchema,
  tradeInConditionShape,
  tradeInVehicleShape,
} from "~/features/leads/trade-in/lead.schema";
import {
  type AdjustmentAnswers,
  hasOnlineEstimate,
  normaliseRego,
  REGO_PATTERN,
  REGO_STATES,
  TRADE_IN_STEPS,
  TRADE_IN_TEXTS,
  type TradeInStep,
} from "./trade-in";

export interface TradeInValues {
  rego: string;
  regoState: string;
  make: string;
  model: string;
  badge: string;
  year: string;
  kms: number | null;
  adjustmentAnswers: AdjustmentAnswers;
  finance: string;
  amount_owing: number | null;
  expected_price: number | null;
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
  location_id: string;
  PreferredContactMethod: string;
  opt_in: boolean;
  terms_conditions: boolean;
}

/** Sets one field, to a value or from its current value (answers clicked in quick succession all count). */
export type SetField = <K extends keyof TradeInValues>(
  field: K,
  value: TradeInValues[K] | ((current: TradeInValues[K]) => TradeInValues[K]),
) => void;

/**
 * The car a link fills in (My Garage's "Value it for trade-in": `?rego=&regoState=&make=&model=
 * &year=`); values that could not be typed into the form are left out.
 */
export function tradeInQueryValues(
  search: string,
): Partial<Pick<TradeInValues, "rego" | "regoState" | "make" | "model" | "year">> {
  const params = new URLSearchParams(search);
  const get = (name: string, max: number) => params.get(name)?.trim().slice(0, max) ?? "";
  const rego = normaliseRego(get("rego", 12));
  const regoState = get("regoState", 3).toUpperCase();
  const year = get("year", 4);
  return {
    ...(REGO_PATTERN.test(rego) ? { rego } : {}),
    ...((REGO_STATES as readonly string[]).includes(regoState) ? { regoState } : {}),
    ...(get("make", 40) ? { make: get("make", 40) } : {}),
    ...(get("model", 60) ? { model: get("model", 60) } : {}),
    ...(/^(19|20)\d{2}$/.test(year) ? { year } : {}),
  };
}

export function initialValues(options: { locationId?: string; optIn: boolean }): TradeInValues {
  return {
    rego: "",
    regoState: "",
    make: "",
    model: "",
    badge: "",
    year: "",
    kms: null,
    adjustmentAnswers: {},
    finance: "",
    amount_owing: null,
    expected_price: null,
    name: "",
    last_name: "",
    email: "",
    phone: "",
    postcode: "",
    location_id: options.locationId ?? "",
    PreferredContactMethod: "Phone",
    opt_in: options.optIn,
    terms_conditions: false,
  };
}

export type StepErrors = Record<string, string>;

/** The trade-in fields a text box or select edits. */
export type TextFieldName = {
  [K in keyof TradeInValues]: TradeInValues[K] extends string ? K : never;
}[keyof TradeInValues];

/** Ties a text box or select to one field: `<TextField {...bind("email")} label="Email" />`. */
export function fieldBinding(id: string, values: TradeInValues, set: SetField, errors: StepErrors) {
  return (name: TextFieldName) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (value: string) => set(name, value),
    error: errors[name],
  });
}

/** `{ field: first message }`; condition answers are keyed `adjustmentAnswers.<question>`. */
function errorsOf(error: z.ZodError): StepErrors {
  const errors: StepErrors = {};
  for (const issue of error.issues) {
    const [first, second] = issue.path.map(String);
    const key = first === "adjustmentAnswers" && second ? `adjustmentAnswers.${second}` : (first ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

const vehicleStep = zod.object(tradeInVehicleShape);
const conditionStep = zod.object({ ...tradeInConditionShape, adjustmentAnswers: adjustmentAnswersSchema });

/** What the shopper's values send as userData (empty answers left out). */
export function userDataOf(values: TradeInValues): Record<string, unknown> {
  const data: Record<string, unknown> = {
    ...values,
    location_id: values.location_id || undefined,
    amount_owing: values.finance === "Yes" ? values.amount_owing : undefined,
    terms_conditions: values.terms_conditions || undefined,
  };
  return Object.fromEntries(
    Object.entries(data).filter(([, v]) => v !== "" && v !== null && v !== undefined),
  );
}

export interface StepContext {
  /** Location options shown; the select is required when there are any. */
  locationIds: readonly string[];
  /** Sites that show the terms checkbox require it ticked (spec §5). */
  termsRequired: boolean;
}

/** Errors that stop the shopper leaving `step` (empty when it may advance or submit). */
export function validateStep(step: TradeInStep, values: TradeInValues, context: StepContext): StepErrors {
  const data = userDataOf(values);
  if (step === "vehicle") {
    const result = vehicleStep.safeParse(data);
    return result.success ? {} : errorsOf(result.error);
  }
  if (step === "condition") {
    const result = conditionStep.safeParse({ adjustmentAnswers: {}, ...data });
    return result.success ? {} : errorsOf(result.error);
  }
  const errors: StepErrors = {};
  const rules = { ...DEFAULT_FORM_RULES, termsRequired: context.termsRequired };
  const contact = leadSchema("trade_in", rules).safeParse({ ...data, kind: "trade_in" });
  if (!contact.success) {
    for (const [field, message] of Object.entries(errorsOf(contact.error))) {
      if (stepOfField(field) === "contact") errors[field] ??= message;
    }
  }
  if (context.locationIds.length > 0 && !context.locationIds.includes(values.location_id)) {
    errors.location_id = TRADE_IN_TEXTS.location;
  }
  return errors;
}

const VEHICLE_FIELDS = new Set(Object.keys(tradeInVehicleShape));
const CONDITION_FIELDS = new Set(Object.keys(tradeInConditionShape));

/** The step that asks a field, so a server's field error sends the shopper back to it. */
export function stepOfField(field: string): TradeInStep {
  const name = field.split(".")[0] ?? field;
  if (VEHICLE_FIELDS.has(name)) return "vehicle";
  if (CONDITION_FIELDS.has(name)) return "condition";
  return "contact";
}

/** The first step (in order) that has one of these errors. */
export function firstStepWithError(errors: StepErrors): TradeInStep | null {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return TRADE_IN_STEPS.find((step) => steps.has(step.id))?.id ?? null;
}

/** Spec §9: whether these values will get an online estimate (null until year and kms are known). */
export function estimateAvailable(values: TradeInValues, now: Date): boolean | null {
  const year = Number(values.year);
  if (!/^\d{4}$/.test(values.year.trim()) || values.kms === null) return null;
  return hasOnlineEstimate({ year, kms: values.kms }, now);
}
