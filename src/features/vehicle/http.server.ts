/**
 * What every vehicle-page call answers with: JSON errors the page can show or log, never a 5xx for
 * anything the caller sent. Shared by the phone reveal, view counter, delivery, appointments and
 * PDF functions.
 */
import { json } from "~/lib/http.server";
import type { TenantData } from "~/tenant/tenant.server";

export const CALL_ERRORS = {
  unknownSite: "This site is not available.",
  unknownCar: "We couldn't find that vehicle. It may have been sold or removed.",
  unknownLocation: "We couldn't find that dealership location.",
  badJson: "The request body must be JSON.",
  unavailable: "Sorry, something went wrong on our side. Please try again in a moment.",
} as const;

export { json, methodNotAllowed, NO_STORE } from "~/lib/http.server";

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
  if (!tenant || !data) return { ok: false, response: json({ error: CALL_ERRORS.unknownSite }, 404) };
  return { ok: true, tenant, data };
}

/** The zod issues of a query or body as `{ field: message }`. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "request");
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
    return json({ error: CALL_ERRORS.unavailable }, 503, { "retry-after": "5" });
  }
}
