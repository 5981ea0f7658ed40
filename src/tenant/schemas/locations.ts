/** `tenants/<slug>/locations.json`: the spec's Location, opening hours and special hours. */
import { z } from "zod";
import { safeUrl } from "~/tenant/schemas/urls";

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time like 08:30");

export const openingHourSchema = z
  .object({
    /** 0 Sunday … 6 Saturday. */
    weekday: z.number().int().min(0).max(6),
    status: z.enum(["Open", "Closed"]),
    open: time.nullish(),
    close: time.nullish(),
    formated_hours: z.string().nullish(),
  })
  .strict();

export const specialHourSchema = z
  .object({
    date: z.iso.date(),
    status: z.enum(["Open", "Closed"]),
    start_hour: time.nullish(),
    end_hour: time.nullish(),
    hours: z.object({ begin: time, end: time }).nullish(),
    location_id: z.number().int(),
    /** Why the hours differ (e.g. "Christmas Day"). */
    name: z.string().optional(),
  })
  .strict();

export const LOCATION_TYPES = ["sales", "service", "parts", "service-and-parts", ""] as const;

export const locationSchema = z
  .object({
    id: z.number().int(),
    name: z.string().min(1),
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    visible: z.boolean().default(true),
    primary: z.boolean().default(false),
    /** Empty means sales. */
    location_type: z.enum(LOCATION_TYPES).default(""),
    location_subtype: z.array(z.string()).default([]),
    manufacturers: z.array(z.string()).default([]),
    dealership_id: z.number().int(),
    dealership_slug: z.string(),
    /**
     * The location's store code in its Google Business Profile, which Google's vehicle ads match
     * each car to; the location's slug when absent.
     */
    store_code: z.string().min(1).max(64).nullish(),
    image: safeUrl.nullish(),
    address: z
      .object({
        street: z.string(),
        city: z.string(),
        state: z.string(),
        postcode: z.string().regex(/^\d{4}$/, "must be a 4-digit postcode"),
        lat: z.number().min(-44).max(-10),
        long: z.number().min(112).max(154),
        place_url: safeUrl.nullish(),
        place_id: z.string().nullish(),
        map_key: z.string().nullish(),
      })
      .strict(),
    contact_detail: z
      .object({
        phone: z.string().nullish(),
        landline_phone: z.string().nullish(),
        opening_hours: z.array(openingHourSchema).default([]),
      })
      .strict(),
    special_hours: z.array(specialHourSchema).default([]),
    reviews: z.object({ average_rating: z.number().min(0).max(5), count: z.number().int().min(0) }).nullish(),
    dealer_license_number: z.string().nullish(),
    motor_vehicle_repairer: z.string().nullish(),
    distribution_locations: z.array(z.number().int()).default([]),
  })
  .strict();

export const locationsFileSchema = z.array(locationSchema);
export type Location = z.infer<typeof locationSchema>;
export type OpeningHour = z.infer<typeof openingHourSchema>;
export type SpecialHour = z.infer<typeof specialHourSchema>;
