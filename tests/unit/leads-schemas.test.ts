/** Lead form schemas (spec §3 form submission fields, §5 validation texts), one table per concern. */
import { describe, expect, it } from "vitest";
import { formEventId, formFields, leadAnswer, submitButton } from "~/features/leads/forms";
import {
  DEFAULT_CATEGORY,
  LEAD_KINDS,
  type LeadKind,
  REQUEST_PHOTOS_MESSAGE,
  SIMILAR_CAR_SUBCATEGORY,
} from "~/features/leads/kinds";
import { formRulesFor, isHoneypotHit, isTooFast, retryDelayMs } from "~/features/leads/leads";
import { DEFAULT_FORM_RULES, LEAD_TEXTS, parseLead } from "~/features/leads/schemas";
import { makeSite, NOW } from "./helpers";
import { validBody } from "./leads-helpers";

const fieldsOf = (body: unknown, rules = DEFAULT_FORM_RULES) => {
  const result = parseLead(body, rules);
  return result.success ? {} : result.fields;
};

describe("every lead kind", () => {
  it.each(LEAD_KINDS)("accepts a complete %s and files it under its default category", (kind) => {
    const result = parseLead(validBody(kind));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.lead.kind).toBe(kind);
    expect(result.lead.category).toBe(DEFAULT_CATEGORY[kind]);
    expect(result.lead.phone).toBe("+61412345678");
    expect(result.lead.opt_in).toBe(true);
    // Anti-abuse envelope fields are not part of the lead.
    expect(result.lead).not.toHaveProperty("started_at");
    expect(result.lead).not.toHaveProperty("fax");
  });

  it.each(LEAD_KINDS)("asks a %s for name, email and phone in the shopper's words", (kind) => {
    expect(fieldsOf(validBody(kind, { name: " ", email: undefined, phone: "" }))).toMatchObject({
      name: LEAD_TEXTS.name,
      email: LEAD_TEXTS.email,
      phone: LEAD_TEXTS.phone,
    });
  });
});

describe("contact fields", () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ["an invalid email", { email: "jane@" }, { email: LEAD_TEXTS.emailInvalid }],
    ["a US phone number", { phone: "+1 212 555 0100" }, { phone: LEAD_TEXTS.phoneInvalid }],
    ["a too-short phone number", { phone: "0412 345" }, { phone: LEAD_TEXTS.phoneInvalid }],
    [
      "a 3-digit postcode",
      { postcode: "400" },
      { postcode: "Invalid postcode. Please enter a 4-digit number." },
    ],
    ["a postcode with letters", { postcode: "4OOO" }, { postcode: LEAD_TEXTS.postcode }],
    [
      "an unknown contact method",
      { PreferredContactMethod: "Fax" },
      { PreferredContactMethod: LEAD_TEXTS.contactMethod },
    ],
    [
      "a trade-in answer other than Yes or No",
      { "do-you-have-a-trade-in": "Maybe" },
      { "do-you-have-a-trade-in": LEAD_TEXTS.yesNo },
    ],
    ["an unknown car type", { car_type: "classic" }, { car_type: LEAD_TEXTS.carType }],
    ["a 5,001-character message", { message: "x".repeat(5001) }, { message: LEAD_TEXTS.tooLong(5000) }],
    ["a non-boolean opt-in", { opt_in: "maybe" }, { opt_in: LEAD_TEXTS.invalid }],
  ])("rejects %s", (_, overrides, expected) => {
    expect(fieldsOf(validBody("enquiry", overrides))).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>]>([
    ["a landline with area code", { phone: "(07) 3123 4567" }],
    ["an international mobile", { phone: "+61 412 345 678" }],
    ["a 1300 number", { phone: "1300 123 456" }],
    ["blank optional fields", { last_name: "", postcode: "", Rego: "", PreferredContactMethod: "" }],
    ["no postcode at all", { postcode: undefined }],
  ])("accepts %s", (_, overrides) => {
    expect(parseLead(validBody("enquiry", overrides)).success).toBe(true);
  });

  it("treats null (a radio group nobody answered) as not given", () => {
    const result = parseLead(
      validBody("sell_my_car", {
        last_name: null,
        postcode: null,
        PreferredContactMethod: null,
        finance: null,
        kms: null,
        opt_in: null,
        terms_conditions: null,
        location: null,
      }),
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.lead).toMatchObject({ opt_in: true });
    expect(result.lead).not.toHaveProperty("finance", null);
    expect(result.lead.last_name).toBeUndefined();
  });

  it("keeps the opt-in the shopper unticked", () => {
    const result = parseLead(validBody("enquiry", { opt_in: false }));
    expect(result.success && result.lead.opt_in).toBe(false);
  });
});

describe("kind-specific rules", () => {
  it.each<[LeadKind, Record<string, unknown>, Record<string, string>]>([
    ["enquiry", { message: "" }, { message: LEAD_TEXTS.message }],
    ["contact", { message: " " }, { message: LEAD_TEXTS.message }],
    ["enquiry", { category: 5 }, { category: LEAD_TEXTS.category }],
    ["test_drive", { date_time: "next tuesday" }, { date_time: LEAD_TEXTS.dateTime }],
    ["request_photos", { car_id: undefined }, { car_id: LEAD_TEXTS.vehicle }],
    ["finance_enquiry", { vehiclePriceBudget: "lots" }, { vehiclePriceBudget: LEAD_TEXTS.budget }],
    ["finance_apply", { vin: "JTDBR32E72012345O" }, { vin: LEAD_TEXTS.vin }],
    ["sell_my_car", { "Vehicle Make": "" }, { "Vehicle Make": LEAD_TEXTS.make }],
    ["sell_my_car", { "Vehicle Model": undefined }, { "Vehicle Model": LEAD_TEXTS.model }],
    ["sell_my_car", { year: 1850 }, { year: LEAD_TEXTS.year }],
    ["service_booking", { kms: "a lot" }, { kms: LEAD_TEXTS.kms }],
  ])("%s: rejects %j", (kind, overrides, expected) => {
    expect(fieldsOf(validBody(kind, overrides))).toEqual(expected);
  });

  it.each<[LeadKind, Record<string, unknown>]>([
    ["test_drive", { message: "", date_time: "" }],
    ["test_drive", { date_time: "2026-06-20T10:30:00+10:00" }],
    ["careers", { message: "" }],
    ["service_booking", { message: "" }],
  ])("%s: optional fields may be left empty (%j)", (kind, overrides) => {
    expect(parseLead(validBody(kind, overrides)).success).toBe(true);
  });

  it("defaults the enquiry category to General Enquiry", () => {
    const result = parseLead(validBody("enquiry", { category: "" }));
    expect(result.success && result.lead.category).toBe("General Enquiry");
  });

  it("asks for photos when the hidden request-photos field is empty", () => {
    const result = parseLead(validBody("request_photos", { message: "" }));
    expect(result.success && result.lead.message).toBe(REQUEST_PHOTOS_MESSAGE);
  });

  it("files a sold car's enquiry under Find me something similar", () => {
    const result = parseLead(validBody("find_me_something_similar", { message: "" }));
    expect(result.success && result.lead.subcategory).toBe(SIMILAR_CAR_SUBCATEGORY);
    expect(result.success && result.lead.message).toContain("similar");
  });

  it("reads finance budgets and kms given as text", () => {
    const finance = parseLead(validBody("finance_enquiry", { vehiclePriceBudget: "$30,000" }));
    expect(finance.success && finance.lead).toMatchObject({ vehiclePriceBudget: 30000 });
    const sell = parseLead(validBody("sell_my_car"));
    expect(sell.success && sell.lead).toMatchObject({ kms: 85000, year: 2018 });
  });

  it.each([undefined, "lease", 7, null])("rejects the kind %j", (kind) => {
    expect(fieldsOf({ ...validBody("enquiry"), kind })).toEqual({ kind: LEAD_TEXTS.kind });
  });

  it.each([null, [], "text", 42])("rejects a body that is not an object: %j", (body) => {
    expect(parseLead(body).success).toBe(false);
  });
});

describe("site form rules (spec §5)", () => {
  const multi = makeSite({
    dealerships: [
      { id: 1, slug: "north", name: "North" },
      { id: 2, slug: "south", name: "South" },
    ],
    features: { terms_checkbox: true, enquiry_comments_required: false },
  });
  const rules = formRulesFor(multi, []);

  it("reads the rules from site.json", () => {
    expect(rules).toEqual({
      commentsRequired: false,
      termsRequired: true,
      dealershipSlugs: ["north", "south"],
      dealershipRequired: true,
    });
    expect(formRulesFor(makeSite(), [])).toMatchObject({ commentsRequired: true, dealershipRequired: false });
  });

  it("requires the terms, and a known dealership on multi-dealership sites", () => {
    expect(fieldsOf(validBody("enquiry", { message: "" }), rules)).toEqual({
      terms_conditions: "* You must agree to the terms of use before submitting the form.",
      dealership_slug: LEAD_TEXTS.dealership,
    });
    expect(
      fieldsOf(validBody("enquiry", { terms_conditions: true, dealership_slug: "east" }), rules),
    ).toEqual({
      dealership_slug: LEAD_TEXTS.dealership,
    });
    expect(
      parseLead(
        validBody("enquiry", { message: "", terms_conditions: true, dealership_slug: "south" }),
        rules,
      ).success,
    ).toBe(true);
  });
});

describe("anti-abuse rules", () => {
  it.each<[string, unknown, boolean]>([
    ["1 second ago", NOW.getTime() - 1_000, true],
    ["1 second ago as ISO text", new Date(NOW.getTime() - 1_000).toISOString(), true],
    ["1 second ago as digits", String(NOW.getTime() - 1_000), true],
    ["exactly 3 seconds ago", NOW.getTime() - 3_000, false],
    ["a minute ago", NOW.getTime() - 60_000, false],
    ["in the future (a skewed clock proves nothing)", NOW.getTime() + 60_000, false],
    ["missing", undefined, false],
    ["unreadable", "soon", false],
  ])("a form started %s is too fast: %s", (_, startedAt, expected) => {
    expect(isTooFast(startedAt, NOW)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    ["", false],
    [undefined, false],
    [null, false],
    ["  ", false],
    ["http://spam.example", true],
    [0, true],
  ])("honeypot value %j is a hit: %s", (value, expected) => expect(isHoneypotHit(value)).toBe(expected));

  it("retries within seconds, then doubles up to the cap", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(50)).toBe(30 * 60_000);
  });
});

describe("analytics event ids of a form (spec §7)", () => {
  it.each<[LeadKind, number]>([
    ["enquiry", 22],
    ["contact", 22],
    ["test_drive", 22],
    ["careers", 51],
  ])("a %s form fires %i", (kind, id) => expect(formEventId(kind)).toBe(id));
});

describe("the fields a dialog asks for (spec §5)", () => {
  const names = (kind: LeadKind) => formFields(kind, { commentsRequired: true }).map((field) => field.name);
  it("Request Photos asks for contact details only: its message is the server's default", () => {
    expect(names("request_photos")).not.toContain("message");
    const lead = parseLead(validBody("request_photos", { message: undefined }));
    expect(lead.success && lead.lead.message).toBe(REQUEST_PHOTOS_MESSAGE);
  });
  it("spec §4 category select: required, default General Enquiry, offered on the General Enquiry form only", () => {
    const category = formFields("enquiry", { commentsRequired: true }).find((f) => f.name === "category");
    expect(category).toMatchObject({ type: "select", required: true });
    expect(category?.options?.map((option) => option.value)).toEqual([
      "General Enquiry",
      "Test Drive",
      "Finance Enquiry",
      "Service Booking",
    ]);
    for (const kind of ["contact", "test_drive", "finance_enquiry", "careers", "request_photos"] as const)
      expect(names(kind)).not.toContain("category");
    const lead = parseLead(validBody("enquiry", { category: undefined }));
    expect(lead.success && lead.lead.category).toBe("General Enquiry");
  });
  it("a test drive asks for an optional date-time and message", () => {
    expect(names("test_drive")).toEqual(expect.arrayContaining(["message"]));
    expect(
      formFields("test_drive", { commentsRequired: true }).find((f) => f.name === "message")?.required,
    ).not.toBe(true);
  });
});

describe("spec §4 submit states and §8 an answer without lead_id", () => {
  it("submitting: the button is disabled with a spinner and says Sending…", () => {
    expect(submitButton("idle", "Send Enquiry")).toEqual({
      disabled: false,
      spinner: false,
      text: "Send Enquiry",
    });
    expect(submitButton("submitting", "Send Enquiry")).toEqual({
      disabled: true,
      spinner: true,
      text: "Sending…",
    });
    expect(submitButton("success", "Send Enquiry")).toEqual({
      disabled: true,
      spinner: true,
      text: "Sending…",
    });
    expect(submitButton("failure", "Send Enquiry")).toEqual({
      disabled: false,
      spinner: false,
      text: "Send Enquiry",
    });
  });

  it("an answer with a lead_id is a success", () => {
    expect(leadAnswer(true, { lead_id: "4f1c2a9e-0000-4000-8000-000000000001" })).toEqual({
      status: "success",
      leadId: "4f1c2a9e-0000-4000-8000-000000000001",
    });
  });

  it.each<[string, boolean, unknown, string]>([
    ["an OK answer without lead_id", true, { ok: true }, "An unexpected error occured"],
    ["an OK answer with an empty lead_id", true, { lead_id: "" }, "An unexpected error occured"],
    ["an OK answer that is not JSON", true, null, "An unexpected error occured"],
    [
      "a refusal with the server's words",
      false,
      { error: "Please fix the following errors:" },
      "Please fix the following errors:",
    ],
    ["a refusal without words", false, null, "An error occurred when submitting this form"],
  ])("%s is a failure: %s", (_, ok, body, message) => {
    expect(leadAnswer(ok, body)).toEqual({ status: "failure", message });
  });
});
