/**
 * Benchmark tenants: a generic multi-make dealer of any size, generated whole (site, locations,
 * offer and stock) for `npm run bench`.
 */

import { fnv1a } from "~/lib/hash";
import type { SiteInput } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import type { Location } from "~/tenant/schemas/locations";
import type { Offer } from "~/tenant/schemas/offers";
import { buildLocations } from "./content/locations";
import { buildOffers } from "./content/offers";
import { generateStock } from "./stock";
import type { StockSite } from "./stock/pick";
import { L, type TenantProfile } from "./tenants/profile";

/** A generic multi-make dealer for benchmark tenants of any size. */
export function benchProfile(slug: string, count: number): TenantProfile {
  return {
    slug,
    name: `Bench Motors ${count.toLocaleString("en-AU")}`,
    state: "QLD",
    seed: fnv1a(slug),
    count,
    idBase: 900000,
    dealerships: [
      {
        id: 901,
        slug: `${slug}-toyota`,
        name: "Bench Toyota",
        makes: ["Toyota"],
        prefix: "BT",
        rating: 4.5,
        reviews: 400,
      },
      {
        id: 902,
        slug: `${slug}-mazda`,
        name: "Bench Mazda",
        makes: ["Mazda"],
        prefix: "BM",
        rating: 4.4,
        reviews: 300,
      },
      {
        id: 903,
        slug: `${slug}-used`,
        name: "Bench Used Cars",
        makes: [],
        prefix: "BU",
        rating: 4.2,
        reviews: 150,
      },
    ],
    locations: [
      L(
        9001,
        "Bench Toyota Springwood",
        "sales",
        901,
        ["1 Pacific Highway", "Springwood", "QLD", "4127", -27.61, 153.13],
        "(07) 5550 9001",
        "sales",
        { primary: true },
      ),
      L(
        9002,
        "Bench Mazda Springwood",
        "sales",
        902,
        ["3 Pacific Highway", "Springwood", "QLD", "4127", -27.611, 153.131],
        "(07) 5550 9002",
        "sales",
      ),
      L(
        9003,
        "Bench Used Cars Logan",
        "sales",
        903,
        ["5 Pacific Highway", "Slacks Creek", "QLD", "4127", -27.63, 153.134],
        "(07) 5550 9003",
        "sales",
      ),
      L(
        9004,
        "Bench Service Centre",
        "service-and-parts",
        901,
        ["7 Dennis Road", "Springwood", "QLD", "4127", -27.614, 153.13],
        "(07) 5550 9004",
        "service",
      ),
    ],
    mix: [
      ["new", 40],
      ["demo", 10],
      ["used", 50],
    ],
    ownMakeUsed: 0.4,
  };
}

/** A minimal but complete tenant with `count` cars for the build benchmark. */
export function benchTenant(
  slug: string,
  count: number,
  now: Date,
): { site: SiteInput; locations: Location[]; offers: Offer[]; stock: Car[] } {
  const profile = benchProfile(slug, count);
  const settings = { finance_provider: "taurus", sold_window_days: 3 } satisfies StockSite;
  const stock = generateStock({ profile, site: settings, now });
  const site: SiteInput = {
    name: profile.name,
    slug,
    template: "group",
    url: `https://www.${slug}.example.com.au`,
    feed: "stock.json",
    tagline: `${count.toLocaleString("en-AU")} cars for the build benchmark`,
    dealerships: profile.dealerships.map((d) => ({
      id: d.id,
      slug: d.slug,
      name: d.name,
      manufacturers: d.makes,
    })),
    locations: profile.locations.map((l) => ({ id: l.id, location_type: l.type })),
    logo: { url: "/media/image-not-found.svg", alt: profile.name, width: 240, height: 56 },
    ...settings,
  };
  return { site, locations: buildLocations(profile, now), offers: buildOffers(profile), stock };
}
