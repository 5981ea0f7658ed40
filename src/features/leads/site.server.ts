/**
 * A tenant's lead settings at run time: which tenant a request is for (the deploy's `TENANT`, or
 * `<slug>.localhost` under the local all-tenant server; see src/server/deploy.ts) and where its
 * leads go. Site configs are read once per process.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { tenantForRequest, tenantSetting } from "~/server/deploy";
import { loadSite, SITE_FILE, tenantsDir } from "~/tenant/load";
import { type Site, SLUG_PATTERN } from "~/tenant/schema";

export function tenantSlugFor(req: Request, env: NodeJS.ProcessEnv = process.env): string | null {
  return tenantForRequest(req, env);
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

/**
 * The CRM webhook for a tenant: `CRM_WEBHOOK_URL_<SLUG>`, then `CRM_WEBHOOK_URL` where it can only
 * mean this tenant (a process pinned to it, or the local all-tenant server, where every delivery
 * carries its `tenant`), then site.json `leads.crm_webhook_url`.
 */
export function crmWebhookUrl(tenant: string, env: NodeJS.ProcessEnv = process.env): string | null {
  return (
    tenantSetting("CRM_WEBHOOK_URL", tenant, env) ?? siteFor(tenant, env)?.leads?.crm_webhook_url ?? null
  );
}

/** The secret a tenant's CRM deliveries are signed with (`CRM_WEBHOOK_SECRET[_<SLUG>]`), or null. */
export function crmWebhookSecret(tenant: string, env: NodeJS.ProcessEnv = process.env): string | null {
  return tenantSetting("CRM_WEBHOOK_SECRET", tenant, env);
}
