/**
 * Build-time data of a search results page: its title, canonical URL, the first page of results
 * from the same engine the browser uses, and the island's props.
 */

import { bodyLabel } from "~/features/stock/specifications";
import { carTypeLabel } from "~/features/stock/stock";
import { formatNumber } from "~/lib/format";
import type { Site } from "~/tenant/schema";
import type { TenantData } from "~/tenant/tenant.server";
import { cardSite } from "./cards";
import { indexUid } from "./documents";
import { orderPromos, promoNotEnded, promoShown } from "./promos";
import { displayCount } from "./results";
import {
  allSearchPaths,
  buildCatalogue,
  type SearchPath,
  type SortKey,
  searchPathFilter,
  searchPathTitle,
  searchPathToUrl,
  stateToSearchParams,
} from "./routing";
import { browserSearchConfig, tenantSearch } from "./search.server";
import type { FacetConfig } from "./ui/Filters";
import type { SearchAppProps } from "./ui/SearchApp";

export const SORT_LABELS: Record<SortKey, string> = {
  relevance: "Most Relevant",
  latest: "Latest",
  price_desc: "Highest Price",
  price_asc: "Lowest Price",
};

/**
 * The filter groups. Body types are stored as the feed's ids (`peopleMover`, `suv`); the filter shows
 * the same names as the cards and menus ("People Mover", "SUV").
 */
export function facetConfigs(site: Site, bodies: readonly (string | null)[] = []): FacetConfig[] {
  const bodyLabels = Object.fromEntries(
    [...new Set(bodies)].flatMap((body) =>
      body && bodyLabel(body) !== body ? [[body, bodyLabel(body)]] : [],
    ),
  );
  const facet = (attribute: string, label: string, limit = 10, sortBy: FacetConfig["sortBy"] = "count") => ({
    attribute,
    label,
    limit,
    sortBy,
  });
  return [
    {
      ...facet("car_type", "Condition", 3, "condition"),
      labels: { new: "New", demo: "Demo", used: site.used_keyword },
    },
    facet("make", "Make", site.search.popular_makes_limit),
    facet("price_range", "Price Range", 10, "lower_bound"),
    facet("model", "Model"),
    { ...facet("body", "Body Type"), labels: bodyLabels },
    facet("fuel", "Fuel"),
    facet("transmission", "Transmission"),
    facet("drive", "Drive"),
    facet("colour", "Colour"),
    facet("seats", "Seats", 10, "name"),
    facet("location_name", "Location"),
    ...(site.dealerships.length > 1 ? [facet("dealership_name", "Dealership")] : []),
  ];
}

export function allSearchRoutes(tenant: TenantData): { param: string; path: SearchPath }[] {
  const { documents } = tenantSearch(tenant);
  const carTypes = [...new Set(documents.map((doc) => doc.car_type))];
  return allSearchPaths(buildCatalogue(documents), carTypes).map((path) => ({
    param: searchPathToUrl(path).replace(/^\/search\//, ""),
    path,
  }));
}

export interface BrowseGroup {
  label: string;
  links: { label: string; href: string; count: number }[];
}

/**
 * The sidebar before the filters load, and for shoppers without JavaScript: links to the
 * prerendered routes (conditions, then makes, or the models of this page's make) with counts.
 */
export function browseGroups(tenant: TenantData, path: SearchPath): BrowseGroup[] {
  const { site } = tenant;
  const { documents } = tenantSearch(tenant);
  const count = (pick: (doc: (typeof documents)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const doc of documents) counts.set(pick(doc), (counts.get(pick(doc)) ?? 0) + 1);
    return counts;
  };
  const types = count((doc) => doc.car_type);
  const conditions = (["new", "demo", "used"] as const)
    .filter((type) => types.has(type))
    .map((type) => ({
      label: carTypeLabel(type, site),
      href: searchPathToUrl({ kind: "car_type", carTypes: [type] }),
      count: types.get(type) ?? 0,
    }));
  const make = path.kind === "make" || path.kind === "make_model" ? path.make : null;
  const byCount = (a: { count: number; label: string }, b: { count: number; label: string }) =>
    b.count - a.count || a.label.localeCompare(b.label);
  const second = make
    ? {
        label: `${make} models`,
        links: [...count((doc) => (doc.make === make ? doc.model : ""))]
          .filter(([model]) => model)
          .map(([model, n]) => ({
            label: model,
            href: searchPathToUrl({ kind: "make_model", make, model }),
            count: n,
          }))
          .sort(byCount),
      }
    : {
        label: "Make",
        links: [...count((doc) => doc.make)]
          .map(([name, n]) => ({
            label: name,
            href: searchPathToUrl({ kind: "make", make: name }),
            count: n,
          }))
          .sort(byCount)
          .slice(0, site.search.popular_makes_limit),
      };
  return [{ label: "Condition", links: conditions }, second].filter((group) => group.links.length > 0);
}

export function searchPageProps(tenant: TenantData, path: SearchPath) {
  const { site } = tenant;
  const { engine } = tenantSearch(tenant);
  const params = stateToSearchParams(path, {}, site);
  const uid = indexUid(site);
  const result = engine.search(uid, { ...params, facets: ["car_type"] });
  const total = result.totalHits ?? 0;
  const count = displayCount(total, site.search.stock_count_override, result.facetDistribution?.car_type);
  const carTypes = [...new Set(tenantSearch(tenant).documents.map((doc) => doc.car_type))];
  const title = searchPathTitle(path, site, carTypes);
  const canonicalPath = searchPathToUrl(path);
  const pathCarTypes = path.kind === "car_type" ? path.carTypes : [];
  // Every promo not over by the build's clock, in spec order; the page and the island decide at
  // the shopper's clock and filters which of them show.
  const promos = orderPromos(
    site.search.promos.filter((promo) => promoNotEnded(promo, new Date(tenant.now))),
  );
  const app: SearchAppProps = {
    indexUid: uid,
    pathname: canonicalPath,
    baseFilter: searchPathFilter(path),
    hitsPerPage: site.search.cards_per_page,
    sortOptions: site.search.sort_options.map((key) => ({ key, label: SORT_LABELS[key] })),
    priceAscExcludesZero: site.search.price_asc_excludes_zero,
    facets: facetConfigs(
      site,
      tenantSearch(tenant).documents.map((doc) => doc.body),
    ),
    cardSite: cardSite(site),
    clearFiltersHref: site.search.clear_filters_href,
    stockCountOverride: site.search.stock_count_override,
    ...browserSearchConfig(site),
    initial: { hits: result.hits as SearchAppProps["initial"]["hits"], count },
    promos,
    promoShuffle: site.search.promo_shuffle,
    pathCarTypes,
  };
  return {
    title,
    description: `${formatNumber(count)} ${title.replace(/ for Sale$/, "").toLowerCase()} for sale at ${site.name}.`,
    canonicalPath,
    browse: browseGroups(tenant, path),
    pages: result.totalPages ?? 1,
    /** The promos of the prerendered first page: this route's, with no filter chosen yet. */
    promos: promos.filter((promo) => promoShown(promo, { path: canonicalPath, carTypes: pathCarTypes })),
    builtAt: new Date(tenant.now),
    app,
  };
}

export type SearchPageProps = ReturnType<typeof searchPageProps>;
