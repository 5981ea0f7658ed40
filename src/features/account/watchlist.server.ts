/**
 * The watchlist (spec §7 POST /api/watchlist/save-car and remove-car with JSON phone_number and
 * car_id, answering a success flag), server-side per user, and GET /api/account that lists it.
 */
import { type CarFields, carFields, findCarIn } from "~/features/vehicle/car-fields";
import { CALL_ERRORS } from "~/features/vehicle/http.server";
import type { Db } from "~/lib/db/db.server";
import { json } from "~/lib/http.server";
import { MAX_CAR_ID } from "~/lib/shopper-input";
import { clock } from "~/server/clock";
import { ACCOUNT_TEXTS, offersAccounts } from "./account";
import { ACCOUNT_ERRORS, type AccountOptions, accountGet, accountPost } from "./account-http.server";
import { checkMobile, displayMobile } from "./mobile";
import { sessionUser } from "./session.server";
import { accountDb } from "./tables";

/** What /watchlist shows of a saved car; `listed: false` once it has left the site. */
export type WatchlistCar =
  | ({ listed: true } & Pick<
      CarFields,
      "id" | "slug" | "name" | "price_text" | "was_price_text" | "sold" | "image" | "car_type_label" | "km"
    >)
  | { listed: false; id: number };

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
    { check: offersAccounts, error: ACCOUNT_ERRORS.notOffered },
    async ({ tenant, data, db, user }) => {
      if (!user) return json({ user: null });
      const ids = await watchlistIds(db, tenant, user.id);
      const cars: WatchlistCar[] = ids.map((id) => {
        const car = findCarIn(data, { id });
        if (!car) return { listed: false, id };
        const { slug, name, price_text, was_price_text, sold, image, car_type_label, km } = carFields(
          data,
          car,
        );
        return { listed: true, id, slug, name, price_text, was_price_text, sold, image, car_type_label, km };
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
    if (!data.site.features.watchlist) return json({ success: false, error: ACCOUNT_ERRORS.notOffered }, 404);
    const user = await sessionUser(db, tenant, req, now());
    if (!user) return json({ success: false, error: ACCOUNT_TEXTS.signInNeeded }, 401);
    const phone = checkMobile(typeof body.phone_number === "string" ? body.phone_number : "");
    if (!phone.ok || phone.phone !== user.phone)
      return json({ success: false, error: ACCOUNT_ERRORS.otherPhone }, 403);
    const carId = Number(body.car_id);
    if (!Number.isInteger(carId) || carId <= 0 || carId > MAX_CAR_ID)
      return json(
        { success: false, error: CALL_ERRORS.unknownCar, fields: { car_id: "must be a car id" } },
        400,
      );
    const accounts = accountDb(db);
    if (action === "save") {
      // Only cars on the site can be saved; a car that has since left can still be removed.
      if (!findCarIn(data, { id: carId }))
        return json({ success: false, error: CALL_ERRORS.unknownCar }, 404);
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
