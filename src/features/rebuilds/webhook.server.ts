/**
 * `POST /api/stock-feed`: a dealer's feed provider says the stock changed, and the tenant's site
 * rebuilds (docs/architecture.md §7). Signed like Stripe's webhooks (`X-Stock-Signature`, over the
 * tenant's slug and the body), replay-safe (event ids per tenant) and coalesced (rebuilds.ts), with
 * its state in the database so it holds across function instances.
 */

import { existsSync } from "node:fs";
import path from "node:path";
import type { Db } from "~/lib/db/db.server";
import { recordOpsEvent } from "~/lib/db/ops-events.server";
import { isDeployed } from "~/lib/deployed";
import { readBodyWithin } from "~/server/client";
import { clock } from "~/server/clock";
import { perTenantEnvName, tenantForRequest, tenantSetting } from "~/server/deploy";
import { ERRORS } from "~/server/errors";
import { json, methodNotAllowed } from "~/server/http";
import { verifySignature } from "~/server/signature";
import { SITE_FILE, tenantsDir } from "~/tenant/load";
import { isRotationSlug } from "~/tenant/schema";
import { type Builder, builderFor } from "./build-trigger.server";
import { acceptStockEvent, markStartFailed } from "./builds.server";
import { parseStockEvent, WEBHOOK_BODY_LIMIT_BYTES } from "./rebuilds";

export const SIGNATURE_HEADER = "x-stock-signature";

/**
 * The secrets a tenant's events may be signed with: its own `STOCK_WEBHOOK_SECRET_<SLUG>`, else
 * `STOCK_WEBHOOK_SECRET` where that can only mean this tenant (its own site, or the local
 * all-tenant server); each with its `…_PREVIOUS` during a rotation.
 */
export function webhookSecrets(tenant: string, env: NodeJS.ProcessEnv = process.env): string[] {
  // Its variables would be another tenant's rotation variables (the schema refuses such slugs; a
  // folder whose site.json is broken still reaches here).
  if (isRotationSlug(tenant)) return [];
  const own = perTenantEnvName("STOCK_WEBHOOK_SECRET", tenant);
  const pair = env[own]
    ? [env[own], env[`${own}_PREVIOUS`]]
    : [
        tenantSetting("STOCK_WEBHOOK_SECRET", tenant, env),
        tenantSetting("STOCK_WEBHOOK_SECRET_PREVIOUS", tenant, env),
      ];
  return pair[0] ? pair.filter((secret): secret is string => Boolean(secret)) : [];
}

/**
 * What a stock event's `v1` signs: `<t>.<slug>.<raw body>` (the header stays Stripe's
 * `t=…,v1=…`). With the tenant in it, an event captured on one dealer's site cannot be replayed to
 * another's within the 300 s window when both share a secret (a provider serving several dealers,
 * or `STOCK_WEBHOOK_SECRET` under the local all-tenant server).
 */
export function stockSignedPayload(tenant: string, raw: string): string {
  return `${tenant}.${raw}`;
}

/**
 * Deployed, a secret shorter than this is refused (the webhook answers 503 as if unset): it is
 * what stands between anyone on the internet and a rebuild of the dealer's site. Locally any
 * length does (the README's `dev-secret`).
 */
export const MIN_DEPLOYED_SECRET_LENGTH = 32;

export interface StockWebhookOptions {
  db: () => Promise<Db>;
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  /** Whether a tenant exists; by default, whether it has a site.json (a broken one still rebuilds). */
  known?: (tenant: string) => boolean;
  /** Who starts a rebuild; by default the local rebuilder or the site's build hook. */
  builder?: (tenant: string) => Builder | null;
  log?: (line: string) => void;
}

export function createStockWebhookHandler(options: StockWebhookOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const log = options.log ?? ((line: string) => console.log(line));
  return async (req) => {
    try {
      if (req.method !== "POST") return methodNotAllowed("POST");
      const env = options.env ?? process.env;
      const tenant = tenantForRequest(req, env);
      const known =
        options.known ?? ((slug: string) => existsSync(path.join(tenantsDir(env), slug, SITE_FILE)));
      if (!tenant || !known(tenant)) return json({ error: ERRORS.request.unknownSite }, 404);
      const secrets = webhookSecrets(tenant, env);
      const builder = (options.builder ?? ((slug: string) => builderFor(slug, env)))(tenant);
      // Nothing is recorded: the provider retries, and its events count once this is set up.
      if (secrets.length === 0) return json({ error: ERRORS.webhooks.stockNotConfigured }, 503);
      if (isDeployed(env) && secrets.some((secret) => secret.length < MIN_DEPLOYED_SECRET_LENGTH)) {
        console.error(
          `[stock-feed] ${tenant}: a stock webhook secret is shorter than ${MIN_DEPLOYED_SECRET_LENGTH} characters; events are refused until it is replaced (e.g. openssl rand -hex 32)`,
        );
        return json({ error: ERRORS.webhooks.stockNotConfigured }, 503);
      }
      if (!builder) return json({ error: ERRORS.webhooks.noBuildHook }, 503);
      const raw = await readBodyWithin(req, WEBHOOK_BODY_LIMIT_BYTES);
      if (raw === null) return json({ error: ERRORS.webhooks.tooLarge }, 413);
      const at = now();
      const check = verifySignature(
        req.headers.get(SIGNATURE_HEADER),
        stockSignedPayload(tenant, raw),
        secrets,
        at,
      );
      if (!check.ok) {
        // Counted for the ops check: a run of these is a broken integration or someone guessing.
        // The 401 stands even when the database is down.
        await options
          .db()
          .then((db) => recordOpsEvent(db, tenant, "webhook_401", check.reason, at))
          .catch(() => {});
        return json({ error: check.reason === "stale" ? "Timestamp too old or new" : "Bad signature" }, 401);
      }
      const event = parseStockEvent(raw);
      if (!event) return json({ error: 'Body must be JSON { "id", "type" }' }, 400);
      const db = await options.db();
      const outcome = await acceptStockEvent(db, tenant, event, at);
      if (outcome.build === "duplicate") return json({ build: "duplicate" });
      if (outcome.build === "ignored") return json({ build: "ignored" }, 202);
      log(`[stock-feed] ${tenant}: event ${event.id} → ${outcome.build}`);
      if (outcome.start) {
        const started = await builder(tenant);
        // The request stays queued in the database; the scheduled pass asks again.
        if (!started.ok) {
          console.error(`[stock-feed] ${tenant}: rebuild not started: ${started.error}`);
          await markStartFailed(db, tenant, started.error, now());
        }
      }
      return json({ build: outcome.build }, 202);
    } catch (error) {
      console.error(`[stock-feed] ${error instanceof Error ? error.stack : String(error)}`);
      return json({ error: ERRORS.webhooks.unavailable }, 503, { "retry-after": "5" });
    }
  };
}
