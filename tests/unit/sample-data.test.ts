import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { publishFeed } from "~/features/stock/feed.server";
import { siteSchema } from "~/tenant/schema";
import { type Car, carSchema } from "~/tenant/schemas/car";
import { locationsFileSchema } from "~/tenant/schemas/locations";
import { offersFileSchema } from "~/tenant/schemas/offers";
import {
  benchTenant,
  contrastRatio,
  isValidVin,
  refreshSampleTenants,
  SAMPLE_TENANTS,
  type SampleTenantData,
  sampleTenant,
  stockFileText,
} from "../../scripts/sample-data";

const NOW = new Date("2026-06-15T00:00:00Z");
const NOW_S = NOW.getTime() / 1000;
const DAY_S = 86_400;
/** The day the committed sample offers were written: their windows sit around it. */
const OFFERS_WRITTEN = Date.parse("2026-11-22T00:00:00Z");

/** ISO 3779 / North American check digit, written out independently of the generator. */
const VIN_LETTERS: Record<string, number> = {};
for (const [letters, first] of [
  ["ABCDEFGH", 1],
  ["JKLMN", 1],
  ["STUVWXYZ", 2],
] as const) {
  [...letters].forEach((ch, i) => {
    VIN_LETTERS[ch] = first + i;
  });
}
VIN_LETTERS.P = 7;
VIN_LETTERS.R = 9;

function expectedCheckDigit(vin: string): string {
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce(
    (acc, ch, i) => acc + (/\d/.test(ch) ? Number(ch) : (VIN_LETTERS[ch] ?? NaN)) * (weights[i] ?? 0),
    0,
  );
  const r = sum % 11;
  return r === 10 ? "X" : String(r);
}

const tenants = new Map<string, SampleTenantData>();
beforeAll(() => {
  for (const profile of SAMPLE_TENANTS) tenants.set(profile.slug, sampleTenant(profile, NOW));
});
const tenant = (slug: string) => {
  const data = tenants.get(slug);
  if (!data) throw new Error(`no sample tenant ${slug}`);
  return data;
};
const slugs = SAMPLE_TENANTS.map((p) => p.slug);

it("checks VINs the way the standard's worked example does", () => {
  expect(expectedCheckDigit("1M8GDM9AXKP042788")).toBe("X");
  expect(isValidVin("1M8GDM9AXKP042788")).toBe(true);
  expect(isValidVin("1M8GDM9A1KP042788")).toBe(false);
});

describe("sample tenants", () => {
  it("are the five tenants the brief names", () => {
    expect(slugs).toEqual([
      "harbourside-toyota",
      "westside-auto",
      "sunstate-motor-group",
      "outback-caravans",
      "bayside-nissan",
    ]);
  });

  it.each(slugs)("%s: site.json, locations.json and offers.json validate with their schemas", (slug) => {
    const data = tenant(slug);
    const site = siteSchema.parse(data.site);
    const locations = locationsFileSchema.parse(data.locations);
    const offers = offersFileSchema.parse(data.offers);
    expect(site.slug).toBe(slug);
    const locationIds = new Set(locations.map((l) => l.id));
    for (const ref of site.locations) expect(locationIds.has(ref.id)).toBe(true);
    const dealershipIds = new Set(site.dealerships.map((d) => d.id));
    for (const l of locations) expect(dealershipIds.has(l.dealership_id)).toBe(true);
    expect(offers.length).toBeGreaterThanOrEqual(3);
    expect(offers.length).toBeLessThanOrEqual(8);
    expect(offers.some((o) => o.category === "Finance offer")).toBe(true);
    expect(offers.some((o) => o.description.length > 200)).toBe(true);
    expect(offers.some((o) => o.expiry && Date.parse(o.expiry) < OFFERS_WRITTEN)).toBe(true);
    expect(offers.some((o) => o.start && Date.parse(o.start) > OFFERS_WRITTEN)).toBe(true);
  });

  it.each(slugs)("%s: every car validates with carSchema and nothing is quarantined", (slug) => {
    const data = tenant(slug);
    const failures = data.stock.flatMap((car) => {
      const parsed = carSchema.safeParse(car);
      return parsed.success
        ? []
        : [`${car.id}: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`];
    });
    expect(failures).toEqual([]);
    const { report } = publishFeed({ cars: data.stock }, siteSchema.parse(data.site), NOW);
    expect(report.quarantined).toEqual([]);
    expect(report.published).toBeGreaterThan(data.stock.length * 0.8);
  });

  it.each(slugs)("%s: VINs carry a valid check digit and are unique", (slug) => {
    const vins = tenant(slug).stock.map((car) => car.vin ?? "");
    for (const vin of vins) {
      expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vin.charAt(8)).toBe(expectedCheckDigit(vin));
    }
    expect(new Set(vins).size).toBe(vins.length);
  });

  it.each(slugs)(
    "%s: ids, slugs and stock numbers are unique; slugs read year-make-model-badge-id",
    (slug) => {
      const cars = tenant(slug).stock;
      expect(new Set(cars.map((c) => c.id)).size).toBe(cars.length);
      expect(new Set(cars.map((c) => c.slug)).size).toBe(cars.length);
      expect(new Set(cars.map((c) => c.stocknum)).size).toBe(cars.length);
      for (const car of cars) {
        expect(car.slug.startsWith(`${car.year}-`)).toBe(true);
        expect(car.slug.endsWith(`-${car.id}`)).toBe(true);
        expect(car.name).toBe(`${car.year} ${car.make} ${car.model} ${car.badge}`);
      }
    },
  );

  it("car ids are unique across all sample tenants", () => {
    const ids = slugs.flatMap((slug) => tenant(slug).stock.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(slugs)("%s: cars point at the tenant's own dealerships and locations", (slug) => {
    const data = tenant(slug);
    const dealerships = new Map(data.site.dealerships.map((d) => [d.id, d.slug]));
    const locations = new Map(data.locations.map((l) => [l.id, l]));
    for (const car of data.stock) {
      expect(dealerships.get(car.dealership_id)).toBe(car.dealership_slug);
      const location = locations.get(car.location_id ?? -1);
      expect(location?.name).toBe(car.location_name);
      expect(location?.address.city).toBe(car.city);
      expect(location?.dealership_id).toBe(car.dealership_id);
    }
  });

  it.each(slugs)(
    "%s: sold cars fall both inside and outside the sold window, including near its edge",
    (slug) => {
      const data = tenant(slug);
      const windowS = siteSchema.parse(data.site).sold_window_days * DAY_S;
      const ages = data.stock
        .filter((c) => c.status === "sold" && c.sold_date_timestamp != null)
        .map((c) => NOW_S - (c.sold_date_timestamp ?? 0));
      expect(ages.some((age) => age <= windowS)).toBe(true);
      expect(ages.some((age) => age > windowS)).toBe(true);
      expect(ages.some((age) => age <= windowS && age > windowS - 3600)).toBe(true);
      expect(ages.some((age) => age > windowS && age < windowS + 3600)).toBe(true);
    },
  );

  it.each(slugs)("%s: the feed exercises prices, photos, tags and visibility", (slug) => {
    const cars = tenant(slug).stock;
    const some = (test: (car: Car) => boolean) => cars.some(test);
    expect(some((c) => c.price === 0 && c.preorder === true) || slug === "westside-auto").toBe(true);
    expect(some((c) => c.price === 0 && !c.preorder)).toBe(true);
    expect(some((c) => (c.before_price ?? 0) > c.price)).toBe(true);
    expect(cars.filter((c) => c.images.length === 1)).toHaveLength(1);
    expect(some((c) => c.images.length === 3)).toBe(true);
    expect(cars.filter((c) => c.images.length >= 8).length).toBeGreaterThan(cars.length * 0.7);
    expect(some((c) => c.show_on_dealer_website === false)).toBe(true);
    expect(some((c) => c.tag === "Test Drive Only")).toBe(true);
    expect(some((c) => c.status === "coming_soon")).toBe(true);
    expect(some((c) => NOW.getTime() - Date.parse(c.created_at ?? "") < 8 * DAY_S * 1000)).toBe(true);
    expect(some((c) => (c.dealercomments ?? "").length > 400)).toBe(true);
    expect(some((c) => c.dealercomments === "" || c.dealercomments === "-")).toBe(true);
    for (const car of cars) {
      if (car.car_type === "new") expect(car.km ?? 0).toBeLessThan(50);
      if (car.car_type === "demo") expect(car.km).toBeGreaterThanOrEqual(1000);
      if (car.simple_fuel === "Electric") expect(car.variant?.fuelconsumptioncombined ?? null).toBeNull();
    }
  });

  it("the franchise tenant has spins with hotspots, Angle weekly repayments, reserve deposits and trade-ins it filters out", () => {
    const data = tenant("harbourside-toyota");
    const spins = data.stock.filter((c) => c.spin_images?.length === 24);
    expect(spins.length).toBeGreaterThan(10);
    for (const car of spins) {
      const exterior = car.hotspots?.filter((h) => !h.interior) ?? [];
      expect(exterior.length).toBeGreaterThan(0);
      expect(car.hotspots?.some((h) => h.interior)).toBe(true);
      for (const h of exterior) {
        for (const p of h.positions) {
          expect(p.posX).toBeGreaterThanOrEqual(0);
          expect(p.posX).toBeLessThanOrEqual(100);
          expect(p.activeAngle).toBeGreaterThanOrEqual(0);
          expect(p.activeAngle).toBeLessThanOrEqual(360);
        }
      }
    }
    expect(data.stock.some((c) => (c.finance_lenders?.Angle?.paymentWeek ?? 0) > 0)).toBe(true);
    expect(data.stock.some((c) => c.reserve_deposit === 500)).toBe(true);
    expect(data.stock.some((c) => c.certified && c.make === "Toyota" && c.car_type === "used")).toBe(true);
    const { report } = publishFeed({ cars: data.stock }, siteSchema.parse(data.site), NOW);
    expect(report.hidden.make_filtered ?? 0).toBeGreaterThan(0);
    expect(report.hidden.stocknum_excluded).toBe(2);
  });

  it("the used-only tenant carries autograb data (some well under market) and new/demo rows it filters out", () => {
    const data = tenant("westside-auto");
    const withMarket = data.stock.filter((c) => c.autograb_data);
    expect(withMarket.length).toBeGreaterThan(data.stock.length / 2);
    expect(withMarket.some((c) => (c.autograb_data?.state_average_market_price ?? 0) - c.price >= 500)).toBe(
      true,
    );
    const { report } = publishFeed({ cars: data.stock }, siteSchema.parse(data.site), NOW);
    expect(report.hidden.car_type_filtered ?? 0).toBeGreaterThan(0);
  });

  it("the group tenant has six dealerships, nine or more locations and about 1,500 cars", () => {
    const data = tenant("sunstate-motor-group");
    const site = siteSchema.parse(data.site);
    expect(site.template).toBe("group");
    expect(site.dealerships.length).toBeGreaterThanOrEqual(5);
    expect(new Set(site.dealerships.flatMap((d) => d.manufacturers)).size).toBe(site.dealerships.length);
    expect(data.locations.filter((l) => l.visible).length).toBeGreaterThanOrEqual(9);
    expect(new Set(data.locations.map((l) => l.location_type))).toEqual(
      new Set(["sales", "service", "parts", "service-and-parts"]),
    );
    expect(
      data.locations.every((l) => l.special_hours.length > 0 && l.contact_detail.opening_hours.length === 7),
    ).toBe(true);
    expect(site.company_stats).toEqual({ locations: 50, brands: 40, years: 30 });
    expect(data.stock.length).toBeGreaterThanOrEqual(1400);
    expect(data.stock.length).toBeLessThanOrEqual(1600);
  });

  it("the caravan tenant lists caravans, motorhomes and camper trailers with their specs", () => {
    const cars = tenant("outback-caravans").stock;
    expect(new Set(cars.map((c) => c.item_type))).toEqual(
      new Set(["caravan", "motorhome", "camper trailer"]),
    );
    for (const car of cars) {
      expect(car.body_length).toBeGreaterThan(0);
      expect(car.tare_weight).toBeGreaterThan(0);
      expect(car.aggregate_trailer_mass).toBeGreaterThan(car.tare_weight ?? 0);
      expect(car.sleeps).toBeGreaterThan(0);
      expect(["Single", "Tandem"]).toContain(car.axle_type);
    }
    expect(cars.some((c) => c.price > 200000)).toBe(true);
  });

  it("the Nissan tenant quotes monthly Nissan Finance repayments", () => {
    const data = tenant("bayside-nissan");
    const site = siteSchema.parse(data.site);
    expect(site.default_viewer_mode).toBe("gallery");
    expect(site.finance_calculator.frequency).toBe("month");
    const lenders = data.stock.flatMap((c) =>
      c.finance_lenders?.["Nissan Finance"] ? [c.finance_lenders["Nissan Finance"]] : [],
    );
    expect(lenders.length).toBeGreaterThan(50);
    expect(lenders.every((l) => (l.paymentMonth ?? 0) > 0 && l.paymentWeek == null)).toBe(true);
  });

  it.each(slugs)("%s: theme colours are readable", (slug) => {
    const { theme } = siteSchema.parse(tenant(slug).site);
    expect(contrastRatio(theme.on_primary, theme.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.text, theme.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.accent, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.primary, theme.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.muted, theme.surface)).toBeGreaterThanOrEqual(4.5);
  });

  /**
   * Spec §2 servicing and content pages where they fit: a franchise dealer has capped price
   * servicing and roadside assist; the group has fleet, a buying centre and its Mitsubishi
   * dealer's owner programme.
   */
  const SERVICING_PAGES: Record<string, string[]> = {
    "harbourside-toyota": [
      "capped-price-servicing",
      "roadside-assist",
      "vehicle-parts-and-accessories",
      "warranty",
    ],
    "bayside-nissan": ["capped-price-servicing", "roadside-assist", "vehicle-parts-and-accessories"],
    "sunstate-motor-group": [
      "buying",
      "diamond-advantage",
      "fleet",
      "vehicle-parts-and-accessories",
      "warranty",
    ],
  };

  it.each(slugs)("%s: content pages carry a title and description", (slug) => {
    const dir = path.join("tenants", slug, "pages");
    const pages = Object.fromEntries(
      readdirSync(dir).map((file) => [file.replace(/\.md$/, ""), readFileSync(path.join(dir, file), "utf8")]),
    );
    expect(Object.keys(pages).sort()).toEqual(
      [
        "about-us",
        "finance",
        "privacy-policy",
        "service",
        "terms-and-conditions",
        "trade-in",
        ...(SERVICING_PAGES[slug] ?? []),
      ].sort(),
    );
    for (const text of Object.values(pages)) expect(text).toMatch(/^---\ntitle: .+\ndescription: .+\n---\n/);
    expect(pages["privacy-policy"]).toContain("within 7 days");
    expect(pages["privacy-policy"]).toContain("within 30 days");
  });

  it("each committed site.json names the dealerships and locations the stock generator places cars at", () => {
    for (const profile of SAMPLE_TENANTS) {
      const site = siteSchema.parse(tenant(profile.slug).site);
      expect(site.name, profile.slug).toBe(profile.name);
      expect(
        site.dealerships.map((d) => [d.id, d.slug, d.name, d.manufacturers]),
        profile.slug,
      ).toEqual(profile.dealerships.map((d) => [d.id, d.slug, d.name, d.makes]));
      expect(
        site.locations.map((l) => [l.id, l.location_type]),
        profile.slug,
      ).toEqual(profile.locations.map((l) => [l.id, l.type]));
    }
  });

  it("is deterministic: the same clock gives byte-identical files", () => {
    for (const profile of SAMPLE_TENANTS.filter((p) => p.count <= 300)) {
      const again = sampleTenant(profile, NOW);
      const first = tenant(profile.slug);
      expect(stockFileText(again.stock, NOW)).toBe(stockFileText(first.stock, NOW));
      expect(JSON.stringify([again.site, again.locations, again.offers])).toBe(
        JSON.stringify([first.site, first.locations, first.offers]),
      );
    }
  });

  it("makes benchmark tenants of any size that validate", () => {
    const bench = benchTenant("bench-1000", 1000, NOW);
    expect(bench.stock).toHaveLength(1000);
    const site = siteSchema.parse(bench.site);
    locationsFileSchema.parse(bench.locations);
    offersFileSchema.parse(bench.offers);
    const { report } = publishFeed({ cars: bench.stock }, site, NOW);
    expect(report.quarantined).toEqual([]);
  });
});

describe("refreshing sample tenants on disk", () => {
  it("writes a missing or stale feed and leaves the committed files alone", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sample-tenants-"));
    try {
      cpSync("tenants", dir, { recursive: true, filter: (file) => path.basename(file) !== "stock.json" });
      const first = refreshSampleTenants(dir, NOW);
      expect(first.present.map((p) => p.slug)).toEqual(slugs);
      expect(first.written).toBe(slugs.length);
      expect(refreshSampleTenants(dir, NOW).written).toBe(0);

      const siteFile = path.join(dir, "bayside-nissan", "site.json");
      const edited = `${readFileSync(siteFile, "utf8").trimEnd()}\n`;
      writeFileSync(siteFile, edited);
      const tomorrow = new Date(NOW.getTime() + DAY_S * 1000);
      const refreshed = refreshSampleTenants(dir, tomorrow);
      expect(refreshed.written).toBe(slugs.length);
      const feed = readFileSync(path.join(dir, "bayside-nissan", "stock.json"), "utf8");
      expect(feed.startsWith('{"generated_for":"2026-06-16"')).toBe(true);
      expect(readFileSync(siteFile, "utf8")).toBe(edited);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
