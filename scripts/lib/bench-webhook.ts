/**
 * Webhook-to-visible bench (docs/architecture.md §9): `npm start` serving a generated tenant of `size`
 * cars; its feed changes (one car added, one removed, one price changed), a signed stock-feed
 * webhook answers 202, and the clock runs until the site serves all three changes. Goal: ≤ 30 s for
 * 1,000 cars on this 2-core machine (60 s is the ceiling). Baseline: the rebuild's own time, as
 * its build history records it (the rest is the webhook, the process start and the swap).
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { signatureHeader } from "~/server/signature";
import { type BuildHistoryEntry, readBuildHistory } from "./build-tenants";
import { hostRequest, startLocalServer, workEnv } from "./local-server";

export const WEBHOOK_GOAL_S = 30;
const SECRET = "bench-stock-webhook-secret";

export interface WebhookBenchRow {
  bench: string;
  figure: string;
  baseline: string;
  ratio: number | null;
  details: Record<string, number>;
}

async function until(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs: number,
  server: ChildProcess,
  log: string[],
): Promise<void> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (server.exitCode !== null) throw new Error(`npm start exited:\n${log.join("").slice(-3000)}`);
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface FeedCar {
  id: number;
  slug: string;
  stocknum: string;
  name: string;
  price: number | null;
  [field: string]: unknown;
}

/**
 * Runs the bench on the tenant `slug` that `writeTenant` puts in `<work>/tenants`. Returns its row.
 */
export async function benchWebhook(options: {
  work: string;
  slug: string;
  size: number;
  writeTenant: (tenantsDir: string) => void;
}): Promise<WebhookBenchRow[]> {
  const { work, slug, size } = options;
  rmSync(work, { recursive: true, force: true });
  const tenantsDir = path.join(work, "tenants");
  options.writeTenant(tenantsDir);
  console.log(`\n[bench] webhook to visible: npm start with ${size} cars (first build, then the webhook)`);
  const local = await startLocalServer(
    { ...workEnv(work), STOCK_WEBHOOK_SECRET: SECRET, BUILD_SHARDS: undefined },
    600_000,
  );
  const { port, child: server, log } = local;
  const host = `${slug}.localhost:${port}`;
  const request = (pathname: string, init: Parameters<typeof hostRequest>[3] = {}) =>
    hostRequest(port, host, pathname, init);
  try {
    const feedFile = path.join(tenantsDir, slug, "stock.json");
    const feed = JSON.parse(readFileSync(feedFile, "utf8")) as { cars: FeedCar[] };
    const [template, removed, repriced] = feed.cars.filter((car) => car.price) as [FeedCar, FeedCar, FeedCar];
    const added: FeedCar = {
      ...template,
      id: 9_999_001,
      stocknum: "BENCH-NEW",
      slug: `${template.slug}-arrived`,
      name: `${template.name} (just arrived)`,
    };
    const newPrice = (repriced.price ?? 0) - 1_000;
    feed.cars = [...feed.cars.filter((car) => car !== removed), added].map((car) =>
      car === repriced ? { ...car, price: newPrice } : car,
    );
    writeFileSync(feedFile, JSON.stringify(feed));

    const body = JSON.stringify({ id: `evt_bench_${Date.now()}`, type: "stock.updated" });
    const answer = await request("/api/stock-feed", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        // Providers sign <t>.<slug>.<raw body>.
        "x-stock-signature": signatureHeader(SECRET, `${slug}.${body}`, new Date()),
      },
      body,
    });
    const accepted = performance.now();
    if (answer.status !== 202) throw new Error(`webhook answered ${answer.status}: ${answer.text}`);
    const price = `$${newPrice.toLocaleString("en-AU")}`;
    await until(
      async () =>
        (await request(`/cars/${added.slug}/`)).status === 200 &&
        (await request(`/cars/${removed.slug}/`)).status === 404 &&
        (await request(`/cars/${repriced.slug}/`)).text.includes(price),
      "the changed feed to be visible",
      120_000,
      server,
      log,
    );
    const visible = (performance.now() - accepted) / 1000;
    // The new site is served as soon as it is swapped in; its history entry is written just after.
    const historyFile = path.join(work, "reports", slug, "builds.json");
    const webhookBuild = () => readBuildHistory(historyFile).find((entry) => entry.trigger === "webhook");
    await until(async () => webhookBuild() !== undefined, "the rebuild's history entry", 30_000, server, log);
    const rebuild = webhookBuild() as BuildHistoryEntry;
    console.log(`[bench] webhook to visible: ${visible.toFixed(1)} s (rebuild ${rebuild.seconds} s)`);
    return [
      {
        bench: `webhook to visible ${size} cars (npm start)`,
        figure: `${visible.toFixed(1)} s from the 202 to 1 added, 1 removed, 1 repriced car served (goal ≤ ${WEBHOOK_GOAL_S} s)`,
        baseline: `the rebuild itself ${rebuild.seconds.toFixed(1)} s, ${rebuild.pages} pages (${rebuild.reused ?? 0} reused)`,
        ratio: Math.round((visible / Math.max(rebuild.seconds, 0.1)) * 100) / 100,
        details: {
          webhook_to_visible_seconds: visible,
          goal_seconds: WEBHOOK_GOAL_S,
          rebuild_seconds: rebuild.seconds,
          rebuild_pages: rebuild.pages ?? 0,
          rebuild_reused_pages: rebuild.reused ?? 0,
        },
      },
    ];
  } finally {
    await local.stop();
  }
}
