/**
 * POST /api/spin-to-win: a shopper's details in, one spin out. The prize is drawn here (never in
 * the browser), once per mobile number per campaign; the spin and the lead that tells the dealer
 * about it are written in one transaction, so a prize shown is always on its way to the dealer.
 * Every spin is for a mobile proven by a texted code: the session's (phone sign-in, POST
 * /api/sign-in/code and /verify). Where the site gates the page (spec §4) the shopper signed in
 * before it opened; elsewhere the page asks for the code inline. Otherwise anyone could spin for
 * any number, use up its one spin, and read back its owner's prize. A second spin by the same
 * proven number answers the first prize.
 */

import { randomInt } from "node:crypto";
import { spinNeedsSignIn } from "~/features/account/account";
import { sessionUser } from "~/features/account/account.server";
import { checkMobile } from "~/features/account/mobile";
import { formRulesFor, isHoneypotHit, isTooFast, LEAD_LIMITS } from "~/features/leads/leads";
import { storeLeadWithRecord } from "~/features/leads/leads.server";
import {
  HONEYPOT_FIELD,
  LEAD_TEXTS,
  parseLead,
  reservedCategoryErrors,
  STARTED_AT_FIELD,
} from "~/features/leads/schemas";
import { siteTimeZone } from "~/features/locations/locations";
import { withConsent } from "~/features/privacy/lead-privacy.server";
import { clock } from "~/server/clock";
import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { acceptJsonPost } from "~/server/json-post";
import type { RateLimit } from "~/server/rate-limit.server";
import { closedMessage, pickPrize, SPIN_TEXTS, spinMessage, totalWeight } from "./spin-to-win";
import { spinDb } from "./tables";

export interface SpinOptions extends CallContext {
  now?: () => Date;
  /** A whole number in [0, total): the draw. Injectable so tests can choose the prize. */
  draw?: (total: number) => number;
  minTimeOnPageMs?: number;
  rateLimit?: RateLimit;
}

/**
 * Tries from one address per 10 minutes, typos included: a family or an office sharing a connection
 * is never near it; one spin per mobile is the real limit.
 */
export const SPIN_RATE_LIMIT: RateLimit = { hits: 20, windowMs: 10 * 60_000 };

export interface SpinAnswer {
  prize: string;
  /**
   * The slice the wheel lands on (the campaign's prize order); null when an earlier spin's prize
   * is no longer on the wheel (the dealer renamed or removed it since), so the wheel stays still.
   */
  index: number | null;
  lead_id: string;
  /** True when this number had spun before: the prize is that first spin's. */
  already: boolean;
}

export function createSpinHandler(options: SpinOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const draw = options.draw ?? ((total: number) => randomInt(0, total));
  const minTimeOnPageMs = options.minTimeOnPageMs ?? LEAD_LIMITS.minTimeOnPageMs;
  return handleCall({ name: "spin-to-win", allow: "POST", writes: "leads" }, options, async (call) => {
    const { req, tenant, data } = call;
    const { site } = data;
    const campaign = site.spin_to_win;
    if (!campaign) return json({ error: SPIN_TEXTS.notRunning }, 404);
    const at = now();
    const closed = closedMessage(campaign, at, siteTimeZone(data.locations, site.default_state));
    if (closed) return json({ error: closed }, 409);

    const db = await options.db();
    const accepted = await acceptJsonPost(req, {
      db,
      bucket: `spin:${tenant}`,
      rateLimit: options.rateLimit ?? SPIN_RATE_LIMIT,
      now: at,
    });
    if (!accepted.ok) return accepted.response;
    const { body, ip } = accepted;

    const user = await sessionUser(db, tenant, req, at);
    if (!user)
      return json({ error: spinNeedsSignIn(site) ? SPIN_TEXTS.signInNeeded : SPIN_TEXTS.codeNeeded }, 401);
    const { prize: _prize, campaign: _campaign, phone: named, ...fields } = body;
    // The number spun for is always the proven one; a form naming another is refused, not
    // quietly corrected, so no one learns that it reached someone else's spin.
    if (named !== undefined && named !== null && !(typeof named === "string" && named.trim() === "")) {
      const other = typeof named === "string" ? checkMobile(named) : null;
      if (!other?.ok || other.phone !== user.phone) return json({ error: SPIN_TEXTS.otherPhone }, 403);
    }
    // The prize is the lead's subcategory and the spin's own words its message: a body that
    // files the lead elsewhere is refused, and what the shopper typed stays their comments.
    const reserved = reservedCategoryErrors("spin_to_win", fields);
    if (Object.keys(reserved).length > 0) return json({ error: LEAD_TEXTS.fixErrors, fields: reserved }, 400);
    const parsed = parseLead(
      { ...fields, phone: user.phone, kind: "spin_to_win" },
      formRulesFor(site, data.locations),
    );
    if (!parsed.success) return json({ error: LEAD_TEXTS.fixErrors, fields: parsed.fields }, 400);
    const spam = isHoneypotHit(body[HONEYPOT_FIELD]);
    if (!spam && isTooFast(body[STARTED_AT_FIELD], at, minTimeOnPageMs)) {
      return json({ error: ERRORS.leads.tooFast, retry: true }, 422);
    }
    // What the opt-in showed and the shopper chose, and whether the address has unsubscribed.
    const lead = await withConsent(db, {
      tenant,
      site,
      form: "spin_to_win",
      fields: parsed.lead,
      optedIn: body.opt_in,
      page: req.headers.get("referer"),
      at,
    });
    const spins = spinDb(db);
    const earlier = async (): Promise<SpinAnswer | null> => {
      const row = await spins
        .selectFrom("spins")
        .select(["prize", "lead_id"])
        .where("tenant", "=", tenant)
        .where("campaign", "=", campaign.id)
        .where("phone", "=", lead.phone)
        .executeTakeFirst();
      if (!row) return null;
      const index = campaign.prizes.findIndex((prize) => prize.label === row.prize);
      return { prize: row.prize, index: index >= 0 ? index : null, lead_id: row.lead_id, already: true };
    };
    const first = await earlier();
    if (first) return json(first, 200);

    const index = pickPrize(campaign.prizes, draw(totalWeight(campaign.prizes)));
    const prize = campaign.prizes[index]?.label ?? "";
    // A bot that filled the honeypot is shown a spin, but nothing is kept that would use up a
    // real shopper's number or reach the dealer as a winner.
    if (spam) return json({ prize, index, lead_id: crypto.randomUUID(), already: false }, 201);
    const entry = {
      tenant,
      lead: {
        ...lead,
        prize,
        campaign: campaign.id,
        subcategory: prize,
        message: spinMessage(campaign, prize, lead.message),
      },
      idempotencyKey: null,
      spam: false,
      clientIp: ip,
      userAgent: req.headers.get("user-agent"),
    };
    // Two spins of one number at the same moment: the second inserts nothing and rolls back.
    const leadId = await storeLeadWithRecord(db, entry, async (trx, id) =>
      Boolean(
        await spinDb(trx)
          .insertInto("spins")
          .values({ tenant, campaign: campaign.id, phone: lead.phone, prize, lead_id: id })
          .onConflict((conflict) => conflict.columns(["tenant", "campaign", "phone"]).doNothing())
          .returning("lead_id")
          .executeTakeFirst(),
      ),
    );
    const won: SpinAnswer | null = leadId
      ? { prize, index, lead_id: leadId, already: false }
      : await earlier();
    if (!won) throw new Error("a spin was neither stored nor found");
    return json(won, won.already ? 200 : 201);
  });
}
