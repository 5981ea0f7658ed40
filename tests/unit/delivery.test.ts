/** Delivery calculator (spec §4, §5, §7, §8): postcode rules, region lookup, the tenant schema and GET /api/delivery. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkPostcode,
  DELIVERY_TEXTS,
  deliveryEstimate,
  formatDeliveryPrice,
  showsDeliveryCalculator,
} from "~/features/delivery/delivery";
import { createDeliveryHandler } from "~/features/delivery/delivery.server";
import { siteSchema } from "~/tenant/schema";
import { type DeliveryConfig, deliverySchema } from "~/tenant/schemas/delivery";
import type { TenantData } from "~/tenant/tenant.server";
import { makeSite, NOW } from "./helpers";

const config: DeliveryConfig = deliverySchema.parse({
  regions: [
    { name: "SEQ metro", price: 250, ranges: [{ from: "4000", to: "4230" }], postcodes: ["4305"] },
    { name: "Regional QLD", price: 750, ranges: [{ from: "4000", to: "4999" }] },
    {
      name: "Interstate",
      price: 1500,
      ranges: [
        { from: "2000", to: "3999" },
        { from: "0800", to: "0899" },
      ],
    },
  ],
});

describe("postcode is required (spec §5, §8)", () => {
  it.each<[string | null, string]>([
    [null, DELIVERY_TEXTS.postcodeRequired],
    ["", DELIVERY_TEXTS.postcodeRequired],
    ["   ", DELIVERY_TEXTS.postcodeRequired],
    ["400", DELIVERY_TEXTS.postcodeInvalid],
    ["40000", DELIVERY_TEXTS.postcodeInvalid],
    ["4OOO", DELIVERY_TEXTS.postcodeInvalid],
    ["-400", DELIVERY_TEXTS.postcodeInvalid],
  ])("rejects %j with %j", (input, error) => {
    expect(checkPostcode(input)).toEqual({ ok: false, error });
  });

  it.each([
    ["4000", "4000"],
    [" 4000 ", "4000"],
    ["40 00", "4000"],
    ["0800", "0800"],
  ])("accepts %j as %j", (input, postcode) => {
    expect(checkPostcode(input)).toEqual({ ok: true, postcode });
  });

  it("uses the spec's texts word for word", () => {
    expect(DELIVERY_TEXTS.postcodeRequired).toBe("Please enter a postcode.");
    expect(DELIVERY_TEXTS.noEstimate).toBe(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
  });
});

describe("delivery estimate by postcode (spec §3 Delivery estimate: price, name)", () => {
  it.each<[string, { price: number; name: string } | null]>([
    ["4000", { price: 250, name: "SEQ metro" }],
    ["4230", { price: 250, name: "SEQ metro" }],
    ["4231", { price: 750, name: "Regional QLD" }],
    ["4305", { price: 250, name: "SEQ metro" }],
    ["4999", { price: 750, name: "Regional QLD" }],
    ["2000", { price: 1500, name: "Interstate" }],
    ["0810", { price: 1500, name: "Interstate" }],
    ["6000", null],
    ["0200", null],
  ])("%s gives %j (first region in order wins, range ends included)", (postcode, estimate) => {
    expect(deliveryEstimate(postcode, config)).toEqual(estimate);
  });

  it("gives no estimate when the tenant has no regions", () => {
    expect(deliveryEstimate("4000", undefined)).toBeNull();
  });

  it.each([
    [250, "$250"],
    [1500, "$1,500"],
    [0, "Free"],
  ])("shows %d as %s", (price, text) => expect(formatDeliveryPrice(price)).toBe(text));

  it("shows the calculator only when the flag is on and the tenant has regions", () => {
    expect(showsDeliveryCalculator(makeSite({ delivery: config }))).toBe(true);
    expect(showsDeliveryCalculator(makeSite())).toBe(false);
    expect(
      showsDeliveryCalculator(makeSite({ delivery: config, features: { delivery_calculator: false } })),
    ).toBe(false);
  });
});

describe("delivery section of site.json", () => {
  it.each<[string, unknown, RegExp]>([
    [
      "a backwards range",
      { regions: [{ name: "A", price: 1, ranges: [{ from: "4999", to: "4000" }] }] },
      /lower postcode first/,
    ],
    ["a region without postcodes", { regions: [{ name: "A", price: 1 }] }, /at least one postcode/],
    ["a 3-digit postcode", { regions: [{ name: "A", price: 1, postcodes: ["800"] }] }, /4-digit/],
    ["a negative price", { regions: [{ name: "A", price: -5, postcodes: ["4000"] }] }, />=0/],
    ["no regions", { regions: [] }, /too_small|>=1/],
  ])("rejects %s", (_case, input, message) => {
    const result = deliverySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(message);
  });

  it.each(["harbourside-toyota", "outback-caravans", "westside-auto"])(
    "sample tenant %s has valid regions that price its own postcode",
    (slug) => {
      const raw = JSON.parse(readFileSync(path.join("tenants", slug, "site.json"), "utf8"));
      const site = siteSchema.parse(raw);
      const locations = JSON.parse(readFileSync(path.join("tenants", slug, "locations.json"), "utf8"));
      const own = locations[0].address.postcode as string;
      expect(site.delivery?.regions.length).toBeGreaterThan(1);
      expect(deliveryEstimate(own, site.delivery)).not.toBeNull();
    },
  );
});

describe("GET /api/delivery", () => {
  const site = makeSite({ delivery: config });
  const data = { site, locations: [], offers: [], pages: [], cars: [], now: NOW.toISOString() } as TenantData;
  const handler = createDeliveryHandler({
    tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
    snapshot: (slug) => (slug === "test-motors" ? data : null),
  });
  const get = async (query: string, init: RequestInit & { host?: string } = {}) => {
    const response = await handler(
      new Request(`http://localhost/api/delivery${query}`, {
        ...init,
        headers: { host: init.host ?? "test-motors.localhost:4321" },
      }),
    );
    return { status: response.status, body: await response.json() };
  };

  it("answers price and region name", async () => {
    expect(await get("?postcode=4000")).toEqual({ status: 200, body: { price: 250, name: "SEQ metro" } });
  });

  it("answers 404 with the spec's no-estimate text", async () => {
    expect(await get("?postcode=6000")).toEqual({ status: 404, body: { error: DELIVERY_TEXTS.noEstimate } });
  });

  it.each([
    ["", DELIVERY_TEXTS.postcodeRequired],
    ["?postcode=", DELIVERY_TEXTS.postcodeRequired],
    ["?postcode=abcd", DELIVERY_TEXTS.postcodeInvalid],
    ["?postcode=123456", DELIVERY_TEXTS.postcodeInvalid],
  ])("answers 400 for %j", async (query, error) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.error).toBe(error);
  });

  it("answers 404 for a site that has not been built and 405 for a POST", async () => {
    expect((await get("?postcode=4000", { host: "nobody.localhost" })).status).toBe(404);
    expect((await get("?postcode=4000", { method: "POST" })).status).toBe(405);
  });
});
