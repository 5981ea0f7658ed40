/**
 * My Garage functions (spec §2 /my-garage): GET /api/garage lists the signed-in shopper's vehicles;
 * POST /api/garage/add-vehicle and /api/garage/remove-vehicle change them. Only on sites with
 * `garage_enabled`, only for a signed-in shopper (spec §4: always gated).
 */

import { randomUUID } from "node:crypto";
import type { Db } from "~/lib/db/db.server";
import { isUuid } from "~/lib/ids";
import { clock } from "~/server/clock";
import { fieldErrors } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { type AccountOptions, accountGet, accountPost, sessionUser } from "./account.server";
import { GARAGE_LIMIT, GARAGE_TEXTS, type GarageVehicle, garageVehicleSchema } from "./garage";
import { accountDb } from "./tables";

async function vehicles(db: Db, tenant: string, userId: string): Promise<GarageVehicle[]> {
  return accountDb(db)
    .selectFrom("garage_vehicles")
    .select(["id", "rego", "rego_state", "make", "model", "year"])
    .where("tenant", "=", tenant)
    .where("user_id", "=", userId)
    .orderBy("created_at", "asc")
    .orderBy("rego", "asc")
    .execute();
}

/** GET /api/garage: `{ vehicles }` of the signed-in shopper. */
export function createGarageHandler(options: AccountOptions): (req: Request) => Promise<Response> {
  return accountGet(
    "garage",
    options,
    { check: (site) => site.garage_enabled, error: ERRORS.garage.notOffered },
    async ({ tenant, db, user }) => {
      if (!user) return json({ success: false, error: ERRORS.garage.signInNeeded }, 401);
      return json({ success: true, vehicles: await vehicles(db, tenant, user.id) });
    },
  );
}

/** POST /api/garage/add-vehicle `{ rego, rego_state, make, model, year? }` and remove-vehicle `{ id }`. */
export function createGarageChangeHandler(
  action: "add" | "remove",
  options: AccountOptions,
): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  return accountPost(`garage-${action}`, options, async ({ req, tenant, data, db, body }) => {
    if (!data.site.garage_enabled) return json({ success: false, error: ERRORS.garage.notOffered }, 404);
    const at = now();
    const user = await sessionUser(db, tenant, req, at);
    if (!user) return json({ success: false, error: ERRORS.garage.signInNeeded }, 401);
    const garage = accountDb(db);
    if (action === "remove") {
      const id = typeof body.id === "string" ? body.id : "";
      const removed = isUuid(id)
        ? await garage
            .deleteFrom("garage_vehicles")
            .where("id", "=", id)
            .where("user_id", "=", user.id)
            .where("tenant", "=", tenant)
            .executeTakeFirst()
        : null;
      if (!removed || Number(removed.numDeletedRows) === 0)
        return json({ success: false, error: GARAGE_TEXTS.notFound }, 404);
      return json({ success: true, vehicles: await vehicles(db, tenant, user.id) });
    }
    const parsed = garageVehicleSchema(at).safeParse(body);
    if (!parsed.success)
      return json(
        { success: false, error: ERRORS.request.fixErrors, fields: fieldErrors(parsed.error.issues, "form") },
        400,
      );
    const current = await vehicles(db, tenant, user.id);
    const vehicle = parsed.data;
    const known = current.some((v) => v.rego === vehicle.rego && v.rego_state === vehicle.rego_state);
    if (!known && current.length >= GARAGE_LIMIT)
      return json({ success: false, error: GARAGE_TEXTS.full }, 409);
    // The same plate again updates its details rather than adding a second copy.
    await garage
      .insertInto("garage_vehicles")
      .values({ id: randomUUID(), user_id: user.id, tenant, ...vehicle, created_at: at })
      .onConflict((conflict) =>
        conflict
          .columns(["user_id", "rego", "rego_state"])
          .doUpdateSet({ make: vehicle.make, model: vehicle.model, year: vehicle.year }),
      )
      .execute();
    return json({ success: true, vehicles: await vehicles(db, tenant, user.id) }, known ? 200 : 201);
  });
}
