/** A tenant's sync: where its index lives, the admin key that writes it, the public key it ships. */
import type { Key, Meilisearch } from "meilisearch";
import { isDeployed } from "~/lib/deployed";
import { pinnedTenant } from "~/server/deploy";
import type { Site } from "~/tenant/schema";
import type { TenantData } from "~/tenant/tenant.server";
import { indexUid } from "../documents";
import { tenantSearch } from "../search.server";
import { errorText, SearchSyncError } from "./errors.server";
import { type SyncIndexOptions, type SyncIndexResult, syncIndex } from "./index-swap.server";

export interface SyncTarget {
  host: string;
  adminKey: string;
}

/** `fixture-motors` → `MEILI_ADMIN_KEY_FIXTURE_MOTORS`. */
export function tenantAdminKeyVar(slug: string): string {
  return `MEILI_ADMIN_KEY_${slug.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** `MEILI_ALLOWED_HOSTS=https://a.example,https://b.example` → their origins. */
function allowedHosts(env: NodeJS.ProcessEnv): Set<string> {
  const origins = (env.MEILI_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => URL.canParse(entry))
    .map((entry) => new URL(entry).origin);
  return new Set(origins);
}

/**
 * Where a tenant's index lives and the admin key to write it. The admin key goes only where the
 * environment says: `MEILI_URL`, or a site.json `search_service.host` whose origin is listed in
 * `MEILI_ALLOWED_HOSTS`. A tenant's own config never picks where a key is sent. The host is https
 * (http only to this machine, and never from a deployed build). The key is
 * `MEILI_ADMIN_KEY_<SLUG>`, or the global `MEILI_ADMIN_KEY` only in a process pinned to this one
 * tenant (`TENANT=<slug>`), so one run never hands one key to every tenant's host. `null`: the
 * tenant uses the embedded engine and there is nothing to sync.
 */
export function resolveSyncTarget(site: Site, env: NodeJS.ProcessEnv = process.env): SyncTarget | null {
  const configured = site.search_service?.host;
  const host = env.MEILI_URL || configured;
  if (!host) return null;
  const refuse = (why: string): never => {
    throw new SearchSyncError(why, "configuration");
  };
  if (!env.MEILI_URL && configured && !allowedHosts(env).has(new URL(configured).origin)) {
    refuse(
      `search_service.host ${configured} of ${site.slug} is not an allowed host for the admin key: ` +
        "set MEILI_URL, or list the host's origin in MEILI_ALLOWED_HOSTS.",
    );
  }
  const url = URL.canParse(host) ? new URL(host) : refuse(`search host ${host} is not a URL`);
  const local = LOOPBACK.has(url.hostname) && !isDeployed(env);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
    refuse(
      `search host ${url.origin} is not https: the admin key travels only over https (http only to localhost, and never from a deployed build).`,
    );
  }
  const own = env[tenantAdminKeyVar(site.slug)];
  const global = env.MEILI_ADMIN_KEY;
  if (!own && global && pinnedTenant(env) !== site.slug) {
    refuse(
      `the shared MEILI_ADMIN_KEY is used only with TENANT=${site.slug} (one tenant per run); ` +
        `set ${tenantAdminKeyVar(site.slug)}, a key for this tenant's indexes only, to sync several tenants in one run.`,
    );
  }
  const adminKey = own || global;
  if (!adminKey) {
    refuse(
      `no admin key for ${host}: set ${tenantAdminKeyVar(site.slug)} (or MEILI_ADMIN_KEY with TENANT=${site.slug}) in the environment. ` +
        "Admin keys never go in site.json, which ships to browsers.",
    );
  }
  return { host, adminKey: adminKey as string };
}

const sameHost = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

/** The api key uid inside a tenant token (a JWT signed with a search key), if `key` is one. */
function tenantTokenKeyUid(key: string): string | undefined {
  const parts = key.split(".");
  if (parts.length !== 3) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(parts[1] as string, "base64url").toString("utf8")) as {
      apiKeyUid?: unknown;
    };
    return typeof payload.apiKeyUid === "string" ? payload.apiKeyUid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The public key in site.json ships in every page, so it must be a search-only key (or a tenant
 * token made from one) that can search this index. Checked against the server with the admin key.
 */
export async function assertPublicSearchKey(
  client: Meilisearch,
  site: Site,
  target: SyncTarget,
  now = new Date(),
): Promise<void> {
  const service = site.search_service;
  if (!service || !sameHost(service.host, target.host)) return;
  const where = `site.json search_service.key of ${site.slug}`;
  if (service.key === target.adminKey) {
    throw new SearchSyncError(`${where} is the admin key; use a search-only key`, "public key");
  }
  let key: Key;
  try {
    key = await client.getKey(tenantTokenKeyUid(service.key) ?? service.key);
  } catch (error) {
    throw new SearchSyncError(`${where} is not a key of ${target.host}: ${errorText(error)}`, "public key", {
      cause: error,
    });
  }
  const extra = key.actions.filter((action) => action !== "search");
  if (extra.length > 0) {
    throw new SearchSyncError(
      `${where} allows ${extra.join(", ")}; the key ships to browsers, so it must allow only "search"`,
      "public key",
    );
  }
  const live = indexUid(site);
  const covers = key.indexes.some(
    (pattern) =>
      pattern === "*" || pattern === live || (pattern.endsWith("*") && live.startsWith(pattern.slice(0, -1))),
  );
  if (!covers) throw new SearchSyncError(`${where} cannot search index ${live}`, "public key");
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime()) {
    throw new SearchSyncError(`${where} expired at ${new Date(key.expiresAt).toISOString()}`, "public key");
  }
}

export interface SyncTenantOptions
  extends Pick<
    SyncIndexOptions,
    "batchSize" | "waitTimeoutMs" | "waitIntervalMs" | "allowShrink" | "now" | "log"
  > {
  client: Meilisearch;
  target: SyncTarget;
}

/** Syncs one loaded tenant: the same documents the build emits (`tenantSearch`), its index uid. */
export async function syncTenant(tenant: TenantData, options: SyncTenantOptions): Promise<SyncIndexResult> {
  const { site } = tenant;
  const service = site.search_service;
  if (service && !sameHost(service.host, options.target.host)) {
    // MEILI_URL names another server than the one the site's pages search (and its CSP allows):
    // fine for staging, but the live site will not see these documents, nor is its key checked.
    options.log?.(
      `warning: the site searches ${service.host} but this sync writes ${options.target.host}; its public key is not checked there`,
    );
  }
  await assertPublicSearchKey(options.client, site, options.target, options.now);
  const { documents } = tenantSearch(tenant);
  options.log?.(`${documents.length} published cars -> ${options.target.host} index ${indexUid(site)}`);
  return syncIndex(options.client, {
    ...options,
    indexUid: indexUid(site),
    documents,
    minShare: site.feed_guard_min_share,
  });
}
