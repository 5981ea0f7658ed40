/**
 * Consent records (Spam Act s 16, Sch 2) and the collection notice (APP 5), as pure rules: what the
 * opt-in box shows, what a lead records of it, what each form's notice says for a tenant.
 */
import { describe, expect, it } from "vitest";
import { adfXml } from "~/features/leads/outbox/adf/document";
import { consentLine, consentRecord, optInFor, pageOf } from "~/features/privacy/consent";
import { collectionNotice } from "~/features/privacy/notice";
import { siteSchema } from "~/tenant/schema";
import { privacySchema } from "~/tenant/schemas/privacy";

const SPEC_TEXT = "Yes, I would like to subscribe to receive latest offers & product updates.";
const AT = new Date("2026-12-15T23:30:00Z");
const site = (
  privacy: Record<string, unknown> = {},
  optIn: Partial<{ visible: boolean; default_checked: boolean }> = {},
) => ({
  name: "Westside Auto",
  opt_in: { visible: true, default_checked: true, text: SPEC_TEXT, ...optIn },
  privacy: privacySchema.parse(privacy),
});

describe("the opt-in box", () => {
  it("starts unticked unless the dealer accepts a pre-ticked box as consent", () => {
    expect(optInFor(site())).toEqual({ visible: true, default_checked: false, text: SPEC_TEXT });
    expect(optInFor(site({ accept_pre_ticked_opt_in: true }))).toEqual({
      visible: true,
      default_checked: true,
      text: SPEC_TEXT,
    });
    // A dealer who never pre-ticks keeps an unticked box either way.
    expect(
      optInFor(site({ accept_pre_ticked_opt_in: true }, { default_checked: false })).default_checked,
    ).toBe(false);
  });
});

describe("the consent a lead records", () => {
  it("a ticked box: the exact words, the form, the page and the time", () => {
    const record = consentRecord(site(), {
      form: "enquiry",
      optedIn: true,
      page: "/cars/2019-mazda-cx5?x=1",
      at: AT,
    });
    expect(record).toEqual({
      asked: true,
      opted_in: true,
      wording: SPEC_TEXT,
      pre_ticked: false,
      form: "enquiry",
      page: "/cars/2019-mazda-cx5?x=1",
      at: "2026-12-15T23:30:00.000Z",
    });
    expect(consentLine(record)).toBe(
      `Offers: consented by ticking the box "${SPEC_TEXT}" (enquiry form on /cars/2019-mazda-cx5?x=1, 2026-12-15T23:30:00.000Z).`,
    );
  });

  it("a box left pre-ticked is recorded as such", () => {
    const record = consentRecord(site({ accept_pre_ticked_opt_in: true }), {
      form: "trade_in",
      optedIn: true,
      page: "https://www.westside-auto.example.com.au/trade-in",
      at: AT,
    });
    expect(record).toMatchObject({ opted_in: true, pre_ticked: true, page: "/trade-in" });
    expect(consentLine(record)).toContain('consented by leaving a pre-ticked box ticked "Yes, I would like');
  });

  it("a hidden box is no consent, unless the dealer accepts the spec's default", () => {
    const hidden = { visible: false };
    expect(consentRecord(site({}, hidden), { form: "contact", optedIn: true, page: null, at: AT })).toEqual({
      asked: false,
      opted_in: false,
      wording: null,
      pre_ticked: false,
      form: "contact",
      page: null,
      at: "2026-12-15T23:30:00.000Z",
    });
    const accepted = consentRecord(site({ accept_pre_ticked_opt_in: true }, hidden), {
      form: "contact",
      optedIn: true,
      page: "/contact",
      at: AT,
    });
    expect(accepted).toMatchObject({ asked: false, opted_in: true, pre_ticked: true });
    expect(consentLine(accepted)).toBe(
      "Offers: consent assumed, no box shown (contact form on /contact, 2026-12-15T23:30:00.000Z).",
    );
  });

  it("a shown box that did not come back ticked is no consent, whatever a default says", () => {
    for (const optedIn of [undefined, null, "yes"]) {
      expect(consentRecord(site(), { form: "enquiry", optedIn, page: null, at: AT }).opted_in).toBe(false);
    }
    // Without a box, the dealer who accepts the spec's default has it unless the request said no.
    const hidden = site({ accept_pre_ticked_opt_in: true }, { visible: false });
    expect(consentRecord(hidden, { form: "contact", optedIn: undefined, page: null, at: AT }).opted_in).toBe(
      true,
    );
    expect(consentRecord(hidden, { form: "contact", optedIn: false, page: null, at: AT }).opted_in).toBe(
      false,
    );
  });

  it("an unticked box is no consent", () => {
    const record = consentRecord(site(), { form: "enquiry", optedIn: false, page: "/contact", at: AT });
    expect(record.opted_in).toBe(false);
    expect(consentLine(record)).toBe(
      "Offers: no consent (enquiry form on /contact, 2026-12-15T23:30:00.000Z).",
    );
  });

  it.each([
    ["//evil.example/x", null],
    ["javascript:alert(1)", null],
    ["/a\nb", null],
    [42, null],
    [`/${"a".repeat(300)}`, null],
    ["/contact-us/perth", "/contact-us/perth"],
  ])("keeps %j as the page %j", (value, page) => {
    expect(pageOf(value)).toBe(page);
  });
});

describe("the collection notice", () => {
  it("names the legal name when set, else the site's name, and links the policy", () => {
    expect(collectionNotice(site({ legal_name: "Westside Auto Pty Ltd" }), "enquiry")).toEqual({
      text:
        "Westside Auto Pty Ltd collects these details to answer your enquiry and, if you tick the box, to send you offers. " +
        "We share them with our customer management system.",
      linkText: "Our privacy policy says how to see, correct or complain about them.",
      policyHref: "/privacy-policy",
    });
    expect(
      collectionNotice(site({ policy_href: "https://group.example.com.au/privacy" }), "payment"),
    ).toMatchObject({
      text:
        "Westside Auto collects these details to take your payment and contact you about it. We share them with " +
        "our payment provider Stripe, which may process them outside Australia, and our customer management system.",
      policyHref: "https://group.example.com.au/privacy",
    });
    expect(collectionNotice(site(), "garage").text).toBe(
      "Westside Auto collects these details to keep your vehicles in My Garage. We share them with no one else.",
    );
    expect(collectionNotice(site(), "sign-in").text).toBe(
      "Westside Auto collects these details to text you a sign-in code and keep your account. We share them with our SMS provider.",
    );
  });

  it("refuses a policy link that could run script", () => {
    expect(privacySchema.safeParse({ policy_href: "javascript:alert(1)" }).success).toBe(false);
  });
});

describe("the consent and the unsubscribe mark reach the dealer's CRM in ADF", () => {
  it("as comment lines a dealer can read", () => {
    const westside = siteSchema.parse({
      name: "Westside Auto",
      slug: "westside-auto",
      template: "independent",
      url: "https://www.westside-auto.example.com.au",
      feed: "stock.json",
      tagline: "Quality cars",
      dealerships: [{ id: 1, slug: "westside-auto", name: "Westside Auto" }],
      logo: { url: "/media/logo.svg", alt: "Westside Auto", width: 160, height: 40 },
    });
    const consent = consentRecord(site(), { form: "contact", optedIn: true, page: "/contact", at: AT });
    const xml = adfXml(
      {
        id: "00000000-0000-4000-8000-000000000001",
        kind: "contact",
        fields: {
          name: "Jane",
          email: "jane@example.com.au",
          opt_in: false,
          consent,
          unsubscribed_at: "2026-12-11T09:00:00.000Z",
        },
        created_at: AT,
      },
      {
        site: westside,
        car: null,
        location: null,
        timeZone: "Australia/Perth",
        valuationFromProvider: false,
      },
    );
    expect(xml).toContain(
      "Offers: consented by ticking the box &quot;Yes, I would like to subscribe to receive latest offers &amp; product updates.&quot; " +
        "(contact form on /contact, 2026-12-15T23:30:00.000Z).",
    );
    expect(xml).toContain("Unsubscribed from offers: 2026-12-11T09:00:00.000Z");
    expect(xml).toContain("Subscribe to offers: No");
  });
});
