/**
 * Fleet setup's reads and writes, through Netlify's own API client (`@netlify/api`): what a site
 * has now, and making the changes scripts/lib/fleet.ts plans. The endpoints, by the client's
 * method names: listSitesForAccount, createSiteInTeam, updateSite, listSiteBuildHooks,
 * createSiteBuildHook, getEnvVars, createEnvVars, updateEnvVar.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { NetlifyAPI } from "@netlify/api";
import type { Change, CurrentSite, DesiredSite, Scope } from "./fleet";

export interface NetlifyTarget {
  token: string;
  /** The team's slug (Netlify's "account slug"), where sites are found and created. */
  accountSlug: string;
  /** `https://api.netlify.com/api/v1` unless a stand-in's. */
  apiUrl: string;
}

export function netlifyClient(target: NetlifyTarget): NetlifyAPI {
  const url = new URL(target.apiUrl);
  return new NetlifyAPI(target.token, {
    scheme: url.protocol.replace(":", ""),
    host: url.host,
    pathPrefix: url.pathname.replace(/\/$/, ""),
    userAgent: "dealer-sites fleet",
  });
}

interface ApiSite {
  id: string;
  account_id: string;
  name: string;
  custom_domain?: string | null;
}
interface ApiHook {
  id: string;
  title: string;
  branch: string;
  url: string;
}
interface NewVar {
  key: string;
  scopes: Scope[];
  is_secret: boolean;
  values: { context: "all"; value: string }[];
}
interface ApiEnvVar {
  key: string;
  scopes: Scope[];
  is_secret?: boolean;
  values?: { context: string; value?: string }[];
}

/** The tenant's site as Netlify has it, or null when the team has no site of that name. */
export async function readSite(
  api: NetlifyAPI,
  accountSlug: string,
  name: string,
): Promise<CurrentSite | null> {
  // The name filter matches parts of names: pick the exact one.
  const sites = (await api.listSitesForAccount({
    account_slug: accountSlug,
    name,
    per_page: 100,
  })) as ApiSite[];
  const site = sites.find((candidate) => candidate.name === name);
  if (!site) return null;
  const hooks = (await api.listSiteBuildHooks({ site_id: site.id })) as ApiHook[];
  const vars = (await api.getEnvVars({ account_id: site.account_id, site_id: site.id })) as ApiEnvVar[];
  return {
    id: site.id,
    accountId: site.account_id,
    name: site.name,
    customDomain: site.custom_domain || null,
    buildHooks: hooks.map(({ id, title, branch, url }) => ({ id, title, branch, url })),
    vars: new Map(
      vars.map((v) => [
        v.key,
        {
          scopes: v.scopes,
          secret: Boolean(v.is_secret),
          value: v.values?.find((value) => value.context === "all")?.value ?? null,
        },
      ]),
    ),
  };
}

/**
 * Makes `changes` (planned from `current`) on Netlify, in order. A generated secret is written to
 * `<secretsDir>/<slug>.stock-webhook-secret` (mode 600, for the feed provider) before the site
 * gets it, so it is never set without the operator having it.
 */
export async function applyChanges(
  api: NetlifyAPI,
  target: NetlifyTarget,
  desired: DesiredSite,
  current: CurrentSite | null,
  changes: Change[],
  secretsDir: string,
): Promise<{ written: string[] }> {
  const written: string[] = [];
  let site = current ? { id: current.id, accountId: current.accountId } : null;
  let hookUrl = current?.buildHooks.find((hook) => hook.title === desired.buildHook.title)?.url ?? null;
  const created: NewVar[] = [];
  for (const change of changes) {
    if (change.kind === "create-site") {
      const made = (await api.createSiteInTeam({
        account_slug: target.accountSlug,
        body: { name: change.name, ...(change.customDomain ? { custom_domain: change.customDomain } : {}) },
      })) as ApiSite;
      site = { id: made.id, accountId: made.account_id };
      continue;
    }
    if (!site) throw new Error(`no site ${desired.name} to change`);
    if (change.kind === "custom-domain") {
      await api.updateSite({ site_id: site.id, body: { custom_domain: change.to ?? "" } });
    } else if (change.kind === "build-hook") {
      const hook = (await api.createSiteBuildHook({
        site_id: site.id,
        body: { title: change.title, branch: change.branch },
      })) as ApiHook;
      hookUrl = hook.url;
    } else {
      const { variable, existing } = change;
      let value = variable.value;
      if (variable.key === "BUILD_HOOK_URL") value ??= hookUrl;
      if (variable.key === "STOCK_WEBHOOK_SECRET" && value === null) {
        value = randomBytes(32).toString("hex");
        mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
        const file = path.join(secretsDir, `${desired.slug}.stock-webhook-secret`);
        writeFileSync(file, `${value}\n`, { mode: 0o600 });
        chmodSync(file, 0o600);
        written.push(file);
      }
      if (value === null) throw new Error(`no value for ${variable.key}`);
      const body: NewVar = {
        key: variable.key,
        scopes: variable.scopes,
        is_secret: variable.secret,
        values: [{ context: "all", value }],
      };
      if (existing) {
        await api.updateEnvVar({ account_id: site.accountId, site_id: site.id, key: variable.key, body });
      } else {
        created.push(body);
      }
    }
  }
  // New variables in one call, after the hook they may name exists.
  if (created.length > 0 && site) {
    await api.createEnvVars({ account_id: site.accountId, site_id: site.id, body: created });
  }
  return { written };
}

/**
 * What an API error says, without the request: the client's errors carry the request's options,
 * headers (the token) and body (the values) included.
 */
export function apiErrorMessage(error: unknown): string {
  const e = error as { status?: number; json?: { message?: string; errors?: unknown }; message?: string };
  if (typeof e.status === "number") {
    const said = e.json?.message ?? (typeof e.message === "string" ? e.message : "");
    return `Netlify answered HTTP ${e.status}${said ? `: ${said}` : ""}`;
  }
  return e.message ?? String(error);
}
