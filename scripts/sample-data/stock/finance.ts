/**
 * Finance: repayments per lender, Autograb market averages and Autogauge results.
 */
import type { FinanceProvider } from "~/tenant/schema";
import type { Rng } from "../random";
import { clamp, round2, round100 } from "../util";

/** Standard amortisation: the periodic repayment that clears `principal` less a final `balloon`. */
export function repayment(
  principal: number,
  ratePct: number,
  periodsPerYear: number,
  periods: number,
  balloon: number,
): number {
  const r = ratePct / 100 / periodsPerYear;
  if (r === 0) return (principal - balloon) / periods;
  const pv = principal - balloon / (1 + r) ** periods;
  return (pv * r) / (1 - (1 + r) ** -periods);
}

const PROVIDER_NAMES: Record<FinanceProvider, string> = {
  youx: "YouX",
  taurus: "Taurus Finance",
  "360 Finance": "360 Finance",
  AusLoans: "AusLoans",
  Manual: "Dealer Finance",
  Angle: "Angle Auto Finance",
  Powertorque: "Powertorque Finance",
  "Nissan Finance": "Nissan Financial Services",
};

export function financeLenders(
  provider: FinanceProvider,
  rng: Rng,
  o: { price: number; carType: string; age: number },
): Record<string, Record<string, unknown>> | null {
  if (o.price <= 500) return null;
  let rate: number;
  switch (provider) {
    case "Nissan Finance":
      rate =
        o.carType === "new"
          ? rng.pick([1.99, 2.99, 4.99, 5.99])
          : o.carType === "demo"
            ? rng.pick([5.99, 6.99])
            : rng.pick([8.99, 9.49, 9.99, 10.99]);
      break;
    case "Angle":
      rate = round2(rng.range(8.49, 10.99));
      break;
    case "360 Finance":
      rate = round2(rng.range(9.49, 13.99));
      break;
    case "taurus":
      rate = round2(rng.range(7.99, 11.99) + (o.age > 8 ? 2 : 0));
      break;
    case "Powertorque":
      rate = round2(rng.range(8.95, 10.95));
      break;
    default:
      rate = 9.99;
  }
  const comparisonRate = round2(rate + rng.range(0.3, 1.3));
  const establishmentFees =
    provider === "taurus" ? 1360.5 : provider === "360 Finance" ? 1300 : provider === "Powertorque" ? 395 : 0;
  const deposit = Math.round(o.price * 0.1);
  const balloon = rng.chance(0.3) ? Math.round(o.price * 0.3) : 0;
  const principal = o.price - deposit + establishmentFees;
  const paymentMonth = round2(repayment(principal, rate, 12, 60, balloon));
  const paymentWeek = Math.round(repayment(principal, rate, 52, 260, balloon));
  const totalPayable = round2(paymentMonth * 60 + balloon);
  const weekly = provider !== "Nissan Finance";
  const headline = weekly ? `$${paymentWeek} per week` : `$${paymentMonth.toFixed(2)} per month`;
  const disclaimer =
    `Estimated repayments of ${headline} are based on a 5 year secured consumer loan, a $${deposit.toLocaleString("en-AU")} (10.0%) deposit` +
    `${balloon ? ` and a 30% final payment of $${balloon.toLocaleString("en-AU")}` : ""}, at ${rate.toFixed(2)}% p.a. ` +
    `(comparison rate ${comparisonRate.toFixed(2)}% p.a.). Comparison rate based on a 5 year secured loan of $30,000. ` +
    "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate. " +
    `Fees, charges and lending criteria apply. Finance provided by ${PROVIDER_NAMES[provider]}.`;
  const ineligible = rng.chance(0.03);
  return {
    [provider]: {
      disclaimer,
      termYears: 5,
      term60: paymentMonth,
      termWeeks: 260,
      termMonths: 60,
      interestRate: rate,
      comparisonRate: ineligible ? null : comparisonRate,
      establishmentFees,
      deposit,
      paymentWeek: weekly ? paymentWeek : null,
      paymentMonth,
      totalPayable,
      balloon,
      financeProvider: PROVIDER_NAMES[provider],
    },
  };
}

/** Autograb's national and state average market prices around a car's price; a quarter well under. */
export function marketAverages(rng: Rng, price: number) {
  const under = rng.chance(0.25);
  const state = under ? price + rng.int(15, 60) * 100 : round100(price * rng.range(0.92, 1.08));
  return { average_market_price: round100(state * rng.range(0.97, 1.04)), state_average_market_price: state };
}

/**
 * An Autogauge result (spec §3): the market range of similar cars around the state average, where
 * the price sits in it (fill 1 at the bottom of the range: the better the deal, the fuller), and
 * how sure Autograb is. About one in seven has too few similar listings to be sure (confidence at
 * or under 0.2), and cars priced over the range fall outside the gauge's display rule.
 */
export function autogaugeSample(
  rng: Rng,
  o: { price: number; stateAverage: number; vehicle: string; state: string },
) {
  const spread = rng.range(0.06, 0.14);
  const min = round100(o.stateAverage * (1 - spread));
  const max = round100(o.stateAverage * (1 + spread));
  const thin = rng.chance(0.15);
  const listings = thin ? rng.int(1, 4) : rng.int(8, 64);
  const confidence = round2(thin ? rng.range(0.05, 0.2) : Math.min(0.97, 0.45 + listings / 120));
  const fill = round2(clamp((max - o.price) / (max - min), 0, 1));
  return {
    fill,
    listing_price: o.price,
    market_range_min: min,
    market_range_max: max,
    confidence,
    description: `Compared with ${listings} similar ${o.vehicle} ${listings === 1 ? "listing" : "listings"} in ${o.state} over the last 90 days.`,
  };
}
