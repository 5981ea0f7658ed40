/**
 * GET /cars/{slug}/view.json: counts a view of a car (one per client an hour) and answers its view
 * count and public fields. IP_HASH_SECRET (optional) goes into the hash that names the client.
 */
import { createCarViewHandler } from "~/features/vehicle/car-view.server";
import { ipHashSecret } from "~/server/client-record";
import { callContext } from "~/server/context";

export default createCarViewHandler({ ...callContext(), ipHashSecret: ipHashSecret() });

// A literal: Netlify reads it from the source without running it (tests/unit/function-config.test.ts).
export const config = { path: "/cars/:slug/view.json" };
