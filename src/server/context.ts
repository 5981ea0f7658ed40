/**
 * The request context of every function: the tenant a request is for (the deploy's TENANT, or
 * `<slug>.localhost` locally; src/server/deploy.ts) and that tenant's published snapshot, the one
 * run-time source of its config, plus the answers every function shares: an unknown site, field
 * errors, and a 503 for anything unexpected instead of a bare 500.
 */
import { json } from "~/lib/http.server";
import type { TenantData } from "~/tenant/tenant.server";
import { REQUEST_ERRORS } from "./errors";

/** Where a call finds its tenant: injectable so tests need no build or Host rules. */
export interface CallContext {
  /** The tenant a request is for, or null. */
  tenantFor: (req: Request) => string | null;
  /** The tenant's published snapshot, or null when it has not been built. */
  snapshot: (slug: string) => TenantData | null;
}

export type Resolved = { ok: true; tenant: string; data: TenantData } | { ok: false; response: Response };

export function resolveTenant(req: Request, context: CallContext): Resolved {
  const tenant = context.tenantFor(req);
  const data = tenant ? context.snapshot(tenant) : null;
  if (!tenant || !data) return { ok: false, response: json({ error: REQUEST_ERRORS.unknownSite }, 404) };
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
export async function guarded(name: string, run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    console.error(`[${name}] ${error instanceof Error ? error.stack : String(error)}`);
    return json({ error: REQUEST_ERRORS.unavailable }, 503, { "retry-after": "5" });
  }
}
