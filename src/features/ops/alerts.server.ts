/**
 * The ops check of one tenant (scheduled function ops-check, and `npm run ops:check` for the whole
 * fleet): reads the facts (alerts.ts decides what they raise), keeps one incident row per alert
 * while it lasts (table ops_alerts), and tells the ops webhook once when an incident opens and once
 * when it clears. A message the webhook did not take is sent by the next check.
 */
import { sql } from "kysely";
import { leadsDb } from "~/features/leads/tables";
import type { Db } from "~/lib/db/db.server";
import { opsEventsDb } from "~/lib/db/ops-events.server";
import { perTenantEnvName } from "~/server/deploy";
import { NO_REDIRECTS, redirectRefusal } from "~/server/outbound";
import { signatureHeader } from "~/server/signature";
import {
  type AlertKey,
  activeAlerts,
  EVENT_THRESHOLDS,
  EVENT_WINDOW_MS,
  type OpsFacts,
  type OpsMessage,
  raisedMessage,
  resolvedMessage,
} from "./alerts";

interface OpsAlertsTable {
  tenant: string;
  alert: string;
  opened_at: Date;
  detail: string;
  resolved_at: Date | null;
  raised_sent_at: Date | null;
  resolved_sent_at: Date | null;
}

interface StockBuildsRow {
  tenant: string;
  running_since: Date | null;
  last_result: string | null;
  last_error: string | null;
}

const opsDb = (db: Db) =>
  opsEventsDb(db).$extendTables<{ ops_alerts: OpsAlertsTable; stock_builds: StockBuildsRow }>();

/** Noted failures are kept a day: the window needs a quarter of an hour, ops a look back. */
const EVENT_RETENTION_MS = 24 * 3_600_000;

/** Header the ops webhook checks, as the CRM webhook's (src/server/signature.ts scheme). */
const OPS_SIGNATURE_HEADER = "x-webhook-signature";

/** Where alerts go: `OPS_ALERT_URL`, signed with `OPS_ALERT_SECRET`. */
export interface OpsTarget {
  url: string;
  secret: string | null;
  deployed: boolean;
}

/** Why alerts may not be posted to `target`, or null when they may. */
export function opsTargetProblem(target: OpsTarget): string | null {
  let protocol: string;
  try {
    protocol = new URL(target.url).protocol;
  } catch {
    return "OPS_ALERT_URL is not a URL";
  }
  if (protocol !== "https:" && (target.deployed || protocol !== "http:"))
    return "A deployed site sends alerts only to an https: OPS_ALERT_URL";
  if (target.deployed && !target.secret) return "Set OPS_ALERT_SECRET so the ops webhook can verify alerts";
  return null;
}

/** Posts one message; throws with why the webhook did not take it. */
export async function postOpsMessage(
  target: OpsTarget,
  body: OpsMessage,
  now: Date,
  fetcher: typeof fetch = fetch,
  timeoutMs = 10_000,
): Promise<void> {
  const problem = opsTargetProblem(target);
  if (problem) throw new Error(problem);
  const raw = JSON.stringify(body);
  const response = await fetcher(target.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "dealer-sites-ops/1",
      ...(target.secret ? { [OPS_SIGNATURE_HEADER]: signatureHeader(target.secret, raw, now) } : {}),
    },
    body: raw,
    signal: AbortSignal.timeout(timeoutMs),
    ...NO_REDIRECTS,
  });
  await response.body?.cancel().catch(() => {});
  const redirect = redirectRefusal(response, "The ops webhook");
  if (redirect) throw new Error(redirect);
  if (!response.ok) throw new Error(`The ops webhook answered HTTP ${response.status}`);
}

/** What the check reads of `tenant` at `now`. */
export async function opsFacts(db: Db, tenant: string, now: Date): Promise<OpsFacts> {
  const outbox = await leadsDb(db)
    .selectFrom("lead_outbox")
    .select([
      sql<Date | null>`min(created_at) filter (where parked_at is null)`.as("oldest"),
      sql<number>`count(*) filter (where parked_at is not null)::int`.as("parked"),
    ])
    .where("tenant", "=", tenant)
    .where("delivered_at", "is", null)
    .executeTakeFirstOrThrow();
  // An unsubscribe tells the CRM through its own lead (unsubscribes.lead_id) and its outbox rows.
  const unsubscribe = await sql<{ oldest: Date | null }>`select min(u.created_at) as oldest
    from unsubscribes u join lead_outbox o on o.lead_id = u.lead_id
    where u.tenant = ${tenant} and o.delivered_at is null`.execute(db);
  const build = await opsDb(db)
    .selectFrom("stock_builds")
    .select(["running_since", "last_result", "last_error"])
    .where("tenant", "=", tenant)
    .executeTakeFirst();
  const counts = await opsDb(db)
    .selectFrom("ops_events")
    .select(["kind", sql<number>`sum(count)::int`.as("count")])
    .where("tenant", "=", tenant)
    // Counters are per minute: the one the window starts in counts whole.
    .where("at", ">", new Date(now.getTime() - EVENT_WINDOW_MS - 60_000))
    .where("at", "<=", now)
    .groupBy("kind")
    .execute();
  const events = Object.fromEntries(
    Object.keys(EVENT_THRESHOLDS).map((kind) => [kind, 0]),
  ) as OpsFacts["events"];
  for (const row of counts) if (row.kind in events) events[row.kind as keyof OpsFacts["events"]] = row.count;
  return {
    oldestUndeliveredAt: outbox.oldest ? new Date(outbox.oldest) : null,
    oldestUnsubscribeWaitingAt: unsubscribe.rows[0]?.oldest ? new Date(unsubscribe.rows[0].oldest) : null,
    parked: outbox.parked,
    build: build
      ? { lastResult: build.last_result, lastError: build.last_error, runningSince: build.running_since }
      : null,
    events,
  };
}

export interface OpsIncident {
  tenant: string;
  alert: AlertKey;
  detail: string;
  openedAt: Date;
  resolvedAt: Date | null;
}

export interface OpsCheckResult {
  tenant: string;
  /** Alerts open after this check. */
  open: AlertKey[];
  /** Messages the ops webhook took in this check. */
  sent: string[];
  /** Why messages were not sent (they wait for the next check). */
  errors: string[];
}

export interface OpsCheckOptions {
  db: Db;
  tenant: string;
  now: Date;
  /** The ops webhook, or null: incidents are kept and shown in the ops view, nothing is posted. */
  target: OpsTarget | null;
  fetch?: typeof fetch;
}

/** One check of one tenant: incidents opened and closed to match the facts, then messages sent. */
export async function runOpsCheck(options: OpsCheckOptions): Promise<OpsCheckResult> {
  const { db, tenant, now } = options;
  const active = activeAlerts(await opsFacts(db, tenant, now), now);
  const ops = opsDb(db);
  const open = await ops
    .selectFrom("ops_alerts")
    .select(["alert", "opened_at"])
    .where("tenant", "=", tenant)
    .where("resolved_at", "is", null)
    .execute();
  for (const [alert, detail] of active) {
    if (open.some((row) => row.alert === alert)) {
      // The incident goes on; its detail follows the facts (the ops view shows the latest).
      await ops
        .updateTable("ops_alerts")
        .set({ detail })
        .where("tenant", "=", tenant)
        .where("alert", "=", alert)
        .where("resolved_at", "is", null)
        .execute();
      continue;
    }
    await ops
      .insertInto("ops_alerts")
      .values({
        tenant,
        alert,
        opened_at: now,
        detail,
        resolved_at: null,
        raised_sent_at: null,
        resolved_sent_at: null,
      })
      .onConflict((oc) => oc.columns(["tenant", "alert"]).where("resolved_at", "is", null).doNothing())
      .execute();
  }
  const cleared = open.filter((row) => !active.has(row.alert as AlertKey)).map((row) => row.alert);
  if (cleared.length > 0)
    await ops
      .updateTable("ops_alerts")
      .set({ resolved_at: now })
      .where("tenant", "=", tenant)
      .where("alert", "in", cleared)
      .where("resolved_at", "is", null)
      .execute();
  await ops
    .deleteFrom("ops_events")
    .where("tenant", "=", tenant)
    .where("at", "<", new Date(now.getTime() - EVENT_RETENTION_MS))
    .execute();

  const result: OpsCheckResult = { tenant, open: [...active.keys()], sent: [], errors: [] };
  if (options.target) await sendPending(options, options.target, result);
  return result;
}

/**
 * Sends each message not yet taken. A row is claimed (its sent time set) before its message goes,
 * so two checks at once send it once; a message the webhook refused is unclaimed for the next check.
 */
async function sendPending(
  options: OpsCheckOptions,
  target: OpsTarget,
  result: OpsCheckResult,
): Promise<void> {
  const { db, tenant, now } = options;
  const ops = opsDb(db);
  const pending = await ops
    .selectFrom("ops_alerts")
    .selectAll()
    .where("tenant", "=", tenant)
    .where((eb) =>
      eb.or([
        eb("raised_sent_at", "is", null),
        eb.and([eb("resolved_at", "is not", null), eb("resolved_sent_at", "is", null)]),
      ]),
    )
    .orderBy("opened_at")
    .execute();
  for (const row of pending) {
    const alert = row.alert as AlertKey;
    const steps: { column: "raised_sent_at" | "resolved_sent_at"; body: OpsMessage; name: string }[] = [];
    if (!row.raised_sent_at)
      steps.push({
        column: "raised_sent_at",
        body: raisedMessage(tenant, alert, row.detail),
        name: `raised ${alert}`,
      });
    if (row.resolved_at)
      steps.push({
        column: "resolved_sent_at",
        body: resolvedMessage(tenant, alert, row.opened_at, row.resolved_at),
        name: `resolved ${alert}`,
      });
    for (const step of steps) {
      const claimed = await ops
        .updateTable("ops_alerts")
        .set({ [step.column]: now })
        .where("tenant", "=", tenant)
        .where("alert", "=", alert)
        .where("opened_at", "=", row.opened_at)
        .where(step.column, "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) break;
      try {
        await postOpsMessage(target, step.body, now, options.fetch);
        result.sent.push(step.name);
      } catch (error) {
        await ops
          .updateTable("ops_alerts")
          .set({ [step.column]: null })
          .where("tenant", "=", tenant)
          .where("alert", "=", alert)
          .where("opened_at", "=", row.opened_at)
          .execute();
        result.errors.push(`${step.name}: ${(error as Error).message}`);
        // The resolved message never goes before its raised one.
        break;
      }
    }
  }
}

/** Open incidents of `tenants` (the ops view), oldest first. */
export async function openIncidents(db: Db, tenants: readonly string[]): Promise<OpsIncident[]> {
  if (tenants.length === 0) return [];
  const rows = await opsDb(db)
    .selectFrom("ops_alerts")
    .select(["tenant", "alert", "detail", "opened_at", "resolved_at"])
    .where("tenant", "in", tenants)
    .where("resolved_at", "is", null)
    .orderBy("opened_at")
    .execute();
  return rows.map((row) => ({
    tenant: row.tenant,
    alert: row.alert as AlertKey,
    detail: row.detail,
    openedAt: row.opened_at,
    resolvedAt: row.resolved_at,
  }));
}

/** `OPS_ALERT_URL_<SLUG>` names a tenant's own ops channel; else the fleet's `OPS_ALERT_URL`. */
export function opsTargetFor(tenant: string, env: NodeJS.ProcessEnv, deployed: boolean): OpsTarget | null {
  const url = (env[perTenantEnvName("OPS_ALERT_URL", tenant)] ?? env.OPS_ALERT_URL)?.trim();
  if (!url) return null;
  const secret = (env[perTenantEnvName("OPS_ALERT_SECRET", tenant)] ?? env.OPS_ALERT_SECRET)?.trim() || null;
  return { url, secret, deployed };
}

/** One check of each of `tenants` (the scheduled function's own tenant, or the fleet). */
export async function checkTenants(
  db: Db,
  tenants: readonly string[],
  now: Date,
  options: { env: NodeJS.ProcessEnv; deployed: boolean; fetch?: typeof fetch },
): Promise<OpsCheckResult[]> {
  const results: OpsCheckResult[] = [];
  for (const tenant of tenants) {
    const target = opsTargetFor(tenant, options.env, options.deployed);
    results.push(
      await runOpsCheck({ db, tenant, now, target, ...(options.fetch ? { fetch: options.fetch } : {}) }),
    );
  }
  return results;
}
