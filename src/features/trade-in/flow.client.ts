/**
 * The browser side of the trade-in flow's calls (spec §7): lead submission with userData and
 * isLastStep, valuation, POST /api/miscellaneous and the offer acceptance, plus the lead
 * attributes (visited pages, query parameters the shopper arrived with). No React here.
 */
import { FORM_TEXTS } from "~/features/leads/forms";
import { HONEYPOT_FIELD, STARTED_AT_FIELD } from "~/features/leads/schemas";
import { sendJson } from "~/lib/ui/lead-submit.client";
import type { RegoVehicle } from "./rego";
import { type AdjustmentAnswers, TRADE_IN_SOURCE, type TradeInCar, VALUATION_COLUMN } from "./trade-in";
import type { Valuation } from "./valuation";

/** sessionStorage keys a site-wide script may fill (pages seen this visit, landing query). */
export const VISITED_PAGES_KEY = "lead:visited-pages";
export const LANDING_PARAMS_KEY = "lead:landing-params";

// The flow's calls fail alike: the server's words, else the spec's submit failure text.
const TEXTS = { failed: FORM_TEXTS.submitFailed, offline: FORM_TEXTS.submitFailed };

const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  sendJson<T>(path, TEXTS, { body, headers });

function readSession<T>(key: string, fallback: T): T {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Spec §3 lead_attributes: pages seen this visit and the query parameters that brought the shopper. */
export function leadAttributes(location: Location, referrer: string) {
  const visited = readSession<string[]>(VISITED_PAGES_KEY, []).filter((p) => typeof p === "string");
  try {
    const from = referrer ? new URL(referrer) : null;
    if (from && from.origin === location.origin && !visited.includes(from.pathname + from.search)) {
      visited.push(from.pathname + from.search);
    }
  } catch {
    // An unreadable referrer adds nothing.
  }
  const here = location.pathname + location.search;
  if (visited.at(-1) !== here) visited.push(here);
  const params: Record<string, string> = { ...readSession<Record<string, string>>(LANDING_PARAMS_KEY, {}) };
  for (const [name, value] of new URLSearchParams(location.search)) params[name] = value;
  return { visited_pages: visited.slice(-50), linked_query_params: params };
}

export interface Submission {
  userData: Record<string, unknown>;
  car: TradeInCar | null;
  category: string;
  pageId: string;
  honeypot: string;
  startedAt: number;
  idempotencyKey: string;
}

export function submitTradeIn(s: Submission) {
  return post<{ lead_id: string }>(
    "/api/trade-in",
    {
      userData: s.userData,
      isLastStep: true,
      url: window.location.href,
      source: TRADE_IN_SOURCE,
      user_agent: navigator.userAgent,
      car_id: s.car?.id,
      car_dealership_id: s.car?.dealership_id,
      lead_attributes: leadAttributes(window.location, document.referrer),
      category: s.category,
      page_id: s.pageId,
      [HONEYPOT_FIELD]: s.honeypot,
      [STARTED_AT_FIELD]: s.startedAt,
    },
    { "idempotency-key": s.idempotencyKey },
  );
}

export const lookupRego = (rego: string, regoState: string) =>
  post<{ vehicle: RegoVehicle }>("/api/trade-in/rego", { rego, regoState });

/** Whether this site has a rego lookup (a provider, or `npm start`'s stand-in); false when unsure. */
export async function regoLookupAvailable(): Promise<boolean> {
  const result = await sendJson<{ lookup?: unknown }>("/api/trade-in/rego", TEXTS);
  return result.ok && result.body.lookup === true;
}

export interface ValuationAnswer {
  id: string;
  adjustmentAnswers: AdjustmentAnswers;
  result: Valuation;
}

/** `valuation: null`: no online figure for this car; the dealer calls (the notice says so). */
export const requestValuation = (leadId: string, adjustmentAnswers: AdjustmentAnswers) =>
  post<{ valuation: ValuationAnswer | null; notice?: string }>("/api/trade-in/valuation", {
    id: leadId,
    adjustmentAnswers,
  });

/** Spec §8: a failed valuation save is only logged. */
export async function saveValuation(leadId: string, valuation: ValuationAnswer): Promise<void> {
  const result = await post("/api/miscellaneous", {
    lead_id: leadId,
    column_name: VALUATION_COLUMN,
    valuation,
  });
  if (!result.ok) console.warn("valuation save failed", result.error);
}

export const acceptOffer = (leadId: string) =>
  post<{ lead_id: string }>("/api/trade-in/accept", {
    lead_id: leadId,
    form_completed: true,
    offer_accepted: true,
  });

export const fetchCar = (carId: string) =>
  sendJson<{ car: TradeInCar }>(`/api/trade-in/car?car_id=${encodeURIComponent(carId)}`, TEXTS);
