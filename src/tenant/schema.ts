/**
 * The single source of truth for a tenant's `site.json` (the spec's "Site/tenant config").
 * Spec fields keep their spec names; per-site constants carry the spec's defaults.
 */
import { z } from "zod";
import { SLUG_PATTERN } from "~/lib/slug";
import { budgetFinderSchema } from "./schemas/budget";
import { deliverySchema } from "./schemas/delivery";
import { eofySaleSchema } from "./schemas/eofy";
import { featuresSchema, gatingSchema, optInSchema, PLUGINS, VIEWER_MODES } from "./schemas/features";
import { financeCalculatorSchema, financeProviderSchema } from "./schemas/finance";
import { formsSchema } from "./schemas/forms";
import { leadsSchema } from "./schemas/leads";
import { onlinePaymentSchema } from "./schemas/online-payment";
import { privacySchema } from "./schemas/privacy";
import { homePromotionSchema } from "./schemas/promotions";
import { writeQuotasSchema } from "./schemas/quotas";
import { reviewsSettingsSchema } from "./schemas/reviews";
import {
  carTypeSchema,
  isTenantIndexUid,
  searchFiltersSchema,
  searchServiceSchema,
  searchSettingsSchema,
} from "./schemas/search";
import { spinToWinSchema } from "./schemas/spin-to-win";
import { themeSchema } from "./schemas/theme";
import { httpsUrl, safeHref, safeUrl } from "./schemas/urls";
import { vdpConfigSchema } from "./schemas/vdp";

/** How a home page shows its locations (site.json `locations_block`; spec §2 location blocks). */
export const LOCATIONS_BLOCK_VARIANTS = ["grid", "single", "dark", "carousel"] as const;
export type LocationsBlockVariant = (typeof LOCATIONS_BLOCK_VARIANTS)[number];

export type { FinanceProvider } from "./schemas/finance";
export type { CarType, PromoNode } from "./schemas/search";

const slug = z.string().regex(SLUG_PATTERN, "must be lower-case letters, digits and single hyphens");
/**
 * A tenant's slug also names its secrets (`STOCK_WEBHOOK_SECRET_<SLUG>` and its `…_PREVIOUS`), so
 * `previous` and `…-previous` are refused: `a-previous` would spell tenant a's rotation variable
 * `STOCK_WEBHOOK_SECRET_A_PREVIOUS`, and `previous` the shared one's.
 */
export const isRotationSlug = (value: string) => /(?:^|-)previous$/.test(value);
const tenantSlug = slug.refine(
  (value) => !isRotationSlug(value),
  "must not be previous or end in -previous (that names another tenant's secret rotation variable)",
);

/** An image host is an origin: https, or http on this machine (a local stand-in while testing). */
const imageHostSchema = z.string().transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : null;
  const local = url !== null && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  const message = !url
    ? "must be an https:// origin like https://images.example.com.au"
    : url.protocol !== "https:" && !(url.protocol === "http:" && local)
      ? "must be an https:// origin (http:// only for localhost)"
      : !/^[a-z]+:\/\/[^/?#]+\/?$/i.test(value)
        ? "must be an origin, without a path: https://images.example.com.au"
        : null;
  if (message === null) return (url as URL).origin;
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
});

export const TEMPLATES = ["franchise", "independent", "group", "caravan"] as const;

const dealershipSchema = z
  .object({
    id: z.number().int(),
    slug,
    name: z.string().min(1),
    /** Makes this dealership is franchised for (drives brand tiles and /search/{make}). */
    manufacturers: z.array(z.string()).default([]),
    average_rating: z.number().min(0).max(5).optional(),
    review_count: z.number().int().min(0).optional(),
  })
  .strict();

const navItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z
    .object({
      label: z.string().min(1),
      href: safeHref,
      children: z.array(navItemSchema).optional(),
    })
    .strict(),
);
export interface NavItem {
  label: string;
  href: string;
  children?: NavItem[] | undefined;
}

const imageSchema = z
  .object({
    url: safeUrl,
    alt: z.string().default(""),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .strict();

export const siteSchema = z
  .object({
    /** Dealership (group) name as shoppers know it. */
    name: z.string().min(1),
    /** Folder name and sub-domain: `tenants/<slug>/`, `<slug>.localhost`. */
    slug: tenantSlug,
    /** Page template family. `group` adds brand grid and company stats. */
    template: z.enum(TEMPLATES),
    /** Public origin of the deployed site, used for canonical URLs and the sitemap. */
    url: z.url({ protocol: /^https$/ }),
    /**
     * Origins of the feed's photos (`https://images.feedhost.com.au`) that the image CDN resizes
     * like the site's own; netlify.toml's `[images] remote_images` must allow each. Photos on any
     * other host are shown full size.
     */
    image_hosts: z.array(imageHostSchema).default([]),
    /**
     * Stock feed: a file inside the tenant folder (a relative path without `..`), or an https URL.
     * The build reads it and reports on it, so it may not name any other file on the build machine.
     */
    feed: z
      .string()
      .min(1)
      .refine(
        (v) => !/^[a-z]+:/i.test(v) || v.startsWith("https://"),
        "must be a relative file path or an https:// URL",
      )
      .refine(
        (v) => v.startsWith("https://") || !(/^[\\/~]/.test(v) || v.split(/[\\/]/).includes("..")),
        'must be a file inside the tenant folder, like "stock.json" (no leading / or ~, no ..)',
      ),
    /** One-line description for the home page's meta description. */
    tagline: z.string().min(1),
    dealerships: z.array(dealershipSchema).min(1),
    /** Locations this site shows (ids in locations.json), with their type. */
    locations: z
      .array(
        z
          .object({
            id: z.number().int(),
            location_type: z.enum(["sales", "service", "parts", "service-and-parts", ""]).default("sales"),
          })
          .strict(),
      )
      .default([]),
    logo: imageSchema,
    social: z
      .object({
        facebook: httpsUrl.optional(),
        instagram: httpsUrl.optional(),
        youtube: httpsUrl.optional(),
        tiktok: httpsUrl.optional(),
        linkedin: httpsUrl.optional(),
      })
      .strict()
      .default({}),
    /** Brand-only franchise sites: the make they sell. */
    manufacturer: z.string().nullable().default(null),
    finance_provider: financeProviderSchema.nullable().default(null),
    garage_enabled: z.boolean().default(false),
    /** A Spin to Win campaign (spec §2 /spin-to-win); null: no such page. */
    spin_to_win: spinToWinSchema.nullable().default(null),
    /** An end-of-financial-year sale (spec §2 /pages/eofy-sale, /eofy); null: no such page. */
    eofy_sale: eofySaleSchema.nullable().default(null),
    /** Online payment (spec §2 /online-payment, always behind sign-in); null: no such page. */
    online_payment: onlinePaymentSchema.nullable().default(null),
    /** Autograb market data (price gauge, market-price badge). */
    autograb: z.boolean().default(false),
    plugins: z.array(z.enum(PLUGINS)).default([]),
    search_filters: searchFiltersSchema.default(searchFiltersSchema.parse({})),
    vdp_config: vdpConfigSchema.default(vdpConfigSchema.parse({})),
    /** The home page's promotions slider (spec §9), in order; none: no slider. */
    home_promotions: z.array(homePromotionSchema).max(12).default([]),
    /** Shown instead of each location's city (e.g. a metro name). */
    override_city: z.string().nullable().default(null),
    /** Header mega-menu; absent means the spec's default nav. */
    navigation: z.array(navItemSchema).optional(),
    /** Chat bot (autobot) widget enabled. */
    autobot: z.boolean().default(false),
    /** Redbook valuations for trade-in. */
    redbook: z.boolean().default(false),
    /** Hosted Meilisearch; absent means the embedded engine. */
    search_service: searchServiceSchema.optional(),
    specifications: z
      .object({
        /** Cars created within this many days get the just-arrived tag (spec §9: 8). */
        just_arrived_days: z.number().int().min(0).max(90).default(8),
        /** Spec §9 texts: 'New Arrival'. */
        just_arrived_tag_name: z.string().min(1).default("New Arrival"),
        sold_tag_name: z.string().min(1).default("Just Sold"),
      })
      .strict()
      .default({ just_arrived_days: 8, just_arrived_tag_name: "New Arrival", sold_tag_name: "Just Sold" }),
    theme: themeSchema.default(themeSchema.parse({})),
    features: featuresSchema.default(featuresSchema.parse({})),
    /** Sold cars stay visible this many days after sale (spec §9: 0–14, default 3). */
    sold_window_days: z.number().int().min(0).max(14).default(3),
    /** Price text when a car has no usable price (spec §4). */
    no_price_text: z.string().min(1).default("Enquire for price."),
    /** State used when a visitor's state is unknown (spec §9). */
    default_state: z.enum(["act", "nsw", "nt", "qld", "sa", "tas", "vic", "wa"]).default("qld"),
    default_viewer_mode: z.enum(VIEWER_MODES).default("spinner"),
    /** Where the video slide sits in the vehicle gallery (spec §5: default second). */
    video_slide_position: z.enum(["start", "second", "middle", "end"]).default("second"),
    /**
     * The third-party 360° viewer a car's `spin_code` opens in (spec §7), for cars with a
     * spin_code and no spin frames of their own: the provider's name and its embed address with
     * `{code}` where the car's code goes. Its host is added to this site's frame-src and
     * connect-src only (scripts/lib/page-headers.ts). Without it a spin_code shows nothing.
     */
    spin_viewer: z
      .object({
        name: z.string().min(1),
        url: httpsUrl.refine(
          (url) => url.includes("{code}"),
          "must hold {code} where the car's spin_code goes",
        ),
      })
      .strict()
      .optional(),
    gating: gatingSchema.default(gatingSchema.parse({})),
    /**
     * Where Get Finance goes (spec §2 "or a configured default link"): one of the finance routes or
     * another page of this site; the car's details follow as the query, then #finance-form.
     */
    finance_link: z
      .string()
      .regex(
        /^\/(?!\/)[^?#\s\\]*$/,
        "must be a path on this site, like /finance or /apply-for-finance (no query)",
      )
      .default("/finance"),
    opt_in: optInSchema.default(optInSchema.parse({})),
    /** Lead form settings: the website-location select (schemas/forms.ts). */
    forms: formsSchema.default(formsSchema.parse({})),
    search: searchSettingsSchema.default(searchSettingsSchema.parse({})),
    finance_calculator: financeCalculatorSchema.default(financeCalculatorSchema.parse({})),
    budget_finder: budgetFinderSchema.default(budgetFinderSchema.parse({})),
    /** Customer reviews block (spec §9 Reviews); the reviews themselves are in reviews.json. */
    reviews: reviewsSettingsSchema.default(reviewsSettingsSchema.parse({})),
    /** Used cars display as this word (e.g. "Pre-Owned"). */
    used_keyword: z.string().min(1).default("Used"),
    /** Default warranty copy on vehicle pages. */
    warranty_text: z.string().default("3 Year Warranty Standard"),
    /**
     * A make's factory warranty (`{"Nissan": "Nissan 10 year warranty …"}`), shown in place of
     * warranty_text on that make's new and demo cars only (spec §9: warranty offers for one make):
     * a franchise's warranty is never promised on another make's car or on a used one.
     */
    make_warranties: z.record(z.string().min(1), z.string().min(1)).default({}),
    /** Reserve deposit when a car has none of its own (spec §9: $200). */
    reserve_deposit: z.number().min(0).default(200),
    /**
     * A group's sister businesses (spec §2: group pages link /twg-cars, /twg-rental …): a path on
     * this site or another site's https address, the name to show and optionally its logo. Shown
     * in a strip above the header and in the footer.
     */
    sister_businesses: z
      .array(
        z
          .object({
            label: z.string().trim().min(1).max(40),
            href: safeUrl,
            logo: imageSchema.optional(),
          })
          .strict(),
      )
      .max(12)
      .default([]),
    /**
     * The makes' own entries (spec §3 Manufacturer: name, slug, logo url): the brand tiles show a
     * make's logo where its entry has one. Matched to stock and dealerships by name.
     */
    manufacturers: z
      .array(
        z
          .object({
            id: z.union([z.number().int(), z.string().min(1)]).optional(),
            name: z.string().trim().min(1),
            slug: z.string().trim().min(1).optional(),
            logo: safeUrl.optional(),
          })
          .strict(),
      )
      .default([]),
    /**
     * The home page's locations block (spec §2): `grid` of cards, one `single` card (the main
     * location), the `dark` grid, or the Our Locations `carousel` that scrolls through them all.
     */
    locations_block: z.enum(LOCATIONS_BLOCK_VARIANTS).default("grid"),
    /** Brand group company stats (spec §1). */
    company_stats: z
      .object({ locations: z.number().int(), brands: z.number().int(), years: z.number().int() })
      .strict()
      .optional(),
    /**
     * The group home page's sales counter (spec §9): `base` plus one sale per 450 s of the month
     * so far, Brisbane time. Off unless turned on; the label follows the figure.
     */
    sales_counter: z
      .object({
        enabled: z.boolean().default(false),
        base: z.number().int().min(0).max(1_000_000).default(0),
        label: z.string().trim().min(1).max(60).default("cars sold this month"),
      })
      .strict()
      .default({ enabled: false, base: 0, label: "cars sold this month" }),
    /** Car types the home page and nav offer, in the spec's order. */
    car_types: z.array(carTypeSchema).optional(),
    /**
     * Truncated-feed guard: refuse to publish when the feed would publish fewer cars than this
     * share of the last successful build.
     */
    feed_guard_min_share: z.number().min(0).max(1).default(0.5),
    /** Lead delivery: the dealer's CRM webhook (optional; CRM_WEBHOOK_URL overrides). */
    leads: leadsSchema.optional(),
    /** Delivery calculator regions and prices; without it the vehicle page has no calculator. */
    delivery: deliverySchema.optional(),
    /** Privacy: how long each kind of data is kept (schemas/privacy.ts, with the defaults). */
    privacy: privacySchema.default(privacySchema.parse({})),
    /** Writes per minute the site's functions may make, per kind (schemas/quotas.ts, with the defaults). */
    write_quotas: writeQuotasSchema.default(writeQuotasSchema.parse({})),
  })
  .strict()
  .superRefine((site, ctx) => {
    const index = site.search_service?.index;
    if (index !== undefined && !isTenantIndexUid(site.slug, index)) {
      ctx.addIssue({
        code: "custom",
        path: ["search_service", "index"],
        message: `must be cars-${site.slug} or cars-${site.slug}_<suffix> (letters, digits, _ and -)`,
      });
    }
  });

export type Site = z.infer<typeof siteSchema>;
export type SiteInput = z.input<typeof siteSchema>;
