/**
 * Incremental-build keys (src/snapshot/page-cache.server.ts): a vehicle page is reused only while
 * nothing it shows has changed: the car, the rest of the tenant, the header and footer, and the
 * car's time rules at the build's clock. Its similar cars come from the search service in the
 * browser, so another car's price is not on the page.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { modelPageView, tenantBrands } from "~/features/brands/brands.server";
import { loadTenant } from "~/snapshot/load-tenant.server";
import { pageKey, vehiclePageKey } from "~/snapshot/page-cache.server";
import type { Car } from "~/tenant/schemas/car";
import type { TenantData } from "~/tenant/tenant.server";

const NOW = new Date("2026-11-18T00:00:00Z");
let base: TenantData;

beforeAll(async () => {
  base = (await loadTenant(path.resolve("tests/fixtures/tenants"), "fixture-motors", NOW)).data;
});

/** A fresh snapshot (as each build reads its own), optionally changed. */
function tenant(change: (data: TenantData) => void = () => {}): TenantData {
  const copy = structuredClone(base);
  change(copy);
  return copy;
}

const first = (data: TenantData): Car => data.cars[0] as Car;
const keyOfFirst = (data: TenantData) => vehiclePageKey(first(data), data);

describe("vehiclePageKey", () => {
  it("is the same for the same data in another build", () => {
    expect(keyOfFirst(tenant())).toBe(keyOfFirst(tenant()));
  });

  it("differs between cars", () => {
    const data = tenant();
    expect(vehiclePageKey(data.cars[0] as Car, data)).not.toBe(vehiclePageKey(data.cars[1] as Car, data));
  });

  it.each<[string, (data: TenantData) => void]>([
    [
      "the car's price changes",
      (data) => {
        first(data).price += 1000;
      },
    ],
    [
      "the car's comments change",
      (data) => {
        first(data).dealercomments = "<p>Now with new tyres.</p>";
      },
    ],
    [
      "the site's name changes (header, footer, titles)",
      (data) => {
        data.site.name = "Another Motors";
      },
    ],
    [
      "a location's phone changes",
      (data) => {
        (data.locations[0] as (typeof data.locations)[0]).contact_detail.phone = "0299990000";
      },
    ],
    [
      "a car of a new make joins the feed (menus)",
      (data) => {
        data.cars.push({ ...first(data), id: 424242, slug: "2026-new-car-424242", make: "Lotus" });
      },
    ],
    [
      "the footer's year turns",
      (data) => {
        data.now = "2027-01-01T00:00:00.000Z";
      },
    ],
  ])("changes when %s", (_, change) => {
    expect(keyOfFirst(tenant(change))).not.toBe(keyOfFirst(tenant()));
  });

  it("moves only the changed car's key when another car's price changes", () => {
    const data = tenant();
    const before = new Map(data.cars.map((car) => [car.id, vehiclePageKey(car, data)]));
    const changed = tenant((copy) => {
      (copy.cars[1] as Car).price += 500;
    });
    const moved = changed.cars
      .filter((car) => vehiclePageKey(car, changed) !== before.get(car.id))
      .map((car) => car.id);
    expect(moved).toEqual([(changed.cars[1] as Car).id]);
  });

  it("changes when the clock flips a time rule (Just Arrived), and not for a clock that flips none", () => {
    const arrived = tenant((data) => {
      first(data).created_at = "2026-11-17T00:00:00Z";
    });
    const later = (data: TenantData, iso: string) => {
      data.now = iso;
    };
    const sameDay = tenant((data) => {
      first(data).created_at = "2026-11-17T00:00:00Z";
      later(data, "2026-11-18T06:00:00.000Z");
    });
    const monthLater = tenant((data) => {
      first(data).created_at = "2026-11-17T00:00:00Z";
      later(data, "2026-12-18T00:00:00.000Z");
    });
    expect(keyOfFirst(sameDay)).toBe(keyOfFirst(arrived));
    expect(keyOfFirst(monthLater)).not.toBe(keyOfFirst(arrived));
  });
});

describe("pageKey (search pages: shared chrome plus the props that hold all else they show)", () => {
  const props = { title: "Used Cars for Sale", hits: [{ id: 1, price: 20000 }] };

  it("is the same for the same props and tenant data", () => {
    expect(pageKey(tenant(), props)).toBe(pageKey(tenant(), structuredClone(props)));
  });

  it("changes with the props (a listed car's price) and with the shared inputs", () => {
    expect(pageKey(tenant(), { ...props, hits: [{ id: 1, price: 19500 }] })).not.toBe(
      pageKey(tenant(), props),
    );
    const renamed = tenant((data) => {
      data.site.name = "Another Motors";
    });
    expect(pageKey(renamed, props)).not.toBe(pageKey(tenant(), props));
  });
});

describe("customer reviews and the build cache", () => {
  it("a new review (shown on the home page only, which is never cached) keeps vehicle and search pages cached", () => {
    const reviewed = tenant((data) => {
      data.reviews = {
        average_rating: 4.5,
        count: 12,
        reviews: [{ id: 1, customer_name: "Ann", text: "Great.", rating: 5, review_date: "2026-11-17" }],
      };
    });
    expect(keyOfFirst(reviewed)).toBe(keyOfFirst(tenant()));
    expect(pageKey(reviewed, { a: 1 })).toBe(pageKey(tenant(), { a: 1 }));
  });
});

describe("model pages (/{model slug}): the key hashes the page's view", () => {
  /** fixture-motors as a Mazda dealer with a CX-5 offer running 1 to 30 November 2026. */
  const mazdaDealer = (change: (data: TenantData) => void = () => {}) =>
    tenant((data) => {
      data.site.manufacturer = "Mazda";
      data.offers = [
        {
          id: 77,
          name: "CX-5 runout",
          description: "",
          disclaimer: "",
          excluded_website_ids: [],
          model: { name: "CX-5", slug: "cx-5" },
          start: "2026-11-01T00:00:00+10:00",
          expiry: "2026-11-30T23:59:59+10:00",
        },
      ];
      change(data);
    });
  const cx5Key = (data: TenantData) => {
    const model = tenantBrands(data).models.find((page) => page.slug === "cx-5");
    if (!model) throw new Error("no CX-5 page");
    return pageKey(data, modelPageView(data, model));
  };

  it("shows the CX-5 in stock and its running offer", () => {
    const data = mazdaDealer();
    const model = tenantBrands(data).models.find((page) => page.slug === "cx-5");
    const view = model && modelPageView(data, model);
    expect(view?.count).toBe(1);
    expect(view?.cars.map((car) => car.id)).toEqual([1000]);
    expect(view?.offers.map((offer) => offer.id)).toEqual([77]);
  });

  it.each<[string, (data: TenantData) => void]>([
    [
      "its car's price changes",
      (data) => {
        (data.cars.find((car) => car.id === 1000) as Car).price = 30990;
      },
    ],
    [
      "its offer ends by the build's clock, its data unchanged",
      (data) => {
        data.now = "2026-12-01T01:00:00.000Z";
      },
    ],
  ])("changes when %s", (_, change) => {
    expect(cx5Key(mazdaDealer(change))).not.toBe(cx5Key(mazdaDealer()));
  });

  it("stays when another model's car changes", () => {
    const changed = mazdaDealer((data) => {
      (data.cars.find((car) => car.id === 1001) as Car).price = 20990;
    });
    expect(cx5Key(changed)).toBe(cx5Key(mazdaDealer()));
  });
});

describe("client:only islands and the build cache", () => {
  // Astro 7.2's incremental build folds a client:only island's bundle into its page's key by the
  // import specifier; a `~/…` alias is never resolved there, so a change to the island's code
  // alone (a dependency only the browser bundle resolves, scripts/lib/slim-browser-deps.ts)
  // left reused pages pointing at a bundle that no longer exists.
  it("imports every client:only component by a relative path", () => {
    const pages = readdirSync("src", { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".astro"),
    );
    const clientOnly: string[] = [];
    for (const file of pages) {
      const source = readFileSync(path.join("src", file), "utf8");
      for (const [, name] of source.matchAll(/<([A-Z]\w*)[^>]*\sclient:only\b/g)) {
        const specifier = source.match(new RegExp(`import\\s+${name}\\s+from\\s+"([^"]+)"`))?.[1];
        clientOnly.push(`${file}: ${name} from ${specifier}`);
        expect(specifier, `${file}: ${name}`).toMatch(/^\.\.?\//);
      }
    }
    expect(clientOnly).toContain(
      "pages/search/[...path].astro: SearchApp from ../../features/search/ui/SearchApp",
    );
  });
});
