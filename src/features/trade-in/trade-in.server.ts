/**
 * The trade-in functions end to end (spec §4 trade-in flow, §7 calls): create the lead (userData,
 * isLastStep) into the same leads table and CRM outbox as every other lead, rego lookup,
 * valuation, POST /api/miscellaneous (the valuation stored on the lead) and the offer acceptance
 * (a '3. Offer Accepted' lead). Every answer is JSON; bad input is a 400 in the shopper's words,
 * never a 5xx. Adapters (rego, valuation, geocoder) and storage are injectable for tests. Without a
 * rego lookup the shopper types the car; without a valuation the lead is still taken and the dealer
 * calls with a valuation: no figure is shown and nothing can be accepted.
 */

import { sql } from "kysely";
import { withoutServerMadeFields } from "~/features/leads/kinds";
import { formRulesFor, isHoneypotHit, isTooFast, LEAD_LIMITS } from "~/features/leads/leads";
import { storeLead } from "~/features/leads/leads.server";
import {
  fieldErrors,
  HONEYPOT_FIELD,
  LEAD_TEXTS,
  parseLead,
  reservedCategoryErrors,
  STARTED_AT_FIELD,
} from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { valuationSchema } from "~/features/leads/trade-in/lead.schema";
import { withConsent } from "~/features/privacy/lead-privacy.server";
import { isSold } from "~/features/stock/stock";
import type { Db } from "~/lib/db/db.server";
import { POSTCODE_TEXTS } from "~/lib/postcodes/postcodes";
import { clock } from "~/server/clock";
import { type Call, type CallContext, type CallSpec, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { acceptJsonPost } from "~/server/json-post";
import type { RateLimit } from "~/server/rate-limit.server";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import type { TenantData } from "~/tenant/tenant.server";
import {
  miscellaneousSchema,
  offerAcceptanceSchema,
  regoLookupSchema,
  tradeInSubmissionSchema,
  valuationRequestSchema,
} from "./calls.schema";
import { type Geocoder, localGeocoder } from "./geocode.server";
import { TRADE_IN_PAGES } from "./pages";
import type { RegoLookup } from "./rego";
import {
  ADJUSTMENT_QUESTIONS,
  type AdjustmentAnswers,
  hasOnlineEstimate,
  OFFER_ACCEPTED_SUBCATEGORY,
  REGO_STATES,
  type RegoState,
  TRADE_IN_SOURCE,
  TRADE_IN_TEXTS,
  type TradeInCar,
  tradeInLocations,
  VALUATION_COLUMN,
  VALUATION_REQUESTED_SUBCATEGORY,
} from "./trade-in";
import { type Valuation, type ValuationAdapter, type ValuationInput, valueTradeIn } from "./valuation";

export interface TradeInOptions extends CallContext {
  /**
   * Who answers the rego lookup and the valuation (providers.server.ts picks them from the
   * environment). Absent or null: no such service, never a stand-in.
   */
  rego?: RegoLookup | null;
  valuation?: ValuationAdapter | null;
  geocoder?: Geocoder;
  now?: () => Date;
  minTimeOnPageMs?: number;
  /** Lead and acceptance submissions per client per window. */
  rateLimit?: RateLimit;
  /** Lookups (rego, valuation, miscellaneous) per client per window. */
  lookupRateLimit?: RateLimit;
  onStored?: (leadId: string) => void;
}

const LOOKUP_RATE_LIMIT: RateLimit = { hits: 30, windowMs: 60_000 };

type Handler = (req: Request) => Promise<Response>;

const badRequest = (fields: Record<string, string>) => json({ error: LEAD_TEXTS.fixErrors, fields }, 400);

/**
 * How every trade-in function answers what is not its call proper: only on a site with the
 * trade-in flow, in the lead form's words, and a value Postgres refuses is the shopper's to fix.
 */
const tradeInCall = (name: string, allow: string, methods?: readonly string[]): CallSpec => ({
  name,
  allow,
  ...(methods ? { methods } : {}),
  // Each POST stores (the lead, its valuation, the acceptance) or counts a lookup.
  ...(allow === "POST" ? { writes: { kind: "leads", methods: ["POST"] } } : {}),
  methodError: ERRORS.leads.method,
  offered: (site) => site.features.trade_in,
  unavailable: ERRORS.leads.unavailable,
  dataErrors: true,
});

/** What a trade-in POST works with once the kit and its JSON body checks let it through. */
interface Context {
  tenant: string;
  site: Site;
  data: TenantData;
  db: Db;
  body: Record<string, unknown>;
  ip: string | null;
  key: string | null;
}

/**
 * The body checks every trade-in POST shares (JSON, the per-client rate limit of its bucket, the
 * size limit) and, for the lead itself, its Idempotency-Key: the context, or the refusal's answer.
 */
async function accept(
  call: Call,
  options: TradeInOptions,
  limit: { bucket: string; rate: RateLimit; idempotencyKey?: boolean },
): Promise<Context | Response> {
  const db = await options.db();
  const accepted = await acceptJsonPost(call.req, {
    db,
    bucket: `${limit.bucket}:${call.tenant}`,
    rateLimit: limit.rate,
    now: (options.now ?? clock)(),
    maxBodyBytes: LEAD_LIMITS.maxBodyBytes,
    idempotencyKey: limit.idempotencyKey ?? false,
  });
  if (!accepted.ok) return accepted.response;
  const { body, ip, key } = accepted;
  return { tenant: call.tenant, site: call.data.site, data: call.data, db, body, ip, key };
}

interface StoredTradeIn {
  id: string;
  fields: Record<string, unknown>;
}

/** A trade-in lead of this tenant (never a spam one), or null. */
async function findTradeIn(db: Db, tenant: string, id: string): Promise<StoredTradeIn | null> {
  const row = await leadsDb(db)
    .selectFrom("leads")
    .select(["id", "fields"])
    .where("id", "=", id)
    .where("tenant", "=", tenant)
    .where("kind", "=", "trade_in")
    .where("spam", "=", false)
    .executeTakeFirst();
  return row ?? null;
}

function vehicleOf(fields: Record<string, unknown>) {
  const regoState = REGO_STATES.find((state) => state === fields.regoState);
  return {
    make: String(fields.make ?? ""),
    model: String(fields.model ?? ""),
    badge: typeof fields.badge === "string" ? fields.badge : undefined,
    year: Number(fields.year),
    kms: Number(fields.kms),
    rego: typeof fields.rego === "string" && fields.rego ? fields.rego : undefined,
    regoState: regoState as RegoState | undefined,
  };
}

/**
 * The valuation of a stored car: spec §9's rule first, then the configured service. Null when
 * there is no service or it has no figure for the car: no online offer, the dealer calls.
 */
function valuationOf(adapter: ValuationAdapter | null, input: ValuationInput, now: Date) {
  if (adapter) return valueTradeIn(adapter, input, now);
  return Promise.resolve<Valuation | null>(hasOnlineEstimate(input, now) ? null : { eligible: false });
}

const sameValuation = (a: Valuation, b: Valuation) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The valuation the service already gave this lead (for these answers, when given), stored by the
 * valuation call: saving and accepting it asks a paid service nothing again, and cannot meet a
 * figure that moved between the shopper reading it and accepting it.
 */
function storedValuation(fields: Record<string, unknown>, answers?: AdjustmentAnswers): Valuation | null {
  const stored = valuationSchema.safeParse(fields[VALUATION_COLUMN]);
  if (!stored.success) return null;
  // jsonb keeps its own key order: the answers are compared question by question.
  const storedAnswers = (fields.adjustmentAnswers ?? {}) as AdjustmentAnswers;
  if (answers && ADJUSTMENT_QUESTIONS.some((q) => storedAnswers[q.id] !== answers[q.id])) return null;
  return stored.data;
}

async function storeValuation(db: Db, leadId: string, valuation: Valuation, answers: AdjustmentAnswers) {
  const patch = JSON.stringify({ [VALUATION_COLUMN]: valuation, adjustmentAnswers: answers });
  await leadsDb(db)
    .updateTable("leads")
    .set({ fields: sql<string>`fields || ${patch}::jsonb` })
    .where("id", "=", leadId)
    .execute();
}

function carOf(ctx: Context, id: unknown): Car | null {
  if (id === undefined || id === null || id === "") return null;
  return ctx.data.cars.find((car) => String(car.id) === String(id)) ?? null;
}

/** POST /api/trade-in: the flow's last step creates the lead (spec §7 userData and isLastStep). */
export function createTradeInHandler(options: TradeInOptions): Handler {
  const now = options.now ?? clock;
  const geocoder = options.geocoder ?? localGeocoder;
  return handleCall(tradeInCall("trade-in", "POST"), options, async (call) => {
    const { req } = call;
    const ctx = await accept(call, options, {
      bucket: "tradein",
      rate: options.rateLimit ?? LEAD_LIMITS.rateLimit,
      idempotencyKey: true,
    });
    if (ctx instanceof Response) return ctx;
    const envelope = tradeInSubmissionSchema.safeParse(ctx.body);
    if (!envelope.success) return badRequest(fieldErrors(envelope.error));
    const submission = envelope.data;
    const spam = isHoneypotHit(ctx.body[HONEYPOT_FIELD]);
    if (!spam && isTooFast(ctx.body[STARTED_AT_FIELD], now(), options.minTimeOnPageMs)) {
      return json({ error: ERRORS.leads.tooFast, retry: true }, 422);
    }

    // What only the server may say about a lead is dropped from the shopper's values.
    const userData = withoutServerMadeFields("trade_in", submission.userData);
    const errors: Record<string, string> = {};
    const locations = tradeInLocations(ctx.data.locations);
    const locationId = userData.location_id ?? userData.location;
    const location = locations.find((l) => String(l.id) === String(locationId ?? ""));
    if (locations.length > 0 && !location) errors.location_id = TRADE_IN_TEXTS.location;
    const dealership = ctx.site.dealerships.find((d) => d.slug === location?.dealership_slug);
    const car = carOf(ctx, submission.car_id);
    const categories: string[] = Object.values(TRADE_IN_PAGES).map((page) => page.category);
    const category = categories.includes(String(submission.category))
      ? String(submission.category)
      : undefined;
    // The stage is the server's ("1. Valuation Requested" now, "3. Offer Accepted" on acceptance)
    // and the category the page's: a request naming others is refused, not quietly refiled.
    const reserved = {
      ...reservedCategoryErrors("trade_in", submission.userData),
      ...reservedCategoryErrors("trade_in", { category: submission.category }),
    };
    if (Object.keys(reserved).length > 0) return badRequest(reserved);

    const parsed = parseLead(
      {
        ...userData,
        kind: "trade_in",
        category,
        subcategory: VALUATION_REQUESTED_SUBCATEGORY,
        page_id: submission.page_id,
        location_id: location?.id ?? locationId,
        location: location?.id ?? locationId,
        dealership_slug:
          dealership?.slug ?? (ctx.site.dealerships.length === 1 ? ctx.site.dealerships[0]?.slug : undefined),
        url: submission.url,
        source: TRADE_IN_SOURCE,
        user_agent:
          typeof submission.user_agent === "string" ? submission.user_agent : req.headers.get("user-agent"),
        car_id: car?.id ?? submission.car_id,
        car_dealership_id: car?.dealership_id ?? submission.car_dealership_id,
        stock_number: car?.stocknum,
        lead_attributes: submission.lead_attributes,
      },
      formRulesFor(ctx.site, ctx.data.locations),
    );
    if (!parsed.success) Object.assign(errors, parsed.fields, errors);
    // The flow always asks the condition questions (a lead from /api/leads may not have them).
    if (userData.adjustmentAnswers == null) errors.adjustmentAnswers ??= TRADE_IN_TEXTS.answer;
    // Spec §5: the postcode must resolve to a place in Australia.
    const postcode = parsed.success ? (parsed.lead as { postcode?: string }).postcode : undefined;
    if (postcode && !errors.postcode && !(await geocoder.geocode(postcode))) {
      errors.postcode = POSTCODE_TEXTS.notAustralian;
    }
    if (!parsed.success || Object.keys(errors).length > 0) return badRequest(errors);

    const stored = await storeLead(ctx.db, {
      tenant: ctx.tenant,
      // The opt-in as shown and sent, and the mark of an address that unsubscribed.
      lead: await withConsent(ctx.db, {
        tenant: ctx.tenant,
        site: ctx.site,
        form: "trade_in",
        fields: parsed.lead,
        optedIn: submission.userData?.opt_in,
        page: submission.url ?? req.headers.get("referer"),
        at: now(),
      }),
      idempotencyKey: ctx.key,
      spam,
      clientIp: ctx.ip,
      userAgent: req.headers.get("user-agent"),
    });
    if (stored.created && !spam) options.onStored?.(stored.leadId);
    return json({ lead_id: stored.leadId }, stored.created ? 201 : 200);
  });
}

/**
 * POST /api/trade-in/rego: rego + regoState → make, model, year, badge (or 404 to enter them).
 * GET answers whether this site has a rego lookup at all, so the form offers it only then.
 */
export function createRegoHandler(options: TradeInOptions): Handler {
  const lookup = options.rego ?? null;
  // The 405 names POST only: GET just says whether this site has a lookup.
  return handleCall(tradeInCall("trade-in-rego", "POST", ["GET", "POST"]), options, async (call) => {
    if (call.req.method === "GET")
      return json({ lookup: lookup !== null }, 200, { "cache-control": "public, max-age=300" });
    const ctx = await accept(call, options, {
      bucket: "tradein-lookup",
      rate: options.lookupRateLimit ?? LOOKUP_RATE_LIMIT,
    });
    if (ctx instanceof Response) return ctx;
    const parsed = regoLookupSchema.safeParse(ctx.body);
    if (!parsed.success) return badRequest(fieldErrors(parsed.error));
    if (!lookup) return json({ error: TRADE_IN_TEXTS.lookupUnavailable }, 404);
    let vehicle: Awaited<ReturnType<RegoLookup["lookup"]>>;
    try {
      vehicle = await lookup.lookup(parsed.data.rego, parsed.data.regoState);
    } catch (error) {
      console.warn(
        `[trade-in-rego] lookup failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return json({ error: TRADE_IN_TEXTS.lookupFailed }, 503, { "retry-after": "5" });
    }
    return vehicle ? json({ vehicle }) : json({ error: TRADE_IN_TEXTS.regoNotFound }, 404);
  });
}

/**
 * POST /api/trade-in/valuation: spec §3 valuation (id, adjustmentAnswers) for a stored lead. With
 * no online figure (no service, no match, or the service failing) it answers `valuation: null` and
 * the words the shopper reads: the lead is taken and the dealer calls with a valuation.
 */
export function createValuationHandler(options: TradeInOptions): Handler {
  const adapter = options.valuation ?? null;
  const now = options.now ?? clock;
  return handleCall(tradeInCall("trade-in-valuation", "POST"), options, async (call) => {
    const ctx = await accept(call, options, {
      bucket: "tradein-lookup",
      rate: options.lookupRateLimit ?? LOOKUP_RATE_LIMIT,
    });
    if (ctx instanceof Response) return ctx;
    const parsed = valuationRequestSchema.safeParse(ctx.body);
    if (!parsed.success) return badRequest(fieldErrors(parsed.error));
    const lead = await findTradeIn(ctx.db, ctx.tenant, parsed.data.id);
    if (!lead) return json({ error: TRADE_IN_TEXTS.leadMissing }, 404);
    let result: Valuation | null;
    try {
      result = await valuationOf(
        adapter,
        { ...vehicleOf(lead.fields), adjustmentAnswers: parsed.data.adjustmentAnswers },
        now(),
      );
    } catch (error) {
      console.warn(
        `[trade-in-valuation] valuation failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      result = null;
    }
    if (!result) return json({ valuation: null, notice: TRADE_IN_TEXTS.valuationByPhone });
    await storeValuation(ctx.db, lead.id, result, parsed.data.adjustmentAnswers);
    return json({ valuation: { id: lead.id, adjustmentAnswers: parsed.data.adjustmentAnswers, result } });
  });
}

/**
 * POST /api/miscellaneous: spec §7 "valuation result plus column_name valuation", stored on the
 * lead. The server checks it against the valuation it gave (stored by the valuation call, else
 * asked again) and refuses one that differs (409), so a figure the dealer sees is always the
 * valuation service's, never one typed into a browser.
 */
export function createMiscellaneousHandler(options: TradeInOptions): Handler {
  const adapter = options.valuation ?? null;
  const now = options.now ?? clock;
  return handleCall(tradeInCall("miscellaneous", "POST"), options, async (call) => {
    const ctx = await accept(call, options, {
      bucket: "tradein-lookup",
      rate: options.lookupRateLimit ?? LOOKUP_RATE_LIMIT,
    });
    if (ctx instanceof Response) return ctx;
    const parsed = miscellaneousSchema.safeParse(ctx.body);
    if (!parsed.success) return badRequest(fieldErrors(parsed.error));
    const { lead_id, valuation } = parsed.data;
    if (valuation.id !== lead_id) return badRequest({ valuation: TRADE_IN_TEXTS.leadMissing });
    const lead = await findTradeIn(ctx.db, ctx.tenant, lead_id);
    if (!lead) return json({ error: TRADE_IN_TEXTS.leadMissing }, 404);
    const answers: AdjustmentAnswers = valuation.adjustmentAnswers;
    const expected =
      storedValuation(lead.fields, answers) ??
      (await valuationOf(adapter, { ...vehicleOf(lead.fields), adjustmentAnswers: answers }, now()));
    if (!expected) return json({ error: TRADE_IN_TEXTS.noOnlineOffer }, 409);
    if (!sameValuation(expected, valuation.result)) {
      return json({ error: TRADE_IN_TEXTS.valuationMismatch, valuation: expected }, 409);
    }
    await storeValuation(ctx.db, lead.id, expected, answers);
    return json({ lead_id: lead.id, column_name: VALUATION_COLUMN, saved: true });
  });
}

/**
 * POST /api/trade-in/accept: spec §3 offer acceptance (lead_id, form_completed, offer_accepted),
 * filed as its own lead with subcategory '3. Offer Accepted', so it reaches the CRM through the
 * outbox like any lead. Accepting twice stores one acceptance.
 */
export function createAcceptHandler(options: TradeInOptions): Handler {
  const adapter = options.valuation ?? null;
  const now = options.now ?? clock;
  return handleCall(tradeInCall("trade-in-accept", "POST"), options, async (call) => {
    const { req } = call;
    const ctx = await accept(call, options, {
      bucket: "tradein",
      rate: options.rateLimit ?? LEAD_LIMITS.rateLimit,
    });
    if (ctx instanceof Response) return ctx;
    const parsed = offerAcceptanceSchema.safeParse(ctx.body);
    if (!parsed.success) return badRequest(fieldErrors(parsed.error));
    const lead = await findTradeIn(ctx.db, ctx.tenant, parsed.data.lead_id);
    if (!lead) return json({ error: TRADE_IN_TEXTS.leadMissing }, 404);
    const answers = (lead.fields.adjustmentAnswers ?? {}) as AdjustmentAnswers;
    // Only a figure the valuation service gave (or gives now) can be accepted: none, none to accept.
    const valuation =
      storedValuation(lead.fields) ??
      (await valuationOf(adapter, { ...vehicleOf(lead.fields), adjustmentAnswers: answers }, now()));
    if (!valuation?.eligible) return json({ error: TRADE_IN_TEXTS.noOnlineOffer }, 409);

    const { lead_id: _l, form_completed: _f, offer_accepted: _o, valuation: _v, ...original } = lead.fields;
    const acceptance = parseLead(
      {
        ...original,
        kind: "trade_in",
        subcategory: OFFER_ACCEPTED_SUBCATEGORY,
        lead_id: lead.id,
        form_completed: true,
        offer_accepted: true,
        valuation,
      },
      // The lead was valid when it was taken; a later change of site rules must not lose its acceptance.
      {
        ...formRulesFor(ctx.site, ctx.data.locations),
        dealershipRequired: false,
        termsRequired: false,
        commentsRequired: false,
      },
    );
    if (!acceptance.success) return badRequest(acceptance.fields);
    const stored = await storeLead(ctx.db, {
      tenant: ctx.tenant,
      lead: acceptance.lead,
      idempotencyKey: `offer-accepted:${lead.id}`,
      spam: false,
      clientIp: ctx.ip,
      userAgent: req.headers.get("user-agent"),
    });
    if (stored.created) options.onStored?.(stored.leadId);
    return json({ lead_id: stored.leadId, accepted_lead_id: lead.id, valuation }, stored.created ? 201 : 200);
  });
}

/** GET /api/trade-in/car?car_id={id}: the published car, or 404 when it is unknown or sold. */
export function createCarHandler(options: Pick<CallContext, "tenantFor" | "snapshot">): Handler {
  return handleCall(tradeInCall("trade-in-car", "GET"), options, async ({ req, data }) => {
    const id = new URL(req.url).searchParams.get("car_id")?.trim() ?? "";
    const car = data.cars.find((c) => String(c.id) === id);
    if (!car || isSold(car)) return json({ error: ERRORS.tradeIn.unknownCar }, 404);
    const body: TradeInCar = {
      id: car.id,
      name: car.name,
      slug: car.slug,
      path: car.path || `/cars/${car.slug}`,
      price: car.price,
      stocknum: car.stocknum ?? null,
      image: car.primary_image_url || car.images.find((image) => image.url)?.url || null,
      dealership_id: car.dealership_id,
      location_id: car.location_id ?? null,
    };
    return json({ car: body }, 200, { "cache-control": "public, max-age=300" });
  });
}
