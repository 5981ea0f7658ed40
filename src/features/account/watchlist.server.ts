/**
 * The watchlist (spec §7 POST /api/watchlist/save-car and remove-car with JSON phone_number and
 * car_id, answering a success flag), server-side per user, and GET /api/account that lists it.
 */

import { carPictures } from "~/features/media/media";
import { carTypeLabel, isSold, priceDisplay } from "~/features/stock/stock";
import type { Db } from "~/lib/db/db.server";
import { MAX_CAR_ID } from "~/lib/shopper-input";
import { clock } from "~/server/clock";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { findCarIn } from "~/tenant/find-car";
import type { Car } from "~/tenant/schemas/car";
import type { TenantData } from "~/tenant/tenant.server";
import { ACCOUNT_TEXTS, offersAccounts } from "./account";
import { type AccountOptions, accountGet, accountPost } from "./account-http.server";
import { checkMobile, displayMobile } from "./mobile";
import { sessionUser } from "./session.server";
import { accountDb } from "./tables";

/**
 * What /watchlist shows of a saved car, in the words of the car's page (spec §7 view.json
 * `car_fields`); `listed: false` once it has left the site.
 */
export type WatchlistCar =
  | {
      listed: true;
      id: number;
      slug: string;
      name: string;
      price_text: string;
      was_price_text: string | null;
      sold: boolean;
      image: { url: string; alt: string };
      car_type_label: string;
      km: number | null;
    }
  | { listed: false; id: number };

function listedCar(data: TenantData, car: Car): WatchlistCar {
  const price = priceDisplay(car, data.site);
  const first = carPictures(car)[0] ?? { url: "", alt: car.name };
  return {
    listed: true,
    id: car.id,
    slug: car.slug,
    name: car.name,
    price_text: price.text,
    was_price_text: price.wasText ?? null,
    sold: isSold(car),
    image: { url: first.url, alt: first.alt },
    car_type_label: carTypeLabel(car.car_type, data.site),
    km: car.km ?? null,
  };
}

async function watchlistIds(db: Db, tenant: string, userId: string): Promise<number[]> {
  const rows = await accountDb(db)
    .selectFrom("watchlist")
    .select("car_id")
    .where("tenant", "=", tenant)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => row.car_id);
}

/** GET /api/account: who is signed in here, with their watchlist (`{ user: null }` when nobody). */
export function createAccountHandler(options: AccountOptions): (req: Request) => Promise<Response> {
  return accountGet(
    "account",
    options,
    { check: offersAccounts, error: ERRORS.account.notOffered },
    async ({ tenant, data, db, user }) => {
      if (!user) return json({ user: null });
      const ids = await watchlistIds(db, tenant, user.id);
      const cars: WatchlistCar[] = ids.map((id) => {
        const car = findCarIn(data, { id });
        return car ? listedCar(data, car) : { listed: false, id };
      });
      return json({ user: { ...user, phone_display: displayMobile(user.phone) }, watchlist: cars });
    },
  );
}

/** POST /api/watchlist/save-car and remove-car `{ phone_number, car_id }` (spec §7). */
export function createWatchlistHandler(
  action: "save" | "remove",
  options: AccountOptions,
): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  return accountPost(`watchlist-${action}`, options, async ({ req, tenant, data, db, body }) => {
    if (!data.site.features.watchlist) return json({ success: false, error: ERRORS.account.notOffered }, 404);
    const user = await sessionUser(db, tenant, req, now());
    if (!user) return json({ success: false, error: ACCOUNT_TEXTS.signInNeeded }, 401);
    const phone = checkMobile(typeof body.phone_number === "string" ? body.phone_number : "");
    if (!phone.ok || phone.phone !== user.phone)
      return json({ success: false, error: ERRORS.account.otherPhone }, 403);
    const carId = Number(body.car_id);
    if (!Number.isInteger(carId) || carId <= 0 || carId > MAX_CAR_ID)
      return json(
        { success: false, error: ERRORS.request.unknownCar, fields: { car_id: "must be a car id" } },
        400,
      );
    const accounts = accountDb(db);
    if (action === "save") {
      // Only cars on the site can be saved; a car that has since left can still be removed.
      if (!findCarIn(data, { id: carId }))
        return json({ success: false, error: ERRORS.request.unknownCar }, 404);
      await accounts
        .insertInto("watchlist")
        .values({ user_id: user.id, tenant, car_id: carId, created_at: now() })
        .onConflict((conflict) => conflict.columns(["user_id", "car_id"]).doNothing())
        .execute();
    } else {
      await accounts
        .deleteFrom("watchlist")
        .where("user_id", "=", user.id)
        .where("tenant", "=", tenant)
        .where("car_id", "=", carId)
        .execute();
    }
    return json({ success: true, car_ids: await watchlistIds(db, tenant, user.id) });
  });
}
