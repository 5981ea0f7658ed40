/**
 * GET /cars/{slug}/view.json?photos_count=&updated_at=&website_id= (spec §7): counts one view of a
 * published car and answers `{ views, car_fields, reserved_until, deposit_online }`
 * (`deposit_online`: the checkout page takes the car's deposit here, else it sends a request).
 * `count=0` reads without counting (the print page, the checkout page). Unknown car 404, bad query 400; the page shows
 * nothing unless it gets a number. `reserved_until` (ISO 8601, or null) is the paid hold on the car
 * (src/features/payments/reservations.ts), read live so every page shows it without a rebuild; a
 * read without counting may be cached for 30 seconds, a counting call never is (a cached answer
 * would count no one).
 *
 * Anyone can call it, so a client counts at most one view of a car an hour (reloads and scripts
 * add nothing), kept as a hash of its address, and each client may call it only so often (429).
 */

import { createHash } from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { reservedUntil } from "~/features/payments/reservations.server";
import type { Db } from "~/lib/db/db.server";
import { clientIp, clientKey } from "~/server/client";
import { clock } from "~/server/clock";
import { type CallContext, fieldErrors, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { limitClient } from "~/server/json-post";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";
import { findCarIn } from "~/tenant/find-car";
import type { Car } from "~/tenant/schemas/car";
import { carFields } from "./car-fields";
import { vehicleDb } from "./tables";

const PATH = /^\/cars\/([a-z0-9]+(?:-[a-z0-9]+)*)\/view\.json$/;

const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).optional();

export const carViewQuerySchema = z
  .object({
    photos_count: z
      .string()
      .regex(/^\d{1,4}$/, "must be a whole number")
      .transform(Number)
      .optional(),
    /** The page's idea of when the car last changed: ISO date-time or Unix seconds. */
    updated_at: optionalText(40).refine(
      (value) => !value || /^\d{1,13}$/.test(value) || !Number.isNaN(Date.parse(value)),
      "must be a date-time or Unix seconds",
    ),
    website_id: optionalText(100),
    count: z.enum(["0", "1"], { error: "must be 0 or 1" }).optional(),
  })
  .strict();

/** How long a read without counting may be kept: a hold shows, or goes, within this. */
export const CAR_VIEW_READ_CACHE = "public, max-age=30";

/** Calls of the endpoint per client (page views and print pages alike). */
export const CAR_VIEW_RATE_LIMIT: RateLimit = { hits: 60, windowMs: 60_000 };
/** A client's views of one car that count: one per clock hour. */
export const VIEW_PER_CLIENT: RateLimit = { hits: 1, windowMs: 3_600_000 };

export interface CarViewOptions extends CallContext {
  now?: () => Date;
  rateLimit?: RateLimit;
  /** A per-deploy secret mixed into the client's hash (IP_HASH_SECRET). */
  ipHashSecret?: string | null;
  /**
   * Whether this deploy takes reserve deposits online (a payment provider is configured); by
   * default read from the environment as POST /api/reservations reads it.
   */
  depositsOnline?: () => boolean;
}

/**
 * Who is viewing, without keeping the address: sha256 of the deploy's secret, the site and the
 * client (an IPv6 /64 counts as one, as in the rate limits), shortened; it names a counter row.
 */
export function viewerHash(tenant: string, req: Request, secret: string | null = null): string {
  return createHash("sha256")
    .update(`${secret ?? ""}\0${tenant}\0${clientKey(clientIp(req))}`)
    .digest("hex")
    .slice(0, 32);
}

/** Adds one view (starting from the feed's own count the first time) and returns the new total. */
export async function countView(db: Db, tenant: string, car: Car, now: Date): Promise<number> {
  const row = await vehicleDb(db)
    .insertInto("car_views")
    .values({ tenant, car_id: car.id, views: (car.views ?? 0) + 1, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(["tenant", "car_id"]).doUpdateSet({
        views: sql<number>`car_views.views + 1`,
        updated_at: now,
      }),
    )
    .returning("views")
    .executeTakeFirstOrThrow();
  return row.views;
}

export async function readViews(db: Db, tenant: string, car: Car): Promise<number> {
  const row = await vehicleDb(db)
    .selectFrom("car_views")
    .select("views")
    .where("tenant", "=", tenant)
    .where("car_id", "=", car.id)
    .executeTakeFirst();
  return row?.views ?? car.views ?? 0;
}

export function createCarViewHandler(options: CarViewOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const depositsOnline = options.depositsOnline ?? (() => paymentProviderFromEnv() !== null);
  return handleCall({ name: "car-view", allow: "GET", writes: "views" }, options, async (call) => {
    const { req, tenant, data } = call;
    const url = new URL(req.url);
    const slug = PATH.exec(url.pathname)?.[1];
    const car = slug ? findCarIn(data, { slug }) : null;
    if (!car) return json({ error: ERRORS.request.unknownCar }, 404);
    const query = carViewQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) {
      return json({ error: ERRORS.vehicle.invalidView, fields: fieldErrors(query.error.issues) }, 400);
    }
    const db = await options.db();
    const at = now();
    const limited = await limitClient(
      db,
      req,
      `car-view:${tenant}`,
      options.rateLimit ?? CAR_VIEW_RATE_LIMIT,
      at,
    );
    if (limited) return limited;
    const counts =
      query.data.count !== "0" &&
      (
        await hitRateLimit(
          db,
          `car-viewed:${tenant}:${car.id}:${viewerHash(tenant, req, options.ipHashSecret ?? null)}`,
          VIEW_PER_CLIENT,
          at,
        )
      ).allowed;
    const views = counts ? await countView(db, tenant, car, at) : await readViews(db, tenant, car);
    const until = await reservedUntil(db, tenant, car.id, at);
    const fields = carFields(data, car);
    // The checkout page's choice between paying the deposit and the request-only lead.
    const depositOnline = Boolean(fields.checkout?.deposit) && depositsOnline();
    return json(
      {
        views,
        car_fields: fields,
        reserved_until: until?.toISOString() ?? null,
        deposit_online: depositOnline,
      },
      200,
      query.data.count === "0" ? { "cache-control": CAR_VIEW_READ_CACHE } : {},
    );
  });
}
