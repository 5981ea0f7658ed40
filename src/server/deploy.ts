/**
 * Which dealer a process speaks for. One Netlify site per tenant shares one database with every
 * other tenant, so a deployed function's tenant is its deploy's `TENANT` and never the request's
 * Host (functions bundle every tenant's site.json, and any Host can be sent). Only the local
 * all-tenant server (plain `npm start`) picks the tenant by `<slug>.localhost`.
 */
import { isDeployed } from "~/lib/deployed";
import { SLUG_PATTERN } from "~/lib/slug";

type Env = NodeJS.ProcessEnv;

/**
 * Whether this process may offer the stand-ins that are safe only on the developer's own machine:
 * the no-charge test checkout and the console SMS adapter (which prints sign-in codes to the log
 * instead of texting them). Never deployed, and not under a local server that listens beyond
 * loopback (`scripts/serve.ts` sets `LOCAL_STAND_INS=off` then), where anyone on the network could
 * "pay" with no charge or sign in as any number whose code lands in a log.
 */
export function localStandInsAllowed(env: Env = process.env): boolean {
  return !isDeployed(env) && env.LOCAL_STAND_INS !== "off";
}

/** The tenant this process is pinned to (`TENANT=<slug>`), or null for the all-tenant local server. */
export function pinnedTenant(env: Env = process.env): string | null {
  const slug = env.TENANT?.trim();
  return slug && SLUG_PATTERN.test(slug) ? slug : null;
}

/** `<slug>.localhost[:port]` → `slug`; anything else → null. Shared by functions and the local server. */
export function slugFromHost(host: string | null | undefined): string | null {
  const name = (host ?? "").split(":")[0]?.toLowerCase() ?? "";
  const slug = /^([a-z0-9-]+)\.localhost$/.exec(name)?.[1] ?? null;
  return slug && SLUG_PATTERN.test(slug) ? slug : null;
}

/**
 * The tenant a request is for. Pinned (`TENANT` set, deployed or `TENANT=… npm start`): that tenant,
 * whatever the Host says. Deployed without `TENANT`: none, so every call answers "unknown site"
 * rather than trusting a Host. Local all-tenant server: the Host's `<slug>.localhost`.
 */
export function tenantForRequest(req: Request, env: Env = process.env): string | null {
  const pinned = pinnedTenant(env);
  if (pinned) return pinned;
  if (isDeployed(env)) return null;
  return slugFromHost(req.headers.get("host"));
}

/** `westside-auto` → `CRM_WEBHOOK_URL_WESTSIDE_AUTO` (as `MEILI_ADMIN_KEY_<SLUG>`). */
export function perTenantEnvName(prefix: string, slug: string): string {
  return `${prefix}_${slug.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`;
}

/**
 * A setting that may be named per tenant: `<NAME>_<SLUG>` anywhere, else `<NAME>` where it can only
 * mean this tenant (a process pinned to it) or where one value for all is the point (the local
 * all-tenant server). A process pinned to another tenant never hands out its own `<NAME>`.
 */
export function tenantSetting(name: string, slug: string, env: Env = process.env): string | null {
  const own = env[perTenantEnvName(name, slug)];
  if (own) return own;
  const pinned = pinnedTenant(env);
  if (pinned && pinned !== slug) return null;
  if (!pinned && isDeployed(env)) return null;
  return env[name] || null;
}

export class TenantNotPinnedError extends Error {
  constructor(what: string) {
    super(
      `${what} needs TENANT: set TENANT=<slug> on this tenant's Netlify site, so it touches only that dealer's rows in the shared database.`,
    );
    this.name = "TenantNotPinnedError";
  }
}

/**
 * Whose rows a background worker (lead outbox, scheduled builds) may touch: the pinned tenant, or
 * every tenant for the local all-tenant server. A deployed worker without `TENANT` refuses to start.
 */
export function workerScope(what: string, env: Env = process.env): { tenant: string | null } {
  const pinned = pinnedTenant(env);
  if (pinned) return { tenant: pinned };
  if (env.TENANT?.trim()) throw new Error(`TENANT="${env.TENANT}" is not a tenant slug.`);
  if (isDeployed(env)) throw new TenantNotPinnedError(what);
  return { tenant: null };
}
