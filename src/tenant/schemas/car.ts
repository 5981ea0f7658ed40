/**
 * One row of a stock feed (`{ "cars": [Car…] }`), by the spec's Car field names.
 * Required: what every page needs. Everything else is optional and nullable, as real feeds are.
 */
import { z } from "zod";
import { carTypeSchema } from "~/tenant/schemas/search";
import { feedUrl, safeUrl } from "~/tenant/schemas/urls";

const opt = <T extends z.ZodType>(schema: T) => schema.nullish();
const text = opt(z.string());
const num = opt(z.number());
const int = opt(z.number().int());
const flag = opt(z.boolean());
/** An address that reaches a page (href, src): https or a site path, blank for none. */
const url = opt(feedUrl);
const urls = opt(z.array(feedUrl));
/** ISO date or date-time string. */
const isoDate = opt(
  z.string().refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO date like 2026-01-31"),
);

export const CAR_STATUSES = ["in_stock", "sold", "coming_soon"] as const;

const imageSchema = z
  .object({
    url: safeUrl,
    thumb: z.object({ url: safeUrl }).optional(),
    video: z.boolean().optional(),
    alt: z.string().optional(),
  })
  .loose();

const hotspotSchema = z
  .object({
    id: z.union([z.number(), z.string()]),
    description: z.string(),
    anchors: opt(z.array(z.unknown())),
    interior: z.boolean().default(false),
    positions: z
      .array(
        z.object({
          activeAngle: z.number(),
          posX: z.number(),
          posY: z.number(),
          hotspotId: z.union([z.number(), z.string()]).optional(),
        }),
      )
      .default([]),
  })
  .loose();

const lenderSchema = z
  .object({
    disclaimer: text,
    termYears: num,
    termWeeks: num,
    termMonths: num,
    interestRate: num,
    comparisonRate: num,
    establishmentFees: num,
    deposit: num,
    paymentWeek: num,
    paymentMonth: num,
    totalPayable: num,
    balloon: num,
    financeProvider: text,
  })
  .catchall(z.unknown());

const variantSchema = z
  .object({
    cylinders: int,
    enginesize: num,
    enginesize_litres: num,
    induction: text,
    fuelconsumptioncombined: num,
    fuelcapacity: num,
    grossvehiclemass: num,
    vehiclelength: num,
    vehicleheight: num,
    vehiclewidth: num,
    towingcapacitybraked: num,
    torque: num,
    bodyconfiguration: text,
    ancaprating: num,
    geartype: text,
  })
  .loose();

export const carSchema = z
  .object({
    id: z.number().int().positive(),
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a URL slug (a-z, 0-9, hyphens)"),
    path: url,
    name: z.string().min(1),
    year: z.number().int().min(1900).max(2100),
    make: z.string().min(1),
    model: z.string().min(1),
    badge: text,
    series: text,
    colour: text,
    interior_colour: text,
    price: z.number().min(0),
    before_price: num,
    offer_price: num,
    subscription_price: num,
    preorder: flag,
    price_type: text,
    km: opt(z.number().min(0)),
    stocknum: text,
    vin: text,
    nvic: text,
    has_nvic: flag,
    regplate: text,
    rego_expiry: isoDate,
    build_date: isoDate,
    compliance_date: isoDate,
    status: z.enum(CAR_STATUSES),
    car_type: carTypeSchema,
    tag: text,
    reserved: flag,
    sold: flag,
    certified: flag,
    created_at: isoDate,
    views: int,
    file: url,
    location: text,
    location_id: int,
    location_name: text,
    city: text,
    state: text,
    private_suburb: text,
    private_postcode: text,
    dealership_id: z.number().int(),
    dealership_slug: text,
    images: z.array(imageSchema).default([]),
    thumbnails: urls,
    primary_image_url: url,
    video_url: url,
    external_video_url: url,
    walkaround_videos: urls,
    videos: urls,
    spin_images: urls,
    spin_code: text,
    spin_interior_image: url,
    hotspots: opt(z.array(hotspotSchema)),
    standardEquipment: opt(z.array(z.string())),
    dealercomments: text,
    simple_body: text,
    simple_transmission: text,
    simple_fuel: text,
    simple_drive: text,
    fuel: text,
    drive: text,
    trans: text,
    seats: int,
    doors: int,
    engine_size: num,
    engine_size_litres: num,
    gearnum: int,
    bodyconfiguration: text,
    photos_count: int,
    item_type: text,
    /** Unix seconds when the car was sold. */
    sold_date_timestamp: int,
    show_on_dealer_website: z.boolean().default(true),
    carsales_title: text,
    youxQuote: opt(
      z.object({ weeklyRepaymentAmount: num, advertisedRate: num, comparisonRate: num }).loose(),
    ),
    autograb_data: opt(z.object({ average_market_price: num, state_average_market_price: num }).loose()),
    body_width: num,
    body_length: num,
    tare_weight: num,
    axle_type: text,
    sleeps: int,
    aggregate_trailer_mass: num,
    variant: opt(variantSchema),
    finance_lenders: opt(z.record(z.string(), lenderSchema)),
    /** Reserve deposit for this car (spec: "deposit from per-car function"). */
    reserve_deposit: num,
  })
  .loose();

export type Car = z.infer<typeof carSchema>;
