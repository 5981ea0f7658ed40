/**
 * Result-card buttons (spec §2 card buttons, §4 sold and Test Drive Only, §5 reserve rules).
 * Pure: the static cards and the search island render the same list.
 */
import { financeLink } from "~/features/finance/finance-link";
import { formatKm, formatMoney } from "~/lib/format";

/** The few site settings cards need (a Site satisfies it; islands get only this much). */
export interface CardSite {
  features: { checkout: boolean; trade_in: boolean };
  reserve_deposit: number;
  /** Where Get Finance goes (site.json `finance_link`). */
  finance_link: string;
  search: {
    custom_button?: { label: string; href: string } | undefined;
    /** The facts a card lists, in order (`search.card_attributes`); absent, the spec §2 default. */
    card_attributes?: readonly string[] | undefined;
  };
}

/** Spec §2 result-card attributes when a site names none. */
export const DEFAULT_CARD_ATTRIBUTES = ["car_type", "simple_body", "km", "simple_transmission", "stocknum"];

/** The document fields a card fact reads. */
export interface CardFactCar {
  car_type_label: string;
  body_label: string | null;
  km: number | null;
  transmission: string | null;
  fuel: string | null;
  drive: string | null;
  colour: string | null;
  seats: number | null;
  year: number;
  stocknum: string | null;
  sleeps: number | null;
}

const FACTS: Record<string, (car: CardFactCar) => string | null> = {
  car_type: (car) => car.car_type_label,
  simple_body: (car) => car.body_label,
  km: (car) => (car.km === null ? null : formatKm(car.km)),
  simple_transmission: (car) => car.transmission,
  simple_fuel: (car) => car.fuel,
  simple_drive: (car) => car.drive,
  colour: (car) => car.colour,
  seats: (car) => (car.seats === null ? null : `${car.seats} seats`),
  year: (car) => String(car.year),
  stocknum: (car) => (car.stocknum ? `Stock #${car.stocknum}` : null),
  sleeps: (car) => (car.sleeps === null ? null : `Sleeps ${car.sleeps}`),
};

/**
 * A card's facts, in the site's order (spec §2 result-card attributes); an attribute the car has no
 * value for, or that names no fact, is left out.
 */
export function cardFacts(car: CardFactCar, site: Pick<CardSite, "search">): string[] {
  return (site.search.card_attributes ?? DEFAULT_CARD_ATTRIBUTES)
    .map((attribute) => FACTS[attribute]?.(car) ?? null)
    .filter((fact): fact is string => Boolean(fact));
}

export interface CardCar {
  id: number;
  slug: string;
  price: number;
  car_type: string;
  sold: boolean;
  test_drive_only: boolean;
  reserve_deposit: number | null;
}

export interface CardAction {
  kind:
    | "details"
    | "test_drive"
    | "finance"
    | "reserve"
    | "trade_in"
    | "online_purchase"
    | "enquire"
    | "custom"
    | "similar";
  label: string;
  href: string;
}

/** Only what cards need, so the island's props stay small. */
export function cardSite(site: CardSite): CardSite {
  return {
    features: { checkout: site.features.checkout, trade_in: site.features.trade_in },
    reserve_deposit: site.reserve_deposit,
    finance_link: site.finance_link,
    search: { custom_button: site.search.custom_button, card_attributes: site.search.card_attributes },
  };
}

/** Reserve deposit: the car's own, else the site's fallback ($200); 0 hides the amount. */
export function reserveDeposit(car: Pick<CardCar, "reserve_deposit">, site: CardSite): number {
  return car.reserve_deposit ?? site.reserve_deposit;
}

export function cardActions(car: CardCar, site: CardSite): CardAction[] {
  const page = `/cars/${car.slug}`;
  if (car.sold) return [{ kind: "similar", label: "Find Me Something Similar", href: `${page}#enquire` }];
  if (car.test_drive_only)
    return [{ kind: "test_drive", label: "Book a Test Drive", href: `${page}#test-drive` }];
  const actions: CardAction[] = [
    { kind: "details", label: "Details", href: page },
    { kind: "test_drive", label: "Book a Test Drive", href: `${page}#test-drive` },
    {
      kind: "finance",
      label: "Get Finance",
      href: financeLink(car, site.finance_link),
    },
  ];
  if (site.features.checkout) {
    const deposit = reserveDeposit(car, site);
    actions.push({
      kind: "reserve",
      label: deposit > 0 ? `Reserve Now (${formatMoney(deposit)} deposit)` : "Reserve Now",
      href: `${page}/checkout`,
    });
    actions.push({
      kind: "online_purchase",
      label: "Online Purchase",
      href: `/checkout-journey?car_id=${car.slug}`,
    });
  }
  if (site.features.trade_in)
    actions.push({ kind: "trade_in", label: "Trade In", href: `/cars/trade-in?car_id=${car.id}` });
  actions.push({ kind: "enquire", label: "Enquire Now", href: `${page}#enquire` });
  const custom = site.search.custom_button;
  if (custom) {
    const href = custom.href.replaceAll("{slug}", car.slug).replaceAll("{id}", String(car.id));
    actions.push({ kind: "custom", label: custom.label, href });
  }
  return actions;
}
