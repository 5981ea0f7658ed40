/**
 * Reserve Now with a deposit (spec §9: held 48 hours, 100% refundable): the states of a hold, how
 * long it lasts, and what the shopper and the dealer's CRM read about it. Pure: the functions, the
 * vehicle page's rules and the tests import it.
 *
 * A hold is `held` from the moment the provider confirms the deposit until `reserved_until` (paid
 * time + 48 h); past that it reads as free at once and is recorded `expired` when first seen (no
 * job needed). The shopper may cancel (`cancelled`, deposit refunded); a refund made in the
 * provider's dashboard ends it as `refunded`. Expiry refunds nothing by itself: the deposit goes
 * towards the car or is refunded when the shopper cancels.
 */
import { WATCHLIST_PATH } from "~/features/account/account";
import { formatTime } from "~/features/locations/locations";
import { formatWeekdayDate, zonedParts } from "~/lib/dates";

export const RESERVE_HOLD_HOURS = 48;
const HOLD_MS = RESERVE_HOLD_HOURS * 3_600_000;

export const RESERVATION_STATES = ["held", "cancelled", "expired", "refunded"] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/**
 * What the CRM hears: each change is a Reserve Online enquiry about the car, its subcategory naming
 * the change. `taken`: a deposit paid while another payment held the car, refunded at once.
 */
export type ReservationChange = "paid" | "cancelled" | "expired" | "refunded" | "taken";
export const RESERVATION_SUBCATEGORIES: Record<ReservationChange, string> = {
  paid: "Reserve Online – deposit paid",
  cancelled: "Reserve Online – cancelled, deposit refunded",
  expired: "Reserve Online – hold expired",
  refunded: "Reserve Online – deposit refunded",
  taken: "Reserve Online – already reserved, deposit refunded",
};

/**
 * The car fields' key under which a deposit started from the checkout page keeps the shopper's
 * plan (reserve or buy, how they pay, trade-in, pick-up or delivery): every notice carries it.
 */
export const CHECKOUT_REQUEST_FIELD = "checkout_request";

/** The hold a deposit paid at `paidAt` buys. */
export function holdEnds(paidAt: Date): Date {
  return new Date(paidAt.getTime() + HOLD_MS);
}

/** Until when the car is held, or null: a hold past its time holds nothing. */
export function heldUntil(
  hold: { state: ReservationState; reserved_until: Date } | null | undefined,
  now: Date,
): Date | null {
  return hold?.state === "held" && hold.reserved_until.getTime() > now.getTime() ? hold.reserved_until : null;
}

/**
 * A reserve payment as its return page reads it: its hold's state; `taken` when another payment
 * held the car first (this one is refunded); `none` while it holds nothing yet or never will
 * (pending, or a checkout cancelled, expired or failed: nothing charged).
 */
export type ReserveOutcome = ReservationState | "taken" | "none";

export const RESERVE_TEXTS = {
  notOffered: "This vehicle can't be reserved online. Please enquire and our team will help.",
  noDeposit:
    "This vehicle has no online deposit. Please send a reserve request and the dealer will contact you.",
  taken: (refunded: boolean) =>
    `Sorry, someone reserved this car moments before you. Your deposit ${refunded ? "has been" : "is being"} refunded in full. Find something similar, or add it to your watchlist in case it comes back.`,
  alreadyReserved:
    "This car has just been reserved. Find something similar, or add it to your watchlist in case it comes back.",
  /** Beside "Reserved until …" on the car's own page. */
  heldByAnother: (watchlist: boolean) =>
    `Another shopper has paid a deposit to hold this car.${watchlist ? " Save it to your watchlist in case it comes back." : ""}`,
  notFound: "We couldn't find that reservation.",
  signInNeeded: "Please sign in to reserve this car.",
  signInToManage: "Please sign in to manage your reservation.",
  refundFailed:
    "We couldn't refund your deposit just now, so your reservation still stands. Please try again in a moment, or call us.",
  state: {
    held: "Reserved for you.",
    cancelled: "Reservation cancelled. Your deposit is being refunded in full.",
    expired:
      "Your 48-hour hold has ended. Your deposit stays towards the car; cancel to have it refunded in full.",
    refunded: "Your deposit has been refunded and the hold has ended.",
  } satisfies Record<ReservationState, string>,
} as const;

/** A signed-in shopper's reservation as their account page lists it. */
export interface ShopperReservation {
  id: string;
  car_id: number;
  car_slug: string | null;
  state: ReservationState;
  /** Until when the car is held (ISO 8601), or null once the hold has ended. */
  reserved_until: string | null;
  amount: string;
  /** The state in words, the refund included. */
  text: string;
  /** Cancel (and refund) is offered: held, or expired with the deposit not yet refunded. */
  cancellable: boolean;
}

/** Where a shopper who just missed a car goes instead (spec: Find Me Something Similar, the watchlist). */
export function missedCarOffers(
  slug: string,
): { kind: "similar" | "watchlist"; label: string; href: string }[] {
  return [
    { kind: "similar", label: "Find Me Something Similar", href: `/cars/${slug}#enquire` },
    { kind: "watchlist", label: "Your Watchlist", href: WATCHLIST_PATH },
  ];
}

/**
 * What a page says of a held car in place of Reserve Now: "Reserved until Fri 18 Dec, 10:30am",
 * in the dealer's time zone (the shopper reads the dealer's clock, as with opening hours).
 */
export function reservedUntilText(until: Date, timeZone: string): string {
  const { date, minutes } = zonedParts(until, timeZone);
  const time = `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
  return `Reserved until ${formatWeekdayDate(date)}, ${formatTime(time)}`;
}

/** A `reserved_until` as view.json answers it (ISO 8601 or null) that is still ahead of `now`, or null. */
export function liveHold(value: unknown, now: Date): Date | null {
  if (typeof value !== "string") return null;
  const until = new Date(value);
  return Number.isNaN(until.getTime()) || until.getTime() <= now.getTime() ? null : until;
}
