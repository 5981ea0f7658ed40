import { z } from "zod";

/** Feature flags: what this site shows. Defaults are the spec's common case. */
export const featuresSchema = z
  .object({
    /** Reserve / buy online on vehicle pages (per car it also needs a deposit). */
    checkout: z.boolean().default(false),
    /** Trade-in valuation flow and Trade In buttons. */
    trade_in: z.boolean().default(true),
    /** Finance calculator on the vehicle page. */
    finance_calculator: z.boolean().default(true),
    /** Weekly estimate from the YouX quote service. */
    youx_quote: z.boolean().default(false),
    /**
     * Server-side watchlist with phone sign-in (spec §4, §6): the vehicle page's Save, /watchlist
     * and /sign-in. Off by default: it needs an SMS gateway (SMS_WEBHOOK_URL) when deployed.
     */
    watchlist: z.boolean().default(false),
    /** Local favourites and compare (spec: "storage setting"). */
    favourites: z.boolean().default(true),
    /**
     * Compare only used cars priced above 0 that have photos (spec §5: compare is hidden "on
     * certain sites when not used, price 0 or less, or no thumbnails and images").
     */
    compare_used_priced_with_photos: z.boolean().default(false),
    /** Delivery calculator on the vehicle page. */
    delivery_calculator: z.boolean().default(true),
    /** Dismissible promo popup. */
    promo_popup: z.boolean().default(false),
    /** Customer reviews block. */
    reviews: z.boolean().default(true),
    /** Call-the-dealer number masked after 5 characters until clicked. */
    mask_phone_until_click: z.boolean().default(true),
    /** Past rego expiry shows "Unregistered" (spec: "on some sites"). */
    show_unregistered: z.boolean().default(false),
    /** Enquire Now opens an external web chat instead of the dialog (one dealer). */
    enquire_opens_web_chat: z.boolean().default(false),
    /** Enquiry comments required (spec §5: required unless the site flag is off). */
    enquiry_comments_required: z.boolean().default(true),
    /** "* You must agree to the terms of use…" checkbox on forms. */
    terms_checkbox: z.boolean().default(false),
    /** Show the market-price badge when a car is well under the state average. */
    market_price_badge: z.boolean().default(true),
  })
  .strict();

/** Routes that redirect to sign-in when the shopper is not signed in (spec §4 gated routes). */
export const gatingSchema = z
  .object({
    checkout: z.boolean().default(true),
    finance: z.boolean().default(false),
    spin_to_win: z.boolean().default(false),
    car_finance: z.boolean().default(false),
  })
  .strict();

/** Newsletter opt-in on forms (spec §5). */
export const optInSchema = z
  .object({
    visible: z.boolean().default(true),
    default_checked: z.boolean().default(true),
    text: z.string().default("Yes, I would like to subscribe to receive latest offers & product updates."),
  })
  .strict();

export const VIEWER_MODES = ["spinner", "walkaround", "gallery", "interior"] as const;

export const PLUGINS = ["Autogauge", "Car Analysis", "PPSR Report"] as const;
