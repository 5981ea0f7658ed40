/**
 * Online checkout rules (spec §2 routes /cars/{slug}/checkout, /buy-online, /checkout-journey;
 * §5 reserve only when checkout is enabled, amount hidden when missing or $0; §9 deposit fallback
 * $200, 48 hours, 100% refundable).
 */
import { describe, expect, it } from "vitest";
import {
  CHECKOUT_TEXTS,
  type CheckoutChoices,
  checkChoices,
  checkoutSubcategory,
  checkoutSubmitLabel,
  checkoutSummary,
  checkoutTarget,
  isCarCheckoutPath,
  paymentNote,
} from "~/features/checkout/checkout";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { liveHold, reservedUntilText } from "~/features/payments/reservations";
import { carFields } from "~/features/vehicle/car-fields";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeSite, NOW } from "./helpers";

const url = (path: string) => new URL(path, "https://dealer.example.com.au");

describe("checkoutTarget: the car and the plan an address asks for", () => {
  it.each([
    ["/cars/2024-toyota-rav4-110001/checkout", { slug: "2024-toyota-rav4-110001", plan: "reserve" }],
    ["/cars/2024-toyota-rav4-110001/checkout/", { slug: "2024-toyota-rav4-110001", plan: "reserve" }],
    ["/cars/2024-toyota-rav4-110001/buy-online", { slug: "2024-toyota-rav4-110001", plan: "reserve" }],
    ["/checkout-journey?car_id=2024-toyota-rav4-110001", { slug: "2024-toyota-rav4-110001", plan: "buy" }],
    ["/checkout-journey/?car_id=2024-toyota-rav4-110001", { slug: "2024-toyota-rav4-110001", plan: "buy" }],
    ["/checkout-journey", null],
    ["/checkout-journey?car_id=", null],
    ["/checkout-journey?car_id=../etc", null],
    ["/cars/Bad_Slug/checkout", null],
    ["/cars/a-car/checkout/more", null],
    ["/cars/a-car", null],
  ])("%s → %j", (path, expected) => expect(checkoutTarget(url(path))).toEqual(expected));

  it.each([
    ["/cars/a-car/checkout", true],
    ["/cars/a-car/buy-online", true],
    ["/checkout-journey", false],
    ["/cars/a-car/view.json", false],
  ])("isCarCheckoutPath(%s) is %s", (path, expected) => expect(isCarCheckoutPath(path)).toBe(expected));
});

const chosen = (overrides: Partial<CheckoutChoices> = {}): CheckoutChoices => ({
  plan: "reserve",
  payment: "",
  trade_in: "No",
  handover: "pickup",
  postcode: "",
  ...overrides,
});

describe("checkChoices: each step-1 question must be answered", () => {
  it.each([
    ["a complete reservation", chosen(), true, {}],
    [
      "nothing chosen",
      chosen({ plan: "", trade_in: "", handover: "" }),
      true,
      {
        plan: CHECKOUT_TEXTS.plan,
        trade_in: LEAD_TEXTS.yesNo,
        handover: CHECKOUT_TEXTS.handover,
      },
    ],
    ["buying without a payment choice", chosen({ plan: "buy" }), true, { payment: CHECKOUT_TEXTS.payment }],
    ["buying with finance", chosen({ plan: "buy", payment: "finance" }), true, {}],
    ["a reservation ignores payment", chosen({ payment: "" }), true, {}],
    [
      "delivery without a postcode",
      chosen({ handover: "delivery" }),
      true,
      { postcode: LEAD_TEXTS.postcode },
    ],
    [
      "delivery to 3 digits",
      chosen({ handover: "delivery", postcode: "400" }),
      true,
      { postcode: LEAD_TEXTS.postcode },
    ],
    [
      "delivery to letters",
      chosen({ handover: "delivery", postcode: "abcd" }),
      true,
      { postcode: LEAD_TEXTS.postcode },
    ],
    ["delivery to '4 000'", chosen({ handover: "delivery", postcode: "4 000" }), true, {}],
    ["no delivery offered: handover not asked", chosen({ handover: "" }), false, {}],
  ])("%s", (_name, choices, deliveryOffered, errors) =>
    expect(checkChoices(choices, deliveryOffered)).toEqual(errors),
  );
  it("uses the spec's 4-digit postcode message", () =>
    expect(LEAD_TEXTS.postcode).toBe("Invalid postcode. Please enter a 4-digit number."));
});

describe("the request's words", () => {
  const car = { name: "2024 Toyota RAV4 GX", price_text: "$42,990" };
  it.each([
    ["reserve", 500, "Reserve Now with $500", "Reserve Online"],
    ["reserve", null, "Reserve Now", "Reserve Online"],
    ["buy", 500, "Send Purchase Request", "Online Purchase"],
  ] as const)("%s with deposit %s: button %j, subcategory %j", (plan, deposit, label, subcategory) => {
    expect(checkoutSubmitLabel(plan, deposit)).toBe(label);
    expect(checkoutSubcategory(plan)).toBe(subcategory);
  });

  it.each([
    [
      "reserve, pick-up",
      { deposit: 500 },
      chosen(),
      null,
      [
        "I would like to reserve the 2024 Toyota RAV4 GX with a $500 refundable deposit.",
        "Trade-in: no.",
        "Pick-up from Harbourside Toyota.",
      ],
    ],
    [
      "reserve without a deposit amount",
      { deposit: null },
      chosen({ trade_in: "Yes" }),
      null,
      [
        "I would like to reserve the 2024 Toyota RAV4 GX.",
        "Trade-in: yes.",
        "Pick-up from Harbourside Toyota.",
      ],
    ],
    [
      "buy on finance, delivered with an estimate",
      { deposit: 500 },
      chosen({ plan: "buy", payment: "finance", handover: "delivery", postcode: "4 000" }),
      { name: "Brisbane metro", price_text: "$350" },
      [
        "I would like to buy the 2024 Toyota RAV4 GX ($42,990).",
        "Payment: finance.",
        "Trade-in: no.",
        "Delivery to postcode 4000 (estimate: Brisbane metro, $350).",
      ],
    ],
    [
      "buy in full, delivered without an estimate",
      { deposit: 200 },
      chosen({ plan: "buy", payment: "full", handover: "delivery", postcode: "0872" }),
      null,
      [
        "I would like to buy the 2024 Toyota RAV4 GX ($42,990).",
        "Payment: pay in full.",
        "Trade-in: no.",
        "Delivery to postcode 0872.",
      ],
    ],
  ])("%s", (_name, offer, choices, estimate, lines) =>
    expect(checkoutSummary(car, offer, choices, { dealerName: "Harbourside Toyota", estimate })).toEqual(
      lines,
    ),
  );
});

describe("car fields tell the checkout page whether and how a car can be bought (spec §5, §9)", () => {
  const data = (checkout: boolean): TenantData => ({
    site: makeSite({ features: { checkout } }),
    locations: [],
    offers: [],
    pages: [],
    cars: [],
    now: NOW.toISOString(),
  });

  it.each([
    ["checkout off: not offered", false, {}, undefined],
    ["sold: not offered", true, { status: "sold" as const, sold: true }, undefined],
    ["reserved: not offered", true, { reserved: true }, undefined],
    ["the car's own deposit", true, { reserve_deposit: 750 }, 750],
    ["the site's $200 fallback", true, {}, 200],
    ["a $0 deposit hides the amount", true, { reserve_deposit: 0 }, null],
  ])("%s", (_name, checkout, overrides, deposit) => {
    const car = makeCar(overrides);
    const offer = carFields(data(checkout), car).checkout;
    if (deposit === undefined) {
      expect(offer).toBeNull();
      return;
    }
    expect(offer?.deposit).toBe(deposit);
    expect(offer?.lead_fields).toMatchObject({
      car_id: car.id,
      "Vehicle Make": car.make,
      page_id: "checkout",
    });
  });
});

describe("what a page says of a paid hold, and of paying", () => {
  it("Reserved until {day, time} on the dealer's clock", () => {
    // 00:30 UTC is 10:30 in Brisbane (no daylight saving) and 11:30 in Sydney (daylight saving).
    expect(reservedUntilText(new Date("2026-12-18T00:30:00Z"), "Australia/Brisbane")).toBe(
      "Reserved until Fri 18 Dec, 10:30am",
    );
    expect(reservedUntilText(new Date("2026-12-18T00:30:00Z"), "Australia/Sydney")).toBe(
      "Reserved until Fri 18 Dec, 11:30am",
    );
    expect(reservedUntilText(new Date("2026-12-17T14:05:00Z"), "Australia/Perth")).toBe(
      "Reserved until Thu 17 Dec, 10:05pm",
    );
  });

  it("a hold shows only while it lasts, whatever view.json sent", () => {
    const now = new Date("2026-12-16T00:00:00Z");
    expect(liveHold("2026-12-18T00:30:00.000Z", now)).toEqual(new Date("2026-12-18T00:30:00Z"));
    expect(liveHold("2026-12-16T00:00:00.000Z", now)).toBeNull();
    expect(liveHold(null, now)).toBeNull();
    expect(liveHold("not a date", now)).toBeNull();
    expect(liveHold(1797000000, now)).toBeNull();
  });

  it("says plainly when nothing is paid or held, and that buying settles the balance with the dealer", () => {
    const none =
      "No payment is taken on this website and the car is not held for you: this is a request. The dealer will contact you to confirm it and take any payment securely.";
    expect(paymentNote("reserve", 500, false)).toBe(none);
    expect(paymentNote("buy", 500, false)).toBe(none);
    expect(paymentNote("reserve", null, true)).toBe(none);
    expect(paymentNote("reserve", 500, true)).toBe(
      "You pay the $500 deposit securely on our payment provider's page. Once it is paid the car is held for you for 48 hours, and the deposit is 100% refundable.",
    );
    expect(paymentNote("buy", 1000, true)).toBe(
      "You pay the $1,000 deposit securely on our payment provider's page. Once it is paid the car is held for you for 48 hours, and the deposit is 100% refundable. The balance is settled with the dealer.",
    );
  });
});
