/**
 * The request context of every function: the tenant a request is for (the deploy's TENANT, or
 * `<slug>.localhost` locally; src/server/deploy.ts), that tenant's published snapshot, the one
 * run-time source of its config, and the shared database; plus the answers every function shares:
 * an unknown site, field errors, and a 503 for anything unexpected instead of a bare 500.
 */

import { isDataError } from "~/lib/db/data-errors";
import { type Db, getDb } from "~/lib/db/db.server";
import type { Site } from "~/tenant/schema";
import type { WriteKind } from "~/tenant/schemas/quotas";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import type { TenantData } from "~/tenant/tenant.server";
import { clock } from "./clock";
import { tenantForRequest } from "./deploy";
import { ERRORS } from "./errors";
import { json, methodNotAllowed } from "./http";
import { hitWriteQuota } from "./quota.server";

/**
 * What a call is served with: where it finds its tenant and that tenant's data, and the database.
 * Every handler takes it (its own options add to it); injectable so tests need no build, Host
 * rules or Postgres of their own.
 */
export interface CallContext {
  /** The tenant a request is for, or null. */
  tenantFor: (req: Request) => string | null;
  /** The tenant's published snapshot, or null when it has not been built. */
  snapshot: (slug: string) => TenantData | null;
  /** The shared database, opened on first use. */
  db: () => Promise<Db>;
  /** The functions' clock (clock.ts) unless injected: the minute a write quota counts in. */
  now?: () => Date;
}

/** The context a deployed function (and the local server) serves calls with. */
export function callContext(): CallContext {
  return {
    tenantFor: (req) => tenantForRequest(req),
    snapshot: (slug) => tenantSnapshot(slug),
    db: getDb,
  };
}

type Resolved = { ok: true; tenant: string; data: TenantData } | { ok: false; response: Response };

function resolveTenant(req: Request, context: Pick<CallContext, "tenantFor" | "snapshot">): Resolved {
  const tenant = context.tenantFor(req);
  const data = tenant ? context.snapshot(tenant) : null;
  if (!tenant || !data) return { ok: false, response: json({ error: ERRORS.request.unknownSite }, 404) };
  return { ok: true, tenant, data };
}

/**
 * The zod issues of a query or body as `{ field: message }`, the first message per field; an
 * issue about the whole value goes under `whole` ("request" for a query, "form" for a form's body).
 */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  whole = "request",
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? whole);
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Runs a handler; anything unexpected is logged and answered 503 (retryable), never a bare 500. */
export async function guarded(
  name: string,
  run: () => Promise<Response> | Response,
  answers: Pick<CallSpec, "unavailable" | "dataErrors"> = {},
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    // A value Postgres refuses fails again on every retry: the shopper's to fix, not ours.
    if (answers.dataErrors && isDataError(error)) {
      console.warn(`[${name}] refused a value: ${error instanceof Error ? error.message : String(error)}`);
      return json({ error: ERRORS.leads.unreadable }, 400);
    }
    console.error(`[${name}] ${error instanceof Error ? error.stack : String(error)}`);
    return json({ error: answers.unavailable ?? ERRORS.request.unavailable }, 503, { "retry-after": "5" });
  }
}

/** How a function answers what is not its call proper. */
export interface CallSpec {
  /** The function's name in the log. */
  name: string;
  /** The methods the 405 names (its Allow header), e.g. "POST" or "GET, POST". */
  allow: string;
  /** The methods served, when more than `allow` names (HEAD beside GET). */
  methods?: readonly string[];
  /** The 405's `{ error }`; by default "Use <allow> for this address." */
  methodError?: string;
  /** Whether the tenant's site offers the call at all; one that does not is an unknown site (404). */
  offered?: (site: Site) => boolean;
  /** The 503's `{ error }` for anything unexpected, in the words of the form that shows it. */
  unavailable?: string;
  /** A value Postgres refuses (isDataError) is answered 400 `ERRORS.leads.unreadable`, not 503. */
  dataErrors?: boolean;
  /**
   * The kind of write the call makes, counted against the site's quota for it (site.json
   * `write_quotas`) before `run`: over it, 429 with Retry-After and nothing written, not even the
   * per-client rate-limit row. With `methods`, only those methods write (a GET beside the POST reads).
   */
  writes?: WriteKind | { kind: WriteKind; methods: readonly string[] };
}

/** What a call is for once the kit has let it through: the request, its tenant and their data. */
export interface Call {
  req: Request;
  tenant: string;
  data: TenantData;
}

/** The 429 of a site over its write quota: wait `seconds` (Retry-After), in the kit's `{ error }`. */
export function siteBusy(seconds: number): Response {
  return json({ error: ERRORS.request.busy(seconds) }, 429, { "retry-after": String(seconds) });
}

/**
 * Counts the call against the site's write quota when its spec says it writes (and this method
 * does): the 429 answer when the site is over it, else null.
 */
async function overQuota(
  spec: CallSpec,
  context: Partial<Pick<CallContext, "db" | "now">>,
  req: Request,
  tenant: string,
  site: Site,
): Promise<Response | null> {
  // Without a database (tests of a function's own rules) nothing is counted, as with its rate limit.
  if (!spec.writes || !context.db) return null;
  const { kind, methods } =
    typeof spec.writes === "string" ? { kind: spec.writes, methods: null } : spec.writes;
  if (methods && !methods.includes(req.method)) return null;
  const db = await context.db();
  const hit = await hitWriteQuota(db, tenant, kind, site.write_quotas[kind], (context.now ?? clock)());
  return hit.allowed ? null : siteBusy(hit.retryAfterSeconds);
}

/**
 * A function's handler, written one way: the method (405), the tenant and its published data (404
 * for an unknown site, or one that does not offer the call), the site's write quota when the call
 * writes (429), then `run`, with anything unexpected answered 503 (src/server/errors.ts has every text).
 */
export function handleCall(
  spec: CallSpec,
  context: Pick<CallContext, "tenantFor" | "snapshot"> & Partial<Pick<CallContext, "db" | "now">>,
  run: (call: Call) => Promise<Response> | Response,
): (req: Request) => Promise<Response> {
  const methods = spec.methods ?? spec.allow.split(",").map((method) => method.trim());
  return (req) =>
    guarded(
      spec.name,
      async () => {
        if (!methods.includes(req.method))
          return spec.methodError === undefined
            ? methodNotAllowed(spec.allow)
            : json({ error: spec.methodError }, 405, { allow: spec.allow });
        const resolved = resolveTenant(req, context);
        if (!resolved.ok) return resolved.response;
        if (spec.offered && !spec.offered(resolved.data.site))
          return json({ error: ERRORS.request.unknownSite }, 404);
        const busy = await overQuota(spec, context, req, resolved.tenant, resolved.data.site);
        if (busy) return busy;
        return run({ req, tenant: resolved.tenant, data: resolved.data });
      },
      spec,
    );
}
