/**
 * The EOFY sale (spec §2 /pages/eofy-sale, /eofy): its dates and their words, its config's
 * errors, the rows of cars it runs at build time, and the footer link while it is on.
 */
import { describe, expect, it } from "vitest";
import { chromePages, footerGroups } from "~/features/navigation/navigation";
import { EOFY_PATH, EOFY_TEXTS, eofyClosedMessage } from "~/features/offers/eofy";
import { runFixedLists } from "~/features/search/fixed-lists.server";
import { campaignState } from "~/lib/campaign";
import { ConfigError } from "~/tenant/errors";
import { siteSchema } from "~/tenant/schema";
import type { EofySale } from "~/tenant/schemas/eofy";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeSite, NOW } from "./helpers";

const SALE: EofySale = {
  title: "EOFY Sale",
  intro: "Deals to 30 June.",
  start: "2026-06-01T00:00:00+10:00",
  expiry: "2026-06-30T23:59:59+10:00",
  lists: [{ title: "New cars in the sale", filter: 'car_type = "new"', sort: "price_asc", limit: 4 }],
  disclaimer: "While stocks last.",
};

describe("the sale's dates (on from start to expiry, each optional)", () => {
  it.each([
    ["2026-05-31T13:59:59Z", "Australia/Brisbane", EOFY_TEXTS.upcoming("EOFY Sale", "1 Jun 2026")],
    ["2026-05-31T13:59:59Z", "Australia/Perth", EOFY_TEXTS.upcoming("EOFY Sale", "31 May 2026")],
    ["2026-05-31T14:00:00Z", "Australia/Brisbane", null],
    ["2026-06-30T13:59:59Z", "Australia/Brisbane", null],
    ["2026-06-30T14:00:00Z", "Australia/Brisbane", EOFY_TEXTS.ended("EOFY Sale")],
  ])("at %s in %s the page says %j", (at, zone, message) => {
    expect(eofyClosedMessage(SALE, new Date(at), zone)).toBe(message);
  });

  it("words each state for the shopper", () => {
    expect(EOFY_TEXTS.upcoming("EOFY Sale", "1 Jun 2027")).toBe(
      "Our EOFY Sale starts on 1 Jun 2027. Come back then for the deals.",
    );
    expect(EOFY_TEXTS.ended("EOFY Sale")).toBe(
      "Our EOFY Sale has ended. Thank you for your interest; see our latest offers instead.",
    );
  });

  it("offers, promos, Spin to Win and the sale share one window rule", () => {
    expect(campaignState({ start: null, expiry: null }, NOW)).toBe("open");
    expect(campaignState({ expiry: "2026-06-15T02:00:00Z" }, NOW)).toBe("open");
    expect(campaignState({ start: "2026-06-15T02:00:01Z" }, NOW)).toBe("upcoming");
  });
});

describe("eofy_sale in site.json", () => {
  it("is off unless configured", () => expect(siteSchema.parse(makeSite()).eofy_sale).toBeNull());

  it.each([
    [{ ...SALE, lists: [] }, "lists"],
    [{ ...SALE, lists: [{ title: "No filter" }] }, "lists"],
    [{ ...SALE, start: "1 June" }, "start"],
    [{ ...SALE, colour: "red" }, "eofy_sale"],
  ])("refuses %j (at %s)", (sale, field) => {
    const result = siteSchema.safeParse({ ...makeSite(), eofy_sale: sale });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join(".")).toContain(field);
  });
});

const tenantWith = (sale: EofySale, now = NOW): TenantData => ({
  site: makeSite({ eofy_sale: sale }),
  locations: [],
  offers: [],
  pages: [],
  cars: [
    makeCar({ id: 1, slug: "new-dear", car_type: "new", price: 40000 }),
    makeCar({ id: 2, slug: "new-cheap", car_type: "new", price: 25000 }),
    makeCar({ id: 3, slug: "used-one", car_type: "used", price: 15000 }),
  ],
  now: now.toISOString(),
});

describe("the rows of cars", () => {
  it("each list runs its filter, sort and limit on the tenant's index at build time", () => {
    const [row] = runFixedLists(tenantWith(SALE), SALE.lists, "eofy_sale.lists");
    expect(row?.title).toBe("New cars in the sale");
    expect(row?.cars.map((car) => car.slug)).toEqual(["new-cheap", "new-dear"]);
  });

  it("a filter the index cannot run fails the build, naming the field", () => {
    const broken = { ...SALE, lists: [{ ...SALE.lists[0], filter: "colour ~ red" }] } as EofySale;
    expect(() => runFixedLists(tenantWith(broken), broken.lists, "eofy_sale.lists")).toThrow(ConfigError);
    expect(() => runFixedLists(tenantWith(broken), broken.lists, "eofy_sale.lists")).toThrow(
      /eofy_sale\.lists\[0\]\.filter/,
    );
  });
});

describe("the footer links the sale until it ends", () => {
  const link = (tenant: TenantData) =>
    footerGroups(tenant.site, tenant.cars, new Set(chromePages(tenant).map((page) => page.slug)))
      .find((group) => group.title === "Buyer Tools")
      ?.links.find((item) => item.href === EOFY_PATH);

  it.each([
    ["2026-05-01T00:00:00Z", true],
    ["2026-06-15T00:00:00Z", true],
    ["2026-07-01T00:00:00Z", false],
  ])("built at %s: linked %s", (at, linked) => {
    const found = link(tenantWith(SALE, new Date(at)));
    expect(found ? found.label : null).toBe(linked ? "EOFY Sale" : null);
  });

  it("a site without a sale never links it", () => {
    expect(link({ ...tenantWith(SALE), site: makeSite() })).toBeUndefined();
  });
});
