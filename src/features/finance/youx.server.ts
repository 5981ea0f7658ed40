/**
 * POST /api/youx/quote (spec §7): validates the Quote request and answers from a quote adapter,
 * the YouX service when `YOUX_API_URL` is set, else the local stand-in (`localQuote`). The page
 * ignores any non-OK answer (spec §8), so every refusal here is a plain JSON `{ error }`.
 */

import type { Db } from "~/lib/db/db.server";
import { clientIp, clientKey, readBodyWithin } from "~/server/client";
import { clock } from "~/server/clock";
import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { isJsonRequest } from "~/server/json-post";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";
import { localQuote, type Quote, type QuoteRequest, quoteRequestSchema, quoteResponseSchema } from "./youx";

export interface QuoteAdapter {
  name: string;
  quote: (request: QuoteRequest) => Promise<Quote>;
}

export const localQuoteAdapter = (now: () => Date = clock): QuoteAdapter => ({
  name: "local",
  quote: async (request) => localQuote(request, now()),
});

/** The YouX service: the Quote request posted as JSON, the answer checked against the schema. */
export function httpQuoteAdapter(
  url: string,
  options: { apiKey?: string; timeoutMs?: number; fetch?: typeof fetch } = {},
): QuoteAdapter {
  const send = options.fetch ?? fetch;
  return {
    name: "youx",
    quote: async (request) => {
      const response = await send(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
      });
      if (!response.ok) throw new Error(`YouX answered ${response.status}`);
      return quoteResponseSchema.parse(await response.json());
    },
  };
}

export function quoteAdapterFromEnv(env: NodeJS.ProcessEnv = process.env): QuoteAdapter {
  return env.YOUX_API_URL
    ? httpQuoteAdapter(env.YOUX_API_URL, { ...(env.YOUX_API_KEY ? { apiKey: env.YOUX_API_KEY } : {}) })
    : localQuoteAdapter();
}

export const YOUX_QUOTE_LIMITS = {
  maxBodyBytes: 4096,
  /** A shopper's pages ask one quote each; every quote may call the YouX service. */
  rateLimit: { hits: 60, windowMs: 60_000 } satisfies RateLimit,
  tooMany: (seconds: number) =>
    `That's a lot of quotes in a short time. Please try again in ${seconds} seconds.`,
};

export interface QuoteOptions extends Omit<CallContext, "db"> {
  adapter: QuoteAdapter;
  /** Where requests are counted per client; without one (tests of the quote rules) nothing is. */
  db?: () => Promise<Db>;
  rateLimit?: RateLimit;
  now?: () => Date;
}

export function createQuoteHandler(options: QuoteOptions): (req: Request) => Promise<Response> {
  const rateLimit = options.rateLimit ?? YOUX_QUOTE_LIMITS.rateLimit;
  const now = options.now ?? clock;
  const spec = { name: "youx-quote", allow: "POST", writes: "views" } as const;
  return handleCall(spec, options, async ({ req, tenant: slug, data }) => {
    const { site } = data;
    if (!site.features.youx_quote) return json({ error: ERRORS.quote.notOffered }, 404);
    if (!isJsonRequest(req)) return json({ error: ERRORS.quote.contentType }, 415);
    if (options.db) {
      const bucket = `youx-quote:${slug}:${clientKey(clientIp(req))}`;
      let limit: Awaited<ReturnType<typeof hitRateLimit>>;
      try {
        limit = await hitRateLimit(await options.db(), bucket, rateLimit, now());
      } catch (error) {
        console.error("youx quote: could not count the request:", error);
        return json({ error: ERRORS.quote.unavailable }, 503, { "retry-after": "5" });
      }
      if (!limit.allowed) {
        return json({ error: YOUX_QUOTE_LIMITS.tooMany(limit.retryAfterSeconds) }, 429, {
          "retry-after": String(limit.retryAfterSeconds),
        });
      }
    }

    let text: string | null;
    try {
      // Stops reading at the limit: a body without a length must not be read whole first.
      text = await readBodyWithin(req, YOUX_QUOTE_LIMITS.maxBodyBytes);
    } catch {
      return json({ error: ERRORS.quote.badJson }, 400);
    }
    if (text === null) return json({ error: ERRORS.quote.tooLarge }, 413);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return json({ error: ERRORS.quote.badJson }, 400);
    }
    const parsed = quoteRequestSchema.safeParse(body);
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join(".") || "body", issue.message]),
      );
      return json({ error: ERRORS.quote.invalid, fields }, 400);
    }
    try {
      return json(quoteResponseSchema.parse(await options.adapter.quote(parsed.data)));
    } catch (error) {
      // The service failed, not the shopper: a gateway error the page ignores (spec §8).
      console.warn(`youx quote (${options.adapter.name}) failed:`, error);
      return json({ error: ERRORS.quote.unavailable }, 502);
    }
  });
}
