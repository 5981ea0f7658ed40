/** The function: rate limit, query, the car, its photo, the sheet, the file. */

import path from "node:path";
import { z } from "zod";
import type { Db } from "~/lib/db/db.server";
import { clientIp, clientKey } from "~/server/client";
import { clock } from "~/server/clock";
import { type CallContext, fieldErrors, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { FUNCTION_HEADERS, json } from "~/server/http";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";
import { findCarIn } from "~/tenant/find-car";
import { carFields } from "../car-fields";
import { sheetPhoto } from "./photo.server";
import { buildCarPdf } from "./sheet";

export const carPdfQuerySchema = z
  .object({
    slug: z.string({ error: "is required" }).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a vehicle slug"),
  })
  .strict();

export const CAR_PDF_LIMITS = {
  /** A shopper prints a few cars; every sheet costs a photo fetch and a resize, so a script can't have hundreds. */
  rateLimit: { hits: 30, windowMs: 60_000 } satisfies RateLimit,
  tooMany: (seconds: number) =>
    `You've downloaded a lot of vehicle PDFs in a short time. Please try again in ${seconds} seconds.`,
};

export interface CarPdfOptions extends Omit<CallContext, "db"> {
  /** Where requests are counted per client; without one (tests of the sheet itself) nothing is. */
  db?: () => Promise<Db>;
  rateLimit?: RateLimit;
  /** Folders a site-relative photo path is looked up in, in order (public files, then the build). */
  assetRoots?: (tenant: string) => string[];
  /**
   * Origin a site-relative photo is fetched from when no folder has it: a deployed function's
   * bundle holds no photos, the site itself does. Netlify sets `URL`; locally there is none.
   */
  siteOrigin?: string | null;
  fetchImpl?: typeof fetch;
  now?: () => Date;
}

export function defaultAssetRoots(tenant: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return [path.resolve("public"), path.resolve(env.DIST_DIR || "dist", tenant)];
}

export function createCarPdfHandler(options: CarPdfOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const assetRoots = options.assetRoots ?? ((tenant: string) => defaultAssetRoots(tenant));
  const siteOrigin = options.siteOrigin === undefined ? (process.env.URL ?? null) : options.siteOrigin;
  const rateLimit = options.rateLimit ?? CAR_PDF_LIMITS.rateLimit;
  return handleCall({ name: "car-pdf", allow: "GET", writes: "views" }, options, async (call) => {
    const { req, tenant, data } = call;
    if (options.db) {
      const bucket = `car-pdf:${tenant}:${clientKey(clientIp(req))}`;
      const limit = await hitRateLimit(await options.db(), bucket, rateLimit, now());
      if (!limit.allowed) {
        return json({ error: CAR_PDF_LIMITS.tooMany(limit.retryAfterSeconds) }, 429, {
          "retry-after": String(limit.retryAfterSeconds),
        });
      }
    }
    const query = carPdfQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
    if (!query.success) {
      return json({ error: ERRORS.vehicle.invalidPdf, fields: fieldErrors(query.error.issues) }, 400);
    }
    const car = findCarIn(data, { slug: query.data.slug });
    if (!car) return json({ error: ERRORS.request.unknownCar }, 404);
    const first = carFields(data, car).image.url;
    const photo = first
      ? await sheetPhoto(first, {
          roots: assetRoots(tenant),
          siteOrigin: siteOrigin && URL.canParse(siteOrigin) ? new URL(siteOrigin).origin : null,
          imageHosts: data.site.image_hosts,
          ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
        })
      : null;
    const bytes = await buildCarPdf(data, car, photo, now());
    return new Response(new Uint8Array(bytes), {
      headers: {
        ...FUNCTION_HEADERS,
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${car.slug}.pdf"`,
        "content-length": String(bytes.byteLength),
        "cache-control": "private, max-age=300",
      },
    });
  });
}
