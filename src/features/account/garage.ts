/**
 * My Garage (spec §2 /my-garage; §4 "my-garage always gated"; site config garage_enabled): the
 * vehicles a signed-in shopper owns, kept so booking a service or valuing a trade-in starts from
 * them. Pure: the page's script and the functions share these rules and texts.
 */
import { z } from "zod";
import { normaliseRego, REGO_PATTERN, REGO_STATES } from "~/lib/rego";
import { shopperString } from "~/lib/shopper-input";

export const GARAGE_PATH = "/my-garage";
/** Vehicles one shopper may keep. */
export const GARAGE_LIMIT = 10;

export const GARAGE_TEXTS = {
  rego: "Please enter the rego as it is on the plate, e.g. ABC123.",
  regoState: "Please choose the state your car is registered in.",
  make: "Please enter the make of your car.",
  model: "Please enter the model of your car.",
  year: "Please enter the year your car was built, e.g. 2018.",
  full: `Your garage holds up to ${GARAGE_LIMIT} vehicles. Remove one to add another.`,
  empty:
    "Your garage is empty. Add your car and we'll have its details ready when you book a service or value it.",
  notFound: "That vehicle is not in your garage.",
} as const;

const text = (max: number, message: string) =>
  shopperString(message).trim().min(1, message).max(max, message);

/** A vehicle as the shopper adds it; the rego is kept as on the plate, without spaces or hyphens. */
export function garageVehicleSchema(now: Date) {
  return z.object({
    rego: z
      .string({ error: GARAGE_TEXTS.rego })
      .transform(normaliseRego)
      .refine((rego) => REGO_PATTERN.test(rego), GARAGE_TEXTS.rego),
    rego_state: z.enum(REGO_STATES, { error: GARAGE_TEXTS.regoState }),
    make: text(40, GARAGE_TEXTS.make),
    model: text(60, GARAGE_TEXTS.model),
    year: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || String(value).trim() === "") return null;
        const year = Number(value);
        if (!Number.isInteger(year) || year < 1950 || year > now.getFullYear() + 1) {
          ctx.addIssue({ code: "custom", message: GARAGE_TEXTS.year });
          return z.NEVER;
        }
        return year;
      }),
  });
}

export interface GarageVehicle {
  id: string;
  rego: string;
  rego_state: string;
  make: string;
  model: string;
  year: number | null;
}

/** "2018 Mazda CX-5". */
export function vehicleTitle(vehicle: Pick<GarageVehicle, "year" | "make" | "model">): string {
  return [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(" ");
}

/**
 * Book a service for a garage vehicle: the service form opens with its rego, make and model filled
 * in (the form reads these query parameters; spec §3 form fields "Rego", "Vehicle Make", "Vehicle
 * Model").
 */
export function serviceHref(vehicle: Pick<GarageVehicle, "rego" | "make" | "model">): string {
  const query = new URLSearchParams({
    Rego: vehicle.rego,
    "Vehicle Make": vehicle.make,
    "Vehicle Model": vehicle.model,
  });
  return `/service?${query}`;
}

/** Value a garage vehicle for trade-in: the trade-in flow opens with the car filled in. */
export function tradeInHref(
  vehicle: Pick<GarageVehicle, "rego" | "rego_state" | "make" | "model" | "year">,
): string {
  const query = new URLSearchParams({
    rego: vehicle.rego,
    regoState: vehicle.rego_state,
    make: vehicle.make,
    model: vehicle.model,
    ...(vehicle.year ? { year: String(vehicle.year) } : {}),
  });
  return `/trade-in?${query}`;
}
