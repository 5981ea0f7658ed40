/** Reading a lead's fields, and what each lead kind and field is called in a CRM's eyes. */
import { formatMoney } from "~/lib/format";
import { DELIVERY_CHECK_NOTICE } from "../delivery-check";
import { requestedTime } from "./context";
// ---------------------------------------------------------------- reading lead fields

/** A field as text, trimmed; undefined when absent or blank. */
export function text(fields: Record<string, unknown>, field: string): string | undefined {
  const value = fields[field];
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

export function amount(fields: Record<string, unknown>, field: string): number | undefined {
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
export const MONEY_FIELDS = new Set(["vehiclePriceBudget", "amount_owing", "expected_price"]);

export const VEHICLE_STATUS_WORDS: Record<string, string> = {
  in_stock: "In stock",
  sold: "Sold",
  coming_soon: "Coming soon",
};

/** A value on one comments line. */
export function show(field: string, value: unknown, timeZone: string): string | undefined {
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

export type Interest = "buy" | "test-drive" | "sell";

/** The <vehicle interest> of the car a lead is about; kinds not listed are about no car to buy. */
export const INTEREST: Record<string, Interest> = {
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

export const FINANCE_KINDS = new Set(["finance_enquiry", "finance_pre_approval", "finance_apply"]);

/** The form or page a lead came from: the provider's <service>. */
export const SERVICES: Record<string, string> = {
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
  delivery_check: "Delivery check (TEST, do not action)",
};

/** What a lead about no vehicle is, in its empty <vehicle>'s comments. */
export const NO_VEHICLE: Record<string, string> = {
  contact: "No vehicle: a message from the contact form.",
  careers: "No vehicle: a job enquiry.",
  spin_to_win: "No vehicle: a Spin to Win entry.",
  unsubscribe: "No vehicle: an unsubscribe notice, not a vehicle enquiry.",
  online_payment: "No vehicle: an online payment notice, not a vehicle enquiry.",
  delivery_check: "No vehicle: a test lead from the daily delivery check.",
};

/** The first line a notice's customer comments start with. */
export const NOTICES: Record<string, string> = {
  unsubscribe: "Unsubscribe: this address asks to receive no more offers or product updates.",
  online_payment: "Online payment received",
  delivery_check: DELIVERY_CHECK_NOTICE,
};

/** Labels of the fields that have no element, in the order the dealer reads them. */
export const LABELS: Record<string, string> = {
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
  reservation_id: "Reservation id",
  reserved_until: "Reserved until",
  offer_accepted: "Offer accepted",
  form_completed: "Form completed",
  lead_id: "Accepted offer on lead",
  dealership_slug: "Dealership",
  preferredDealership: "Preferred dealership",
  location_id: "Location id",
  location: "Location id",
  location_name: "Location",
  car_dealership_id: "Car's dealership id",
  page_id: "Page id",
  url: "Page",
  source: "Source",
  user_agent: "Browser",
  opt_in: "Subscribe to offers",
  unsubscribed_at: "Unsubscribed from offers",
  terms_conditions: "Agreed to the terms of use",
};

/** Fields every kind writes into elements of their own. */
export const CONTACT_FIELDS = ["name", "last_name", "email", "phone", "postcode", "message"];
/** The car a lead is about: its <vehicle>. */
export const CAR_FIELDS = ["car_id", "stock_number", "vin", "car_type", "Vehicle Make", "Vehicle Model"];
/** The shopper's own car (trade-in, sell my car, service): its <vehicle>. */
export const OWN_CAR_FIELDS: Record<string, string[]> = {
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
export const DEALERSHIP_FIELDS = [
  "location_id",
  "location",
  "location_name",
  "dealership_slug",
  "preferredDealership",
  "car_dealership_id",
];
/** The same figure as `amount`, in cents, for machines. */
export const REDUNDANT_FIELDS = ["amount_cents"];
