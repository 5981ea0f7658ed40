import {
  addWorkingDays,
  UNSUBSCRIBE_ALERT_WORKING_DAYS,
  UNSUBSCRIBE_WORKING_DAYS,
} from "~/features/privacy/spam-act";

/**
 * Rules of the ops alerts: which conditions of a tenant's site are alerts now, and the messages the
 * ops webhook gets (Slack-compatible `{ text, blocks }`). Pure: the facts and `now` come in, so the
 * table tests need no clock or database; alerts.server.ts reads the facts and keeps the incidents.
 */

/** A lead not delivered to every channel after this long means a CRM or mail server is down. */
export const LEAD_LATE_AFTER_MS = 15 * 60_000;
/**
 * A rebuild still marked running after this long has missed its deadline: builds take minutes, and
 * a deploy build that dies early never reports back, so nothing else would say so until the state
 * is taken as lost (BUILD_LOST_AFTER_MS, 20 minutes).
 */
export const BUILD_DEADLINE_MS = 15 * 60_000;
/** Failures noted in ops_events are counted over this window; an alert clears when it is quiet. */
export const EVENT_WINDOW_MS = 15 * 60_000;
/**
 * How many of each noted failure in the window make an alert. A few 401s are a provider retrying
 * with an old secret during a rotation or a stray scanner; ten in a quarter of an hour are a broken
 * integration or someone guessing. A sign-in code that did not go out may be one bad number; three
 * are the gateway. Stripe retries a failed webhook for days, so the first failure is worth a look.
 */
export const EVENT_THRESHOLDS = { webhook_401: 10, sms_failed: 3, stripe_webhook_failed: 1 } as const;

export type AlertKey =
  | "lead_late"
  | "lead_parked"
  | "build_failed"
  | "feed_refused"
  | "build_overdue"
  | "webhook_401_spike"
  | "sms_failing"
  | "stripe_webhook_failing"
  | "unsubscribe_overdue";

/** Titles, as the ops webhook and the ops view show them. */
export const ALERT_TITLES: Record<AlertKey, string> = {
  lead_late: "Leads waiting",
  lead_parked: "Lead parked",
  build_failed: "Last build failed",
  feed_refused: "Feed refused",
  build_overdue: "Rebuild overdue",
  webhook_401_spike: "Stock webhook refusing signatures",
  sms_failing: "SMS gateway failing",
  stripe_webhook_failing: "Stripe webhook failing",
  unsubscribe_overdue: "Unsubscribe not in the CRM",
};

/** What the check reads of one tenant (alerts.server.ts `opsFacts`). */
export interface OpsFacts {
  /** When the oldest lead still waiting for a channel (not parked) was queued; null when none waits. */
  oldestUndeliveredAt: Date | null;
  /**
   * When the oldest unsubscribe still waiting to reach a channel (parked or not) was asked for; null
   * when the CRM has them all.
   */
  oldestUnsubscribeWaitingAt: Date | null;
  /** Leads set aside after repeated refusals, waiting for an operator. */
  parked: number;
  /** The tenant's build state (table stock_builds), or null when it never had one. */
  build: { lastResult: string | null; lastError: string | null; runningSince: Date | null } | null;
  /** Noted failures (ops_events) within EVENT_WINDOW_MS. */
  events: Record<keyof typeof EVENT_THRESHOLDS, number>;
}

/**
 * Both feed guards (feed.server.ts checkTruncation, checkFirstFeed) say this when they refuse a
 * feed; the build then fails with their message, and the old site stays live.
 */
const GUARD_REFUSAL = /refusing to publish/;

const minutes = (ms: number) => `${Math.max(0, Math.floor(ms / 60_000))} min`;
const firstLine = (text: string | null) => (text ?? "").split("\n")[0]?.slice(0, 300) ?? "";

/** The alerts the facts raise now, each with the detail its message carries. */
export function activeAlerts(facts: OpsFacts, now: Date): Map<AlertKey, string> {
  const active = new Map<AlertKey, string>();
  if (facts.oldestUndeliveredAt) {
    const waited = now.getTime() - facts.oldestUndeliveredAt.getTime();
    if (waited > LEAD_LATE_AFTER_MS)
      active.set(
        "lead_late",
        `the oldest undelivered lead has waited ${minutes(waited)} (more than ${minutes(LEAD_LATE_AFTER_MS)})`,
      );
  }
  // The shopper is off the site's own lists at once; the dealer's CRM, which sends the offers, must
  // hear of it within the Spam Act's five working days, by hand if delivery cannot manage it.
  if (facts.oldestUnsubscribeWaitingAt) {
    const asked = facts.oldestUnsubscribeWaitingAt;
    if (now.getTime() >= addWorkingDays(asked, UNSUBSCRIBE_ALERT_WORKING_DAYS).getTime())
      active.set(
        "unsubscribe_overdue",
        `an unsubscribe asked for on ${asked.toISOString().slice(0, 10)} has not reached the CRM; the Spam Act allows ${UNSUBSCRIBE_WORKING_DAYS} working days (until ${addWorkingDays(asked, UNSUBSCRIBE_WORKING_DAYS).toISOString().slice(0, 16)}Z): have the dealer remove the address by hand (it is in the unsubscribes table)`,
      );
  }
  if (facts.parked > 0)
    active.set(
      "lead_parked",
      `${facts.parked} ${facts.parked === 1 ? "delivery is" : "deliveries are"} parked after repeated refusals; fix the receiver, then requeue from the ops view`,
    );
  const build = facts.build;
  if (build?.lastResult === "failed") {
    if (GUARD_REFUSAL.test(build.lastError ?? ""))
      active.set(
        "feed_refused",
        `the feed guard refused the feed, the old site stays live: ${firstLine(build.lastError)}`,
      );
    else
      active.set(
        "build_failed",
        `the old site stays live: ${firstLine(build.lastError) || "no error recorded"}`,
      );
  }
  if (build?.runningSince) {
    const running = now.getTime() - build.runningSince.getTime();
    if (running > BUILD_DEADLINE_MS)
      active.set(
        "build_overdue",
        `a rebuild has been marked running for ${minutes(running)} (deadline ${minutes(BUILD_DEADLINE_MS)}); its deploy build may have died`,
      );
  }
  const window = minutes(EVENT_WINDOW_MS);
  if (facts.events.webhook_401 >= EVENT_THRESHOLDS.webhook_401)
    active.set(
      "webhook_401_spike",
      `${facts.events.webhook_401} stock webhook calls answered 401 in ${window}`,
    );
  if (facts.events.sms_failed >= EVENT_THRESHOLDS.sms_failed)
    active.set("sms_failing", `${facts.events.sms_failed} sign-in codes could not be sent in ${window}`);
  if (facts.events.stripe_webhook_failed >= EVENT_THRESHOLDS.stripe_webhook_failed)
    active.set(
      "stripe_webhook_failing",
      `${facts.events.stripe_webhook_failed} Stripe webhook ${facts.events.stripe_webhook_failed === 1 ? "call" : "calls"} failed in ${window}`,
    );
  return active;
}

/** Slack-compatible message body the ops webhook receives. */
export interface OpsMessage {
  text: string;
  blocks: { type: "section"; text: { type: "mrkdwn"; text: string } }[];
}

/** Slack's mrkdwn reads `<…>` as links and `&` as entities: a detail quoting a feed or CRM error is text. */
const mrkdwn = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function message(text: string): OpsMessage {
  return { text, blocks: [{ type: "section", text: { type: "mrkdwn", text: mrkdwn(text) } }] };
}

/** The message an incident opening sends. */
export function raisedMessage(tenant: string, alert: AlertKey, detail: string): OpsMessage {
  return message(`ALERT ${tenant}: ${ALERT_TITLES[alert]}: ${detail}`);
}

/** The message an incident clearing sends. */
export function resolvedMessage(
  tenant: string,
  alert: AlertKey,
  openedAt: Date,
  resolvedAt: Date,
): OpsMessage {
  return message(
    `RESOLVED ${tenant}: ${ALERT_TITLES[alert]} (open ${minutes(resolvedAt.getTime() - openedAt.getTime())})`,
  );
}
