/**
 * Valid domain objects for unit tests, built through the real schemas so the spec's defaults apply.
 * Each helper takes only what a test is about.
 */
import type { z } from "zod";
import { type Site, type SiteInput, siteSchema } from "~/tenant/schema";
import { type Car, carSchema } from "~/tenant/schemas/car";
import { type Location, locationSchema } from "~/tenant/schemas/locations";
import type { TenantData } from "~/tenant/tenant.server";

export type CarInput = z.input<typeof carSchema>;
export type LocationInput = z.input<typeof locationSchema>;

/** Instants used across tests: midday in Brisbane on Monday 15 June 2026. */
export const NOW = new Date("2026-06-15T02:00:00Z");
export const DAY_MS = 86_400_000;
export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * DAY_MS);

export function makeSite(overrides: Partial<SiteInput> = {}): Site {
  return siteSchema.parse({
    name: "Test Motors",
    slug: "test-motors",
    template: "independent",
    url: "https://www.test-motors.example.com.au",
    feed: "stock.json",
    tagline: "Quality cars in Brisbane",
    dealerships: [{ id: 1, slug: "test-motors", name: "Test Motors" }],
    logo: { url: "/media/logo.svg", alt: "Test Motors", width: 160, height: 40 },
    ...overrides,
  });
}

/** A feed photo numbered `n`, with its thumbnail. */
export const photo = (n: number) => ({ url: `/media/${n}.jpg`, thumb: { url: `/media/${n}-t.jpg` } });
/** `count` feed photos, numbered from 1. */
export const photos = (count: number) => Array.from({ length: count }, (_, i) => photo(i + 1));

export function makeCar(overrides: Partial<CarInput> = {}): Car {
  return carSchema.parse({
    id: 1,
    slug: "2022-toyota-corolla-ascent-sport",
    name: "2022 Toyota Corolla Ascent Sport",
    year: 2022,
    make: "Toyota",
    model: "Corolla",
    price: 29990,
    status: "in_stock",
    car_type: "used",
    dealership_id: 1,
    stocknum: "TM1001",
    simple_fuel: "Petrol",
    ...overrides,
  });
}

export function makeLocation(overrides: Partial<LocationInput> = {}): Location {
  return locationSchema.parse({
    id: 1,
    name: "Test Motors Brisbane",
    slug: "test-motors-brisbane",
    dealership_id: 1,
    dealership_slug: "test-motors",
    address: {
      street: "1 Main Street",
      city: "Brisbane",
      state: "qld",
      postcode: "4000",
      lat: -27.47,
      long: 153.02,
    },
    contact_detail: { phone: "07 3123 4567" },
    ...overrides,
  });
}

/** A published snapshot of `site` holding only what a test gives it (cars, locations, ...). */
export function makeSnapshot(site: Site, parts: Partial<Omit<TenantData, "site">> = {}): TenantData {
  return { site, locations: [], offers: [], pages: [], cars: [], now: NOW.toISOString(), ...parts };
}
