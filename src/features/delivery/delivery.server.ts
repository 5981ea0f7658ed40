/**
 * GET /api/delivery?postcode=: the delivery estimate for a postcode from the tenant's regions
 * (spec §7 "delivery price lookup by postcode returns price and name"). 200 `{ price, name }`;
 * 400 with the spec's postcode texts; 404 with the spec's no-estimate text.
 */

import { type CallContext, handleCall } from "~/server/context";
import { json } from "~/server/http";
import { checkPostcode, DELIVERY_TEXTS, deliveryEstimate } from "./delivery";

/** Regions change only with a build; a short shared cache spares repeat lookups. */
const CACHEABLE = { "cache-control": "public, max-age=300" };

export function createDeliveryHandler(context: Omit<CallContext, "db">): (req: Request) => Promise<Response> {
  return handleCall({ name: "delivery", allow: "GET" }, context, (call) => {
    const { req, data } = call;
    const check = checkPostcode(new URL(req.url).searchParams.get("postcode"));
    if (!check.ok) return json({ error: check.error, fields: { postcode: check.error } }, 400);
    const estimate = deliveryEstimate(check.postcode, data.site.delivery);
    if (!estimate) return json({ error: DELIVERY_TEXTS.noEstimate }, 404, CACHEABLE);
    return json(estimate, 200, CACHEABLE);
  });
}
