/**
 * GET /cars/{slug}/autogauge (spec §7 "GET {api base}{car path}/autogauge"): the car's Autogauge
 * result from the build's published snapshot, for cars the spec applies it to (§5: used cars that
 * Autograb prices, on sites with market data). The page applies the display rule itself.
 */
import { autogaugeApplies, autogaugeResult } from "./gauge";
import { FINANCE_ERRORS, json, methodNotAllowed, type TenantLookup } from "./http.server";

export const autogaugePath = (carSlug: string) => `/cars/${carSlug}/autogauge`;

export const AUTOGAUGE_ERRORS = {
  badPath: "Ask for /cars/{slug}/autogauge with the car's slug.",
  noResult: "There is no market comparison for this car.",
} as const;

const PATH = /^\/cars\/([a-z0-9]+(?:-[a-z0-9]+)*)\/autogauge\/?$/;

export function createAutogaugeHandler(options: TenantLookup): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed("GET");
    const carSlug = PATH.exec(new URL(req.url).pathname)?.[1];
    if (!carSlug) return json({ error: AUTOGAUGE_ERRORS.badPath }, 400);
    const slug = options.tenantFor(req);
    const site = slug ? options.site(slug) : null;
    if (!slug || !site) return json({ error: FINANCE_ERRORS.unknownSite }, 404);
    const car = options.car(slug, { slug: carSlug });
    if (!car) return json({ error: FINANCE_ERRORS.unknownCar }, 404);
    const result = autogaugeApplies(car, site) ? autogaugeResult(car) : null;
    if (!result) return json({ error: AUTOGAUGE_ERRORS.noResult }, 404);
    // Market data moves slowly; a published car's answer can be reused for a few minutes.
    return json(result, 200, { "cache-control": "public, max-age=300" });
  };
}
