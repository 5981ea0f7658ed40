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

/**
 * `reservedUntil`: view.json's `reserved_until`, the paid hold on the car (ISO 8601), or null;
 * `depositOnline`: its `deposit_online`, whether the deposit can be paid here.
 */
export type CarFieldsResult =
  | { ok: true; car: CarFields; reservedUntil: string | null; depositOnline: boolean }
  | { ok: false; message: string };

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
    const body = (await response.json()) as {
      car_fields: CarFields;
      reserved_until?: unknown;
      deposit_online?: unknown;
    };
    return {
      ok: true,
      car: body.car_fields,
      reservedUntil: typeof body.reserved_until === "string" ? body.reserved_until : null,
      depositOnline: body.deposit_online === true,
    };
  } catch {
    return { ok: false, message: CAR_FIELDS_TEXTS.unavailable };
  }
}
