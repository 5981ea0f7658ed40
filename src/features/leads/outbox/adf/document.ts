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
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { consentLine, isConsentRecord } from "~/features/privacy/consent";
import { saleAmount } from "~/features/stock/stock";
import { formatMoney } from "~/lib/format";
import type { Site } from "~/tenant/schema";
import { ADJUSTMENT_QUESTIONS } from "../../trade-in/questions";
import { type AdfContext, type AdfLead, isoInZone, requestedTime, sameId, sameText } from "./context";
import {
  amount,
  CAR_FIELDS,
  CONTACT_FIELDS,
  DEALERSHIP_FIELDS,
  FINANCE_KINDS,
  INTEREST,
  type Interest,
  LABELS,
  NO_VEHICLE,
  NOTICES,
  OWN_CAR_FIELDS,
  REDUNDANT_FIELDS,
  SERVICES,
  show,
  text,
} from "./fields";
import { el, render, type XmlElement } from "./xml";

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

function carVehicle(lead: AdfLead, context: AdfContext, interest: Interest): XmlElement {
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
function ownVehicle(lead: AdfLead, context: AdfContext): XmlElement {
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

function noVehicle(lead: AdfLead): XmlElement {
  return el("vehicle", {}, [
    el("year", {}, ""),
    el("make", {}, ""),
    el("model", {}, ""),
    el("comments", {}, NO_VEHICLE[lead.kind] ?? "No vehicle."),
  ]);
}

function vehicles(lead: AdfLead, context: AdfContext): XmlElement[] {
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

function phoneElement(phone: string, preferred: boolean): XmlElement {
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

function customer(lead: AdfLead, context: AdfContext): XmlElement {
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
  if (field === "location_name") return sameText(location.name, value);
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
    // The consent record reads as one sentence a dealer can keep as evidence (privacy/consent.ts).
    if (field === "consent" && isConsentRecord(fields.consent)) {
      lines.push(consentLine(fields.consent));
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

function vendor(context: AdfContext): XmlElement {
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

function provider(lead: AdfLead, site: Site): XmlElement {
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
