/**
 * Reads a car's public fields in the browser (GET /cars/{slug}/view.json?count=0: reading is not
 * another view), for the static pages that show one car chosen by the address: print and checkout.
 */
import type { CarFields } from "./car-fields";

export const CAR_FIELDS_TEXTS = {
  notFound: "We couldn't find that vehicle. It may have been sold or removed.",
  unavailable: "Sorry, we couldn't load this vehicle. Please try again in a moment.",
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type CarFieldsResult = { ok: true; car: CarFields } | { ok: false; message: string };

export async function loadCarFields(slug: string, websiteId: string): Promise<CarFieldsResult> {
  if (!SLUG.test(slug)) return { ok: false, message: CAR_FIELDS_TEXTS.notFound };
  try {
    const query = new URLSearchParams({ count: "0", website_id: websiteId });
    const response = await fetch(`/cars/${slug}/view.json?${query}`, {
      headers: { accept: "application/json" },
    });
    if (!response.ok)
      return {
        ok: false,
        message: response.status === 404 ? CAR_FIELDS_TEXTS.notFound : CAR_FIELDS_TEXTS.unavailable,
      };
    return { ok: true, car: ((await response.json()) as { car_fields: CarFields }).car_fields };
  } catch {
    return { ok: false, message: CAR_FIELDS_TEXTS.unavailable };
  }
}
