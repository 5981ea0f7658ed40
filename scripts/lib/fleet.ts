/**
 * Fleet setup's rules (`npm run fleet`): what each tenant's Netlify site should have, from its
 * site.json and the operator's environment, and the changes that take a site from what Netlify
 * says it has to that. Pure: scripts/lib/fleet-netlify.ts reads and writes Netlify.
 *
 * A secret is written to a site, never read back, compared or printed: Netlify does not hand secret
 * values back, so one already on a site is left as it is (its scopes are still kept right).
 */

import { perTenantEnvName } from "~/server/deploy";
import type { Site } from "~/tenant/schema";

export type Scope = "builds" | "functions" | "runtime" | "post-processing";

interface ManagedVar {
  key: string;
  scopes: Scope[];
  secret: boolean;
  /** Where the value comes from, when not `<KEY>_<SLUG>` or else `<KEY>` in the operator's environment. */
  source?: "slug" | "per-tenant" | "generated" | "build-hook";
}

const BUILDS_AND_FUNCTIONS: Scope[] = ["builds", "functions"];

/** The variables fleet manages: the README's "Deploying" table. Others on a site are left alone. */
export const MANAGED_VARS: readonly ManagedVar[] = [
  {
    key: "TENANT",
    scopes: ["builds", "functions", "runtime", "post-processing"],
    secret: false,
    source: "slug",
  },
  // Only the tenant's own role's URL (npm run db:tenant-role), never a shared DATABASE_URL: that
  // is the owner's.
  { key: "DATABASE_URL", scopes: BUILDS_AND_FUNCTIONS, secret: true, source: "per-tenant" },
  { key: "STOCK_WEBHOOK_SECRET", scopes: ["functions"], secret: true, source: "generated" },
  { key: "BUILD_HOOK_URL", scopes: ["functions"], secret: true, source: "build-hook" },
  { key: "CRM_WEBHOOK_URL", scopes: ["functions"], secret: true },
  { key: "CRM_WEBHOOK_SECRET", scopes: ["functions"], secret: true },
  { key: "SMTP_URL", scopes: ["functions"], secret: true },
  { key: "SMTP_FROM", scopes: ["functions"], secret: false },
  { key: "SMS_WEBHOOK_URL", scopes: ["functions"], secret: true },
  { key: "SMS_WEBHOOK_SECRET", scopes: ["functions"], secret: true },
  { key: "IP_HASH_SECRET", scopes: ["functions"], secret: true },
  { key: "STRIPE_SECRET_KEY", scopes: ["functions"], secret: true },
  { key: "STRIPE_WEBHOOK_SECRET", scopes: ["functions"], secret: true },
  { key: "OPS_ALERT_URL", scopes: ["functions"], secret: true },
  { key: "OPS_ALERT_SECRET", scopes: ["functions"], secret: true },
  { key: "MEILI_URL", scopes: ["builds"], secret: false },
  { key: "MEILI_ADMIN_KEY", scopes: ["builds"], secret: true },
  { key: "REGO_LOOKUP_URL", scopes: BUILDS_AND_FUNCTIONS, secret: false },
  { key: "REGO_LOOKUP_KEY", scopes: BUILDS_AND_FUNCTIONS, secret: true },
  { key: "VALUATION_URL", scopes: BUILDS_AND_FUNCTIONS, secret: false },
  { key: "VALUATION_KEY", scopes: BUILDS_AND_FUNCTIONS, secret: true },
];

/** The build hook the stock-feed webhook calls (README "Deploying", step 2). */
export const BUILD_HOOK_TITLE = "Stock feed";

export interface DesiredVar {
  key: string;
  scopes: Scope[];
  secret: boolean;
  /** Null: made when the site lacks it (a generated secret, the build hook's URL). */
  value: string | null;
}

export interface DesiredSite {
  slug: string;
  name: string;
  customDomain: string | null;
  buildHook: { title: string; branch: string };
  vars: DesiredVar[];
}

/** What Netlify says a site has. */
export interface CurrentSite {
  id: string;
  accountId: string;
  name: string;
  customDomain: string | null;
  buildHooks: { id: string; title: string; branch: string; url: string }[];
  vars: Map<string, { scopes: Scope[]; secret: boolean; value: string | null }>;
}

export type Change =
  | { kind: "create-site"; name: string; customDomain: string | null }
  | { kind: "custom-domain"; from: string | null; to: string | null }
  | { kind: "build-hook"; title: string; branch: string }
  | {
      kind: "set-var";
      variable: DesiredVar;
      existing: { scopes: Scope[]; secret: boolean; value: string | null } | null;
    };

export interface FleetSettings {
  /** Put before each slug to make the Netlify site name (names are unique across Netlify). */
  sitePrefix: string;
  branch: string;
}

/**
 * The site a tenant should have, or what is missing to say so. Values come from `<KEY>_<SLUG>`,
 * else `<KEY>`, in the operator's environment; DATABASE_URL only from `DATABASE_URL_<SLUG>`.
 */
export function desiredSite(
  site: Site,
  env: NodeJS.ProcessEnv,
  settings: FleetSettings,
): { site: DesiredSite } | { error: string } {
  const vars: DesiredVar[] = [];
  for (const managed of MANAGED_VARS) {
    const own = env[perTenantEnvName(managed.key, site.slug)] || null;
    let value: string | null;
    if (managed.source === "slug") value = site.slug;
    else if (managed.source === "build-hook") value = null;
    // The operator may give the stock webhook's secret (one the feed provider has already).
    else if (managed.source === "generated") value = own;
    else if (managed.source === "per-tenant") {
      if (!own) {
        return {
          error: `${perTenantEnvName(managed.key, site.slug)} is not set: give it the URL \`npm run db:tenant-role -- ${site.slug}\` prints`,
        };
      }
      value = own;
    } else {
      value = own ?? (env[managed.key] || null);
      if (value === null) continue;
    }
    vars.push({ key: managed.key, scopes: managed.scopes, secret: managed.secret, value });
  }
  const url = new URL(site.url);
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return {
    site: {
      slug: site.slug,
      name: `${settings.sitePrefix}${site.slug}`,
      customDomain: local ? null : url.hostname,
      buildHook: { title: BUILD_HOOK_TITLE, branch: settings.branch },
      vars,
    },
  };
}

const sameScopes = (a: Scope[], b: Scope[]) => [...a].sort().join() === [...b].sort().join();

/** The changes that take `current` (null: no such site yet) to `desired`, in the order to make them. */
export function planSite(desired: DesiredSite, current: CurrentSite | null): Change[] {
  const changes: Change[] = [];
  if (!current) changes.push({ kind: "create-site", name: desired.name, customDomain: desired.customDomain });
  else if (current.customDomain !== desired.customDomain)
    changes.push({ kind: "custom-domain", from: current.customDomain, to: desired.customDomain });
  const hookMissing = !current?.buildHooks.some((hook) => hook.title === desired.buildHook.title);
  if (hookMissing) changes.push({ kind: "build-hook", ...desired.buildHook });
  for (const variable of desired.vars) {
    const existing = current?.vars.get(variable.key) ?? null;
    // A new hook has a new URL, whatever the site holds.
    const stale = variable.key === "BUILD_HOOK_URL" && hookMissing;
    if (!existing || stale) {
      changes.push({ kind: "set-var", variable, existing });
      continue;
    }
    // A value made on the site (a generated secret) cannot be read back to rewrite: left as it is.
    if (variable.value === null) continue;
    const valueDiffers = !variable.secret && variable.value !== null && existing.value !== variable.value;
    if (valueDiffers || !sameScopes(existing.scopes, variable.scopes) || existing.secret !== variable.secret)
      changes.push({ kind: "set-var", variable, existing });
  }
  return changes;
}

/** One line per change for the operator; a secret's value never appears, nor where it came from. */
export function describeChange(change: Change): string {
  switch (change.kind) {
    case "create-site":
      return `+ site ${change.name}${change.customDomain ? ` at ${change.customDomain}` : ""}`;
    case "custom-domain":
      return `~ custom domain ${change.from ?? "(none)"} → ${change.to ?? "(none)"}`;
    case "build-hook":
      return `+ build hook "${change.title}" (branch ${change.branch}), its URL as BUILD_HOOK_URL`;
    case "set-var": {
      const { variable, existing } = change;
      const scopes = variable.scopes.join(", ");
      const shown = (value: string | null) => (value === null ? "(made on apply)" : JSON.stringify(value));
      const value = variable.secret ? "(secret)" : shown(variable.value);
      if (!existing) return `+ env ${variable.key} = ${value} [${scopes}]`;
      const what: string[] = [];
      if (!variable.secret && variable.value !== null && existing.value !== variable.value)
        what.push(`${shown(existing.value)} → ${value}`);
      if (!sameScopes(existing.scopes, variable.scopes))
        what.push(`scopes ${existing.scopes.join(", ")} → ${scopes}`);
      if (variable.key === "BUILD_HOOK_URL") what.push("the new build hook's URL (secret)");
      if (existing.secret !== variable.secret) what.push(variable.secret ? "made secret" : "made plain");
      return `~ env ${variable.key}: ${what.join("; ")}`;
    }
  }
}

/** `text` with every secret value in it replaced, for error messages that might echo a request. */
export function redact(text: string, secrets: Iterable<string | null>): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  return out;
}
