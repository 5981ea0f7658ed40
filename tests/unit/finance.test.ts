import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  amortise,
  amountRangeMessage,
  type CalculatorInput,
  COMPARISON_RATE_WARNING,
  calculateRepayment,
  calculatorSetup,
  collapseDisclaimer,
  comparisonRate,
  ENQUIRE_FOR_FINANCE,
  type Frequency,
  financeDisclaimer,
  financeEstimate,
  financeExcluded,
  financeLender,
  financeRateNotes,
  PERIODS_PER_YEAR,
  roundRepayment,
  showsCalculator,
  showsFinance,
  weeklyChip,
} from "~/features/finance/finance";
import { stickyFinanceEstimate } from "~/features/finance/sticky-estimate";
import { toSearchDocument } from "~/features/search/documents";
import { type FinanceProvider, type Site, siteSchema } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import { type CarInput, makeCar, makeSite, NOW } from "./helpers";

type SiteOverrides = Parameters<typeof makeSite>[0];
type LenderInput = NonNullable<CarInput["finance_lenders"]>[string];

const lender = (overrides: Partial<LenderInput> = {}): LenderInput => ({
  disclaimer: "Estimated repayments are based on a 5 year secured consumer loan.",
  termYears: 5,
  interestRate: 9.49,
  comparisonRate: 10.21,
  establishmentFees: 0,
  deposit: 2999,
  paymentWeek: 141,
  paymentMonth: 611.4,
  balloon: 0,
  financeProvider: "Test Finance",
  ...overrides,
});

const withLender = (provider: string, overrides: Partial<LenderInput> = {}, car: Partial<CarInput> = {}) =>
  makeCar({ price: 29990, finance_lenders: { [provider]: lender(overrides) }, ...car });

const input = (overrides: Partial<CalculatorInput> = {}): CalculatorInput => ({
  amount: 30000,
  term: 6,
  interest: 10,
  tradeIn: 0,
  residual: 0,
  frequency: "week",
  ...overrides,
});

describe("calculator defaults and ranges (spec §9 detail page)", () => {
  it("starts at $30,000 over 6 years at 10% weekly, amount 1000–100000 step 500, term 1–7 step 0.5, interest 0.5–15 step 0.5", () => {
    const setup = calculatorSetup(makeSite(), makeCar({ price: 29990 }));
    expect(setup.initial).toEqual(input());
    expect(setup.amount).toEqual({ min: 1000, max: 100000, step: 500 });
    expect(setup.term).toEqual({ min: 1, max: 7, step: 0.5 });
    expect(setup.interest).toEqual({ min: 0.5, max: 15, step: 0.5 });
    expect(setup.variant).toBe("slider");
  });

  it.each<[string, number, number]>([
    ["keeps 100000 for a car at 100000", 100000, 100000],
    ["keeps 100000 for a car under it", 45990, 100000],
    ["reaches 1.05 × price for a car over 100000", 120000, 126000],
    ["rounds 1.05 × price to whole dollars", 150990, 158540],
  ])("amount maximum %s", (_, price, max) => {
    expect(calculatorSetup(makeSite(), makeCar({ price })).amount.max).toBe(max);
  });

  it.each<[string, SiteOverrides, Partial<CarInput>, Partial<CalculatorInput>]>([
    ["monthly on a monthly site", { finance_calculator: { frequency: "month" } }, {}, { frequency: "month" }],
    ["5 years where the site says so", { finance_calculator: { default_term_years: 5 } }, {}, { term: 5 }],
    [
      "the default term clamped to a 5-year maximum",
      { finance_calculator: { term_years: { min: 1, max: 5, step: 0.5 } } },
      {},
      { term: 5 },
    ],
    ["the site's interest rate", { finance_calculator: { default_interest: 6.99 } }, {}, { interest: 6.99 }],
    [
      "the car's price on sites that start from it",
      { finance_calculator: { default_amount_from: "price" } },
      { price: 41990 },
      { amount: 41990 },
    ],
    [
      "the deposit-adjusted price on sites that start from it",
      { finance_provider: "Angle", finance_calculator: { default_amount_from: "price_less_deposit" } },
      { price: 41990, finance_lenders: { Angle: lender({ deposit: 4199 }) } },
      { amount: 37791 },
    ],
    [
      "30000 when a price-led site has no price",
      { finance_calculator: { default_amount_from: "price" } },
      { price: 0 },
      { amount: 30000 },
    ],
    [
      "the minimum when the price is under it",
      { finance_calculator: { default_amount_from: "price", amount: { min: 5000, max: 100000, step: 500 } } },
      { price: 3990 },
      { amount: 5000 },
    ],
  ])("starts with %s", (_, site, car, expected) => {
    expect(calculatorSetup(makeSite(site), makeCar(car)).initial).toEqual(input(expected));
  });

  it("uses a 5000 minimum and a lender's interest range where the site sets them", () => {
    const setup = calculatorSetup(
      makeSite({
        finance_calculator: {
          amount: { min: 5000, max: 250000, step: 500 },
          interest: { min: 7.5, max: 14.5, step: 0.5 },
          default_interest: 9.5,
        },
      }),
      makeCar(),
    );
    expect(setup.amount.min).toBe(5000);
    expect(setup.interest).toEqual({ min: 7.5, max: 14.5, step: 0.5 });
    expect(setup.initial.interest).toBe(9.5);
  });

  // Spec §9: "interest step 0.5, default range 0.5-15 (others 9.95-19.95, 4-20, lender-specific)".
  it.each<[string, { min: number; max: number } | undefined, number, number]>([
    ["0.5–15 (the default)", undefined, 0.5, 15],
    ["9.95–19.95", { min: 9.95, max: 19.95 }, 9.95, 19.95],
    ["4–20", { min: 4, max: 20 }, 4, 20],
    ["7.5–14.5 (a lender's)", { min: 7.5, max: 14.5 }, 7.5, 14.5],
  ])(
    "interest range %s: step 0.5, starts at the site's 10%%, typed rates kept inside it",
    (_, range, min, max) => {
      const site = makeSite({ finance_calculator: range ? { interest: { ...range, step: 0.5 } } : {} });
      const setup = calculatorSetup(site, makeCar());
      expect(setup.interest).toEqual({ min, max, step: 0.5 });
      expect(setup.initial.interest).toBe(10);
      const used = (interest: number) =>
        calculateRepayment(setup, { ...setup.initial, interest }).used.interest;
      expect(used(0.25)).toBe(min);
      expect(used(25)).toBe(max);
      expect(used(12.5)).toBe(12.5);
    },
  );

  it("dealer variant: purchase price 1000–250000, the car's price, 8.5% over 5 years", () => {
    const setup = calculatorSetup(
      makeSite({ finance_calculator: { variant: "dealer" } }),
      makeCar({ price: 36990 }),
    );
    expect(setup.amount).toEqual({ min: 1000, max: 250000, step: 500 });
    expect(setup.initial).toEqual(input({ amount: 36990, term: 5, interest: 8.5 }));
    expect(setup.extras).toEqual({ min: 0, max: 250000, step: 0.5 });
  });

  it("dealer variant: 30000 when the car has no price", () => {
    const setup = calculatorSetup(
      makeSite({ finance_calculator: { variant: "dealer" } }),
      makeCar({ price: 0 }),
    );
    expect(setup.initial.amount).toBe(30000);
  });
});

describe("establishment fees per lender (spec §9)", () => {
  it.each<[string, SiteOverrides, Partial<CarInput>, number[]]>([
    ["none by default", {}, {}, []],
    ["the site's fee", { finance_calculator: { establishment_fee: 1300 } }, {}, [1300]],
    [
      "the car's lender fee over the site's",
      { finance_provider: "taurus", finance_calculator: { establishment_fee: 1300 } },
      { finance_lenders: { taurus: lender({ establishmentFees: 1360.5 }) } },
      [1360.5],
    ],
    [
      "the site's fee when the lender data names none",
      { finance_provider: "360 Finance", finance_calculator: { establishment_fee: 1300 } },
      { finance_lenders: { "360 Finance": lender({ establishmentFees: null }) } },
      [1300],
    ],
    [
      "the dealer variant's own establishment fee over the car's lender fee",
      { finance_provider: "taurus", finance_calculator: { variant: "dealer", establishment_fee: 395 } },
      { finance_lenders: { taurus: lender({ establishmentFees: 1360.5 }) } },
      [395],
    ],
    [
      "the car's lender fee on the dealer variant when the dealer names none",
      { finance_provider: "taurus", finance_calculator: { variant: "dealer" } },
      { finance_lenders: { taurus: lender({ establishmentFees: 1360.5 }) } },
      [1360.5],
    ],
    [
      "the dealer's listed fees after the establishment fee",
      {
        finance_calculator: {
          establishment_fee: 395,
          fees: [
            { label: "Security registration", amount: 6 },
            { label: "Monthly account admin", amount: 8, per: "month" },
            { label: "Agency fee", amount: 912.25 },
          ],
        },
      },
      {},
      [395, 6, 8, 912.25],
    ],
  ])("%s", (_, site, car, amounts) => {
    expect(calculatorSetup(makeSite(site), makeCar(car)).fees.map((fee) => fee.amount)).toEqual(amounts);
  });
});

describe("repayments: standard amortisation (spec §9)", () => {
  const plain = calculatorSetup(makeSite(), makeCar());

  it.each<[Frequency, number]>([
    ["week", 52],
    ["fortnight", 26],
    ["month", 12],
  ])("%s has %i repayments a year", (frequency, periods) => {
    expect(PERIODS_PER_YEAR[frequency]).toBe(periods);
    expect(calculateRepayment(plain, input({ frequency })).periods).toBe(periods * 6);
  });

  it.each<[string, Partial<CalculatorInput>, number, number]>([
    // 30000 at 10%/52 over 312 weeks = 127.957…, whole dollars weekly.
    ["$30,000, 6 years, 10%, weekly", {}, 128, 128 * 312],
    ["$30,000, 6 years, 10%, fortnightly", { frequency: "fortnight" }, 256.09, 256.09 * 156],
    ["$30,000, 6 years, 10%, monthly", { frequency: "month" }, 555.78, 555.78 * 72],
    [
      "$30,000, 5 years, 6.99%, monthly",
      { term: 5, interest: 6.99, frequency: "month" },
      593.89,
      593.89 * 60,
    ],
    ["a $5,000 deposit comes off the amount", { tradeIn: 5000, frequency: "month" }, 463.15, 463.15 * 72],
    [
      "a $9,000 residual is paid at the end",
      { term: 5, frequency: "month", residual: 9000 },
      521.19,
      521.19 * 60 + 9000,
    ],
    // 30000 at 10%/52 over 338 weeks = 120.789…
    ["a 6.5 year term", { term: 6.5 }, 121, 121 * 338],
  ])("%s", (_, overrides, repayment, total) => {
    const result = calculateRepayment(plain, input(overrides));
    expect(result.repayment).toBe(repayment);
    expect(result.total).toBeCloseTo(total, 2);
  });

  it("finances the establishment fee with the amount", () => {
    const setup = calculatorSetup(makeSite({ finance_calculator: { establishment_fee: 1360.5 } }), makeCar());
    // (30000 + 1360.5) at 8.5% over 260 weeks = 148.156…
    expect(calculateRepayment(setup, input({ term: 5, interest: 8.5 })).repayment).toBe(148);
  });

  it("adds a monthly account fee to every repayment, pro rata", () => {
    const setup = calculatorSetup(
      makeSite({
        finance_calculator: {
          fees: [
            { label: "Security registration", amount: 6 },
            { label: "Monthly account admin", amount: 8, per: "month" },
            { label: "Establishment", amount: 395 },
            { label: "Agency fee", amount: 912.25 },
          ],
        },
      }),
      makeCar(),
    );
    // (30000 + 1313.25) at 10% over 312 weeks = 133.56…, plus 8 × 12 / 52 = 1.85 → 135.40.
    expect(calculateRepayment(setup, input()).repayment).toBe(135);
  });

  it("is principal over periods at 0%", () => {
    expect(amortise(30000, 0, 52, 312)).toBeCloseTo(96.1538, 4);
  });

  it.each<[number, Frequency, boolean, number]>([
    [127.4, "week", false, 127],
    [127.5, "week", false, 128],
    [127.01, "week", true, 128],
    [128.0000000001, "week", true, 128],
    [555.775, "month", false, 555.78],
    [555.01, "month", true, 556],
    [256.093, "fortnight", false, 256.09],
  ])("rounds %d (%s, round up %s) to %d", (raw, frequency, roundUp, expected) => {
    expect(roundRepayment(raw, frequency, roundUp)).toBe(expected);
  });

  it("rounds up on sites that say so", () => {
    const setup = calculatorSetup(makeSite({ finance_calculator: { round_up: true } }), makeCar());
    expect(calculateRepayment(setup, input({ frequency: "month" })).repayment).toBe(556);
  });
});

describe("'Enquire for Finance' at 25 or less (spec §5, §8)", () => {
  const setup = calculatorSetup(makeSite(), makeCar());

  it.each<[string, Partial<CalculatorInput>, string, string]>([
    // 1000 at 0.5% over 52 weeks = 19.28.
    ["$1,000 over a year", { amount: 1000, term: 1, interest: 0.5 }, ENQUIRE_FOR_FINANCE, ""],
    // 1300 at 0.5% over 52 weeks = 25.06, which rounds to 25.
    ["$1,300 over a year (rounds to $25)", { amount: 1300, term: 1, interest: 0.5 }, ENQUIRE_FOR_FINANCE, ""],
    ["$1,500 over a year ($29)", { amount: 1500, term: 1, interest: 0.5 }, "$29", "$1,508"],
    ["a deposit that covers the amount", { tradeIn: 40000 }, ENQUIRE_FOR_FINANCE, ""],
  ])("%s", (_, overrides, repaymentText, totalText) => {
    const result = calculateRepayment(setup, input(overrides));
    expect(result.repaymentText).toBe(repaymentText);
    expect(result.totalText).toBe(totalText);
    expect(result.repayment === null).toBe(repaymentText === ENQUIRE_FOR_FINANCE);
  });
});

describe("input limits (spec §5)", () => {
  const slider = calculatorSetup(makeSite(), makeCar());
  const dealer = calculatorSetup(makeSite({ finance_calculator: { variant: "dealer" } }), makeCar());

  it.each<[string, Partial<CalculatorInput>, Partial<CalculatorInput>]>([
    ["an amount over the maximum", { amount: 250000 }, { amount: 100000 }],
    ["an amount under the minimum", { amount: 10 }, { amount: 1000 }],
    ["a term over 7 years", { term: 9 }, { term: 7 }],
    ["a term under 1 year", { term: 0 }, { term: 1 }],
    ["interest over 15%", { interest: 29 }, { interest: 15 }],
    ["interest under 0.5%", { interest: 0 }, { interest: 0.5 }],
    ["a negative deposit", { tradeIn: -5 }, { tradeIn: 0 }],
    ["a residual over 250000", { residual: 300000 }, { residual: 250000 }],
    ["a non-number", { amount: Number.NaN }, { amount: 1000 }],
  ])("slider variant clamps %s", (_, overrides, expected) => {
    const result = calculateRepayment(slider, input(overrides));
    expect(result.used).toEqual(input({ ...overrides, ...expected }));
    expect(result.amountError).toBeNull();
  });

  it.each<[number, number, string | null]>([
    [-500, 0, "Cannot be less than $1,000 or more than $250,000"],
    [0, 0, "Cannot be less than $1,000 or more than $250,000"],
    [1000, 1000, "Cannot be less than $1,000 or more than $250,000"],
    [1000.5, 1000.5, null],
    [30000, 30000, null],
    [249999, 249999, null],
    [250000, 250000, "Cannot be less than $1,000 or more than $250,000"],
    [300000, 300000, "Cannot be less than $1,000 or more than $250,000"],
  ])("dealer variant purchase price %d is used as %d with message %j", (amount, used, message) => {
    const result = calculateRepayment(dealer, input({ amount, term: 5, interest: 8.5 }));
    expect(result.used.amount).toBe(used);
    expect(result.amountError).toBe(message);
  });

  it("words the message with the range it breaks", () => {
    expect(amountRangeMessage({ min: 5000, max: 250000 })).toBe(
      "Cannot be less than $5,000 or more than $250,000",
    );
  });
});

describe("comparison rate (spec §9: 2 decimals, 5 year secured loan of $30,000)", () => {
  it.each<[string, number, Parameters<typeof comparisonRate>[1], number]>([
    ["equals the interest rate without fees", 10, [], 10],
    ["equals a 2-decimal interest rate without fees", 6.29, [], 6.29],
    [
      "adds a $1,360.50 establishment fee",
      8.5,
      [{ label: "Establishment fee", amount: 1360.5, per: "once" }],
      10.41,
    ],
    [
      "adds a $1,300 establishment fee",
      10,
      [{ label: "Establishment fee", amount: 1300, per: "once" }],
      11.85,
    ],
    [
      "adds a dealer's listed and monthly fees",
      9.5,
      [
        { label: "Establishment", amount: 395, per: "once" },
        { label: "Security registration", amount: 6, per: "once" },
        { label: "Monthly account admin", amount: 8, per: "month" },
        { label: "Agency fee", amount: 912.25, per: "once" },
      ],
      11.89,
    ],
  ])("%s", (_, interest, fees, expected) => {
    expect(comparisonRate(interest, fees)).toBe(expected);
  });

  it("is shown with 2 decimals", () => {
    const setup = calculatorSetup(makeSite(), makeCar());
    expect(calculateRepayment(setup, input()).comparisonRateText).toBe("10.00%");
  });
});

describe("finance copy with the tenant's rates (spec §9: disclaimer 6.29% p.a., comparison 8.19%; range 8.38% to 19.42%)", () => {
  it("quotes the advertised rate with its comparison rate, and the comparison range", () => {
    const setup = calculatorSetup(
      makeSite({
        finance_calculator: {
          advertised_rate: { interest: 6.29, comparison: 8.19 },
          comparison_range: { min: 8.38, max: 19.42 },
        },
      }),
      makeCar(),
    );
    expect(setup.rateNotes).toEqual([
      "Finance from 6.29% p.a., comparison rate 8.19% p.a.*",
      "Comparison rates from 8.38% to 19.42% p.a.*",
    ]);
  });

  it("uses the tenant's own rates, printed with two decimals", () => {
    expect(
      financeRateNotes({ advertised_rate: { interest: 5.9, comparison: 7 }, comparison_range: undefined }),
    ).toEqual(["Finance from 5.90% p.a., comparison rate 7.00% p.a.*"]);
    expect(
      financeRateNotes({ advertised_rate: undefined, comparison_range: { min: 9.95, max: 19.95 } }),
    ).toEqual(["Comparison rates from 9.95% to 19.95% p.a.*"]);
  });

  it("quotes no rate the tenant has not set", () => {
    expect(calculatorSetup(makeSite(), makeCar()).rateNotes).toEqual([]);
  });

  it("refuses a range whose lowest rate is above its highest", () => {
    expect(() =>
      siteSchema.parse({
        ...makeSite(),
        finance_calculator: { comparison_range: { min: 19.42, max: 8.38 } },
      }),
    ).toThrow(/min must not be above max/);
  });
});

describe("finance disclaimer (spec §9: collapsed at 197 characters)", () => {
  it.each<[string, number, boolean, number]>([
    ["does not collapse 197 characters", 197, false, 197],
    ["collapses 198 characters to 197 and an ellipsis", 198, true, 198],
    ["collapses a long disclaimer", 600, true, 198],
  ])("%s", (_, length, collapsible, shortLength) => {
    const text = "x".repeat(length);
    const collapsed = collapseDisclaimer(text);
    expect(collapsed.collapsible).toBe(collapsible);
    expect(collapsed.short.length).toBe(shortLength);
    expect(collapsed.full).toBe(text);
  });

  it("adds the comparison-rate warning when the lender's disclaimer lacks it", () => {
    expect(financeDisclaimer("Fees apply.")).toBe(
      `Fees apply. Comparison rate based on a 5 year secured loan of $30,000. ${COMPARISON_RATE_WARNING}`,
    );
  });

  it("keeps a lender disclaimer that already carries the warning", () => {
    const text = `At 6.29% p.a., comparison 8.19%. ${COMPARISON_RATE_WARNING}`;
    expect(financeDisclaimer(text)).toBe(text);
  });

  it("words the warning as lenders must", () => {
    expect(COMPARISON_RATE_WARNING).toBe(
      "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.",
    );
  });
});

describe("finance display eligibility per provider (spec §5)", () => {
  const site = (provider: FinanceProvider | null, extra: SiteOverrides = {}) =>
    makeSite({ finance_provider: provider, ...extra });

  it.each<[string, FinanceProvider | null, Partial<LenderInput>, Partial<CarInput>, boolean]>([
    ["no provider", null, {}, {}, false],
    ["Angle with a weekly payment", "Angle", {}, {}, true],
    ["Angle without interest rate", "Angle", { interestRate: null }, {}, false],
    ["Angle without comparison rate", "Angle", { comparisonRate: null }, {}, false],
    ["Angle without weekly payment", "Angle", { paymentWeek: null }, {}, false],
    ["Angle at price 500", "Angle", {}, { price: 500 }, false],
    ["Angle at price 501", "Angle", {}, { price: 501 }, true],
    ["Angle, coming soon", "Angle", {}, { status: "coming_soon" }, false],
    ["Angle, sold", "Angle", {}, { status: "sold" }, false],
    ["Angle, flagged sold", "Angle", {}, { sold: true }, false],
    ["Manual with a weekly payment", "Manual", {}, {}, true],
    ["Manual without weekly payment", "Manual", { paymentWeek: null }, {}, false],
    ["Powertorque with a weekly payment", "Powertorque", {}, {}, true],
    ["Powertorque at price 400", "Powertorque", {}, { price: 400 }, false],
    ["Nissan Finance with a monthly payment", "Nissan Finance", { paymentWeek: null }, {}, true],
    ["Nissan Finance without monthly payment", "Nissan Finance", { paymentMonth: null }, {}, false],
    ["Nissan Finance at price 500", "Nissan Finance", {}, { price: 500 }, false],
    ["360 Finance in stock", "360 Finance", { paymentWeek: null }, { price: 300 }, true],
    ["360 Finance coming soon", "360 Finance", {}, { status: "coming_soon" }, false],
    ["AusLoans in stock", "AusLoans", {}, {}, true],
    ["AusLoans sold", "AusLoans", {}, { status: "sold" }, false],
    ["taurus on a 2015 car in 2026", "taurus", {}, { year: 2015 }, true],
    ["taurus on a 2014 car in 2026 (12 years old)", "taurus", {}, { year: 2014 }, false],
    ["taurus without comparison rate", "taurus", { comparisonRate: null }, {}, false],
    ["taurus at price 500", "taurus", {}, { price: 500 }, false],
    ["a Suzuki", "Angle", {}, { make: "Suzuki" }, false],
    ["a car from a Suzuki dealership", "Angle", {}, { dealership_slug: "bayside-suzuki" }, false],
  ])("%s: %s", (_, provider, lenderOverrides, carOverrides, expected) => {
    const car = withLender(provider ?? "Angle", lenderOverrides, carOverrides);
    expect(showsFinance(car, site(provider), NOW)).toBe(expected);
  });

  it("needs the provider's own data on the car", () => {
    expect(showsFinance(withLender("Angle"), site("Nissan Finance"), NOW)).toBe(false);
    expect(showsFinance(makeCar({ finance_lenders: null }), site("Angle"), NOW)).toBe(false);
  });

  it("finds the provider's data whatever the key's case", () => {
    const car = withLender("Taurus");
    expect(financeLender(car, "taurus")?.interestRate).toBe(9.49);
    expect(showsFinance(car, site("taurus"), NOW)).toBe(true);
  });

  it.each<[string, (string | number)[], boolean]>([
    ["by slug", ["test-motors"], true],
    ["by id", [1], true],
    ["not another dealership", ["other-motors", 2], false],
  ])("excludes dealerships the site lists %s", (_, excluded, expected) => {
    const car = withLender("Angle", {}, { dealership_id: 1, dealership_slug: "test-motors" });
    const excluding = site("Angle", { finance_calculator: { excluded_dealerships: excluded } });
    expect(financeExcluded(car, excluding)).toBe(expected);
    expect(showsFinance(car, excluding, NOW)).toBe(!expected);
  });

  it.each<[string, Partial<CarInput>, boolean]>([
    ["a quote with both rates", {}, true],
    ["no quote", { youxQuote: null }, false],
    [
      "no comparison rate",
      { youxQuote: { weeklyRepaymentAmount: 150, advertisedRate: 8.99, comparisonRate: null } },
      false,
    ],
    ["a sold car", { status: "sold" }, false],
  ])("youx: %s", (_, overrides, expected) => {
    const car = makeCar({
      youxQuote: { weeklyRepaymentAmount: 150, advertisedRate: 8.99, comparisonRate: 9.81 },
      ...overrides,
    });
    expect(showsFinance(car, site("youx"), NOW)).toBe(expected);
  });
});

describe("weekly chip and finance estimate (spec §5, §9)", () => {
  const angle = makeSite({ finance_provider: "Angle" });

  it.each<[string, Partial<LenderInput>, Partial<CarInput>, number | null]>([
    ["the lender's weekly payment", {}, {}, 141],
    ["whole dollars", { paymentWeek: 140.6 }, {}, 141],
    ["none at a weekly payment of 0", { paymentWeek: 0 }, {}, null],
    ["none for an ineligible car", { comparisonRate: null }, {}, null],
    ["none when the car is sold", {}, { status: "sold" }, null],
  ])("shows %s", (_, lenderOverrides, carOverrides, expected) => {
    expect(weeklyChip(withLender("Angle", lenderOverrides, carOverrides), angle, NOW)).toBe(expected);
  });

  it("shows no weekly chip for a monthly-only lender", () => {
    const nissan = makeSite({ finance_provider: "Nissan Finance" });
    const car = withLender("Nissan Finance", { paymentWeek: null, paymentMonth: 611.4 });
    expect(weeklyChip(car, nissan, NOW)).toBeNull();
    expect(financeEstimate(car, nissan, NOW)?.monthly).toBe(611.4);
  });

  it.each<[number, boolean]>([
    [200, false],
    [201, true],
  ])("gates the estimate at price above 200 (price %i)", (price, shown) => {
    const car = withLender("360 Finance", {}, { price });
    expect(financeEstimate(car, makeSite({ finance_provider: "360 Finance" }), NOW) !== null).toBe(shown);
  });

  it("words the estimate: weekly, monthly = weekly × 4.33, 5 year term, 10.0% deposit, 30% final payment", () => {
    const car = withLender("Angle", { paymentWeek: 141, deposit: 2999, balloon: 8997 }, { price: 29990 });
    expect(financeEstimate(car, angle, NOW)).toMatchObject({
      weekly: 141,
      monthly: 610.53,
      interestRate: 9.49,
      comparisonRate: 10.21,
      lenderName: "Test Finance",
      basis: "Based on a 5 year term, a 10.0% deposit and a 30% final payment.",
    });
  });

  it("defaults the basis to a 5 year term and a 10.0% deposit", () => {
    const car = withLender("Angle", { termYears: null, deposit: null });
    expect(financeEstimate(car, angle, NOW)?.basis).toBe("Based on a 5 year term, a 10.0% deposit.");
  });

  it("collapses the lender disclaimer at 197 characters", () => {
    const car = withLender("Angle", { disclaimer: "Fees and charges apply. ".repeat(12) });
    const estimate = financeEstimate(car, angle, NOW);
    expect(estimate?.disclaimer.collapsible).toBe(true);
    expect(estimate?.disclaimer.short.endsWith("…")).toBe(true);
    expect(estimate?.disclaimer.full).toContain(COMPARISON_RATE_WARNING);
  });

  it("gives result cards the chip through the search document", () => {
    const names = { dealerships: new Map() };
    expect(toSearchDocument(withLender("Angle"), angle, NOW, names).weekly).toBe(141);
    expect(toSearchDocument(withLender("Angle", { paymentWeek: 0 }), angle, NOW, names).weekly).toBeNull();
  });

  it("uses the YouX quote's weekly amount on YouX sites", () => {
    const car = makeCar({
      youxQuote: { weeklyRepaymentAmount: 150, advertisedRate: 8.99, comparisonRate: 9.81 },
    });
    expect(weeklyChip(car, makeSite({ finance_provider: "youx" }), NOW)).toBe(150);
  });
});

describe("calculator shown (spec §2, §5)", () => {
  it.each<[string, Parameters<typeof makeSite>[0], Partial<CarInput>, boolean]>([
    ["on a site with the calculator", {}, {}, true],
    ["not on a site without it", { features: { finance_calculator: false } }, {}, false],
    ["not for a sold car", {}, { status: "sold" }, false],
    ["not for a Suzuki", {}, { make: "Suzuki" }, false],
    ["for a car without lender data", { finance_provider: "Angle" }, { finance_lenders: null }, true],
  ])("%s", (_, site, car, shown) => {
    expect(showsCalculator(makeCar(car), makeSite(site))).toBe(shown);
  });
});

describe("dealer variant on the sample dealer (spec §5, §9: sunstate-motor-group site.json)", () => {
  const site = siteSchema.parse(JSON.parse(readFileSync("tenants/sunstate-motor-group/site.json", "utf8")));
  const car = withLender("taurus", { establishmentFees: 1360.5 }, { price: 36990 });
  const setup = calculatorSetup(site, car);

  it("is the dealer variant: purchase price 1000–250000, interest 4–20, starting at the price, 8.5% over 5 years", () => {
    expect(setup.variant).toBe("dealer");
    expect(setup.amount).toEqual({ min: 1000, max: 250000, step: 500 });
    expect(setup.interest).toEqual({ min: 4, max: 20, step: 0.5 });
    expect(setup.term).toEqual({ min: 1, max: 7, step: 0.5 });
    expect(setup.initial).toMatchObject({ amount: 36990, term: 5, interest: 8.5, tradeIn: 0, residual: 0 });
  });

  it("lists establishment 395, security registration 6, monthly account admin 8 and agency fee 912.25", () => {
    expect(setup.fees.map((fee) => [fee.amount, fee.per])).toEqual([
      [395, "once"],
      [6, "once"],
      [8, "month"],
      [912.25, "once"],
    ]);
  });

  it.each<[string, Partial<CalculatorInput>, Partial<CalculatorInput>, string | null]>([
    ["keeps a price inside the range", { amount: 45000 }, { amount: 45000 }, null],
    [
      "flags a price at the minimum",
      { amount: 1000 },
      { amount: 1000 },
      "Cannot be less than $1,000 or more than $250,000",
    ],
    [
      "flags a price at the maximum",
      { amount: 250000 },
      { amount: 250000 },
      "Cannot be less than $1,000 or more than $250,000",
    ],
    [
      "turns a negative price into 0",
      { amount: -5 },
      { amount: 0 },
      "Cannot be less than $1,000 or more than $250,000",
    ],
    ["clamps interest to 20", { interest: 25 }, { interest: 20 }, null],
    ["clamps interest to 4", { interest: 3 }, { interest: 4 }, null],
    ["clamps a deposit to 250000", { tradeIn: 300000 }, { tradeIn: 250000 }, null],
    ["clamps the term to 7 years", { term: 9 }, { term: 7 }, null],
  ])("%s", (_, change, used, error) => {
    const result = calculateRepayment(setup, { ...setup.initial, ...change });
    expect(result.used).toMatchObject(used);
    expect(result.amountError).toBe(error);
  });

  it("finances the once-off fees and adds the monthly fee to each repayment", () => {
    const result = calculateRepayment(setup, { ...setup.initial, frequency: "month" });
    const expected = amortise(36990 + 395 + 6 + 912.25, 8.5, 12, 60) + 8;
    expect(result.repayment).toBe(Math.round(expected * 100) / 100);
  });
});

describe("sticky header finance estimate (spec §5 'only when available and no exclusion', gating price above 200)", () => {
  const angle = makeSite({ finance_provider: "Angle" });
  const youxSite = makeSite({ features: { youx_quote: true } });
  const QUOTE = { weeklyRepaymentAmount: 150, advertisedRate: 8.99, comparisonRate: 9.81 };

  it.each<[string, Site, Car, { text: string; rateText: string; fetches: boolean } | null]>([
    [
      "the lender's weekly payment with its rate",
      angle,
      withLender("Angle"),
      { text: "$141 per week", rateText: "9.49% p.a.", fetches: false },
    ],
    [
      "nothing for an ineligible car (no comparison rate)",
      angle,
      withLender("Angle", { comparisonRate: null }),
      null,
    ],
    ["nothing for a monthly-only lender", angle, withLender("Angle", { paymentWeek: null }), null],
    ["nothing for a Suzuki", angle, withLender("Angle", {}, { make: "Suzuki" }), null],
    ["nothing for a sold car", angle, withLender("Angle", {}, { status: "sold" }), null],
    ["nothing at $200", youxSite, makeCar({ price: 200, youxQuote: QUOTE }), null],
    [
      "the feed's YouX quote on a quote site",
      youxSite,
      makeCar({ youxQuote: QUOTE }),
      { text: "$150 per week", rateText: "8.99% p.a.", fetches: false },
    ],
    [
      "dashes to fill from the YouX quote when the car has none",
      youxSite,
      makeCar(),
      { text: "$– per week", rateText: "–% p.a.", fetches: true },
    ],
    ["nothing on a site with neither", makeSite(), makeCar(), null],
  ])("%s", (_, site, car, expected) => {
    const sticky = stickyFinanceEstimate(car, site, NOW);
    if (expected === null) expect(sticky).toBeNull();
    else
      expect({ text: sticky?.text, rateText: sticky?.rateText, fetches: sticky?.quote != null }).toEqual(
        expected,
      );
  });

  it("prefers the lender's estimate over a YouX quote", () => {
    const site = makeSite({ finance_provider: "Angle", features: { youx_quote: true } });
    expect(stickyFinanceEstimate(withLender("Angle"), site, NOW)?.weekly).toBe(141);
  });
});
