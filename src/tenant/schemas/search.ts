import { z } from "zod";
import { safeHref, sitePath } from "./urls";

export const CAR_TYPES = ["new", "demo", "used"] as const;
export const carTypeSchema = z.enum(CAR_TYPES);
export type CarType = z.infer<typeof carTypeSchema>;

/**
 * The spec's per-site `search_filters`: which rows of the stock feed this site publishes at all
 * (used-only, excluded stock numbers, brand-only, in_stock only, dealership subset).
 */
export const searchFiltersSchema = z
  .object({
    /** Car types this site sells; e.g. `["used"]` for a used-only dealer. */
    car_types: z.array(carTypeSchema).min(1).default(["new", "demo", "used"]),
    /** Stock numbers never published on this site. */
    exclude_stocknums: z.array(z.string()).default([]),
    /** Brand-only sites: makes to publish (case-insensitive). Empty means every make. */
    makes: z.array(z.string()).default([]),
    /** Publish only in_stock cars (no coming_soon, no recently sold). */
    in_stock_only: z.boolean().default(false),
    /** Dealership ids whose stock this site shows. Empty means every dealership of the site. */
    dealership_ids: z.array(z.number().int()).default([]),
  })
  .strict();

/**
 * Whether `uid` may be the index of tenant `slug`: `cars-{slug}`, or that with a suffix after an
 * underscore (`cars-westside-auto_v2`). Slugs never hold an underscore, so no suffix one tenant
 * picks can spell another tenant's index (`cars-west` + `-side-auto` would).
 */
export function isTenantIndexUid(slug: string, uid: string): boolean {
  const base = `cars-${slug}`;
  return (
    uid === base || (uid.startsWith(`${base}_`) && /^[A-Za-z0-9_-]{1,64}$/.test(uid.slice(base.length + 1)))
  );
}

/** Hosted Meilisearch: host and a search-only key (or tenant token). Absent: embedded engine. */
export const searchServiceSchema = z
  .object({
    host: z.url({ protocol: /^https?$/ }),
    /** Search-only API key or tenant token (public: it ships to the browser). */
    key: z.string().min(1),
    /**
     * Index uid; defaults to `cars-{slug}`. Only a suffix may be added (`cars-{slug}_v2`), so a
     * tenant's config can never name, and the sync never overwrite, another tenant's index.
     */
    index: z.string().optional(),
  })
  .strict();

export const SORT_OPTIONS = ["relevance", "latest", "price_desc", "price_asc"] as const;

export const fixedListSchema = z
  .object({
    title: z.string().min(1),
    /** A search filter expression over the index's filterable attributes. */
    filter: z.string().min(1),
    sort: z.enum(SORT_OPTIONS).default("latest"),
    limit: z.number().int().min(1).max(24).default(4),
    /** Where "View all" goes; omitted, the row has no link. */
    href: sitePath.optional(),
  })
  .strict();

export type FixedListConfig = z.infer<typeof fixedListSchema>;

/**
 * A promo node (spec §3: start, expiry, position, display, strictDisplay): a tile in the search
 * results grid. `display` lists car types ("new") and/or search routes ("/search/toyota") the tile
 * is for; `strictDisplay` drops it unless the shopper's filter is one of those car types.
 */
export const promoNodeSchema = z
  .object({
    title: z.string().min(1).max(60),
    text: z.string().max(160).optional(),
    href: safeHref,
    /** The tile's button text. */
    cta: z.string().min(1).max(30).default("Find out more"),
    start: z.iso.datetime({ offset: true }).optional(),
    expiry: z.iso.datetime({ offset: true }).optional(),
    /** 1-based slot in the first page of results; without one the tile follows the cards. */
    position: z.number().int().min(1).max(120).optional(),
    display: z.array(z.union([carTypeSchema, sitePath])).default([]),
    strictDisplay: z.boolean().default(false),
  })
  .strict();

export type PromoNode = z.infer<typeof promoNodeSchema>;

/** Search page constants the spec calls per site. */
export const searchSettingsSchema = z
  .object({
    /** Result cards per page (spec §9: default 21). */
    cards_per_page: z.number().int().min(1).max(120).default(21),
    /** Results cache size (entries) of the search client. */
    cache_size: z.number().int().min(1).max(500).default(30),
    /** When the stock count exceeds 1999 show this number instead of summing facet counts. */
    stock_count_override: z.number().int().positive().optional(),
    /** Price-ascending sort also filters out cars priced 0 (spec §5, "on some sites"). */
    price_asc_excludes_zero: z.boolean().default(true),
    /** Sort options offered, in order (spec §9 defaults). */
    sort_options: z
      .array(z.enum(SORT_OPTIONS))
      .min(1)
      .default([...SORT_OPTIONS]),
    /** Popular makes listed first in the make refinement. */
    popular_makes_limit: z.number().int().min(1).default(20),
    /** Attributes shown on result cards (spec §2 default). */
    card_attributes: z
      .array(z.string())
      .default(["car_type", "simple_body", "km", "simple_transmission", "stocknum"]),
    /** Similar cars shown on a vehicle page (spec §9: default 6). */
    similar_cars_shown: z.number().int().min(1).max(12).default(6),
    /** An extra button on result cards; `{slug}` and `{id}` in href are filled per car. */
    custom_button: z
      .object({ label: z.string().min(1), href: safeHref })
      .strict()
      .optional(),
    /** Where Clear Filters on the empty-results screen goes. */
    clear_filters_href: safeHref.default("/special-offers"),
    /**
     * Fixed lists (spec §7: a secondary query by filter with a limit), shown as rows of cards on
     * the home page, e.g. "Under $20,000" with `price > 1000 AND price <= 20000`.
     */
    fixed_lists: z.array(fixedListSchema).default([]),
    /** Promo tiles in the results grid (spec §3 promo node, §5 promo ordering). */
    promos: z.array(promoNodeSchema).max(12).default([]),
    /** Spec §5: promos without a position follow in a shuffled order, per page view. */
    promo_shuffle: z.boolean().default(false),
  })
  .strict();
