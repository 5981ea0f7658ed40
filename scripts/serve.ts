/**
 * `npm start`: build every tenant (unless SKIP_BUILD=1), then serve them all on PORT (4321):
 * `http://<slug>.localhost:4321/`, functions under /api/*, and a tenant index on localhost.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { serve } from "@hono/node-server";
import { startOutboxWorker } from "~/features/leads/outbox.server";
import { crmWebhookUrl } from "~/features/leads/site.server";
import { closeDb, dbTarget, describeTarget, getDb } from "~/lib/db/db.server";
import { createApp, listBuiltTenants } from "./lib/app";
import { ROOT } from "./lib/build-tenants";

const port = Number(process.env.PORT) || 4321;
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

// `npm start` is local: card payments go to the no-charge test checkout unless Stripe is set up.
if (!process.env.STRIPE_SECRET_KEY) process.env.PAYMENT_PROVIDER ??= "test";

const app = await createApp({
  distDir,
  functionsDir: path.join(ROOT, "src/functions"),
  port,
  cacheDir: path.resolve(process.env.TENANT_CACHE_DIR || path.join(ROOT, ".cache")),
});
// --- Leads (issue 6): migrate the database now, then deliver stored leads to each CRM. ---
const db = await getDb();
console.log(`Leads stored in ${describeTarget(dbTarget())}`);
const leadsWorker = startOutboxWorker({ db, targetFor: (tenant) => crmWebhookUrl(tenant) });
// --- end leads ---

const server = serve({ fetch: app.fetch, port }, () => {
  const slugs = listBuiltTenants(distDir);
  console.log(`\nServing ${slugs.length} tenant${slugs.length === 1 ? "" : "s"}:`);
  for (const slug of slugs) console.log(`  http://${slug}.localhost:${port}/`);
  console.log(`Tenant index: http://localhost:${port}/`);
  console.log(`Functions:    http://<slug>.localhost:${port}/api/*`);
  console.log(
    process.env.PAYMENT_PROVIDER === "test" && !process.env.STRIPE_SECRET_KEY
      ? "Payments:     test checkout, no card is charged (set STRIPE_SECRET_KEY for Stripe)\n"
      : "",
  );
});

// --- Leads (issue 6): stop cleanly so the embedded database is closed, never torn. ---
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log("\nStopping: finishing lead deliveries and closing the database…");
    server.close();
    void leadsWorker
      .stop()
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
// --- end leads ---
