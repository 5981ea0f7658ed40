/**
 * Where Get Finance goes (spec §2 Finance: /finance, /finance-enquiry, /apply-for-finance,
 * /finance-pre-approval, /personalised/finance?car_id={id}, or a configured default link; query
 * preferredDealership, vehiclePriceBudget, car_id, car_type, vin, then #finance-form) and which of
 * those routes ask for sign-in (spec §4 gated routes: finance and car-finance, per site). Pure and
 * tiny: result cards in the search island use it too.
 */
export const PERSONALISED_FINANCE_PATH = "/personalised/finance";

/** The finance routes (spec §2). */
export const FINANCE_ROUTES = [
  "/finance",
  "/finance-enquiry",
  "/apply-for-finance",
  "/finance-pre-approval",
  PERSONALISED_FINANCE_PATH,
] as const;

export interface FinanceLinkCar {
  id: number;
  car_type: string;
  price: number;
  dealership_slug?: string | null | undefined;
  vin?: string | null | undefined;
}

/** The site's finance route (site.json `finance_link`, default /finance) with the car's details. */
export function financeLink(car: FinanceLinkCar, route = "/finance"): string {
  const params = new URLSearchParams();
  if (car.dealership_slug) params.set("preferredDealership", car.dealership_slug);
  if (car.price > 0) params.set("vehiclePriceBudget", String(car.price));
  params.set("car_id", String(car.id));
  params.set("car_type", car.car_type);
  if (car.vin) params.set("vin", car.vin);
  return `${route}?${params.toString()}#finance-form`;
}

export interface FinanceGating {
  finance: boolean;
  car_finance: boolean;
}

/**
 * The sign-in a finance route asks for, or null when it is open: the car's personalised finance is
 * gated by `gating.car_finance` (sign-in type car-finance), every other finance route by
 * `gating.finance` (type finance).
 */
export function financeSignIn(route: string, gating: FinanceGating): "finance" | "car-finance" | null {
  const path = route.replace(/\/+$/, "") || "/";
  if (path === PERSONALISED_FINANCE_PATH) return gating.car_finance ? "car-finance" : null;
  return (FINANCE_ROUTES as readonly string[]).includes(path) && gating.finance ? "finance" : null;
}
