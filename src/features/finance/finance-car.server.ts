/**
 * GET /api/finance/car?car_id={id}: the car a personalised finance application is for (spec §2
 * /personalised/finance?car_id={id}), as its page shows it: name, price as displayed, type and first
 * photo. A sold or unknown car answers 404, so the page never offers finance on a car that is gone.
 */

import { carPictures } from "~/features/media/media";
import { carTypeLabel, isSold, priceDisplay } from "~/features/stock/stock";
import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { findCarIn } from "~/tenant/find-car";

export interface FinanceCar {
  id: number;
  slug: string;
  name: string;
  price_text: string;
  car_type_label: string;
  image: { url: string; alt: string } | null;
}

export function createFinanceCarHandler(
  options: Omit<CallContext, "db">,
): (req: Request) => Promise<Response> {
  return handleCall(
    { name: "finance-car", allow: "GET", methods: ["GET", "HEAD"] },
    options,
    async ({ req, data }) => {
      const carId = new URL(req.url).searchParams.get("car_id")?.trim() ?? "";
      if (!/^[1-9]\d{0,15}$/.test(carId)) return json({ error: ERRORS.financeCar.badCarId }, 400);
      const { site } = data;
      const car = findCarIn(data, { id: carId });
      if (!car || isSold(car)) return json({ error: ERRORS.finance.unknownCar }, 404);
      const [picture] = carPictures(car);
      const answer: FinanceCar = {
        id: car.id,
        slug: car.slug,
        name: car.name,
        price_text: priceDisplay(car, site).text,
        car_type_label: carTypeLabel(car.car_type, site),
        image: picture ? { url: picture.url, alt: picture.alt } : null,
      };
      return json({ car: answer }, 200, { "cache-control": "public, max-age=300" });
    },
  );
}
