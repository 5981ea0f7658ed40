/**
 * GET /api/reservations/held: the site's cars held by a paid reserve deposit right now, for the
 * result cards (src/features/payments/ui/held-cards.client.ts), one read per page however many
 * cards it shows:
 * `{ held: [{ id, slug, reserved_until, until_text, tag }] }`, where `until_text` is what takes
 * Reserve Now's place ("Reserved until Fri 18 Dec, 9:30am", in the dealer's time zone, as on the
 * vehicle page) and `tag` whether the card's tag becomes "Reserved" (spec tag order: a fuel tag
 * still comes first). Only the tenant's own published cars are listed, never who holds them. The
 * answer is the same for every shopper of the site, so it may be cached for a few seconds.
 */
import { siteTimeZone } from "~/features/locations/locations";
import { reservedUntilText } from "~/features/payments/reservations";
import { heldCars } from "~/features/payments/reservations.server";
import { carTag } from "~/features/stock/stock";
import { clock } from "~/server/clock";
import { type CallContext, handleCall } from "~/server/context";
import { json } from "~/server/http";

/** How long an answer may be kept: a hold shows on the cards, or leaves them, within this. */
export const HELD_CARS_CACHE = "public, max-age=5";

export interface HeldCarsOptions extends CallContext {
  now?: () => Date;
}

export interface HeldCar {
  id: number;
  slug: string;
  reserved_until: string;
  until_text: string;
  tag: boolean;
}

export function createHeldCarsHandler(options: HeldCarsOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  return handleCall(
    { name: "held-cars", allow: "GET", offered: (site) => site.features.checkout },
    options,
    async ({ tenant, data }) => {
      const at = now();
      const rows = await heldCars(await options.db(), tenant, at);
      const cars = new Map(data.cars.map((car) => [car.id, car]));
      const held: HeldCar[] = [];
      for (const row of rows) {
        const car = cars.get(row.car_id);
        if (!car) continue;
        const location = data.locations.find((l) => l.id === car.location_id);
        const timeZone = siteTimeZone(location ? [location] : [], data.site.default_state);
        held.push({
          id: car.id,
          slug: car.slug,
          reserved_until: row.reserved_until.toISOString(),
          until_text: reservedUntilText(row.reserved_until, timeZone),
          tag: carTag({ ...car, reserved: true }, data.site, at)?.kind === "reserved",
        });
      }
      return json({ held }, 200, { "cache-control": HELD_CARS_CACHE });
    },
  );
}
