/**
 * The tenant index on plain `localhost` under `npm start`: where ops look first. Per tenant: the
 * last build (when, how long, pages rendered vs reused, result), the feed report in numbers with
 * the quarantined rows one click away, the last stock-feed webhook events and whether a rebuild
 * runs or waits, and a chart of recent build durations. Server-rendered HTML and CSS, no script;
 * nothing secret (reports and webhook event ids only). Machines read the same facts in
 * reports/<slug>/builds.json and feed-report.json.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type DeliveryCheckStatus,
  deliveryCheckStatuses,
} from "~/features/leads/outbox/delivery-check.server";
import { ALERT_TITLES, type AlertKey, activeAlerts } from "~/features/ops/alerts";
import { openIncidents, opsFacts } from "~/features/ops/alerts.server";
import {
  buildStatuses,
  recentStockEvents,
  type StockBuildStatus,
  type StockEventRow,
} from "~/features/rebuilds/builds.server";
import { isRunning } from "~/features/rebuilds/rebuilds";
import type { FeedReport } from "~/features/stock/feed.server";
import { STOCK_TIME_ZONE } from "~/features/stock/stock";
import type { FeedOutcome, SyndicationReport } from "~/features/syndication/syndication";
import type { Db } from "~/lib/db/db.server";
import { escapeMarkup as esc } from "~/lib/escape";
import { type BuildHistoryEntry, readBuildHistory } from "./build-tenants";

export interface TenantOps {
  slug: string;
  history: BuildHistoryEntry[];
  /** The build's feed report, with the ad feeds' outcome (absent in reports from before them). */
  report: (FeedReport & { syndication?: SyndicationReport }) | null;
  status: StockBuildStatus | null;
  events: StockEventRow[];
  /** A rebuild process runs for it now (this server's). */
  rebuilding: boolean;
  /**
   * The alerts its facts raise now (the rules the ops check alerts by), with when the check opened
   * each incident (null when no check has seen it yet); null without a database.
   */
  alerts: { alert: AlertKey; detail: string; since: Date | null }[] | null;
  /** Deliveries parked after repeated refusals, which the view can put back in line. */
  parked: number;
  /** The latest daily delivery check and how each channel took it; null when none has run. */
  deliveryCheck: DeliveryCheckStatus | null;
}

/** Builds shown in the duration chart. */
export const CHART_BUILDS = 20;

function readReport(file: string): TenantOps["report"] {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as TenantOps["report"];
  } catch {
    return null;
  }
}

/** Everything the page shows, from the reports folder and (when there is one) the database. */
export async function opsData(
  slugs: readonly string[],
  reportsDir: string,
  live: { db: Db; running(): string[] } | null,
  now = new Date(),
): Promise<TenantOps[]> {
  let statuses: StockBuildStatus[] = [];
  const events = new Map<string, StockEventRow[]>();
  const alerts = new Map<string, NonNullable<TenantOps["alerts"]>>();
  const parked = new Map<string, number>();
  let checks: DeliveryCheckStatus[] = [];
  if (live) {
    try {
      statuses = await buildStatuses(live.db, slugs);
      for (const slug of slugs) events.set(slug, await recentStockEvents(live.db, slug, 6));
    } catch (error) {
      console.warn(`[ops] webhook state unavailable: ${(error as Error).message}`);
    }
    try {
      const incidents = await openIncidents(live.db, slugs);
      for (const slug of slugs) {
        const facts = await opsFacts(live.db, slug, now);
        parked.set(slug, facts.parked);
        alerts.set(
          slug,
          [...activeAlerts(facts, now)].map(([alert, detail]) => ({
            alert,
            detail,
            since:
              incidents.find((incident) => incident.tenant === slug && incident.alert === alert)?.openedAt ??
              null,
          })),
        );
      }
      checks = await deliveryCheckStatuses(live.db, slugs);
    } catch (error) {
      console.warn(`[ops] alert state unavailable: ${(error as Error).message}`);
    }
  }
  const running = new Set(live?.running() ?? []);
  return slugs.map((slug) => ({
    slug,
    history: readBuildHistory(path.join(reportsDir, slug, "builds.json")),
    report: readReport(path.join(reportsDir, slug, "feed-report.json")),
    status: statuses.find((status) => status.tenant === slug) ?? null,
    events: events.get(slug) ?? [],
    rebuilding: running.has(slug),
    alerts: alerts.get(slug) ?? null,
    parked: parked.get(slug) ?? 0,
    deliveryCheck: checks.find((check) => check.tenant === slug) ?? null,
  }));
}

const TIME = new Intl.DateTimeFormat("en-AU", {
  timeZone: STOCK_TIME_ZONE,
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
});
const CLOCK = new Intl.DateTimeFormat("en-AU", {
  timeZone: STOCK_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
});
const n = (value: number | null | undefined) => (value ?? 0).toLocaleString("en-AU");

function ago(at: Date, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} d ago`;
}

const when = (at: Date, now: Date) =>
  `<time datetime="${at.toISOString()}" title="${esc(TIME.format(at))}">${ago(at, now)}</time>`;

const seconds = (s: number) =>
  s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`;

const HIDDEN_LABELS: Record<string, string> = {
  not_on_website: "Not on website",
  sold_outside_window: "Sold, outside the window",
  car_type_filtered: "Car type filtered",
  stocknum_excluded: "Stock number excluded",
  make_filtered: "Make filtered",
  not_in_stock: "Not in stock",
  dealership_filtered: "Dealership filtered",
};

type Pill = { label: string; tone: "ok" | "bad" | "busy" | "idle" };

/** A build that went live with no car while it quarantined rows: the build summary's `empty`. */
const publishedNothing = (build: BuildHistoryEntry) =>
  build.ok && build.published === 0 && (build.quarantined ?? 0) > 0;

function pill(tenant: TenantOps, now: Date): Pill {
  const running =
    tenant.rebuilding ||
    (tenant.status !== null && isRunning(tenant.status, now) && tenant.status.runningSince !== null);
  if (running)
    return { label: tenant.status?.requestedAt ? "Rebuilding, one more queued" : "Rebuilding", tone: "busy" };
  if (tenant.status?.requestedAt) return { label: "Rebuild queued", tone: "busy" };
  const last = tenant.history.at(-1);
  if (!last) return { label: "No build recorded", tone: "idle" };
  if (publishedNothing(last)) return { label: "Live with no cars", tone: "bad" };
  return last.ok ? { label: "Live", tone: "ok" } : { label: "Last build failed, old site live", tone: "bad" };
}

/** A bar chart of the last builds' durations (red: failed), labelled for screen readers. */
export function durationChart(history: readonly BuildHistoryEntry[]): string {
  const builds = history.slice(-CHART_BUILDS);
  if (builds.length === 0) return `<p class="muted">No builds yet.</p>`;
  const width = 320;
  const height = 84;
  const top = 14;
  const max = Math.max(...builds.map((b) => b.seconds), 1);
  // Room for at least 10 bars, so a new site's few builds do not turn into wide blocks.
  const slots = Math.max(10, builds.length);
  const slot = width / slots;
  const bars = builds
    .map((build, i) => {
      const h = Math.max(2, Math.round(((height - top - 16) * build.seconds) / max));
      const x = (i + slots - builds.length) * slot + 2;
      const label = `${TIME.format(new Date(build.at))}: ${seconds(build.seconds)}, ${build.ok ? "ok" : "failed"}`;
      return `<rect x="${x.toFixed(1)}" y="${height - 16 - h}" width="${(slot - 4).toFixed(1)}" height="${h}" rx="2" class="${build.ok ? "bar" : "bar bad"}"><title>${esc(label)}</title></rect>`;
    })
    .join("");
  const latest = builds.at(-1) as BuildHistoryEntry;
  const min = Math.min(...builds.map((b) => b.seconds));
  const summary = `Build durations, last ${builds.length} builds: shortest ${seconds(min)}, longest ${seconds(max)}, latest ${seconds(latest.seconds)}.`;
  return `<figure class="chart"><svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(summary)}" preserveAspectRatio="none"><line x1="0" x2="${width}" y1="${height - 15.5}" y2="${height - 15.5}" class="axis"/><text x="0" y="10" class="tick">${esc(seconds(max))}</text><text x="0" y="${height - 2}" class="tick">older</text><text x="${width}" y="${height - 2}" class="tick" text-anchor="end">latest</text>${bars}</svg><figcaption>${esc(summary)}</figcaption></figure>`;
}

function lastBuild(tenant: TenantOps, now: Date): string {
  const last = tenant.history.at(-1);
  if (!last) return `<p class="muted">No build recorded yet. Builds from now on are listed here.</p>`;
  const rendered = last.rendered ?? last.pages ?? 0;
  const reused = last.reused ?? 0;
  const total = Math.max(1, rendered + reused);
  const share = Math.round((reused * 100) / total);
  return `<dl class="facts">
<div><dt>When</dt><dd>${when(new Date(last.finished_at ?? last.at), now)}${last.trigger ? ` <span class="muted">· ${esc(last.trigger)}</span>` : ""}</dd></div>
<div><dt>Took</dt><dd>${seconds(last.seconds)}</dd></div>
<div><dt>Result</dt>${
    publishedNothing(last)
      ? `<dd class="bad">Published no cars: ${n(last.quarantined ?? 0)} feed rows quarantined</dd>`
      : `<dd class="${last.ok ? "good" : "bad"}">${last.ok ? "Published" : "Failed, previous site kept"}</dd>`
  }</div>
<div><dt>Pages</dt><dd>${last.pages === null ? "–" : `${n(rendered)} rendered · ${n(reused)} reused`}</dd></div>
</dl>${
    last.pages !== null
      ? `<div class="meter" role="img" aria-label="${share}% of pages reused from the build cache"><span style="width:${share}%"></span></div>`
      : ""
  }${last.ok || !last.error ? "" : `<p class="error">${esc(last.error.split("\n").slice(0, 3).join(" "))}</p>`}`;
}

function feed(tenant: TenantOps): string {
  const report = tenant.report;
  const baseline = tenant.status?.baselinePublished;
  const guard =
    baseline != null
      ? `<p class="muted small">Truncated-feed guard baseline: ${n(baseline)} cars, kept in the database.</p>`
      : "";
  if (!report) return `<p class="muted">No feed report yet.</p>`;
  const hiddenTotal = Object.values(report.hidden).reduce((sum, count) => sum + (count ?? 0), 0);
  const hidden = Object.entries(report.hidden)
    .filter(([, count]) => (count ?? 0) > 0)
    .map(
      ([reason, count]) => `<li><span>${esc(HIDDEN_LABELS[reason] ?? reason)}</span> <b>${n(count)}</b></li>`,
    )
    .join("");
  const quarantined = report.quarantined
    .map(
      (row) =>
        `<tr><th scope="row">${esc(String(row.id ?? `row ${row.index + 1}`))}</th><td>${row.messages.map((m) => esc(m)).join("<br>")}</td></tr>`,
    )
    .join("");
  return `<ul class="tiles">
<li><b>${n(report.received)}</b><span>received</span></li>
<li><b>${n(report.published)}</b><span>published</span></li>
<li><b>${n(hiddenTotal)}</b><span>hidden</span></li>
<li class="${report.quarantined.length ? "warn" : ""}"><b>${n(report.quarantined.length)}</b><span>quarantined</span></li>
</ul>${hidden ? `<ul class="reasons" aria-label="Hidden by reason">${hidden}</ul>` : ""}${
    quarantined
      ? `<details><summary>${n(report.quarantined.length)} quarantined row${report.quarantined.length === 1 ? "" : "s"}: ids and messages</summary><div class="scroll"><table><thead><tr><th scope="col">Car id</th><th scope="col">Why it was not published</th></tr></thead><tbody>${quarantined}</tbody></table></div></details>`
      : ""
  }${guard}`;
}

const AD_FEEDS: { key: keyof SyndicationReport; label: string }[] = [
  { key: "google_vehicle_ads", label: "Google vehicle ads" },
  { key: "meta_vehicles", label: "Meta vehicle catalog" },
];

/** Each ad feed linked on the tenant's site with its row count; left-out cars and why behind a click. */
function adFeeds(tenant: TenantOps, siteUrl: string): string {
  const syndication = tenant.report?.syndication;
  if (!syndication) return `<p class="muted">No ad feeds built yet.</p>`;
  const item = ({ key, label }: (typeof AD_FEEDS)[number]) => {
    const outcome: FeedOutcome = syndication[key];
    const href = new URL(outcome.path, siteUrl).href;
    const left = outcome.excluded.length;
    const rows = outcome.excluded
      .map(
        (car) =>
          `<tr><th scope="row">${esc(String(car.id))}</th><td>${esc(car.name)}</td><td>${esc(car.reason)}</td></tr>`,
      )
      .join("");
    return `<li><a href="${esc(href)}">${esc(label)}</a> <b>${n(outcome.rows)}</b> row${outcome.rows === 1 ? "" : "s"}${
      left
        ? `<details><summary>${n(left)} car${left === 1 ? "" : "s"} left out: why</summary><div class="scroll"><table><thead><tr><th scope="col">Car id</th><th scope="col">Car</th><th scope="col">Why it is not in the feed</th></tr></thead><tbody>${rows}</tbody></table></div></details>`
        : ""
    }</li>`;
  };
  return `<ul class="feeds">${AD_FEEDS.map(item).join("")}</ul>`;
}

function webhook(tenant: TenantOps, now: Date): string {
  const state = tenant.status;
  const lines: string[] = [];
  const running =
    tenant.rebuilding || (state?.runningSince != null && state !== null && isRunning(state, now));
  if (running && state?.runningSince)
    lines.push(`Rebuild running since ${CLOCK.format(state.runningSince)}.`);
  else if (running) lines.push("Rebuild running.");
  if (state?.requestedAt) lines.push(`One more rebuild queued (asked ${ago(state.requestedAt, now)}).`);
  if (!running && !state?.requestedAt) lines.push("Idle: no rebuild running or queued.");
  // A build's own failure shows under Last build; this is a build that could not be started.
  if (state?.lastError && state.lastResult !== "failed")
    lines.push(`Could not start a rebuild: ${state.lastError.split("\n")[0]}`);
  const rows = tenant.events
    .map(
      (event) =>
        `<tr><td>${when(event.receivedAt, now)}</td><td><code title="${esc(event.id)}">${esc(event.id)}</code>${event.type === "stock.updated" ? "" : `<br><span class="muted">${esc(event.type)}</span>`}</td><td><span class="tag tag-${esc(event.build)}">${esc(event.build)}</span></td></tr>`,
    )
    .join("");
  return `${lines.map((line) => `<p>${esc(line)}</p>`).join("")}${
    rows
      ? `<div class="scroll"><table class="events"><thead><tr><th scope="col">Received</th><th scope="col">Event id</th><th scope="col">Build</th></tr></thead><tbody>${rows}</tbody></table></div>`
      : `<p class="muted">No webhook events yet. Point the feed provider at <code>POST /api/stock-feed</code>.</p>`
  }`;
}

/** Where the ops view posts a requeue (scripts/lib/app.ts). */
export const REQUEUE_PATH = "/ops/requeue";

/** The alerts open now, each with since when, and the parked leads' requeue button. */
function alertsPanel(tenant: TenantOps, now: Date): string {
  if (tenant.alerts === null) return `<p class="muted">No database: alerts unavailable.</p>`;
  const items = tenant.alerts
    .map(
      ({ alert, detail, since }) =>
        `<li><b>${esc(ALERT_TITLES[alert])}</b>${since ? ` <span class="muted">· since ${when(since, now)}</span>` : ""}<br>${esc(detail)}</li>`,
    )
    .join("");
  const requeue =
    tenant.parked > 0
      ? `<form method="post" action="${REQUEUE_PATH}"><input type="hidden" name="tenant" value="${esc(tenant.slug)}"><button type="submit">Requeue ${n(tenant.parked)} parked ${tenant.parked === 1 ? "delivery" : "deliveries"}</button></form>`
      : "";
  return `${items ? `<ul class="alerts">${items}</ul>` : `<p class="good">No alerts.</p>`}${requeue}`;
}

/** The daily delivery check: when the latest was queued, and per channel whether it arrived. */
function deliveryCheck(tenant: TenantOps, now: Date): string {
  const check = tenant.deliveryCheck;
  if (!check)
    return `<p class="muted">No delivery check yet (the scheduled delivery-check queues one a day).</p>`;
  const rows = check.channels
    .map((channel) => {
      const state = channel.deliveredAt
        ? `<td class="good">Delivered ${when(channel.deliveredAt, now)}</td>`
        : channel.parked
          ? `<td class="bad">Parked: ${esc(channel.lastError ?? "")}</td>`
          : channel.attempts > 0
            ? `<td class="bad">Failing (${n(channel.attempts)} attempts): ${esc(channel.lastError ?? "")}</td>`
            : `<td class="muted">Waiting for the outbox</td>`;
      const name = channel.channel === "*" ? "every channel" : channel.channel;
      return `<tr><th scope="row">${esc(name)}</th>${state}</tr>`;
    })
    .join("");
  return `<p>Test lead queued ${when(check.queuedAt, now)}.</p><div class="scroll"><table><thead><tr><th scope="col">Channel</th><th scope="col">Result</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function card(tenant: TenantOps, port: number, now: Date): string {
  const url = `http://${tenant.slug}.localhost:${port}/`;
  const status = pill(tenant, now);
  const id = `t-${tenant.slug}`;
  return `<section class="card" aria-labelledby="${id}">
<header><h2 id="${id}"><a href="${esc(url)}">${esc(tenant.slug)}</a></h2><span class="pill pill-${status.tone}">${esc(status.label)}</span></header>
<div class="grid">
<div><h3>Alerts</h3>${alertsPanel(tenant, now)}</div>
<div><h3>Daily delivery check</h3>${deliveryCheck(tenant, now)}</div>
<div><h3>Last build</h3>${lastBuild(tenant, now)}</div>
<div><h3>Build durations</h3>${durationChart(tenant.history)}</div>
<div><h3>Stock feed</h3>${feed(tenant)}</div>
<div><h3>Ad feeds</h3>${adFeeds(tenant, url)}</div>
<div class="wide"><h3>Stock-feed webhook</h3>${webhook(tenant, now)}</div>
</div>
</section>`;
}

const CSS = `
:root{color-scheme:light;--ink:#14202e;--muted:#5a6472;--line:#dde2e8;--bg:#f4f6f8;--card:#fff;--ok:#146c2e;--ok-bg:#e3f4e8;--bad:#a4161a;--bad-bg:#fde8e8;--busy:#7a4b00;--busy-bg:#fff1d6;--accent:#1f5fbf}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
main{max-width:76rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.6rem;margin:0}
.lede{color:var(--muted);margin:.25rem 0 1.25rem}
.summary{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:0 0 1.25rem}
.summary li{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.4rem .8rem}
.summary b{font-size:1.1rem;margin-right:.3rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 1rem;box-shadow:0 1px 2px rgba(20,32,46,.05)}
.card>header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;border-bottom:1px solid var(--line);padding-bottom:.6rem;margin-bottom:.75rem}
h2{font-size:1.2rem;margin:0}
h2 a{color:var(--accent);text-decoration:none}
h2 a:hover,h2 a:focus-visible{text-decoration:underline}
h3{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:.25rem 0 .5rem}
.grid{display:grid;gap:1rem 2rem;grid-template-columns:repeat(auto-fit,minmax(17rem,1fr))}
.wide{grid-column:1/-1}
.events{max-width:46rem}
.events code{display:inline-block;max-width:22rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;vertical-align:bottom}
.events td:first-child{white-space:nowrap}
.small{font-size:.8rem;margin-top:.5rem}
.pill{font-size:.85rem;font-weight:600;border-radius:999px;padding:.15rem .7rem}
.pill-ok{color:var(--ok);background:var(--ok-bg)}.pill-bad{color:var(--bad);background:var(--bad-bg)}
.pill-busy{color:var(--busy);background:var(--busy-bg)}.pill-idle{color:var(--muted);background:var(--bg)}
.facts{display:grid;grid-template-columns:1fr 1fr;gap:.4rem 1rem;margin:0}
.facts dt{font-size:.8rem;color:var(--muted)}.facts dd{margin:0;font-weight:600}
.good{color:var(--ok)}.bad{color:var(--bad)}.muted{color:var(--muted)}
.meter{height:.5rem;background:var(--line);border-radius:999px;margin:.6rem 0 0;overflow:hidden}
.meter span{display:block;height:100%;background:var(--ok)}
.error{color:var(--bad);background:var(--bad-bg);border-radius:.4rem;padding:.4rem .6rem;font-size:.85rem;overflow-wrap:anywhere}
.tiles{display:grid;grid-template-columns:repeat(4,1fr);gap:.4rem;list-style:none;padding:0;margin:0}
.tiles li{background:var(--bg);border-radius:.5rem;padding:.4rem .5rem;text-align:center}
.tiles b{display:block;font-size:1.15rem}.tiles span{font-size:.75rem;color:var(--muted)}
.tiles .warn{background:var(--busy-bg)}
.feeds{list-style:none;padding:0;margin:0}.feeds li{padding:.2rem 0;border-bottom:1px dashed var(--line)}
.reasons{list-style:none;padding:0;margin:.5rem 0 0;font-size:.85rem}
.reasons li{display:flex;justify-content:space-between;border-bottom:1px dashed var(--line);padding:.15rem 0}
details{margin-top:.6rem}summary{cursor:pointer;color:var(--accent);font-weight:600}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.85rem;margin-top:.4rem}
th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid var(--line);vertical-align:top}
thead th{font-size:.75rem;color:var(--muted);font-weight:600}
code{font:.8rem/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
.tag{font-size:.75rem;font-weight:600;border-radius:.3rem;padding:0 .35rem;background:var(--bg)}
.tag-queued{color:var(--ok);background:var(--ok-bg)}.tag-coalesced{color:var(--busy);background:var(--busy-bg)}
.chart{margin:0}.chart svg{width:100%;height:5.25rem;display:block}
.chart figcaption{font-size:.8rem;color:var(--muted)}
.bar{fill:#3d7bd9}.bar.bad{fill:var(--bad)}.axis{stroke:var(--line)}.tick{font-size:9px;fill:var(--muted)}
.alerts{list-style:none;padding:0;margin:0}.alerts li{color:var(--bad);background:var(--bad-bg);border-radius:.4rem;padding:.4rem .6rem;margin:0 0 .4rem;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;color:#fff;background:var(--accent);border:0;border-radius:.4rem;padding:.4rem .8rem;cursor:pointer}
p{margin:.3rem 0}
@media (max-width:30rem){.card{padding:.85rem}.tiles{grid-template-columns:repeat(2,1fr)}.events code{max-width:9rem}}
`;

export function opsPage(tenants: readonly TenantOps[], port: number, now = new Date()): string {
  const failed = tenants.filter((t) => t.history.at(-1)?.ok === false).length;
  const busy = tenants.filter((t) => pill(t, now).tone === "busy").length;
  const alerting = tenants.filter((t) => (t.alerts?.length ?? 0) > 0).length;
  const body = tenants.length
    ? `<ul class="summary" aria-label="Summary">
<li><b>${tenants.length}</b>site${tenants.length === 1 ? "" : "s"}</li>
<li><b>${n(tenants.reduce((sum, t) => sum + (t.report?.published ?? 0), 0))}</b>cars published</li>
<li><b>${failed}</b>last build${failed === 1 ? "" : "s"} failed</li>
<li><b>${busy}</b>rebuilding or queued</li>
<li><b>${alerting}</b>site${alerting === 1 ? "" : "s"} alerting</li>
</ul>${tenants.map((tenant) => card(tenant, port, now)).join("")}`
    : "<p>No tenant has been built yet. Run <code>npm run build</code>.</p>";
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dealer sites · ops</title><style>${CSS}</style></head><body><main><h1>Dealer sites</h1><p class="lede">Builds, stock feeds and webhooks per site · as of ${esc(TIME.format(now))} (Queensland time). Reload for the latest.</p>${body}</main></body></html>`;
}
