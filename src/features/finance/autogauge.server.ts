/**
 * GET /cars/{slug}/autogauge (spec §7 "GET {api base}{car path}/autogauge"): the car's Autogauge
 * result from the build's published snapshot, for cars the spec applies it to (§5: used cars that
 * Autograb prices, on sites with market data). The page applies the display rule itself.
 */

import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { findCarIn } from "~/tenant/find-car";
import { autogaugeApplies, autogaugeResult } from "./gauge";

export const autogaugePath = (carSlug: string) => `/cars/${carSlug}/autogauge`;

const PATH = /^\/cars\/([a-z0-9]+(?:-[a-z0-9]+)*)\/autogauge\/?$/;

export function createAutogaugeHandler(
  options: Omit<CallContext, "db">,
): (req: Request) => Promise<Response> {
  return handleCall(
    { name: "autogauge", allow: "GET", methods: ["GET", "HEAD"] },
    options,
    async ({ req, data }) => {
      const carSlug = PATH.exec(new URL(req.url).pathname)?.[1];
      if (!carSlug) return json({ error: ERRORS.autogauge.badPath }, 400);
      const { site } = data;
      const car = findCarIn(data, { slug: carSlug });
      if (!car) return json({ error: ERRORS.finance.unknownCar }, 404);
      const result = autogaugeApplies(car, site) ? autogaugeResult(car) : null;
      if (!result) return json({ error: ERRORS.autogauge.noResult }, 404);
      // Market data moves slowly; a published car's answer can be reused for a few minutes.
      return json(result, 200, { "cache-control": "public, max-age=300" });
    },
  );
}
