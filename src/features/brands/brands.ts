/**
 * Brands and models (spec §2 routes /brands, /{brand}/overview and /{model slug}; "brand tiles"):
 * the makes a site sells, and for the makes it is franchised for, an overview of their models and
 * a page per model. Built from the search documents, so counts and prices match the result cards.
 * Pure: pages pass the documents, the site and the offers in.
 */

import type { CarSearchDocument } from "~/features/search/documents";
import { makeModelPath, toSlug } from "~/features/search/slugs";
import type { Offer } from "~/tenant/schemas/offers";

type Doc = Pick<CarSearchDocument, "make" | "model" | "price" | "sold" | "image" | "car_type">;

interface BrandSite {
  manufacturer: string | null;
  dealerships: readonly { manufacturers: readonly string[] }[];
  /** Spec §3 manufacturer entries: a make's logo, where the site gives one. */
  manufacturers?: readonly { name: string; logo?: string | undefined }[];
}

export interface Brand {
  make: string;
  slug: string;
  /** Cars of the make for sale now (sold cars still listed are not counted). */
  count: number;
  /** The site is a dealer for the make: it has an overview page and model pages. */
  franchised: boolean;
  searchPath: string;
  overviewPath: string | null;
  /** The make's logo from its manufacturer entry, or null: the tile then shows the name alone. */
  logo: string | null;
}

export interface BrandModel {
  make: string;
  model: string;
  slug: string;
  count: number;
  /** Lowest advertised price among them (prices above $10), or null. */
  fromPrice: number | null;
  /** A photo of one of them (a new or demo car's first), or null. */
  image: string | null;
  searchPath: string;
}

const forSale = (docs: readonly Doc[]) => docs.filter((doc) => !doc.sold);
const sameMake = (a: string, b: string) => toSlug(a) === toSlug(b);

/** The makes the site is a dealer for, in config order: its manufacturer, then each dealership's. */
export function franchisedMakes(site: BrandSite): string[] {
  const makes = [site.manufacturer, ...site.dealerships.flatMap((d) => d.manufacturers)].filter(
    (make): make is string => Boolean(make?.trim()),
  );
  return makes.filter((make, index) => makes.findIndex((other) => sameMake(other, make)) === index);
}

export const overviewPath = (make: string) => `/${toSlug(make)}/overview`;

/** A brand's own door to the garage: the same garage, headed with the make. */
export interface GarageVariant {
  make: string;
  slug: string;
  path: string;
  title: string;
}

/**
 * The My Garage brand variants (spec §2 "/my-garage (plus brand variants)"; §4 every variant is
 * behind sign-in): `/my-garage/{make}` for each make the site is a dealer for, so a franchise's
 * pages can send owners to "My Toyota Garage". One garage behind them all: a shopper's vehicles
 * are the site's, whatever door they come in by. A site without a garage has none.
 */
export function garageVariants(site: BrandSite & { garage_enabled: boolean }): GarageVariant[] {
  if (!site.garage_enabled) return [];
  return franchisedMakes(site).map((make) => ({
    make,
    slug: toSlug(make),
    path: `/my-garage/${toSlug(make)}`,
    title: `My ${make} Garage`,
  }));
}

/** Spec §3: a make's logo is its manufacturer entry's, matched by name whatever its spelling. */
export function manufacturerLogo(site: Pick<BrandSite, "manufacturers">, make: string): string | null {
  return site.manufacturers?.find((entry) => sameMake(entry.name, make))?.logo ?? null;
}

/**
 * The brand tiles: franchised makes first (even with nothing in stock today: the dealer still sells
 * and services them), then every other make in stock, most cars first.
 */
export function siteBrands(site: BrandSite, docs: readonly Doc[]): Brand[] {
  const available = forSale(docs);
  const counts = new Map<string, { make: string; count: number }>();
  for (const doc of available) {
    const entry = counts.get(toSlug(doc.make)) ?? { make: doc.make, count: 0 };
    entry.count++;
    counts.set(toSlug(doc.make), entry);
  }
  const franchised = franchisedMakes(site);
  const brand = (make: string, count: number, isFranchised: boolean): Brand => ({
    make,
    slug: toSlug(make),
    count,
    franchised: isFranchised,
    searchPath: makeModelPath(make),
    overviewPath: isFranchised ? overviewPath(make) : null,
    logo: manufacturerLogo(site, make),
  });
  const others = [...counts.values()]
    .filter(({ make }) => !franchised.some((f) => sameMake(f, make)))
    .sort((a, b) => b.count - a.count || a.make.localeCompare(b.make, "en-AU"))
    .map(({ make, count }) => brand(make, count, false));
  return [...franchised.map((make) => brand(make, counts.get(toSlug(make))?.count ?? 0, true)), ...others];
}

/** The make's models for sale, most cars first; each with its count, lowest price and a photo. */
export function brandModels(make: string, docs: readonly Doc[]): BrandModel[] {
  const groups = new Map<string, Doc[]>();
  for (const doc of forSale(docs)) {
    if (!sameMake(doc.make, make) || !doc.model.trim()) continue;
    const key = toSlug(doc.model);
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
  return [...groups.entries()]
    .map(([slug, cars]): BrandModel => {
      const prices = cars.map((car) => car.price).filter((price) => price > 10);
      const pictured =
        cars.find((car) => car.car_type !== "used" && car.image) ?? cars.find((car) => car.image);
      const first = cars[0] as Doc;
      return {
        make: first.make,
        model: first.model,
        slug,
        count: cars.length,
        fromPrice: prices.length > 0 ? Math.min(...prices) : null,
        image: pictured?.image ?? null,
        searchPath: makeModelPath(first.make, first.model),
      };
    })
    .sort((a, b) => b.count - a.count || a.model.localeCompare(b.model, "en-AU"));
}

/** Offers about a make: its manufacturer's, or about one of its models. */
export function brandOffers<T extends Pick<Offer, "manufacturer" | "model">>(
  make: string,
  offers: readonly T[],
  models: readonly Pick<BrandModel, "slug">[],
): T[] {
  const slugs = new Set(models.map((model) => model.slug));
  return offers.filter(
    (offer) =>
      (offer.manufacturer?.name && sameMake(offer.manufacturer.name, make)) ||
      (offer.model?.slug && slugs.has(toSlug(offer.model.slug))),
  );
}

export interface ModelPage {
  make: string;
  model: string;
  /** The page's path segment: `/{slug}`. */
  slug: string;
  count: number;
  searchPath: string;
}

/**
 * `/{model slug}` pages: one per model of a franchised make that is in stock or has a running
 * offer, unless its slug is taken by another page of the site (`reserved`) or by another model.
 */
export function modelPages(
  site: BrandSite,
  docs: readonly Doc[],
  offers: readonly Pick<Offer, "manufacturer" | "model">[],
  reserved: ReadonlySet<string>,
): ModelPage[] {
  const pages = new Map<string, ModelPage>();
  const makes = franchisedMakes(site);
  for (const make of makes) {
    for (const model of brandModels(make, docs)) {
      if (!pages.has(model.slug))
        pages.set(model.slug, {
          make: model.make,
          model: model.model,
          slug: model.slug,
          count: model.count,
          searchPath: model.searchPath,
        });
    }
    for (const offer of offers) {
      const name = offer.model?.name?.trim();
      const slug = offer.model?.slug ? toSlug(offer.model.slug) : "";
      // An offer that names no manufacturer belongs to the make only on a one-make site.
      const offerMake = offer.manufacturer?.name ?? (makes.length === 1 ? make : null);
      if (!name || !slug || !offerMake || pages.has(slug) || !sameMake(offerMake, make)) continue;
      pages.set(slug, { make, model: name, slug, count: 0, searchPath: makeModelPath(make, name) });
    }
  }
  return [...pages.values()].filter((page) => page.slug && !reserved.has(page.slug));
}

/** Cars of one model for sale, for the model page's grid. */
export function modelCars<T extends Doc>(page: Pick<ModelPage, "make" | "slug">, docs: readonly T[]): T[] {
  return docs.filter((doc) => !doc.sold && sameMake(doc.make, page.make) && toSlug(doc.model) === page.slug);
}
