/**
 * Quota bench (`BENCH_ONLY=quota npm run bench`): does one dealer's bot flood slow another dealer's
 * site? Two sites, each the real /api/leads function in a process of its own (as each is its own
 * Netlify site) connected as its own role to one shared PostgreSQL server. The calm site takes a
 * steady stream of leads; its p95 is measured alone, then while the flooded site is sent far more
 * leads a second than its ceiling allows, each from its own address (a botnet, which the
 * per-client limits do not stop). For comparison, the same flood against a site whose ceiling is lifted shows what
 * the quota saves the calm site from.
 *
 * In production the bots and the flooded site's functions are other machines; here they share two
 * cores with the calm site, so they run at the lowest CPU priority (nice 19) and the machine's CPU
 * is not what is measured. The database, where the sites do meet, runs as usual, and so do the
 * database processes serving the flooded site's connections.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { openDb } from "~/lib/db/db.server";
import { provisionTenantRole, tenantDatabaseUrl } from "~/lib/db/tenant-roles.server";
import { WRITE_QUOTA_DEFAULTS } from "~/tenant/schemas/quotas";
import type { SiteOrder } from "./bench-quota-site";
import { startPostgresCluster } from "./postgres-cluster";

/**
 * The measurement: the calm site's stream runs for `BLOCK_SECONDS` while the flood pulses, a
 * second on and a second off, and each calm lead counts as timed beside the flood or alone by when
 * it was sent. This machine's other work comes and goes over seconds, so it lands on both alike,
 * where whole phases one after the other would each catch it or not.
 */
const BLOCK_SECONDS = Number(process.env.BENCH_QUOTA_SECONDS) || 60;
const PULSE_MS = 1000;
/** After a pulse, the calm site's leads count as alone only once the flood's last answers are out. */
const SETTLE_MS = 250;
/** The comparison, in phases of its own: rounds of the calm site alone, then beside the same flood at a site without a ceiling. */
const UNCAPPED_ROUNDS = 4;
const UNCAPPED_PHASE_SECONDS = 3;
/** The calm site's leads per second: a steady stream well within its ceiling. */
const CALM_RPS = 15;
/** The flood: requests per second, each a lead from an address of its own. */
const FLOOD_RPS = Number(process.env.BENCH_QUOTA_FLOOD_RPS) || 500;
/** Requests the flood keeps open at most (a bot waits for nothing, but its sockets are finite). */
const FLOOD_IN_FLIGHT = 200;
/** The calm site's p95 under the flood may be at most this many times its p95 alone. */
const GOAL_RATIO = 1.2;
/** Connections each site's functions hold. */
const POOL_SIZE = 4;

const FLOODED = "quota-flooded";
const CALM = "quota-calm";
const UNCAPPED = "quota-uncapped";

export interface QuotaBenchRow {
  bench: string;
  figure: string;
  baseline: string;
  ratio: number | null;
  details: Record<string, number>;
}

/**
 * An open-loop load generator (in production clients are other machines): `rps` lead submissions a
 * second for `seconds`, whatever the answers' speed, at most `inFlight` open; with `pulse`, only in
 * the first `onMs` of every `onMs + offMs` (it answers those windows, as epoch milliseconds). Each
 * latency comes with when its request was sent (epoch milliseconds). Plain JavaScript, run as a
 * worker thread (the calm site's clients) or a process of its own (the flood's, niced).
 */
const LOAD_SCRIPT = `
const port = require("node:worker_threads").parentPort ?? {
  on: (event, listener) => process.on(event, listener),
  postMessage: (message) => process.send(message),
};
let sent = 0;
const body = (i) => JSON.stringify({
  kind: "enquiry", name: "Bench " + i, email: "bench" + i + "@example.com.au", phone: "0412 345 678",
  postcode: "4000", message: "Is this car still available?", started_at: Date.now() - 60000, fax: "",
});
port.on("message", async ({ url, rps, seconds, inFlight, net, run, pulse }) => {
  const latencies = [];
  const sentAt = [];
  const statuses = {};
  const windows = [];
  let open = 0;
  let skipped = 0;
  const pending = [];
  const started = performance.now();
  const period = pulse ? pulse.onMs + pulse.offMs : seconds * 1000;
  const onMs = pulse ? pulse.onMs : period;
  const periods = Math.max(1, Math.round((seconds * 1000) / period));
  const perPeriod = Math.round((rps * onMs) / 1000);
  for (let k = 0; k < periods; k++) {
    const from = performance.timeOrigin + started + k * period;
    windows.push([from, from + onMs]);
  }
  const total = periods * perPeriod;
  for (let i = 0; i < total; i++) {
    const due = started + Math.floor(i / perPeriod) * period + ((i % perPeriod) * 1000) / rps;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (open >= inFlight) { skipped++; continue; }
    const n = sent++;
    open++;
    const t = performance.now();
    pending.push(fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": "bench-" + run + "-" + n,
        "x-nf-client-connection-ip": net + "." + ((n >> 8) & 255) + "." + (n & 255),
      },
      body: body(n),
    }).then(async (response) => {
      await response.text();
      latencies.push(performance.now() - t);
      sentAt.push(performance.timeOrigin + t);
      statuses[response.status] = (statuses[response.status] || 0) + 1;
    }, () => { statuses[0] = (statuses[0] || 0) + 1; }).finally(() => { open--; }));
  }
  await Promise.all(pending);
  port.postMessage({ latencies, sentAt, statuses, skipped, windows });
});
`;

interface Load {
  latencies: number[];
  /** When each request of `latencies` was sent (epoch ms). */
  sentAt: number[];
  statuses: Record<string, number>;
  skipped: number;
  /** A pulsed load's windows of sending (epoch ms). */
  windows: [number, number][];
}

interface LoadOrder {
  url: string;
  rps: number;
  seconds: number;
  inFlight: number;
  net: string;
  run: string;
  pulse?: { onMs: number; offMs: number };
}

/** Runs a process at the lowest CPU priority, with an IPC channel to this one. */
const niced = (args: string[]) =>
  spawn("nice", ["-n", "19", process.execPath, ...args], { stdio: ["ignore", "inherit", "inherit", "ipc"] });

/** The load generator: a worker thread at this process's priority, or a niced process of its own. */
function startLoad(where: "thread" | "niced") {
  const runner = where === "thread" ? new Worker(LOAD_SCRIPT, { eval: true }) : niced(["-e", LOAD_SCRIPT]);
  const send = (order: LoadOrder) => {
    if (runner instanceof Worker) runner.postMessage(order);
    else runner.send(order);
  };
  return {
    drive: (order: LoadOrder) =>
      new Promise<Load>((resolve, reject) => {
        runner.once("error", reject);
        runner.once("message", (load: Load) => {
          runner.off("error", reject);
          resolve(load);
        });
        send(order);
      }),
    stop: async () => {
      if (runner instanceof Worker) await runner.terminate();
      else runner.kill();
    },
  };
}

/** A site's process: the calm one at this process's priority, the flooded ones niced. */
async function startSite(order: SiteOrder, nice: boolean): Promise<{ url: string; child: ChildProcess }> {
  const file = path.join(import.meta.dirname, "bench-quota-site.ts");
  const child = nice
    ? niced([...process.execArgv, file])
    : spawn(process.execPath, [...process.execArgv, file], {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`site ${order.tenant} exited (${code})`)));
    child.once("message", (message: { port: number }) => resolve(message.port));
    child.send(order);
  });
  child.removeAllListeners("exit");
  return { url: `http://127.0.0.1:${port}/api/leads`, child };
}

/**
 * The calm stream's latencies split by when each lead was sent: during a pulse of the flood, or
 * alone (from `SETTLE_MS` after a pulse to the next); leads sent in between count as neither.
 */
function splitByPulses(calm: Load, pulses: [number, number][]): { alone: number[]; beside: number[] } {
  const alone: number[] = [];
  const beside: number[] = [];
  calm.latencies.forEach((latency, i) => {
    const sent = calm.sentAt[i] ?? 0;
    if (pulses.some(([from, to]) => sent >= from && sent < to)) beside.push(latency);
    else if (!pulses.some(([, to]) => sent >= to && sent < to + SETTLE_MS)) alone.push(latency);
  });
  return { alone, beside };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function benchQuota(): Promise<QuotaBenchRow[]> {
  // As the unit tests start one: durability off, since the disk here is shared with other work.
  const cluster = await startPostgresCluster();
  const sites: ChildProcess[] = [];
  const calmLoad = startLoad("thread");
  const floodLoad = startLoad("niced");
  try {
    const owner = await openDb({ kind: "postgres", url: cluster.url, poolSize: 1 }, { migrate: true });
    const urls: Record<string, string> = {};
    for (const tenant of [FLOODED, CALM, UNCAPPED]) {
      const password = `${tenant.replace(/-/g, "")}benchpassword0123456789`;
      await provisionTenantRole(owner, tenant, password);
      urls[tenant] = tenantDatabaseUrl(cluster.url, tenant, password);
    }
    await owner.destroy();
    const site = async (tenant: string, leadsPerMinute: number | null) => {
      const order = { tenant, url: urls[tenant] ?? "", poolSize: POOL_SIZE, leadsPerMinute };
      const started = await startSite(order, tenant !== CALM);
      sites.push(started.child);
      return started.url;
    };
    const flooded = await site(FLOODED, WRITE_QUOTA_DEFAULTS.leads);
    // The calm site's stream (900 leads a minute) stays under its raised ceiling.
    const calm = await site(CALM, WRITE_QUOTA_DEFAULTS.leads * 10);
    const uncapped = await site(UNCAPPED, null);
    console.log(
      `[bench] quota: ${CALM_RPS} leads/s to the calm site for ${BLOCK_SECONDS} s beside a flood of ${FLOOD_RPS} leads/s (ceiling ${WRITE_QUOTA_DEFAULTS.leads}/min) pulsing ${PULSE_MS / 1000} s on, ${PULSE_MS / 1000} s off; then ${UNCAPPED_ROUNDS} rounds of ${UNCAPPED_PHASE_SECONDS} s alone and beside the same flood without a ceiling`,
    );

    const calmPhase = (run: string) =>
      calmLoad.drive({
        url: calm,
        rps: CALM_RPS,
        seconds: UNCAPPED_PHASE_SECONDS,
        inFlight: 50,
        net: "10.1",
        run,
      });
    const flood = (url: string, net: string, run: string, seconds = UNCAPPED_PHASE_SECONDS) =>
      floodLoad.drive({ url, rps: FLOOD_RPS, seconds, inFlight: FLOOD_IN_FLIGHT, net, run });
    // Warm every process (V8 compiles the handlers and the clients) before anything is measured.
    await Promise.all([
      calmLoad.drive({ url: calm, rps: CALM_RPS, seconds: 4, inFlight: 50, net: "10.9", run: "warm" }),
      flood(flooded, "10.8", "warm-f", 4),
    ]);
    await flood(uncapped, "10.7", "warm-u", 2);

    const [calmBlock, floodBlock] = await Promise.all([
      calmLoad.drive({
        url: calm,
        rps: CALM_RPS,
        seconds: BLOCK_SECONDS,
        inFlight: 50,
        net: "10.1",
        run: "block",
      }),
      floodLoad.drive({
        url: flooded,
        rps: FLOOD_RPS,
        seconds: BLOCK_SECONDS,
        inFlight: FLOOD_IN_FLIGHT,
        net: "10.2",
        run: "block",
        pulse: { onMs: PULSE_MS, offMs: PULSE_MS },
      }),
    ]);
    const { alone: quiet, beside: underFlood } = splitByPulses(calmBlock, floodBlock.windows);
    // The comparison comes after, in rounds of its own: the writes of a flood without a ceiling
    // leave the database work (vacuum, checkpoints) that would land in the next quiet phase.
    const quietBeforeUncapped: Load[] = [];
    const underUncapped: { calm: Load; flood: Load }[] = [];
    for (let round = 1; round <= UNCAPPED_ROUNDS; round++) {
      // The last round's stored flood settles (its connections' work) before the calm site is timed alone.
      await new Promise((resolve) => setTimeout(resolve, UNCAPPED_PHASE_SECONDS * 1000));
      quietBeforeUncapped.push(await calmPhase(`uq${round}`));
      const [calm, floodLoad] = await Promise.all([
        calmPhase(`u${round}`),
        flood(uncapped, "10.3", `u${round}`),
      ]);
      underUncapped.push({ calm, flood: floodLoad });
    }

    const p95 = (loads: Load[]) =>
      percentile(
        loads.flatMap((load) => load.latencies),
        95,
      );
    const count = (loads: Load[], status: number) =>
      loads.reduce((sum, load) => sum + (load.statuses[String(status)] ?? 0), 0);
    const calmQuiet = percentile(quiet, 95);
    const calmFlooded = percentile(underFlood, 95);
    const calmUncapped = p95(underUncapped.map((phase) => phase.calm));
    const uncappedFloods = underUncapped.map((phase) => phase.flood);
    const calmAll = [calmBlock, ...quietBeforeUncapped, ...underUncapped.map((p) => p.calm)];
    const calmRefused = calmAll.reduce((sum, load) => sum + load.latencies.length, 0) - count(calmAll, 201);
    const ratio = Math.round((calmFlooded / Math.max(calmQuiet, 0.001)) * 100) / 100;
    const calmQuietBeforeUncapped = p95(quietBeforeUncapped);
    const uncappedRatio = Math.round((calmUncapped / Math.max(calmQuietBeforeUncapped, 0.001)) * 100) / 100;
    const met = ratio <= GOAL_RATIO && calmRefused === 0;
    const floodSent = floodBlock.latencies.length;
    if (calmRefused > 0)
      console.error(
        `[bench] quota: the calm site refused ${calmRefused} leads: ${JSON.stringify(calmAll.map((l) => l.statuses))}`,
      );

    return [
      {
        bench: "quota: calm site beside a flood",
        figure: `calm p95 ${round1(calmFlooded)} ms beside the flood (${underFlood.length} leads); flood ${floodSent} leads: ${count([floodBlock], 429)} answered 429, ${count([floodBlock], 201)} stored; without the ceiling calm p95 ${round1(calmUncapped)} ms vs ${round1(calmQuietBeforeUncapped)} ms alone (${uncappedRatio}×, ${count(uncappedFloods, 201)} flood leads stored); ${met ? "goal met" : "GOAL MISSED"}`,
        baseline: `calm p95 ${round1(calmQuiet)} ms alone (${quiet.length} leads); goal ≤ ${GOAL_RATIO}× alone, nothing refused`,
        ratio,
        details: {
          block_seconds: BLOCK_SECONDS,
          pulse_ms: PULSE_MS,
          calm_rps: CALM_RPS,
          flood_rps: FLOOD_RPS,
          ceiling_per_minute: WRITE_QUOTA_DEFAULTS.leads,
          calm_leads_alone: quiet.length,
          calm_leads_beside: underFlood.length,
          calm_p95_quiet_ms: calmQuiet,
          calm_p95_flooded_ms: calmFlooded,
          calm_p50_quiet_ms: percentile(quiet, 50),
          calm_p50_flooded_ms: percentile(underFlood, 50),
          calm_refused: calmRefused,
          flood_sent: floodSent,
          flood_429: count([floodBlock], 429),
          flood_stored: count([floodBlock], 201),
          flood_skipped: floodBlock.skipped,
          uncapped_rounds: UNCAPPED_ROUNDS,
          uncapped_calm_p95_quiet_ms: calmQuietBeforeUncapped,
          uncapped_calm_p95_ms: calmUncapped,
          uncapped_ratio: uncappedRatio,
          uncapped_flood_stored: count(uncappedFloods, 201),
          uncapped_flood_skipped: uncappedFloods.reduce((sum, load) => sum + load.skipped, 0),
          goal_met: met ? 1 : 0,
        },
      },
    ];
  } finally {
    for (const child of sites) child.disconnect();
    await Promise.all(sites.map((child) => new Promise((resolve) => child.once("exit", resolve))));
    await calmLoad.stop();
    await floodLoad.stop();
    cluster.stop();
  }
}
