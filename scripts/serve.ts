/**
 * `npm start`: build every tenant (unless SKIP_BUILD=1), then serve them all on PORT (4321):
 * `http://<slug>.localhost:4321/`, functions under /api/*, and a tenant index on localhost.
 * `TENANT=<slug> npm start` builds and serves that one tenant as its deployed site behaves: its
 * pages on any Host, functions that answer only for it, and a delivery worker that drains only its
 * leads (so several such processes can share one DATABASE_URL).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { serve } from "@hono/node-server";
import { pruneAccounts } from "~/features/account/account.server";
import { mailerFromEnv } from "~/features/leads/outbox/receivers.server";
import { startOutboxWorker } from "~/features/leads/outbox/worker.server";
import {
  PROVIDER_VARIABLES,
  type TradeInService,
  tradeInProvidersFromEnv,
} from "~/features/trade-in/providers.server";
import { closeDb, dbTarget, describeTarget, getDb } from "~/lib/db/db.server";
import { isDeployed } from "~/lib/deployed";
import { clock } from "~/server/clock";
import { workerScope } from "~/server/deploy";
import { createApp, listBuiltTenants } from "./lib/app";
import { ROOT } from "./lib/build-tenants";
import { localExposure } from "./lib/exposure";
import { startLocalRebuilds } from "./lib/local-rebuild";
import { startMailSink } from "./lib/mail-sink";

const port = Number(process.env.PORT) || 4321;
// Loopback only unless asked: the local server trusts its own socket address for rate limits and
// serves a test checkout that charges nothing.
const hostname = process.env.HOST || "127.0.0.1";
const { tenant } = workerScope("npm start");
const distDir = path.resolve(process.env.DIST_DIR || path.join(ROOT, "dist"));

if (process.env.SKIP_BUILD !== "1") {
  const build = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/build.ts")],
    {
      stdio: "inherit",
      env: process.env,
    },
  );
  if (build.status !== 0) console.warn("\nSome tenants failed to build; serving the ones that exist.\n");
}

// Open to the network, the no-charge checkout, console sign-in codes and trade-in stand-ins are off
// unless asked for.
const exposure = localExposure(hostname);
process.env.LOCAL_STAND_INS = exposure.standIns;
if (exposure.warning) console.warn(`\n${exposure.warning}\n`);

// `npm start` is local: card payments go to the no-charge test checkout unless Stripe is set up.
if (!process.env.STRIPE_SECRET_KEY && exposure.standIns === "on") process.env.PAYMENT_PROVIDER ??= "test";
// Likewise the trade-in's rego lookup and valuation: an invented local stand-in for each service
// without a provider (REGO_LOOKUP_URL, VALUATION_URL), announced below; never on the network.
if (exposure.standIns === "on") process.env.TRADE_IN_STAND_INS ??= "local";
const tradeInStandIns = tradeInProvidersFromEnv().standIns;

const app = await createApp({
  distDir,
  functionsDir: path.join(ROOT, "src/functions"),
  port,
  cacheDir: path.resolve(process.env.TENANT_CACHE_DIR || path.join(ROOT, ".cache")),
});
// ADF-by-email leads go to a local SMTP sink unless a real mail server is configured.
const mailSink =
  process.env.SMTP_URL || isDeployed()
    ? null
    : await startMailSink(
        path.resolve(
          process.env.DATA_DIR && process.env.DATA_DIR !== "memory" ? process.env.DATA_DIR : ".data",
          "mail",
        ),
        Number(process.env.SMTP_SINK_PORT) || 0,
      );
if (mailSink) process.env.SMTP_URL = mailSink.url;
/** The banner line for the invented trade-in answers, naming what turns each real one on. */
function standInBanner(services: TradeInService[]): string {
  const what = services.map((service) => (service === "rego" ? "rego lookup" : "valuation")).join(" and ");
  const vars = services.map((service) => PROVIDER_VARIABLES[service].join(" + ")).join(", ");
  return `Trade-in:     local stand-in ${what}, invented cars and offers (set ${vars} for a provider)`;
}
/** A folder as a newcomer would type it: relative inside the project, absolute elsewhere. */
const shownPath = (dir: string) => (dir.startsWith(ROOT + path.sep) ? path.relative(ROOT, dir) : dir);

// Migrate the database now, then deliver stored leads to each CRM (only this tenant's when pinned).
const db = await getDb();
console.log(`Leads stored in ${describeTarget(dbTarget())}`);
const leadsWorker = startOutboxWorker({ db, tenant, mailer: mailerFromEnv() });
// A stock-feed webhook (POST /api/stock-feed) rebuilds its tenant in the background; the old build
// keeps serving until the new one is swapped in.
const rebuilds = startLocalRebuilds({ db, tenant, slugs: listBuiltTenants(distDir) });
// Expired sessions and sign-in codes are useless and hold phone numbers: drop them hourly.
const prune = () =>
  pruneAccounts(db, clock(), tenant).catch((error) =>
    console.warn(`[accounts] pruning expired sessions failed: ${(error as Error).message}`),
  );
void prune();
setInterval(prune, 3_600_000).unref();

const server = serve({ fetch: app.fetch, port, hostname }, () => {
  const slugs = listBuiltTenants(distDir).filter((slug) => tenant === null || slug === tenant);
  if (tenant !== null) {
    console.log(`\nServing ${tenant} as its deployed site: http://localhost:${port}/`);
    console.log(`Functions:    http://localhost:${port}/api/* (this tenant only)`);
    if (mailSink) console.log(`Mail:         lead emails (ADF) land in ${shownPath(mailSink.dir)}/`);
    if (tradeInStandIns.length > 0) console.log(standInBanner(tradeInStandIns));
    if (!slugs.includes(tenant)) console.warn(`No build of ${tenant} in ${distDir}: pages answer 404.`);
    return;
  }
  console.log(`\nServing ${slugs.length} tenant${slugs.length === 1 ? "" : "s"}:`);
  for (const slug of slugs) console.log(`  http://${slug}.localhost:${port}/`);
  console.log(`Tenant index: http://localhost:${port}/`);
  console.log(`Functions:    http://<slug>.localhost:${port}/api/*`);
  if (mailSink) console.log(`Mail:         lead emails (ADF) land in ${shownPath(mailSink.dir)}/`);
  if (tradeInStandIns.length > 0) console.log(standInBanner(tradeInStandIns));
  console.log(
    process.env.PAYMENT_PROVIDER === "test" && !process.env.STRIPE_SECRET_KEY && exposure.standIns === "on"
      ? "Payments:     test checkout, no card is charged (set STRIPE_SECRET_KEY for Stripe)\n"
      : "",
  );
});

// Stop cleanly so the embedded database is closed, never torn.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log("\nStopping: finishing lead deliveries and closing the database…");
    server.close();
    void leadsWorker
      .stop()
      .then(() => rebuilds.stop())
      .then(closeDb)
      .then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
  });
}
