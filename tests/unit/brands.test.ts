/** Brands and models (spec §2 /brands, /{brand}/overview, /{model slug}, brand tiles). */
import { describe, expect, it } from "vitest";
import {
  brandModels,
  brandOffers,
  franchisedMakes,
  modelCars,
  modelPages,
  siteBrands,
} from "~/features/brands/brands";
import type { CarSearchDocument } from "~/features/search/documents";

type Doc = Pick<CarSearchDocument, "make" | "model" | "price" | "sold" | "image" | "car_type">;
const doc = (make: string, model: string, price: number, extra: Partial<Doc> = {}): Doc => ({
  make,
  model,
  price,
  sold: false,
  image: `/media/${model}.jpg`,
  car_type: "new",
  ...extra,
});

const nissanSite = { manufacturer: "Nissan", dealerships: [{ manufacturers: ["Nissan"] }] };
const groupSite = {
  manufacturer: null,
  dealerships: [{ manufacturers: ["Mazda"] }, { manufacturers: ["Kia", "mazda"] }],
};
const independent = { manufacturer: null, dealerships: [{ manufacturers: [] }] };

const DOCS: Doc[] = [
  doc("Nissan", "Navara", 45990),
  doc("Nissan", "Navara", 38990, { car_type: "used", image: "/media/used-navara.jpg" }),
  doc("Nissan", "Navara", 0),
  doc("Nissan", "X-Trail", 41990),
  doc("Nissan", "Patrol", 89990, { sold: true }),
  doc("Toyota", "HiLux", 39990, { car_type: "used" }),
  doc("Toyota", "Corolla", 21990, { car_type: "used" }),
  doc("Ford", "Ranger", 49990, { car_type: "used" }),
];

describe("the makes a site is a dealer for", () => {
  it.each([
    ["a one-make franchise", nissanSite, ["Nissan"]],
    ["a group, in config order, each make once whatever its case", groupSite, ["Mazda", "Kia"]],
    ["an independent", independent, []],
  ])("%s", (_, site, makes) => {
    expect(franchisedMakes(site)).toEqual(makes);
  });
});

describe("brand tiles", () => {
  it("the dealer's own makes first, then the rest by cars for sale, most first; sold cars not counted", () => {
    expect(
      siteBrands(nissanSite, DOCS).map((b) => [b.make, b.count, b.franchised, b.overviewPath, b.searchPath]),
    ).toEqual([
      ["Nissan", 4, true, "/nissan/overview", "/search/nissan"],
      ["Toyota", 2, false, null, "/search/toyota"],
      ["Ford", 1, false, null, "/search/ford"],
    ]);
  });

  it("a make the dealer sells keeps its tile with nothing in stock", () => {
    expect(siteBrands(groupSite, DOCS).slice(0, 2)).toMatchObject([
      { make: "Mazda", count: 0, franchised: true, overviewPath: "/mazda/overview" },
      { make: "Kia", count: 0, franchised: true },
    ]);
  });

  it("a tile shows its make's logo from the manufacturer entry, matched by name; none without one", () => {
    const site = {
      ...nissanSite,
      manufacturers: [
        { name: "NISSAN", logo: "/media/brands/nissan.svg" },
        { name: "Toyota" },
        { name: "Land Rover", logo: "/media/brands/land-rover.svg" },
      ],
    };
    expect(siteBrands(site, DOCS).map((b) => [b.make, b.logo])).toEqual([
      ["Nissan", "/media/brands/nissan.svg"],
      ["Toyota", null],
      ["Ford", null],
    ]);
    expect(siteBrands(nissanSite, DOCS)[0]?.logo).toBeNull();
  });

  it("ties go by name", () => {
    expect(siteBrands(independent, [doc("Kia", "Rio", 1), doc("Audi", "A3", 1)]).map((b) => b.make)).toEqual([
      "Audi",
      "Kia",
    ]);
  });
});

describe("a make's models", () => {
  it("most in stock first, with the lowest real price (over $10) and a new car's photo", () => {
    expect(brandModels("nissan", DOCS)).toEqual([
      {
        make: "Nissan",
        model: "Navara",
        slug: "navara",
        count: 3,
        fromPrice: 38990,
        image: "/media/Navara.jpg",
        searchPath: "/search/nissan/navara",
      },
      {
        make: "Nissan",
        model: "X-Trail",
        slug: "x-trail",
        count: 1,
        fromPrice: 41990,
        image: "/media/X-Trail.jpg",
        searchPath: "/search/nissan/x-trail",
      },
    ]);
  });

  it("a model whose cars all lack a price has no from-price", () => {
    expect(brandModels("Kia", [doc("Kia", "EV9", 0)])[0]?.fromPrice).toBeNull();
  });
});

describe("offers about a make", () => {
  const offers = [
    { id: 1, manufacturer: { name: "Nissan" }, model: null },
    { id: 2, manufacturer: null, model: { name: "X-Trail", slug: "x-trail" } },
    { id: 3, manufacturer: { name: "Toyota" }, model: null },
    { id: 4, manufacturer: null, model: null },
  ];
  it("its manufacturer's offers and offers on its models", () => {
    expect(brandOffers("Nissan", offers, brandModels("Nissan", DOCS)).map((o) => o.id)).toEqual([1, 2]);
  });
});

describe("model pages (/{model slug})", () => {
  const offers = [
    { manufacturer: { name: "Nissan" }, model: { name: "Ariya", slug: "ariya" } },
    { manufacturer: null, model: { name: "Juke", slug: "juke" } },
    { manufacturer: { name: "Toyota" }, model: { name: "Camry", slug: "camry" } },
  ];

  it("each model of the dealer's own makes in stock or on offer, never another make's", () => {
    expect(modelPages(nissanSite, DOCS, offers, new Set()).map((p) => [p.slug, p.count])).toEqual([
      ["navara", 3],
      ["x-trail", 1],
      ["ariya", 0],
      ["juke", 0],
    ]);
  });

  it("leaves out a slug another page already uses", () => {
    expect(modelPages(nissanSite, DOCS, offers, new Set(["navara", "juke"])).map((p) => p.slug)).toEqual([
      "x-trail",
      "ariya",
    ]);
  });

  it("on a group site an offer that names no make makes no page", () => {
    const group = { manufacturer: null, dealerships: [{ manufacturers: ["Nissan", "Toyota"] }] };
    expect(modelPages(group, [], offers, new Set()).map((p) => p.slug)).toEqual(["ariya", "camry"]);
  });

  it("an independent has none", () => {
    expect(modelPages(independent, DOCS, offers, new Set())).toEqual([]);
  });

  it("lists the model's cars for sale", () => {
    expect(modelCars({ make: "Nissan", slug: "navara" }, DOCS)).toHaveLength(3);
    expect(modelCars({ make: "Nissan", slug: "patrol" }, DOCS)).toHaveLength(0);
  });
});

describe("model page addresses in a real build", () => {
  it("never take a page's, a content page's or a public folder's address", async () => {
    const { loadTenant } = await import("~/snapshot/load-tenant.server");
    const { tenantBrands } = await import("~/features/brands/brands.server");
    const path = await import("node:path");
    const { data } = await loadTenant(
      path.resolve("tests/fixtures/tenants"),
      "fixture-motors",
      new Date("2026-11-18T00:00:00Z"),
    );
    const offer = (slug: string) => ({
      id: slug.length,
      name: slug,
      description: "",
      disclaimer: "",
      manufacturer: { name: "Acme" },
      model: { name: slug, slug },
      excluded_website_ids: [],
    });
    const tenant = {
      ...data,
      site: { ...data.site, manufacturer: "Acme" },
      offers: ["compare", "brands", "blog", "about-us", "media", "sitemap", "acme", "roadster"].map(offer),
    };
    expect(tenantBrands(tenant).models.map((model) => model.slug)).toEqual(["roadster"]);
  });
});
