/**
 * POST /api/phone-reveal: the spec's phone reveal record (§7: car_id, dealership_id, website_id),
 * stored before the answer. The call-the-dealer box sends it when a shopper reveals the number;
 * its failures stay in the console (§8), so every answer here is plain JSON for the log.
 */

import { randomUUID } from "node:crypto";
import { z } from "zod";
import { MAX_CAR_ID, shopperString } from "~/lib/shopper-input";
import { clientIp, clientKey, readBodyWithin } from "~/server/client";
import { clientRecord, ipHashSecret } from "~/server/client-record";
import { clock } from "~/server/clock";
import { type CallContext, fieldErrors, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { isJsonRequest } from "~/server/json-post";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";
import { findCarIn } from "~/tenant/find-car";
import { vehicleDb } from "./tables";

const id = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be a positive number");

export const phoneRevealSchema = z.object({
  car_id: id.max(MAX_CAR_ID, "must be a car id"),
  dealership_id: id,
  /** The page sends the tenant's slug; any short id is kept as given. */
  website_id: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(shopperString().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"))
    .optional(),
});

export const PHONE_REVEAL_LIMITS = {
  maxBodyBytes: 4096,
  /** A shopper reveals a handful of numbers; a script revealing hundreds is not a shopper. */
  rateLimit: { hits: 30, windowMs: 60_000 } satisfies RateLimit,
};

export interface PhoneRevealOptions extends CallContext {
  now?: () => Date;
  rateLimit?: RateLimit;
}

export function createPhoneRevealHandler(options: PhoneRevealOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const rateLimit = options.rateLimit ?? PHONE_REVEAL_LIMITS.rateLimit;
  return handleCall({ name: "phone-reveal", allow: "POST", writes: "views" }, options, async (call) => {
    const { req, tenant, data } = call;
    if (!isJsonRequest(req)) return json({ error: ERRORS.request.contentType }, 415);
    const declared = Number(req.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > PHONE_REVEAL_LIMITS.maxBodyBytes) {
      return json({ error: ERRORS.vehicle.tooLarge }, 413);
    }
    // Stops reading at the limit: a body without a length must not be read whole first.
    const text = await readBodyWithin(req, PHONE_REVEAL_LIMITS.maxBodyBytes);
    if (text === null) return json({ error: ERRORS.vehicle.tooLarge }, 413);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return json({ error: ERRORS.request.badJson }, 400);
    }
    const parsed = phoneRevealSchema.safeParse(body);
    if (!parsed.success) {
      return json({ error: ERRORS.vehicle.invalidReveal, fields: fieldErrors(parsed.error.issues) }, 400);
    }
    const car = findCarIn(data, { id: parsed.data.car_id });
    if (!car) return json({ error: ERRORS.request.unknownCar }, 404);
    if (car.dealership_id !== parsed.data.dealership_id) {
      return json(
        {
          error: ERRORS.vehicle.invalidReveal,
          fields: { dealership_id: "does not match the car's dealership" },
        },
        400,
      );
    }

    const db = await options.db();
    const ip = clientIp(req);
    const limit = await hitRateLimit(db, `phone-reveal:${tenant}:${clientKey(ip)}`, rateLimit, now());
    if (!limit.allowed) {
      return json({ error: ERRORS.vehicle.tooMany }, 429, {
        "retry-after": String(limit.retryAfterSeconds),
      });
    }
    const reveal = {
      id: randomUUID(),
      tenant,
      car_id: car.id,
      dealership_id: car.dealership_id,
      website_id: parsed.data.website_id ?? tenant,
      ...clientRecord(tenant, ip, ipHashSecret()),
      user_agent: req.headers.get("user-agent")?.slice(0, 500) ?? null,
      created_at: now(),
    };
    await vehicleDb(db).insertInto("phone_reveals").values(reveal).execute();
    return json({ ok: true, id: reveal.id }, 201);
  });
}
