/**
 * One zod schema per lead kind, shared by the browser forms (client validation) and POST /api/leads
 * (server validation). Field names are the spec's form submission fields (§3), kept as-is at this
 * boundary. Pure: zod and libphonenumber-js only, so the forms can import this file.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { optionalCarId, SHOPPER_INPUT_TEXTS, shopperString } from "~/lib/shopper-input";
import { REQUEST_ERRORS } from "~/server/errors";
import {
  DEFAULT_CATEGORY,
  LEAD_KINDS,
  type LeadKind,
  REQUEST_PHOTOS_MESSAGE,
  reservedCategoryFields,
  SIMILAR_CAR_MESSAGE,
  SIMILAR_CAR_SUBCATEGORY,
} from "./kinds";
import { TRADE_IN_LEAD_SHAPE } from "./trade-in/lead.schema";

/** Words shoppers read when a field is wrong. The spec's own texts are quoted verbatim. */
export const LEAD_TEXTS = {
  /** Spec §5: the heading of the error list. */
  fixErrors: REQUEST_ERRORS.fixErrors,
  kind: "Please choose what your enquiry is about.",
  name: "Please enter your first name.",
  lastName: "Please enter your last name.",
  email: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  phone: "Please enter your phone number.",
  phoneInvalid: "Please enter a valid Australian phone number, e.g. 0412 345 678.",
  /** Spec §5 (trade-in postcode). */
  postcode: "Invalid postcode. Please enter a 4-digit number.",
  message: "Please enter your comments.",
  category: "Please select a category.",
  /** A category or subcategory this form does not offer (only the server files leads under it). */
  reservedCategory: "This form cannot file your enquiry under that category.",
  dealership: "Please select a dealership.",
  /** The website-location select, worded like the dealership and category selects. */
  location: "Please select a location.",
  /** Spec §5. */
  terms: "* You must agree to the terms of use before submitting the form.",
  dateTime: "Please choose a valid date and time.",
  contactMethod: "Please choose Phone, Email or SMS.",
  yesNo: "Please answer Yes or No.",
  carType: "Please choose new, demo or used.",
  vehicleStatus: "Please choose in stock, sold or coming soon.",
  vehicle: SHOPPER_INPUT_TEXTS.vehicle,
  vin: "Please enter a valid 17-character VIN.",
  budget: "Please enter a budget in dollars, e.g. 30000.",
  make: "Please enter the make of your car.",
  model: "Please enter the model of your car.",
  year: "Please enter the year your car was built, e.g. 2018.",
  kms: "Please enter the kilometres as a number, e.g. 85000.",
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  invalid: "Please check this field.",
  /** Text with a lone UTF-16 surrogate, which nobody types and Postgres cannot store. */
  unreadable: SHOPPER_INPUT_TEXTS.unreadable,
} as const;

/** Per-site form rules (spec §5); `formRulesFor(site, locations)` in leads.ts derives them from site.json. */
export interface LeadFormRules {
  /** Enquiry comments required unless the site flag is off. */
  commentsRequired: boolean;
  /** Sites that show the terms checkbox require it ticked. */
  termsRequired: boolean;
  /** The site's dealerships; a chosen dealership must be one of them. */
  dealershipSlugs: string[];
  /** Multi-dealership sites require a preferred dealership. */
  dealershipRequired: boolean;
  /**
   * Spec §4 "Website location required when shown" (site.json `forms.website_location`): the
   * select's label and the locations it offers, sales first; absent when the site does not show
   * it. An enquiry of such a site must name one of them (WEBSITE_LOCATION_KINDS).
   */
  websiteLocation?: WebsiteLocationRule | undefined;
}

export interface WebsiteLocationRule {
  label: string;
  locations: { id: number; name: string }[];
}

export const DEFAULT_FORM_RULES: LeadFormRules = {
  commentsRequired: true,
  termsRequired: false,
  dealershipSlugs: [],
  dealershipRequired: false,
};

/**
 * The enquiry forms (spec §4): the general enquiry, its sold-car variant and the contact form. The
 * website location is theirs; every other form is about something with a place of its own (a
 * test drive's car, a service booking's workshop) or none (careers).
 */
export const WEBSITE_LOCATION_KINDS: ReadonlySet<LeadKind> = new Set([
  "enquiry",
  "find_me_something_similar",
  "contact",
]);

/** The locations a kind's form must choose from under `rules`; empty when it asks for none. */
export function websiteLocationsFor(kind: LeadKind, rules: LeadFormRules): WebsiteLocationRule["locations"] {
  return WEBSITE_LOCATION_KINDS.has(kind) ? (rules.websiteLocation?.locations ?? []) : [];
}

// Forms post "" (or null, for a radio group nobody answered) for fields left empty; that means
// "not given", never "invalid".
const blankToUndefined = (value: string) => (value === "" ? undefined : value);

const optionalText = (max: number, message: string = LEAD_TEXTS.invalid) =>
  shopperString(message)
    .trim()
    .max(max, LEAD_TEXTS.tooLong(max))
    .nullish()
    .transform((v) => (v == null ? undefined : blankToUndefined(v)));

const requiredText = (max: number, message: string) =>
  shopperString(message).trim().min(1, message).max(max, LEAD_TEXTS.tooLong(max));

const optionalMatching = (pattern: RegExp, message: string, max = 64) =>
  shopperString(message)
    .trim()
    .max(max, message)
    .refine((v) => v === "" || pattern.test(v), message)
    .nullish()
    .transform((v) => (v == null ? undefined : blankToUndefined(v)));

const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.literal(""), z.enum(values)], { error: message })
    .nullish()
    .transform((v) => (v === "" || v === null ? undefined : v));

/** An id that may arrive as a number or a string (feeds use both); stored as text. */
const optionalId = z
  .union([z.number().int().nonnegative(), shopperString().trim().max(64, LEAD_TEXTS.tooLong(64))], {
    error: LEAD_TEXTS.invalid,
  })
  .nullish()
  .transform((v) => (v == null ? undefined : blankToUndefined(String(v))));

/** A whole number that a query string may have delivered as text ("30000"). */
const optionalAmount = (max: number, message: string) =>
  z
    .union([z.number(), shopperString().trim()], { error: message })
    .nullish()
    .transform((v, ctx) => {
      if (v == null || v === "") return undefined;
      const amount = typeof v === "number" ? v : Number(v.replace(/[$,\s]/g, ""));
      if (!Number.isFinite(amount) || amount < 0 || amount > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return amount;
    });

/** True for a number that can ring in Australia (mobiles, landlines, 13/1300/1800). */
export function isAustralianPhone(value: string): boolean {
  const phone = parsePhoneNumberFromString(value, "AU");
  return Boolean(phone?.isValid() && phone.country === "AU");
}

/** `0412 345 678`, `+61 412 345 678` → `+61412345678`: one form for the CRM to match on. */
export function normaliseAustralianPhone(value: string): string {
  return parsePhoneNumberFromString(value, "AU")?.number ?? value;
}

// Checked and normalised from one parse of the number.
const phone = shopperString(LEAD_TEXTS.phone)
  .trim()
  .min(1, LEAD_TEXTS.phone)
  .max(32, LEAD_TEXTS.phoneInvalid)
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value, "AU");
    if (parsed?.isValid() && parsed.country === "AU") return parsed.number;
    ctx.addIssue({ code: "custom", message: LEAD_TEXTS.phoneInvalid });
    return z.NEVER;
  });

const email = shopperString(LEAD_TEXTS.email)
  .trim()
  .min(1, LEAD_TEXTS.email)
  .max(254, LEAD_TEXTS.emailInvalid)
  .pipe(z.email(LEAD_TEXTS.emailInvalid));

const isoDateTime = z.iso.datetime({ local: true, offset: true });
const dateTime = shopperString(LEAD_TEXTS.dateTime)
  .trim()
  .refine((v) => v === "" || isoDateTime.safeParse(v).success, LEAD_TEXTS.dateTime)
  .nullish()
  .transform((v) => (v == null ? undefined : blankToUndefined(v)));

/** The contact block every form has (spec §3 form submission and lead fields). */
const contactFields = {
  name: requiredText(80, LEAD_TEXTS.name),
  last_name: optionalText(80),
  email,
  phone,
  postcode: optionalMatching(/^\d{4}$/, LEAD_TEXTS.postcode, 4),
  PreferredContactMethod: optionalEnum(["Phone", "Email", "SMS"], LEAD_TEXTS.contactMethod),
  message: optionalText(5000),
  category: optionalText(100, LEAD_TEXTS.category),
  subcategory: optionalText(100),
  dealership_slug: optionalText(100),
  location: optionalId,
  location_id: optionalId,
  page_id: optionalId,
  /** Spec §5: not required, default true. */
  opt_in: z
    .boolean({ error: LEAD_TEXTS.invalid })
    .nullish()
    .transform((v) => v ?? true),
  terms_conditions: z
    .boolean({ error: LEAD_TEXTS.terms })
    .nullish()
    .transform((v) => v ?? undefined),
  /** Spec §5: optional ('Rego - Helps us better assist your enquiry'). */
  Rego: optionalText(12),
};

/** The car a form was opened on (spec §3 enquiry defaults). */
const vehicleFields = {
  car_id: optionalCarId(LEAD_TEXTS.vehicle),
  stock_number: optionalText(40),
  manufacturer_slug: optionalText(80),
  "Vehicle Make": optionalText(60),
  "Vehicle Model": optionalText(80),
  car_type: optionalEnum(["new", "demo", "used"], LEAD_TEXTS.carType),
  vehicle_status: optionalEnum(["in_stock", "sold", "coming_soon"], LEAD_TEXTS.vehicleStatus),
  vin: optionalMatching(/^[A-HJ-NPR-Z0-9]{17}$/i, LEAD_TEXTS.vin, 17),
  "do-you-have-a-trade-in": optionalEnum(["Yes", "No"], LEAD_TEXTS.yesNo),
};

/** Spec §2 finance routes carry these query parameters into the form. */
const financeFields = {
  ...vehicleFields,
  preferredDealership: optionalText(100),
  vehiclePriceBudget: optionalAmount(10_000_000, LEAD_TEXTS.budget),
  finance: optionalEnum(["Yes", "No"], LEAD_TEXTS.yesNo),
};

const shapes = {
  enquiry: { ...contactFields, ...vehicleFields },
  test_drive: { ...contactFields, ...vehicleFields, date_time: dateTime },
  request_photos: {
    ...contactFields,
    ...vehicleFields,
    car_id: optionalCarId(LEAD_TEXTS.vehicle).refine((v) => v !== undefined, LEAD_TEXTS.vehicle),
    message: optionalText(5000).transform((v) => v ?? REQUEST_PHOTOS_MESSAGE),
  },
  finance_enquiry: { ...contactFields, ...financeFields },
  finance_pre_approval: { ...contactFields, ...financeFields },
  finance_apply: { ...contactFields, ...financeFields },
  contact: { ...contactFields },
  service_booking: {
    ...contactFields,
    "Vehicle Make": optionalText(60),
    "Vehicle Model": optionalText(80),
    kms: optionalAmount(2_000_000, LEAD_TEXTS.kms),
    date_time: dateTime,
    additional_services: z
      .array(shopperString(LEAD_TEXTS.invalid).trim().max(100, LEAD_TEXTS.tooLong(100)), {
        error: LEAD_TEXTS.invalid,
      })
      .max(20, LEAD_TEXTS.invalid)
      .nullish()
      .transform((v) => v ?? undefined),
  },
  sell_my_car: {
    ...contactFields,
    "Vehicle Make": requiredText(60, LEAD_TEXTS.make),
    "Vehicle Model": requiredText(80, LEAD_TEXTS.model),
    year: optionalAmount(2100, LEAD_TEXTS.year).refine(
      (v) => v === undefined || (Number.isInteger(v) && v >= 1900),
      LEAD_TEXTS.year,
    ),
    kms: optionalAmount(2_000_000, LEAD_TEXTS.kms),
    rego: optionalText(12),
    regoState: optionalEnum(["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"], LEAD_TEXTS.invalid),
    finance: optionalEnum(["Yes", "No"], LEAD_TEXTS.yesNo),
  },
  careers: { ...contactFields },
  find_me_something_similar: {
    ...contactFields,
    ...vehicleFields,
    message: optionalText(5000).transform((v) => v ?? SIMILAR_CAR_MESSAGE),
    subcategory: optionalText(100).transform((v) => v ?? SIMILAR_CAR_SUBCATEGORY),
  },
  /** The trade-in flow (src/features/trade-in): postcode required and Australian. */
  trade_in: { ...contactFields, ...TRADE_IN_LEAD_SHAPE },
  /** The prize and campaign are set by the spin's function after its draw, never by the shopper. */
  spin_to_win: { ...contactFields, prize: optionalText(60), campaign: optionalText(60) },
} satisfies Record<LeadKind, z.ZodRawShape>;

/** Kinds whose comments box is the enquiry's comments (spec §5 "Enquiry comments required"). */
const COMMENTS_KINDS: ReadonlySet<LeadKind> = new Set(["enquiry", "contact"]);

/** The schema for one kind of lead under one site's form rules. */
export function leadSchema(kind: LeadKind, rules: LeadFormRules = DEFAULT_FORM_RULES) {
  const websiteLocations = websiteLocationsFor(kind, rules);
  // The chosen location's name travels with its id, so the dealer reads it in the CRM whatever
  // the CRM makes of our ids; it is the server's to write, never the shopper's (unknown keys drop).
  const locationName = (id: string | undefined) =>
    websiteLocations.find((location) => String(location.id) === id)?.name;
  return z
    .object({ kind: z.literal(kind), ...shapes[kind] })
    .transform((lead) => {
      const location_name = locationName(lead.location);
      return {
        ...lead,
        category: lead.category ?? DEFAULT_CATEGORY[kind],
        ...(location_name === undefined ? {} : { location_name }),
      };
    })
    .superRefine((lead, ctx) => {
      // Required when shown, and only a location the select offers: a post that skips it, names
      // another tenant's location or contradicts it with another location_id is refused.
      const locationRefused =
        lead.location_name === undefined ||
        (lead.location_id !== undefined && lead.location_id !== lead.location);
      if (websiteLocations.length > 0 && locationRefused) {
        ctx.addIssue({ code: "custom", path: ["location"], message: LEAD_TEXTS.location });
      }
      if (rules.commentsRequired && COMMENTS_KINDS.has(kind) && !lead.message) {
        ctx.addIssue({ code: "custom", path: ["message"], message: LEAD_TEXTS.message });
      }
      if (rules.termsRequired && lead.terms_conditions !== true) {
        ctx.addIssue({ code: "custom", path: ["terms_conditions"], message: LEAD_TEXTS.terms });
      }
      const slug = lead.dealership_slug;
      const unknownDealership =
        slug !== undefined && rules.dealershipSlugs.length > 0 && !rules.dealershipSlugs.includes(slug);
      if ((rules.dealershipRequired && slug === undefined) || unknownDealership) {
        ctx.addIssue({ code: "custom", path: ["dealership_slug"], message: LEAD_TEXTS.dealership });
      }
    });
}

export type Lead = z.output<ReturnType<typeof leadSchema>>;

/** `{ field: first message }`, the shape of a 400's `fields` and of the form's error list. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    fields[field] ??= issue.message;
  }
  return fields;
}

export type LeadParse = { success: true; lead: Lead } | { success: false; fields: Record<string, string> };

// Building a schema costs more than using it; a site has one set of rules, so keep each one.
const schemaCache = new Map<string, ReturnType<typeof leadSchema>>();
function cachedSchema(kind: LeadKind, rules: LeadFormRules) {
  const key = `${kind}\0${JSON.stringify(rules)}`;
  let schema = schemaCache.get(key);
  if (!schema) {
    if (schemaCache.size > 1_000) schemaCache.clear();
    schema = leadSchema(kind, rules);
    schemaCache.set(key, schema);
  }
  return schema;
}

/** Validates a submission of any kind: `{ kind, ...fields }`. */
export function parseLead(body: unknown, rules: LeadFormRules = DEFAULT_FORM_RULES): LeadParse {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { success: false, fields: { form: LEAD_TEXTS.invalid } };
  }
  const kind = (body as { kind?: unknown }).kind;
  if (typeof kind !== "string" || !(LEAD_KINDS as readonly string[]).includes(kind)) {
    return { success: false, fields: { kind: LEAD_TEXTS.kind } };
  }
  const result = cachedSchema(kind as LeadKind, rules).safeParse(body);
  return result.success
    ? { success: true, lead: result.data }
    : { success: false, fields: fieldErrors(result.error) };
}

/**
 * `{ field: message }` for the category fields of a shopper's lead that only the server may set
 * (see reservedCategoryFields); empty when there are none. The public endpoints answer these 400.
 */
export function reservedCategoryErrors(
  kind: LeadKind,
  fields: Record<string, unknown>,
): Record<string, string> {
  return Object.fromEntries(
    reservedCategoryFields(kind, fields).map((field) => [field, LEAD_TEXTS.reservedCategory]),
  );
}

/** Anti-abuse fields the forms add beside the lead's own fields; never stored with the lead. */
export const HONEYPOT_FIELD = "fax";
export const STARTED_AT_FIELD = "started_at";
