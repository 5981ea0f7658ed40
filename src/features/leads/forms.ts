/**
 * What each lead form shows and does (spec §2 routes, §4 submit states, §5 validation, §8 errors).
 * Pure: the form island renders these definitions and validates with the same zod schemas the
 * function uses (./schemas.ts).
 */
import { ANALYTICS_EVENTS } from "~/lib/analytics";
import type { LeadKind } from "./kinds";
import { ENQUIRY_CATEGORIES } from "./kinds";
import { type LeadFormRules, websiteLocationsFor } from "./schemas";

export const FORM_TEXTS = {
  /** Spec §8: form submit failure (alert and form error). */
  submitFailed: "An error occurred when submitting this form",
  /** Spec §8: an answer without lead_id. */
  unexpected: "An unexpected error occured",
  /** Spec §5: location select placeholder. */
  dealershipPlaceholder: "Please select a dealership...",
  /** Spec §5: Rego placeholder. */
  regoPlaceholder: "Rego - Helps us better assist your enquiry",
  submitting: "Sending…",
} as const;

/** Analytics event ids (spec §7): 22 the default form, 51 careers. */
export function formEventId(kind: LeadKind): number {
  return kind === "careers" ? ANALYTICS_EVENTS.careers : ANALYTICS_EVENTS.defaultForm;
}

/** localStorage key of the last success category (spec §7: stored locally after success). */
export const SUCCESS_CATEGORY_KEY = "lead:success-category";

export interface FieldDef {
  name: string;
  label: string;
  type: "text" | "email" | "tel" | "textarea" | "select" | "datetime-local" | "number" | "yes-no";
  required?: boolean;
  autocomplete?: string;
  placeholder?: string;
  options?: { value: string; label: string }[];
  /** The value the field starts at, when the form chooses one for the shopper. */
  defaultValue?: string;
  inputMode?: "numeric" | "text";
}

const contact: FieldDef[] = [
  { name: "name", label: "First name", type: "text", required: true, autocomplete: "given-name" },
  { name: "last_name", label: "Last name", type: "text", autocomplete: "family-name" },
  { name: "email", label: "Email", type: "email", required: true, autocomplete: "email" },
  { name: "phone", label: "Phone", type: "tel", required: true, autocomplete: "tel" },
];
const postcode: FieldDef = {
  name: "postcode",
  label: "Postcode",
  type: "text",
  autocomplete: "postal-code",
  inputMode: "numeric",
};
const rego: FieldDef = {
  name: "Rego",
  label: "Rego",
  type: "text",
  placeholder: FORM_TEXTS.regoPlaceholder,
};
const message = (required: boolean): FieldDef => ({
  name: "message",
  label: "Comments",
  type: "textarea",
  required,
});
/** Spec §4 category select: required, defaults to General Enquiry (the form's default value). */
const enquiryCategory: FieldDef = {
  name: "category",
  label: "Category",
  type: "select",
  required: true,
  options: ENQUIRY_CATEGORIES.map((category) => ({ value: category, label: category })),
};
const when: FieldDef = { name: "date_time", label: "Preferred date and time", type: "datetime-local" };
const makeModel = (required: boolean): FieldDef[] => [
  { name: "Vehicle Make", label: "Make", type: "text", required },
  { name: "Vehicle Model", label: "Model", type: "text", required },
];
const kms: FieldDef = { name: "kms", label: "Kilometres", type: "text", inputMode: "numeric" };

/**
 * Spec §4 website-location select (site.json `forms.website_location`): on an enquiry form of a site
 * that shows it, required, listing the site's locations sales first, starting at the spec's
 * location placeholder, or at the location itself when there is only one (spec §5 "Location select
 * auto-selects sole option"). A form whose page is about one of those locations already (a car's
 * yard, /contact-us/{location}) sends that one and asks nothing; null then, and on every other form.
 */
export function websiteLocationField(
  kind: LeadKind,
  rules: LeadFormRules,
  pageLocation: string | number | undefined,
): FieldDef | null {
  const locations = websiteLocationsFor(kind, rules);
  if (locations.length === 0) return null;
  if (
    pageLocation !== undefined &&
    locations.some((location) => String(location.id) === String(pageLocation))
  )
    return null;
  const options = locations.map((location) => ({ value: String(location.id), label: location.name }));
  const [sole] = options.length === 1 ? options : [];
  return {
    name: "location",
    label: rules.websiteLocation?.label ?? "Location",
    type: "select",
    required: true,
    ...(sole ? { defaultValue: sole.value } : { placeholder: FORM_TEXTS.dealershipPlaceholder }),
    options,
  };
}

/**
 * The visible fields of a kind's form, in order; the dealership, opt-in and terms come after. The
 * website location (websiteLocationField) comes just before the comments.
 */
export function formFields(
  kind: LeadKind,
  options: { commentsRequired: boolean; websiteLocation?: FieldDef | null | undefined },
): FieldDef[] {
  const location = options.websiteLocation ? [options.websiteLocation] : [];
  switch (kind) {
    // Spec §4: the category select is offered on the general enquiry (category General Enquiry).
    case "enquiry":
      return [...contact, postcode, rego, enquiryCategory, ...location, message(options.commentsRequired)];
    case "contact":
      return [...contact, postcode, rego, ...location, message(options.commentsRequired)];
    case "test_drive":
      return [...contact, when, message(false)];
    // Spec §5: the request-photos message is not asked for; the server fills it with
    // REQUEST_PHOTOS_MESSAGE.
    case "request_photos":
      return contact;
    case "find_me_something_similar":
      return [...contact, ...location, message(false)];
    case "careers":
      return [...contact, message(false)];
    case "finance_enquiry":
    case "finance_pre_approval":
    case "finance_apply":
      return [
        ...contact,
        postcode,
        { name: "vehiclePriceBudget", label: "Vehicle budget ($)", type: "text", inputMode: "numeric" },
        { name: "do-you-have-a-trade-in", label: "Do you have a trade-in?", type: "yes-no" },
        message(false),
      ];
    case "service_booking":
      return [...contact, rego, ...makeModel(false), kms, when, message(false)];
    case "spin_to_win":
      // The wheel (src/features/spin-to-win) asks only who to send the prize to.
      return contact;
    case "trade_in":
      // The trade-in flow (src/features/trade-in/ui) asks the car and its condition in earlier steps.
      return [...contact, postcode];
    case "sell_my_car":
      return [
        ...contact,
        postcode,
        ...makeModel(true),
        { name: "year", label: "Year", type: "text", inputMode: "numeric" },
        kms,
        { name: "rego", label: "Rego", type: "text" },
        message(false),
      ];
  }
}

/** The standalone form pages (spec §2) and the kind of lead each sends. */
export const FORM_PAGES = {
  contact: { kind: "contact", title: "Contact Us", submit: "Send Enquiry" },
  "contact-us": { kind: "contact", title: "Contact Us", submit: "Send Enquiry" },
  "book-test-drive": { kind: "test_drive", title: "Book a Test Drive", submit: "Book Test Drive" },
  finance: { kind: "finance_enquiry", title: "Finance", submit: "Send Finance Enquiry" },
  "finance-enquiry": { kind: "finance_enquiry", title: "Finance Enquiry", submit: "Send Finance Enquiry" },
  "apply-for-finance": { kind: "finance_apply", title: "Apply for Finance", submit: "Apply Now" },
  "finance-pre-approval": {
    kind: "finance_pre_approval",
    title: "Finance Pre-Approval",
    submit: "Get Pre-Approved",
  },
  /** /personalised/finance?car_id={id}: an application for one car (spec §2). */
  "personalised-finance": { kind: "finance_apply", title: "Personalised Finance", submit: "Apply Now" },
  service: { kind: "service_booking", title: "Book a Service", submit: "Book Service" },
  "sell-my-car": { kind: "sell_my_car", title: "Sell My Car", submit: "Get My Offer" },
  careers: { kind: "careers", title: "Careers", submit: "Send Application" },
} as const satisfies Record<string, { kind: LeadKind; title: string; submit: string }>;

export type FormPageSlug = keyof typeof FORM_PAGES;

/** Query parameters a finance link carries into the form (spec §2). */
export const FINANCE_QUERY_FIELDS = [
  "preferredDealership",
  "vehiclePriceBudget",
  "car_id",
  "car_type",
  "vin",
];

/** Query parameters a service link carries into the form (My Garage's "Book a service"). */
export const SERVICE_QUERY_FIELDS = ["Rego", "Vehicle Make", "Vehicle Model"];

/** The query parameters a kind's form reads (finance routes, the service form), else none. */
export function queryFieldsFor(kind: LeadKind): readonly string[] {
  if (kind.startsWith("finance")) return FINANCE_QUERY_FIELDS;
  return kind === "service_booking" ? SERVICE_QUERY_FIELDS : [];
}

/** Reads a route's query into form values: only `names`; unknown parameters are ignored. */
export function queryValues(search: string, names: readonly string[]): Record<string, string> {
  const params = new URLSearchParams(search);
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) values[name] = value.slice(0, 100);
  }
  return values;
}

/** What a failed answer tells the shopper: the server's message when it gave one, else the spec's text. */
export function failureMessage(body: unknown): string {
  if (body && typeof body === "object" && "error" in body && typeof body.error === "string" && body.error) {
    return body.error;
  }
  return FORM_TEXTS.submitFailed;
}

export type SubmitStatus = "idle" | "submitting" | "success" | "failure";

/**
 * The submit button in each state (spec §4: submitting is disabled with a spinner). It stays so on
 * success while the browser goes to /success, so a second click cannot send the lead again.
 */
export function submitButton(
  status: SubmitStatus,
  label: string,
): { disabled: boolean; spinner: boolean; text: string } {
  const busy = status === "submitting" || status === "success";
  return { disabled: busy, spinner: busy, text: busy ? FORM_TEXTS.submitting : label };
}

/**
 * What the form makes of the server's answer (spec §4 submit states, §8): success only with a
 * lead_id (then /success); an answer without one is a failure, "An unexpected error occured" when
 * the server said OK, else the server's message or the spec's submit failure text.
 */
export function leadAnswer(
  ok: boolean,
  body: unknown,
): { status: "success"; leadId: string } | { status: "failure"; message: string } {
  const leadId = (body as { lead_id?: unknown } | null)?.lead_id;
  if (ok && typeof leadId === "string" && leadId) return { status: "success", leadId };
  return { status: "failure", message: ok ? FORM_TEXTS.unexpected : failureMessage(body) };
}

/** Radio groups nobody answered read as null in the form; the schemas treat a missing answer as absent. */
export function withoutNulls(values: unknown): unknown {
  if (!values || typeof values !== "object" || Array.isArray(values)) return values;
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
}
