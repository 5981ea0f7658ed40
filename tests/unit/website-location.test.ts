/**
 * Spec §4 "Website location required when shown" (site.json `forms.website_location`): which sites
 * and forms show the select, what it offers (the site's visible locations, sales first), that a
 * sole location is chosen for the shopper (spec §5), and that a lead must name one it offers,
 * whoever sends it. Literals from the spec and the outback-caravans fixture tenant.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formFields, websiteLocationField } from "~/features/leads/forms";
import { FORM_LEAD_KINDS, type LeadKind } from "~/features/leads/kinds";
import { formRulesFor } from "~/features/leads/leads";
import { DEFAULT_FORM_RULES, type LeadFormRules, parseLead } from "~/features/leads/schemas";
import { loadLocations, loadSite } from "~/tenant/load";
import { siteSchema } from "~/tenant/schema";
import { makeLocation, makeSite } from "./helpers";
import { validBody } from "./leads-helpers";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/e2e-tenants");
const outback = loadSite(FIXTURES, "outback-caravans");
const outbackLocations = loadLocations(FIXTURES, outback);
const harbourside = loadSite(FIXTURES, "harbourside-toyota");

/** outback-caravans' select: its three locations, sales first (primary Toowoomba, then Dalby). */
const OUTBACK_RULE = {
  label: "Preferred yard",
  locations: [
    { id: 4101, name: "Outback Caravans Toowoomba" },
    { id: 4103, name: "Outback Caravans Dalby" },
    { id: 4102, name: "Outback Caravans Service & Repairs" },
  ],
};
const shown: LeadFormRules = { ...DEFAULT_FORM_RULES, websiteLocation: OUTBACK_RULE };
const sole: LeadFormRules = {
  ...DEFAULT_FORM_RULES,
  websiteLocation: { label: "Location", locations: [{ id: 7, name: "Test Motors Brisbane" }] },
};

describe("site.json forms.website_location", () => {
  it("is off unless a site turns it on, labelled Location", () => {
    expect(makeSite().forms).toEqual({ website_location: { shown: false, label: "Location" } });
  });

  it("outback-caravans shows it as Preferred yard; harbourside-toyota does not", () => {
    expect(outback.forms.website_location).toEqual({ shown: true, label: "Preferred yard" });
    expect(harbourside.forms.website_location.shown).toBe(false);
  });

  it.each([
    ["an unknown key", { website_location: { shown: true, colour: "red" } }],
    ["an empty label", { website_location: { shown: true, label: " " } }],
    ["a label over 40 characters", { website_location: { shown: true, label: "x".repeat(41) } }],
    ["shown as a word", { website_location: { shown: "yes" } }],
  ])("refuses %s", (_, forms) => {
    const parsed = siteSchema.safeParse({ ...makeSite(), forms });
    expect(parsed.success).toBe(false);
  });
});

describe("the site's form rules", () => {
  it.each<[string, Parameters<typeof formRulesFor>, LeadFormRules["websiteLocation"]]>([
    ["shown: the visible locations, sales first", [outback, outbackLocations], OUTBACK_RULE],
    ["not shown", [harbourside, outbackLocations], undefined],
    ["shown on a site without locations: nothing to ask", [outback, []], undefined],
    [
      "shown with one location",
      [makeSite({ forms: { website_location: { shown: true } } }), [makeLocation({ id: 7 })]],
      { label: "Location", locations: [{ id: 7, name: "Test Motors Brisbane" }] },
    ],
  ])("%s", (_, args, expected) => {
    expect(formRulesFor(...args).websiteLocation).toEqual(expected);
  });

  it("a site without the select keeps the rules it had (the built pages do not change)", () => {
    expect(Object.keys(formRulesFor(harbourside, outbackLocations))).toEqual([
      "commentsRequired",
      "termsRequired",
      "dealershipSlugs",
      "dealershipRequired",
    ]);
  });
});

describe("the select on the forms", () => {
  const OUTBACK_FIELD = {
    name: "location",
    label: "Preferred yard",
    type: "select",
    required: true,
    placeholder: "Please select a dealership...",
    options: [
      { value: "4101", label: "Outback Caravans Toowoomba" },
      { value: "4103", label: "Outback Caravans Dalby" },
      { value: "4102", label: "Outback Caravans Service & Repairs" },
    ],
  };

  it.each<[string, LeadKind, LeadFormRules, string | number | undefined, unknown]>([
    ["contact form, shown", "contact", shown, undefined, OUTBACK_FIELD],
    ["enquiry of a car at a location it does not offer", "enquiry", shown, 3602, OUTBACK_FIELD],
    ["sold car's enquiry without a location", "find_me_something_similar", shown, undefined, OUTBACK_FIELD],
    ["enquiry of a car at Dalby: the car's yard, nothing to ask", "enquiry", shown, 4103, null],
    ["/contact-us/{location} page, the id as text", "contact", shown, "4101", null],
    ["test drive: not an enquiry form", "test_drive", shown, undefined, null],
    ["careers: not an enquiry form", "careers", shown, undefined, null],
    ["contact form, not shown", "contact", DEFAULT_FORM_RULES, undefined, null],
    [
      "one location: chosen for the shopper, no placeholder",
      "contact",
      sole,
      undefined,
      {
        name: "location",
        label: "Location",
        type: "select",
        required: true,
        defaultValue: "7",
        options: [{ value: "7", label: "Test Motors Brisbane" }],
      },
    ],
  ])("%s", (_, kind, rules, pageLocation, expected) => {
    expect(websiteLocationField(kind, rules, pageLocation)).toEqual(expected);
  });

  it("comes just before the comments", () => {
    const websiteLocation = websiteLocationField("enquiry", shown, undefined);
    expect(
      formFields("enquiry", { commentsRequired: true, websiteLocation }).map((field) => field.name),
    ).toEqual(["name", "last_name", "email", "phone", "postcode", "Rego", "category", "location", "message"]);
    expect(
      formFields("contact", { commentsRequired: true, websiteLocation: null }).map((field) => field.name),
    ).toEqual(["name", "last_name", "email", "phone", "postcode", "Rego", "message"]);
  });
});

describe("a lead must name a location the select offers (browser and server alike)", () => {
  const REFUSED = { location: "Please select a location." };

  it.each<[string, LeadKind, Record<string, unknown>, LeadFormRules, Record<string, string> | null]>([
    ["no location", "contact", {}, shown, REFUSED],
    ["a blank choice", "contact", { location: "" }, shown, REFUSED],
    ["an id the site does not have", "enquiry", { location: "9999" }, shown, REFUSED],
    ["harbourside-toyota's Hamilton (another tenant)", "contact", { location: 1101 }, shown, REFUSED],
    [
      "a hidden location (Sunstate Volkswagen Lismore, closed)",
      "contact",
      { location: 3602 },
      shown,
      REFUSED,
    ],
    ["a location_id naming another", "contact", { location: "4103", location_id: "4101" }, shown, REFUSED],
    ["a sold car's enquiry without one", "find_me_something_similar", {}, shown, REFUSED],
    ["Dalby", "contact", { location: "4103" }, shown, null],
    ["Dalby as a number", "enquiry", { location: 4103 }, shown, null],
    ["the same location_id", "contact", { location: "4101", location_id: 4101 }, shown, null],
    ["a test drive names none", "test_drive", {}, shown, null],
    ["a site that does not show it", "contact", {}, DEFAULT_FORM_RULES, null],
    ["nor checks one it was sent", "contact", { location: "1101" }, DEFAULT_FORM_RULES, null],
  ])("%s (%s)", (_, kind, fields, rules, refused) => {
    const parsed = parseLead(validBody(kind, fields), rules);
    expect(parsed.success ? null : parsed.fields).toEqual(refused);
  });

  it("the lead records the chosen id and its name; a name the shopper sent is not taken", () => {
    const parsed = parseLead(
      validBody("contact", { location: 4103, location_name: "Somewhere Else" }),
      shown,
    );
    expect(parsed.success && parsed.lead).toMatchObject({
      location: "4103",
      location_name: "Outback Caravans Dalby",
    });
  });

  it("a site without the select records no name", () => {
    const parsed = parseLead(validBody("contact", { location: "4103", location_name: "Dalby" }));
    expect(parsed.success && parsed.lead).not.toHaveProperty("location_name");
  });

  it("every form kind a shopper can post is checked by the same rule", () => {
    const refused = FORM_LEAD_KINDS.filter((kind) => !parseLead(validBody(kind), shown).success);
    expect(refused).toEqual(["enquiry", "contact", "find_me_something_similar"]);
  });
});
