/**
 * GET /api/finance-disclaimer?car_id= (spec §7 "finance disclaimer fetch by car id reading
 * finance_lenders[provider].disclaimer"): the disclaimer of the site's lender for a published car,
 * with the comparison-rate warning added when the lender's text lacks it.
 */
import { financeDisclaimer, financeLender } from "./finance";
import { FINANCE_ERRORS, json, methodNotAllowed, type TenantLookup } from "./http.server";

export const FINANCE_DISCLAIMER_PATH = "/api/finance-disclaimer";

export const DISCLAIMER_ERRORS = {
  badCarId: "Ask with the car's id: /api/finance-disclaimer?car_id=123.",
  noDisclaimer: "There is no finance disclaimer for this car.",
} as const;

export interface DisclaimerAnswer {
  car_id: number;
  provider: string;
  disclaimer: string;
}

export function createDisclaimerHandler(options: TenantLookup): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed("GET");
    const carId = new URL(req.url).searchParams.get("car_id")?.trim() ?? "";
    if (!/^[1-9]\d{0,15}$/.test(carId)) return json({ error: DISCLAIMER_ERRORS.badCarId }, 400);
    const slug = options.tenantFor(req);
    const site = slug ? options.site(slug) : null;
    if (!slug || !site) return json({ error: FINANCE_ERRORS.unknownSite }, 404);
    const car = options.car(slug, { id: carId });
    if (!car) return json({ error: FINANCE_ERRORS.unknownCar }, 404);
    const provider = site.finance_provider;
    const text = financeLender(car, provider)?.disclaimer?.trim();
    if (!provider || !text) return json({ error: DISCLAIMER_ERRORS.noDisclaimer }, 404);
    const answer: DisclaimerAnswer = { car_id: car.id, provider, disclaimer: financeDisclaimer(text) };
    return json(answer, 200, { "cache-control": "public, max-age=300" });
  };
}
