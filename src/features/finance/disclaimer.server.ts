/**
 * GET /api/finance-disclaimer?car_id= (spec §7 "finance disclaimer fetch by car id reading
 * finance_lenders[provider].disclaimer"): the disclaimer of the site's lender for a published car,
 * with the comparison-rate warning added when the lender's text lacks it.
 */

import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { findCarIn } from "~/tenant/find-car";
import { financeDisclaimer, financeLender } from "./finance";

export const FINANCE_DISCLAIMER_PATH = "/api/finance-disclaimer";

export interface DisclaimerAnswer {
  car_id: number;
  provider: string;
  disclaimer: string;
}

export function createDisclaimerHandler(
  options: Omit<CallContext, "db">,
): (req: Request) => Promise<Response> {
  return handleCall(
    { name: "finance-disclaimer", allow: "GET", methods: ["GET", "HEAD"] },
    options,
    async ({ req, data }) => {
      const carId = new URL(req.url).searchParams.get("car_id")?.trim() ?? "";
      if (!/^[1-9]\d{0,15}$/.test(carId)) return json({ error: ERRORS.disclaimer.badCarId }, 400);
      const { site } = data;
      const car = findCarIn(data, { id: carId });
      if (!car) return json({ error: ERRORS.finance.unknownCar }, 404);
      const provider = site.finance_provider;
      const text = financeLender(car, provider)?.disclaimer?.trim();
      if (!provider || !text) return json({ error: ERRORS.disclaimer.noDisclaimer }, 404);
      const answer: DisclaimerAnswer = { car_id: car.id, provider, disclaimer: financeDisclaimer(text) };
      return json(answer, 200, { "cache-control": "public, max-age=300" });
    },
  );
}
