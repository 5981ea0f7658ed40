import { describe, expect, it } from "vitest";
import { cardActions, cardFacts, cardSite, reserveDeposit } from "~/features/search/cards";
import { makeSite } from "./helpers";

const car = {
  id: 7,
  slug: "2022-mazda-cx-5-7",
  price: 32990,
  car_type: "used",
  sold: false,
  test_drive_only: false,
  reserve_deposit: null,
};
const labels = (actions: { label: string }[]) => actions.map((action) => action.label);

describe("result card buttons", () => {
  it("offers Details, Book a Test Drive, Get Finance, Trade In and Enquire Now by default", () => {
    expect(labels(cardActions(car, makeSite()))).toEqual([
      "Details",
      "Book a Test Drive",
      "Get Finance",
      "Trade In",
      "Enquire Now",
    ]);
  });

  it("shows only Find Me Something Similar on sold cars", () => {
    expect(cardActions({ ...car, sold: true }, makeSite({ features: { checkout: true } }))).toEqual([
      { kind: "similar", label: "Find Me Something Similar", href: "/cars/2022-mazda-cx-5-7#enquire" },
    ]);
  });

  it("shows only Book a Test Drive on Test Drive Only cars", () => {
    expect(labels(cardActions({ ...car, test_drive_only: true }, makeSite()))).toEqual(["Book a Test Drive"]);
  });

  it.each([
    [null, 200, "Reserve Now ($200 deposit)"],
    [500, 500, "Reserve Now ($500 deposit)"],
    [0, 0, "Reserve Now"],
  ])("reserve with car deposit %s uses %i and reads %s", (deposit, amount, label) => {
    const site = makeSite({ features: { checkout: true } });
    expect(reserveDeposit({ reserve_deposit: deposit }, site)).toBe(amount);
    const actions = cardActions({ ...car, reserve_deposit: deposit }, site);
    expect(labels(actions)).toContain(label);
    expect(labels(actions)).toContain("Online Purchase");
  });

  it("hides Reserve Now without checkout and Trade In without trade-in", () => {
    const actions = labels(cardActions(car, makeSite({ features: { trade_in: false } })));
    expect(actions.some((label) => label.startsWith("Reserve"))).toBe(false);
    expect(actions).not.toContain("Trade In");
  });

  it("adds the site's custom button with the car filled in", () => {
    const site = makeSite({
      search: { custom_button: { label: "Video Call", href: "/video-call?car={id}&slug={slug}" } },
    });
    expect(cardActions(car, site).at(-1)).toEqual({
      kind: "custom",
      label: "Video Call",
      href: "/video-call?car=7&slug=2022-mazda-cx-5-7",
    });
  });

  it("sends Get Finance to the finance form with the car's details", () => {
    expect(cardActions(car, makeSite()).find((a) => a.kind === "finance")?.href).toBe(
      "/finance?vehiclePriceBudget=32990&car_id=7&car_type=used#finance-form",
    );
  });

  it("sends Get Finance to the site's configured finance link", () => {
    const site = makeSite({ finance_link: "/personalised/finance" });
    expect(cardActions(car, cardSite(site)).find((a) => a.kind === "finance")?.href).toBe(
      "/personalised/finance?vehiclePriceBudget=32990&car_id=7&car_type=used#finance-form",
    );
  });
});

describe("result card attributes follow search.card_attributes (spec §2)", () => {
  const caravan = {
    car_type_label: "New",
    body_label: "Caravan",
    km: null,
    transmission: null,
    fuel: null,
    drive: null,
    colour: "White",
    seats: null,
    year: 2026,
    stocknum: "OCN40000",
    sleeps: 2,
  };
  const hatch = {
    ...caravan,
    car_type_label: "Used",
    body_label: "Hatch",
    km: 44710,
    transmission: "Automatic",
    stocknum: "WAU20012",
    sleeps: null,
  };

  it("lists the spec default facts when the site names none", () => {
    expect(cardFacts(hatch, makeSite())).toEqual([
      "Used",
      "Hatch",
      "44,710 km",
      "Automatic",
      "Stock #WAU20012",
    ]);
  });

  it("lists a caravan site's facts in its order, berths included, skipping what a car lacks", () => {
    const site = makeSite({
      search: { card_attributes: ["car_type", "simple_body", "sleeps", "km", "stocknum"] },
    });
    expect(cardFacts(caravan, cardSite(site))).toEqual(["New", "Caravan", "Sleeps 2", "Stock #OCN40000"]);
  });

  it("leaves out an attribute that names no fact", () => {
    const site = makeSite({ search: { card_attributes: ["year", "not_a_fact", "colour"] } });
    expect(cardFacts(hatch, cardSite(site))).toEqual(["2026", "White"]);
  });
});
