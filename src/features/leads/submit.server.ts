/**
 * POST /api/leads end to end: tenant, abuse rules, validation, storage. Every answer is JSON the
 * form can show: `{ lead_id }` on success, `{ error, fields? }` otherwise, and every refusal tells
 * the shopper what to do next. Nothing is answered 2xx before the lead is committed.
 *
 * Every request past the header checks counts against its client's rate limit, and a client over
 * it is answered 429 whatever its body. A lead that can be stored is counted in the statement
 * that stores it, so a shopper's submission costs one trip to the database.
 */

import { withConsent } from "~/features/privacy/lead-privacy.server";
import { isDataError } from "~/lib/db/data-errors";
import { clock } from "~/server/clock";
import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { acceptJsonPost, rateLimited } from "~/server/json-post";
import type { RateLimit } from "~/server/rate-limit.server";
import { FORM_LEAD_KINDS, type LeadKind, SERVER_MADE_KINDS, withoutServerMadeFields } from "./kinds";
import { formRulesFor, isHoneypotHit, isTooFast, LEAD_LIMITS } from "./leads";
import { storeLead } from "./leads.server";
import { HONEYPOT_FIELD, LEAD_TEXTS, parseLead, reservedCategoryErrors, STARTED_AT_FIELD } from "./schemas";

export interface LeadsHandlerOptions extends CallContext {
  now?: () => Date;
  minTimeOnPageMs?: number;
  maxBodyBytes?: number;
  rateLimit?: RateLimit;
  /** Called after a lead is committed (e.g. to wake the local delivery worker). */
  onStored?: (leadId: string) => void;
}

export function createLeadsHandler(options: LeadsHandlerOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const maxBodyBytes = options.maxBodyBytes ?? LEAD_LIMITS.maxBodyBytes;
  const rateLimit = options.rateLimit ?? LEAD_LIMITS.rateLimit;
  const minTimeOnPageMs = options.minTimeOnPageMs ?? LEAD_LIMITS.minTimeOnPageMs;
  const spec = {
    name: "leads",
    allow: "POST",
    methodError: ERRORS.leads.method,
    // Storage down or a broken site config: the shopper keeps the form and is told to retry.
    unavailable: ERRORS.leads.unavailable,
    writes: "leads",
  } as const;

  return handleCall(spec, options, async ({ req, tenant, data: { site, locations } }) => {
    const db = await options.db();
    const post = await acceptJsonPost(req, {
      db,
      bucket: `leads:${tenant}`,
      rateLimit,
      now: now(),
      maxBodyBytes,
      count: "with-store",
      idempotencyKey: true,
    });
    if (!post.ok) return post.response;
    const { body, refuse } = post;

    const kind = body.kind;
    if (typeof kind === "string" && SERVER_MADE_KINDS.has(kind as LeadKind)) {
      return await refuse(json({ error: LEAD_TEXTS.fixErrors, fields: { kind: LEAD_TEXTS.kind } }, 400));
    }
    // Category and subcategory are the server's, but for the few a form offers: a lead filed as
    // "3. Offer Accepted" or "Reserve Online" on a contact form is refused, not quietly refiled.
    const reserved =
      typeof kind === "string" && (FORM_LEAD_KINDS as readonly string[]).includes(kind)
        ? reservedCategoryErrors(kind as LeadKind, body)
        : {};
    if (Object.keys(reserved).length > 0)
      return await refuse(json({ error: LEAD_TEXTS.fixErrors, fields: reserved }, 400));
    const parsed = parseLead(withoutServerMadeFields(kind, body), formRulesFor(site, locations));
    if (!parsed.success)
      return await refuse(json({ error: LEAD_TEXTS.fixErrors, fields: parsed.fields }, 400));
    const spam = isHoneypotHit(body[HONEYPOT_FIELD]);
    // A bot that filled the honeypot learns nothing: it gets what looks like a success.
    if (!spam && isTooFast(body[STARTED_AT_FIELD], now(), minTimeOnPageMs)) {
      return await refuse(json({ error: ERRORS.leads.tooFast, retry: true }, 422));
    }

    const stored = await storeLead(
      db,
      {
        tenant,
        // The opt-in as shown and sent, and the mark of an address that unsubscribed.
        lead: await withConsent(db, {
          tenant,
          site,
          form: parsed.lead.kind,
          fields: parsed.lead,
          optedIn: body.opt_in,
          page: req.headers.get("referer"),
          at: now(),
        }),
        idempotencyKey: post.key,
        spam,
        clientIp: post.ip,
        userAgent: req.headers.get("user-agent"),
      },
      post.hit,
    ).catch(async (error: unknown) => {
      // A value Postgres refuses fails again on every retry: the shopper's to fix, not ours. Its
      // statement stored nothing and counted nothing, so the refusal counts now.
      if (isDataError(error)) {
        console.warn(`[leads] refused a value: ${error instanceof Error ? error.message : String(error)}`);
        return await refuse(json({ error: ERRORS.leads.unreadable }, 400));
      }
      throw error;
    });
    if (stored instanceof Response) return stored;
    if (!("leadId" in stored)) return rateLimited(stored.retryAfterSeconds, ERRORS.leads.rateLimited);
    if (stored.created && !spam) options.onStored?.(stored.leadId);
    return json(
      { lead_id: stored.leadId },
      stored.created ? 201 : 200,
      stored.created ? {} : { "idempotent-replayed": "true" },
    );
  });
}
