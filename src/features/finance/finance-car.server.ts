/**
 * GET /api/finance/car?car_id={id}: the car a personalised finance application is for (spec §2
 * /personalised/finance?car_id={id}), as its page shows it: name, price as displayed, type and first
 * photo. A sold or unknown car answers 404, so the page never offers finance on a car that is gone.
 */
import { carPictures } from "~/features/media/media";
import { carTypeLabel, isSold, priceDisplay } from "~/features/stock/stock";
import { FINANCE_ERRORS, json, methodNotAllowed, type TenantLookup } from "./http.server";

export const FINANCE_CAR_PATH = "/api/finance/car";

export const FINANCE_CAR_ERRORS = {
  badCarId: "Ask with the car's id: /api/finance/car?car_id=123.",
} as const;

export interface FinanceCar {
  id: number;
  slug: string;
  name: string;
  price_text: string;
  car_type_label: string;
  image: { url: string; alt: string } | null;
}

export function createFinanceCarHandler(options: TenantLookup): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed("GET");
    const carId = new URL(req.url).searchParams.get("car_id")?.trim() ?? "";
    if (!/^[1-9]\d{0,15}$/.test(carId)) return json({ error: FINANCE_CAR_ERRORS.badCarId }, 400);
    const slug = options.tenantFor(req);
    const site = slug ? options.site(slug) : null;
    if (!slug || !site) return json({ error: FINANCE_ERRORS.unknownSite }, 404);
    const car = options.car(slug, { id: carId });
    if (!car || isSold(car)) return json({ error: FINANCE_ERRORS.unknownCar }, 404);
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
  };
}
