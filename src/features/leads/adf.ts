/**
 * A stored lead as an ADF (Auto-lead Data Format) 1.0 XML document, the format dealer CRMs take by
 * email or HTTP. Pure: the lead, the site, the car, the dealership location and its time zone
 * come in (`adfContextFor` finds them in the tenant snapshot), and the result validates against
 * the ADF 1.0 DTD (tests/fixtures/adf). Which lead field goes where: docs/adf-mapping.md.
 *
 * The DTD gives most of a lead no element of its own (finance answers, service details, the
 * notices), so those go into <comments> as one `Label: value` line each; nothing the shopper sent
 * is dropped. Every lead has a <vehicle> with year, make and model, as the DTD requires, even
 * when it is about no vehicle: those are left empty and its <comments> says what the lead is.
 */
import { TZDate } from "@date-fns/tz";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Location } from "~/features/locations/location.schema";
import { DEFAULT_TIME_ZONE, STATE_TIME_ZONES } from "~/features/locations/locations";
import type { Car } from "~/features/stock/car.schema";
import { formatMoney, saleAmount } from "~/features/stock/stock";
import { ADJUSTMENT_QUESTIONS } from "~/features/tradein/tradein";
import type { Site } from "~/tenant/schema";
import type { TenantData } from "~/tenant/tenant.server";

/** A stored lead as the outbox reads it: its kind, the fields the form sent (without `kind`). */
export interface AdfLead {
  id: string;
  /** A lead kind (LEAD_KINDS), or a notice: "unsubscribe", "online_payment". */
  kind: string;
  fields: Record<string, unknown>;
  created_at: Date;
}

/** What the document says besides the lead itself. */
export interface AdfContext {
  site: Site;
  /** The stock car the lead is about, from the tenant snapshot. */
  car: Car | null;
  /** The dealership location the lead is for: the <vendor>. */
  location: Location | null;
  /** IANA zone the request date is written in: the location's. */
  timeZone: string;
  /** A trade-in valuation is sent only when a real provider made it, never the local stand-in's. */
  valuationFromProvider: boolean;
}

export interface AdfContextOptions {
  valuationFromProvider: boolean;
}

// ---------------------------------------------------------------- time zones

const STATE_NAMES: Record<string, string> = {
  queensland: "qld",
  "new south wales": "nsw",
  "australian capital territory": "act",
  victoria: "vic",
  tasmania: "tas",
  "south australia": "sa",
  "northern territory": "nt",
  "western australia": "wa",
};

/** "qld", "QLD" or "Queensland" → "Australia/Brisbane"; null for anything else. */
export function timeZoneForState(state: string | null | undefined): string | null {
  const key = state?.trim().toLowerCase() ?? "";
  const abbreviation = Object.hasOwn(STATE_NAMES, key) ? (STATE_NAMES[key] as string) : key;
  return Object.hasOwn(STATE_TIME_ZONES, abbreviation) ? (STATE_TIME_ZONES[abbreviation] as string) : null;
}

/** ISO 8601 with the zone's offset and no fraction: "2026-11-26T14:05:00+10:00". */
function isoInZone(instant: Date, timeZone: string): string {
  return new TZDate(instant.getTime(), timeZone).toISOString().replace(/\.\d+(?=[+-]|Z$)/, "");
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A requested date and time: the forms send the dealership's wall-clock time ("2026-06-20T10:30"),
 * which is written with that zone's offset; one that already has an offset is kept as that instant.
 */
function requestedTime(value: string, timeZone: string): string | null {
  const local = LOCAL_DATE_TIME.exec(value);
  if (local) {
    const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = local
      .slice(1)
      .map((part) => Number(part ?? 0));
    const instant = new TZDate(year, month - 1, day, hour, minute, second, timeZone);
    return isoInZone(instant, timeZone);
  }
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : isoInZone(instant, timeZone);
}

// ---------------------------------------------------------------- finding the car and location

const sameId = (a: unknown, b: unknown) => a != null && b != null && String(a).trim() === String(b).trim();
const sameText = (a: unknown, b: unknown) =>
  typeof a === "string" &&
  typeof b === "string" &&
  a.trim() !== "" &&
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** The car by the id the form carried, else by its VIN, else by its stock number. */
function findCar(cars: readonly Car[], fields: Record<string, unknown>): Car | null {
  return (
    cars.find((car) => sameId(car.id, fields.car_id)) ??
    cars.find((car) => sameText(car.vin, fields.vin)) ??
    cars.find((car) => sameText(car.stocknum, fields.stock_number)) ??
    null
  );
}

/** A dealership's location for a lead: the car's own if it is one of them, else its primary sales yard. */
function dealershipLocation(locations: readonly Location[], car: Car | null): Location | null {
  const rank = (location: Location) =>
    (location.id === car?.location_id ? 0 : 8) +
    (location.primary ? 0 : 4) +
    (location.location_type === "sales" || location.location_type === "" ? 0 : 2) +
    (location.visible ? 0 : 1);
  return [...locations].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/**
 * The location the shopper chose (location_id, location), else the dealership they chose
 * (dealership_slug, preferredDealership, a trade-in's car_dealership_id), else the car's, else
 * the site's primary location.
 */
function findLocation(
  data: Pick<TenantData, "site" | "locations">,
  fields: Record<string, unknown>,
  car: Car | null,
): Location | null {
  const { locations, site } = data;
  const chosen = locations.find((l) => sameId(l.id, fields.location_id) || sameId(l.id, fields.location));
  if (chosen) return chosen;
  for (const wanted of [fields.dealership_slug, fields.preferredDealership]) {
    const dealership = site.dealerships.find((d) => sameText(d.slug, wanted) || sameText(d.name, wanted));
    if (dealership) {
      const found = dealershipLocation(
        locations.filter((l) => l.dealership_slug === dealership.slug || l.dealership_id === dealership.id),
        car,
      );
      if (found) return found;
    }
  }
  if (fields.car_dealership_id != null) {
    const found = dealershipLocation(
      locations.filter((l) => sameId(l.dealership_id, fields.car_dealership_id)),
      car,
    );
    if (found) return found;
  }
  if (car) {
    const own = locations.find((l) => l.id === car.location_id);
    if (own) return own;
    const found = dealershipLocation(
      locations.filter((l) => l.dealership_id === car.dealership_id),
      car,
    );
    if (found) return found;
  }
  return dealershipLocation(locations, null);
}

/** The car and location a lead is about, from the tenant snapshot, and the time zone it is written in. */
export function adfContextFor(
  data: Pick<TenantData, "site" | "cars" | "locations">,
  lead: AdfLead,
  options: AdfContextOptions,
): AdfContext {
  const car = findCar(data.cars, lead.fields);
  const location = findLocation(data, lead.fields, car);
  const timeZone =
    timeZoneForState(location?.address.state) ??
    timeZoneForState(data.site.default_state) ??
    DEFAULT_TIME_ZONE;
  return { site: data.site, car, location, timeZone, valuationFromProvider: options.valuationFromProvider };
}

// ---------------------------------------------------------------- XML

/** Everything XML 1.0 cannot carry: control characters, U+FFFE/U+FFFF and lone surrogates. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  // Only in attributes: a parser turns raw tabs and line breaks there into spaces.
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

/** Text content: line breaks as "\n" (a parser reads "\r\n" and "\r" so anyway), markup escaped. */
function escapeText(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

function escapeAttribute(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"'\t\n\r]/g, (c) => ENTITIES[c] as string);
}

type Attributes = Record<string, string | undefined>;
interface Element {
  name: string;
  attributes: Attributes;
  /** Text, or child elements (falsy ones are left out). */
  content: string | Child[];
}
type Child = Element | "" | false | null | undefined;

const el = (name: string, attributes: Attributes, content: Element["content"] = ""): Element => ({
  name,
  attributes,
  content,
});

function render(element: Element, depth = 0): string {
  const indent = "  ".repeat(depth);
  const attributes = Object.entries(element.attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  const open = `${indent}<${element.name}${attributes}>`;
  if (typeof element.content === "string") return `${open}${escapeText(element.content)}</${element.name}>`;
  const children = element.content.filter((child): child is Element => Boolean(child));
  return [open, ...children.map((child) => render(child, depth + 1)), `${indent}</${element.name}>`].join(
    "\n",
  );
}

// ---------------------------------------------------------------- reading lead fields

/** A field as text, trimmed; undefined when absent or blank. */
function text(fields: Record<string, unknown>, field: string): string | undefined {
  const value = fields[field];
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function amount(fields: Record<string, unknown>, field: string): number | undefined {
  const value = fields[field];
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string"
        ? Number(value.replace(/[$,\s]/g, ""))
        : NaN;
  return Number.isFinite(n) && !(typeof value === "string" && value.trim() === "") ? n : undefined;
}

/** Money fields read "$30,000" in comments. */
const MONEY_FIELDS = new Set(["vehiclePriceBudget", "amount_owing", "expected_price"]);

const VEHICLE_STATUS_WORDS: Record<string, string> = {
  in_stock: "In stock",
  sold: "Sold",
  coming_soon: "Coming soon",
};

/** A value on one comments line. */
function show(field: string, value: unknown, timeZone: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return MONEY_FIELDS.has(field) ? formatMoney(value) : String(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => show(field, item, timeZone)).filter((item) => item !== undefined);
    return items.length > 0 ? items.join(", ") : undefined;
  }
  if (typeof value === "object") {
    const pairs = Object.entries(value).map(([key, inner]) => `${key}=${show(field, inner, timeZone) ?? ""}`);
    return pairs.length > 0 ? pairs.join(", ") : undefined;
  }
  const trimmed = String(value)
    .replace(/\s*[\r\n]+\s*/g, " ")
    .trim();
  if (trimmed === "") return undefined;
  if (field === "vehicle_status") return VEHICLE_STATUS_WORDS[trimmed] ?? trimmed;
  if (field === "date_time") return requestedTime(trimmed, timeZone) ?? trimmed;
  if (MONEY_FIELDS.has(field) && /^\d+$/.test(trimmed)) return formatMoney(Number(trimmed));
  return trimmed;
}

// ---------------------------------------------------------------- what each kind is

type Interest = "buy" | "test-drive" | "sell";

/** The <vehicle interest> of the car a lead is about; kinds not listed are about no car to buy. */
const INTEREST: Record<string, Interest> = {
  enquiry: "buy",
  test_drive: "test-drive",
  request_photos: "buy",
  finance_enquiry: "buy",
  finance_pre_approval: "buy",
  finance_apply: "buy",
  find_me_something_similar: "buy",
  trade_in: "buy",
  sell_my_car: "sell",
};

const FINANCE_KINDS = new Set(["finance_enquiry", "finance_pre_approval", "finance_apply"]);

/** The form or page a lead came from: the provider's <service>. */
const SERVICES: Record<string, string> = {
  enquiry: "Enquiry form",
  test_drive: "Test drive booking",
  request_photos: "Photo request",
  finance_enquiry: "Finance enquiry",
  finance_pre_approval: "Finance pre-approval",
  finance_apply: "Finance application",
  contact: "Contact form",
  service_booking: "Service booking",
  sell_my_car: "Sell my car",
  careers: "Careers",
  find_me_something_similar: "Find me something similar",
  trade_in: "Trade-in valuation",
  spin_to_win: "Spin to Win",
  unsubscribe: "Unsubscribe",
  online_payment: "Online payment",
};

/** What a lead about no vehicle is, in its empty <vehicle>'s comments. */
const NO_VEHICLE: Record<string, string> = {
  contact: "No vehicle: a message from the contact form.",
  careers: "No vehicle: a job enquiry.",
  spin_to_win: "No vehicle: a Spin to Win entry.",
  unsubscribe: "No vehicle: an unsubscribe notice, not a vehicle enquiry.",
  online_payment: "No vehicle: an online payment notice, not a vehicle enquiry.",
};

/** The first line a notice's customer comments start with. */
const NOTICES: Record<string, string> = {
  unsubscribe: "Unsubscribe: this address asks to receive no more offers or product updates.",
  online_payment: "Online payment received",
};

/** Labels of the fields that have no element, in the order the dealer reads them. */
const LABELS: Record<string, string> = {
  category: "Category",
  subcategory: "Subcategory",
  PreferredContactMethod: "Preferred contact method",
  date_time: "Preferred date and time",
  vehicle_status: "Vehicle status",
  manufacturer_slug: "Manufacturer",
  "do-you-have-a-trade-in": "Has a trade-in",
  vehiclePriceBudget: "Vehicle price budget",
  finance: "Needs finance",
  Rego: "Rego",
  additional_services: "Additional services",
  prize: "Prize",
  campaign: "Campaign",
  reason: "Reason",
  purpose: "Purpose",
  reference: "Reference",
  amount: "Amount",
  provider: "Payment provider",
  provider_ref: "Provider reference",
  payment_id: "Payment id",
  offer_accepted: "Offer accepted",
  form_completed: "Form completed",
  lead_id: "Accepted offer on lead",
  dealership_slug: "Dealership",
  preferredDealership: "Preferred dealership",
  location_id: "Location id",
  location: "Location id",
  car_dealership_id: "Car's dealership id",
  page_id: "Page id",
  url: "Page",
  source: "Source",
  user_agent: "Browser",
  opt_in: "Subscribe to offers",
  terms_conditions: "Agreed to the terms of use",
};

/** Fields every kind writes into elements of their own. */
const CONTACT_FIELDS = ["name", "last_name", "email", "phone", "postcode", "message"];
/** The car a lead is about: its <vehicle>. */
const CAR_FIELDS = ["car_id", "stock_number", "vin", "car_type", "Vehicle Make", "Vehicle Model"];
/** The shopper's own car (trade-in, sell my car, service): its <vehicle>. */
const OWN_CAR_FIELDS: Record<string, string[]> = {
  trade_in: [
    "make",
    "model",
    "badge",
    "year",
    "kms",
    "rego",
    "regoState",
    "adjustmentAnswers",
    "finance",
    "amount_owing",
    "expected_price",
    "valuation",
  ],
  sell_my_car: ["Vehicle Make", "Vehicle Model", "year", "kms", "rego", "regoState", "finance"],
  service_booking: ["Vehicle Make", "Vehicle Model", "kms"],
};
/** The fields that choose the dealership; shown as the <vendor> when they found it. */
const DEALERSHIP_FIELDS = [
  "location_id",
  "location",
  "dealership_slug",
  "preferredDealership",
  "car_dealership_id",
];
/** The same figure as `amount`, in cents, for machines. */
const REDUNDANT_FIELDS = ["amount_cents"];

// ---------------------------------------------------------------- the parts of a prospect

const AUD = "AUD";
const ADF_STATUS: Record<string, "new" | "used"> = { new: "new", demo: "new", used: "used" };

function absoluteUrl(href: string | null | undefined, site: Site): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, site.url);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function carVehicle(lead: AdfLead, context: AdfContext, interest: Interest): Element {
  const { car, site } = context;
  const fields = lead.fields;
  const carType = car?.car_type ?? text(fields, "car_type");
  const comments: string[] = [];
  if (car) {
    const page = absoluteUrl(car.path || `/cars/${car.slug}`, site);
    if (page) comments.push(page);
    if (car.car_type === "demo") comments.push("Car type: Demo");
  } else if (fields.car_id != null) {
    comments.push(`Car ${String(fields.car_id)} is no longer in the stock feed.`);
  } else if (!CAR_FIELDS.some((field) => text(fields, field) !== undefined)) {
    comments.push("No car chosen.");
  }
  const budget = FINANCE_KINDS.has(lead.kind) ? amount(fields, "vehiclePriceBudget") : undefined;
  const price = car ? saleAmount(car) : null;
  const colours = [
    car?.interior_colour ? el("interiorcolor", {}, car.interior_colour) : null,
    car?.colour ? el("exteriorcolor", {}, car.colour) : null,
  ];
  const image = absoluteUrl(car?.primary_image_url || car?.images.find((i) => !i.video)?.url, site);
  const carId = car?.id ?? text(fields, "car_id");
  return el("vehicle", { interest, status: carType ? ADF_STATUS[carType] : undefined }, [
    carId !== undefined && el("id", { sequence: "1", source: site.name }, String(carId)),
    el("year", {}, car ? String(car.year) : ""),
    el("make", {}, car?.make ?? text(fields, "Vehicle Make") ?? ""),
    el("model", {}, car?.model ?? text(fields, "Vehicle Model") ?? ""),
    (car?.vin || text(fields, "vin")) && el("vin", {}, car?.vin || (text(fields, "vin") as string)),
    (car?.stocknum || text(fields, "stock_number")) &&
      el("stock", {}, car?.stocknum || (text(fields, "stock_number") as string)),
    car?.badge && el("trim", {}, car.badge),
    car?.doors != null && el("doors", {}, String(car.doors)),
    car?.simple_body && el("bodystyle", {}, car.simple_body),
    car?.simple_transmission && el("transmission", {}, car.simple_transmission),
    car?.km != null && el("odometer", { status: "original", units: "km" }, String(car.km)),
    colours.some(Boolean) && el("colorcombination", {}, [...colours, el("preference", {}, "1")]),
    image && el("imagetag", { alttext: car?.name }, image),
    price !== null && el("price", { type: "asking", currency: AUD }, String(price)),
    budget !== undefined &&
      el("finance", {}, [
        el("method", {}, "finance"),
        el("amount", { type: "total", limit: "maximum", currency: AUD }, String(budget)),
      ]),
    comments.length > 0 && el("comments", {}, comments.join("\n")),
  ]);
}

const CONDITIONS = ["Excellent", "Good", "Fair", "Poor"];

/** ADF's <condition> of a trade-in: the worse of its body and interior answers. */
function tradeInCondition(answers: Record<string, unknown>): string | undefined {
  const ranks = [answers.body_condition, answers.interior_condition]
    .map((answer) => CONDITIONS.indexOf(String(answer)))
    .filter((rank) => rank >= 0);
  return ranks.length > 0 ? CONDITIONS[Math.max(...ranks)]?.toLowerCase() : undefined;
}

function regoLine(fields: Record<string, unknown>): string | undefined {
  const rego = text(fields, "rego");
  const state = text(fields, "regoState");
  if (rego) return `Rego: ${rego}${state ? ` (${state})` : ""}`;
  return state ? `Rego state: ${state}` : undefined;
}

function moneyLine(label: string, fields: Record<string, unknown>, field: string): string | undefined {
  const value = amount(fields, field);
  return value === undefined ? undefined : `${label}: ${formatMoney(value)}`;
}

interface Valuation {
  eligible: boolean;
  offer?: number;
  low?: number;
  high?: number;
}

/** The shopper's own car: a trade-in, a car to sell, or a car to service. */
function ownVehicle(lead: AdfLead, context: AdfContext): Element {
  const fields = lead.fields;
  const tradeIn = lead.kind === "trade_in";
  const make = text(fields, tradeIn ? "make" : "Vehicle Make") ?? "";
  const model = text(fields, tradeIn ? "model" : "Vehicle Model") ?? "";
  const kms = amount(fields, "kms");
  const answers =
    typeof fields.adjustmentAnswers === "object" && fields.adjustmentAnswers !== null
      ? (fields.adjustmentAnswers as Record<string, unknown>)
      : {};
  const valuation = (fields.valuation ?? null) as Valuation | null;
  const offer = context.valuationFromProvider && valuation?.eligible ? valuation : null;
  const financeOwing = text(fields, "finance");
  const comments = [
    lead.kind === "service_booking" ? "The customer's own car, for a service booking." : undefined,
    regoLine(fields),
    ...ADJUSTMENT_QUESTIONS.filter((q) => text(answers, q.id)).map(
      (q) => `${q.label}: ${text(answers, q.id)}`,
    ),
    financeOwing ? `Finance owing: ${financeOwing}` : undefined,
    moneyLine("Amount owing", fields, "amount_owing"),
    moneyLine("Expected price", fields, "expected_price"),
    context.valuationFromProvider && valuation?.eligible === false
      ? "Online valuation: no online offer for this car"
      : undefined,
  ].filter((line): line is string => line !== undefined);
  const interest = tradeIn ? "trade-in" : lead.kind === "sell_my_car" ? "sell" : undefined;
  return el("vehicle", { interest, status: "used" }, [
    el("year", {}, text(fields, "year") ?? ""),
    el("make", {}, make),
    el("model", {}, model),
    text(fields, "badge") && el("trim", {}, text(fields, "badge") as string),
    kms !== undefined && el("odometer", { units: "km" }, String(kms)),
    tradeIn && tradeInCondition(answers) && el("condition", {}, tradeInCondition(answers) as string),
    offer?.offer !== undefined && el("price", { type: "appraisal", currency: AUD }, String(offer.offer)),
    offer?.offer !== undefined &&
      el(
        "pricecomments",
        {},
        `Online valuation ${formatMoney(offer.offer)}${
          offer.low !== undefined && offer.high !== undefined
            ? ` (range ${formatMoney(offer.low)} to ${formatMoney(offer.high)})`
            : ""
        }`,
      ),
    comments.length > 0 && el("comments", {}, comments.join("\n")),
  ]);
}

function noVehicle(lead: AdfLead): Element {
  return el("vehicle", {}, [
    el("year", {}, ""),
    el("make", {}, ""),
    el("model", {}, ""),
    el("comments", {}, NO_VEHICLE[lead.kind] ?? "No vehicle."),
  ]);
}

function vehicles(lead: AdfLead, context: AdfContext): Element[] {
  const interest = INTEREST[lead.kind];
  if (lead.kind === "trade_in") {
    const namesACar =
      context.car !== null || CAR_FIELDS.some((field) => text(lead.fields, field) !== undefined);
    return namesACar
      ? [carVehicle(lead, context, "buy"), ownVehicle(lead, context)]
      : [ownVehicle(lead, context)];
  }
  if (lead.kind === "sell_my_car" || lead.kind === "service_booking") return [ownVehicle(lead, context)];
  return [interest ? carVehicle(lead, context, interest) : noVehicle(lead)];
}

function phoneElement(phone: string, preferred: boolean): Element {
  const type = parsePhoneNumberFromString(phone, "AU")?.getType();
  return el(
    "phone",
    {
      type: type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" ? "cellphone" : "voice",
      preferredcontact: preferred ? "1" : undefined,
    },
    phone,
  );
}

function customer(lead: AdfLead, context: AdfContext): Element {
  const fields = lead.fields;
  const first = text(fields, "name");
  const last = text(fields, "last_name");
  const email = text(fields, "email");
  const phone = text(fields, "phone");
  const postcode = text(fields, "postcode");
  const preferred = text(fields, "PreferredContactMethod");
  const names = [
    first && el("name", { part: "first" }, first),
    last && el("name", { part: "last" }, last),
  ].filter(Boolean);
  // A notice asks no name; its address stands in, so the CRM can show who it is about.
  if (names.length === 0) names.push(el("name", { part: "full" }, email ?? phone ?? ""));
  const requested = text(fields, "date_time");
  const requestedAt = requested ? requestedTime(requested, context.timeZone) : null;
  const comments = customerComments(lead, context);
  return el("customer", {}, [
    el("contact", { primarycontact: "1" }, [
      ...names,
      (email || !phone) &&
        el("email", { preferredcontact: preferred === "Email" ? "1" : undefined }, email ?? ""),
      phone && phoneElement(phone, preferred === "Phone" || preferred === "SMS"),
      postcode &&
        el("address", {}, [el("street", {}, ""), el("postalcode", {}, postcode), el("country", {}, "AU")]),
    ]),
    requestedAt &&
      el("timeframe", {}, [
        el("description", {}, "Preferred date and time"),
        el("earliestdate", {}, requestedAt),
      ]),
    comments.length > 0 && el("comments", {}, comments.join("\n")),
  ]);
}

/** The fields a kind writes into elements, so its comments leave them out. */
function fieldsWithElements(lead: AdfLead, context: AdfContext): Set<string> {
  const own = OWN_CAR_FIELDS[lead.kind] ?? [];
  const about = INTEREST[lead.kind] && lead.kind !== "sell_my_car" ? CAR_FIELDS : [];
  const dealership = DEALERSHIP_FIELDS.filter((field) => choseVendor(field, lead.fields[field], context));
  return new Set([...CONTACT_FIELDS, ...own, ...about, ...dealership, ...REDUNDANT_FIELDS]);
}

/** Whether a dealership field names the <vendor> location; one naming another stays in the comments. */
function choseVendor(field: string, value: unknown, { location, site }: AdfContext): boolean {
  if (!location) return false;
  if (field === "location_id" || field === "location") return sameId(location.id, value);
  if (field === "car_dealership_id") return sameId(location.dealership_id, value);
  const dealership = site.dealerships.find((d) => sameText(d.slug, value) || sameText(d.name, value));
  return (
    dealership !== undefined &&
    (dealership.slug === location.dealership_slug || dealership.id === location.dealership_id)
  );
}

function customerComments(lead: AdfLead, context: AdfContext): string[] {
  const fields = lead.fields;
  const lines: string[] = [];
  const notice = NOTICES[lead.kind];
  if (notice) lines.push(notice);
  const message = typeof fields.message === "string" ? fields.message.trim() : "";
  if (message) lines.push(message);
  const placed = fieldsWithElements(lead, context);
  const label = (field: string) =>
    field === "finance" && OWN_CAR_FIELDS[lead.kind]?.includes("finance") ? "Finance owing" : LABELS[field];
  const known = Object.keys(LABELS).filter((field) => field in fields);
  const unknown = Object.keys(fields).filter((field) => !(field in LABELS));
  for (const field of [...known, ...unknown]) {
    if (placed.has(field)) continue;
    if (field === "lead_attributes") {
      lines.push(...leadAttributeLines(fields.lead_attributes));
      continue;
    }
    const value = show(field, fields[field], context.timeZone);
    if (value !== undefined) lines.push(`${label(field) ?? field}: ${value}`);
  }
  return lines;
}

/** Spec §3 lead_attributes: pages seen this visit and the query the shopper arrived with. */
function leadAttributeLines(value: unknown): string[] {
  if (typeof value !== "object" || value === null) return [];
  const { visited_pages: pages, linked_query_params: params } = value as Record<string, unknown>;
  const lines: string[] = [];
  if (Array.isArray(pages) && pages.length > 0) lines.push(`Pages visited: ${pages.map(String).join(", ")}`);
  if (typeof params === "object" && params !== null && Object.keys(params).length > 0) {
    lines.push(
      `Arrived with: ${Object.entries(params)
        .map(([key, inner]) => `${key}=${String(inner)}`)
        .join(", ")}`,
    );
  }
  return lines;
}

function vendor(context: AdfContext): Element {
  const { site, location } = context;
  const dealership =
    (location &&
      site.dealerships.find((d) => d.slug === location.dealership_slug || d.id === location.dealership_id)) ??
    site.dealerships[0];
  const name = dealership?.name ?? site.name;
  const phones = [location?.contact_detail.phone, location?.contact_detail.landline_phone]
    .map((phone) => phone?.trim())
    .filter((phone, i, all): phone is string => Boolean(phone) && all.indexOf(phone) === i);
  const address = location?.address;
  return el("vendor", {}, [
    el("vendorname", {}, name),
    el("url", {}, site.url),
    el("contact", { primarycontact: "1" }, [
      el("name", { part: "full", type: "business" }, location?.name ?? name),
      // The DTD needs a phone or an email; a location without a phone has neither to give.
      ...(phones.length > 0 ? phones : [""]).map((phone) => el("phone", { type: "voice" }, phone)),
      address &&
        el("address", { type: "work" }, [
          el("street", { line: "1" }, address.street),
          el("city", {}, address.city),
          el("regioncode", {}, address.state.toUpperCase()),
          el("postalcode", {}, address.postcode),
          el("country", {}, "AU"),
        ]),
    ]),
  ]);
}

function provider(lead: AdfLead, site: Site): Element {
  return el("provider", {}, [
    el("name", { part: "full", type: "business" }, site.name),
    el("service", {}, SERVICES[lead.kind] ?? lead.kind),
    el("url", {}, site.url),
  ]);
}

/** The lead as a complete ADF 1.0 document. */
export function adfXml(lead: AdfLead, context: AdfContext): string {
  const prospect = el("prospect", { status: "new" }, [
    el("id", { sequence: "1", source: context.site.name }, lead.id),
    el("requestdate", {}, isoInZone(lead.created_at, context.timeZone)),
    ...vehicles(lead, context),
    customer(lead, context),
    vendor(context),
    provider(lead, context.site),
  ]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    render(el("adf", {}, [prospect])),
    "",
  ].join("\n");
}
