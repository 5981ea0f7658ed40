/**
 * Who answers a trade-in's rego lookup and valuation, chosen by the environment:
 *
 * - `REGO_LOOKUP_URL` + `REGO_LOOKUP_KEY`: AutoGrab's Vehicle Registration API at that base
 *   (`https://api.autograb.com.au`): `GET /v2/vehicles/registrations/{plate}?region=au&state=`.
 * - `VALUATION_URL` + `VALUATION_KEY`: AutoGrab's Valuation API at that base: the car's AutoGrab
 *   id from its plate as above, then `POST /v2/valuations/predict?features=bounds` with
 *   `{ region, vehicle_id, kms }`; the offer is its `trade_price` and the range its trade bounds.
 * - Neither set, under `npm start` (which sets `TRADE_IN_STAND_INS=local` and says so in its
 *   banner) or a test that passes them: the deterministic local stand-ins of rego.ts and
 *   valuation.ts, which invent a car and an offer.
 * - Anywhere else, and always where NETLIFY or AWS_LAMBDA_FUNCTION_NAME is set at all: none. The
 *   shopper types the car, and the dealer calls with a valuation: no number is ever shown.
 *
 * The request and response shapes, with where they are documented, are in the README ("Trade-in
 * valuations").
 */
import type { Site } from "~/tenant/schema";
import { localRegoLookup, type RegoLookup, type RegoVehicle } from "./rego";
import type { RegoState } from "./trade-in";
import { localValuationAdapter, type ValuationAdapter } from "./valuation";

type Env = NodeJS.ProcessEnv;

/** A provider that answered, but not with what was asked (HTTP status, or 0 for no answer at all). */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = "ProviderError";
  }
}

export interface ProviderOptions {
  /** The API's base address, e.g. `https://api.autograb.com.au`. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** A shopper waits on this call: a provider slower than this counts as down. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8_000;

/** AutoGrab's `vehicle` object: only the fields the flow reads. */
interface AutograbVehicle {
  id?: unknown;
  year?: unknown;
  make?: unknown;
  model?: unknown;
  badge?: unknown;
}

async function getJson(
  provider: string,
  options: ProviderOptions,
  path: string,
  init: { method?: "GET" | "POST"; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const url = new URL(path, options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: init.method ?? "GET",
      headers: {
        ApiKey: options.apiKey,
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new ProviderError(provider, 0, timedOut ? "no answer in time" : (error as Error).message);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, body: body && typeof body === "object" ? body : null };
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The AutoGrab vehicle registered to a plate: null when the register has no such plate or AutoGrab
 * cannot match it to a car (it answers `vehicle: null`, or 404). Any other answer is a ProviderError.
 */
async function autograbVehicleByPlate(
  options: ProviderOptions,
  rego: string,
  regoState: RegoState,
): Promise<AutograbVehicle | null> {
  const query = new URLSearchParams({ region: "au", state: regoState });
  const { status, body } = await getJson(
    "AutoGrab registration lookup",
    options,
    `v2/vehicles/registrations/${encodeURIComponent(rego)}?${query}`,
  );
  if (status === 404) return null;
  if (status < 200 || status > 299 || !body) {
    throw new ProviderError("AutoGrab registration lookup", status, `answered ${status}`);
  }
  const vehicle = body.vehicle;
  return vehicle && typeof vehicle === "object" ? (vehicle as AutograbVehicle) : null;
}

/** AutoGrab's Vehicle Registration API as the flow's rego lookup. */
export function autograbRegoLookup(options: ProviderOptions): RegoLookup {
  return {
    async lookup(rego, regoState) {
      const vehicle = await autograbVehicleByPlate(options, rego, regoState);
      if (!vehicle) return null;
      const year = Number(vehicle.year);
      const found: RegoVehicle = {
        rego,
        regoState,
        make: text(vehicle.make),
        model: text(vehicle.model),
        year,
        badge: text(vehicle.badge),
      };
      // A match without a make, model or year fills nothing useful: the shopper types the car.
      if (!found.make || !found.model || !Number.isInteger(year) || year < 1900 || year > 2100) return null;
      return found;
    },
  };
}

const wholeDollars = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : null;

/**
 * AutoGrab's Valuation API as the flow's valuation: the car by its plate, then its trade price at
 * the shopper's kilometres. A car without a plate, or one AutoGrab cannot match or price, has no
 * online offer (null): the dealer calls. The condition answers go to the dealer with the lead;
 * AutoGrab's figure assumes a car in good condition, and the offer says an inspection confirms it.
 */
export function autograbValuation(options: ProviderOptions): ValuationAdapter {
  return {
    async value(input) {
      if (!input.rego || !input.regoState) return null;
      const vehicle = await autograbVehicleByPlate(options, input.rego, input.regoState);
      const vehicleId = vehicle ? text(vehicle.id) : "";
      if (!vehicleId) return null;
      const { status, body } = await getJson(
        "AutoGrab valuation",
        options,
        "v2/valuations/predict?features=bounds",
        { method: "POST", body: { region: "au", vehicle_id: vehicleId, kms: input.kms } },
      );
      if (status === 404) return null;
      if (status < 200 || status > 299 || !body) {
        throw new ProviderError("AutoGrab valuation", status, `answered ${status}`);
      }
      const prediction = (body.prediction ?? {}) as Record<string, unknown>;
      const offer = wholeDollars(prediction.trade_price);
      if (offer === null) return null;
      const trade = ((body.bounds as Record<string, unknown> | undefined)?.trade ?? {}) as Record<
        string,
        unknown
      >;
      const low = wholeDollars(trade.lower);
      const high = wholeDollars(trade.upper);
      // Without AutoGrab's own bounds the range is the offer itself, never one made up here.
      const ranged = low !== null && high !== null && low <= offer && offer <= high;
      return { eligible: true, offer, low: ranged ? low : offer, high: ranged ? high : offer };
    },
  };
}

/**
 * Whether the invented stand-ins may answer here: only when asked for by name
 * (`TRADE_IN_STAND_INS=local`, which `npm start` sets) and never where NETLIFY or
 * AWS_LAMBDA_FUNCTION_NAME is set at all (stricter than `isDeployed`, as for the test checkout):
 * no deployment can fall into them by accident or by a stray variable.
 */
export function standInsAllowed(env: Env = process.env): boolean {
  return env.TRADE_IN_STAND_INS === "local" && !env.NETLIFY && !env.AWS_LAMBDA_FUNCTION_NAME;
}

/** The provider settings of each service: what the deploy's environment must hold to use it. */
export const PROVIDER_VARIABLES = {
  rego: ["REGO_LOOKUP_URL", "REGO_LOOKUP_KEY"],
  valuation: ["VALUATION_URL", "VALUATION_KEY"],
} as const;
export type TradeInService = keyof typeof PROVIDER_VARIABLES;

/** `{ baseUrl, apiKey }` when both are set (and the address is https: where deployed), else null. */
function settings(service: TradeInService, env: Env): ProviderOptions | null {
  const [urlName, keyName] = PROVIDER_VARIABLES[service];
  const baseUrl = env[urlName]?.trim();
  const apiKey = env[keyName]?.trim();
  if (!baseUrl || !apiKey) return null;
  const onHost = Boolean(env.NETLIFY || env.AWS_LAMBDA_FUNCTION_NAME);
  if (onHost && !baseUrl.startsWith("https://")) {
    console.warn(`[trade-in] ${urlName} must be https: on a deployed site; ${service} is off until then`);
    return null;
  }
  return { baseUrl, apiKey };
}

export interface TradeInProviders {
  rego: RegoLookup | null;
  valuation: ValuationAdapter | null;
  /** Which services the invented local stand-ins answer (for `npm start`'s banner). */
  standIns: TradeInService[];
}

export function tradeInProvidersFromEnv(env: Env = process.env): TradeInProviders {
  const regoSettings = settings("rego", env);
  const valuationSettings = settings("valuation", env);
  const local = standInsAllowed(env);
  const standIns: TradeInService[] = [];
  if (!regoSettings && local) standIns.push("rego");
  if (!valuationSettings && local) standIns.push("valuation");
  return {
    rego: regoSettings
      ? autograbRegoLookup(regoSettings)
      : standIns.includes("rego")
        ? localRegoLookup
        : null,
    valuation: valuationSettings
      ? autograbValuation(valuationSettings)
      : standIns.includes("valuation")
        ? localValuationAdapter
        : null,
    standIns,
  };
}

/**
 * What a build says when site.json turns a provider on and the deploy's environment lacks its
 * settings: the trade-in flow (features.trade_in) uses both services, and a site marked for
 * RedBook valuations (`redbook`) needs the valuation one. The site still works without them: the
 * shopper types the car and the dealer calls with a valuation.
 */
export function providerWarnings(site: Pick<Site, "features" | "redbook">, env: Env = process.env): string[] {
  const missing = (service: TradeInService) =>
    PROVIDER_VARIABLES[service].filter((name) => !env[name]?.trim());
  const warnings: string[] = [];
  if (!site.features.trade_in && !site.redbook) return warnings;
  const why = site.features.trade_in
    ? "the trade-in flow is on (features.trade_in)"
    : "site.json sets redbook";
  const valuation = missing("valuation");
  if (valuation.length > 0) {
    warnings.push(
      `${why} but ${valuation.join(" and ")} ${valuation.length === 1 ? "is" : "are"} not set: ` +
        "shoppers get no online offer, the dealer calls each one with a valuation",
    );
  }
  const rego = site.features.trade_in ? missing("rego") : [];
  if (rego.length > 0) {
    warnings.push(
      `${why} but ${rego.join(" and ")} ${rego.length === 1 ? "is" : "are"} not set: ` +
        "there is no rego lookup, shoppers type their car's make, model and year",
    );
  }
  return warnings;
}
