/** The site's lender in a car's feed data (spec §5 "finance_lenders"). */

import type { FinanceProvider } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";

export type Lender = NonNullable<Car["finance_lenders"]>[string];

/** The car's data from the site's lender, matching the provider key case-insensitively. */
export function financeLender(car: Car, provider: FinanceProvider | null): Lender | null {
  const lenders = car.finance_lenders;
  if (!provider || !lenders) return null;
  const exact = lenders[provider];
  if (exact) return exact;
  const key = Object.keys(lenders).find((name) => name.toLowerCase() === provider.toLowerCase());
  return key ? (lenders[key] ?? null) : null;
}
