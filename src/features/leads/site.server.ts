/**
 * Which tenant a function request is for: `<slug>.localhost` under `npm start`, else the TENANT of
 * the deploy (one Netlify site per tenant). Site configs are read once per process.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadSite, SITE_FILE, tenantsDir } from "~/tenant/load";
import { type Site, SLUG_PATTERN } from "~/tenant/schema";

/** Same rule as the local server's `tenantFromHost` (scripts/lib/app.ts). */
function slugFromHost(host: string | null): string | null {
  const name = (host ?? "").split(":")[0]?.toLowerCase() ?? "";
  return /^([a-z0-9-]+)\.localhost$/.exec(name)?.[1] ?? null;
}

export function tenantSlugFor(req: Request, env: NodeJS.ProcessEnv = process.env): string | null {
  const slug = slugFromHost(req.headers.get("host")) ?? env.TENANT ?? null;
  return slug && SLUG_PATTERN.test(slug) ? slug : null;
}

const sites = new Map<string, Site>();

/** The tenant's validated site.json, or null when there is no such tenant. A broken config throws. */
export function siteFor(slug: string, env: NodeJS.ProcessEnv = process.env): Site | null {
  const dir = tenantsDir(env);
  const key = `${dir}\0${slug}`;
  const cached = sites.get(key);
  if (cached) return cached;
  if (!SLUG_PATTERN.test(slug) || !existsSync(path.join(dir, slug, SITE_FILE))) return null;
  const site = loadSite(dir, slug);
  sites.set(key, site);
  return site;
}

/** The CRM webhook for a tenant: CRM_WEBHOOK_URL wins, then site.json `leads.crm_webhook_url`. */
export function crmWebhookUrl(tenant: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CRM_WEBHOOK_URL) return env.CRM_WEBHOOK_URL;
  return siteFor(tenant, env)?.leads?.crm_webhook_url ?? null;
}
