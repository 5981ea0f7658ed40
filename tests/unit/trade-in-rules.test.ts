/**
 * Trade-in rules from the spec: FAQ eligibility (§9), postcode texts (§5, §8), money and km inputs
 * (§5), the steps of the multi-step form (§4) and the trade-in locations select (§5).
 */
import { describe, expect, it } from "vitest";
import { FAQ_ACCORDION_MS, TRADE_IN_FAQ } from "~/features/trade-in/faq";
import {
  estimateAvailable,
  firstStepWithError,
  initialValues,
  stepOfField,
  userDataOf,
  validateStep,
} from "~/features/trade-in/form";
import {
  ADJUSTMENT_FACTORS,
  ADJUSTMENT_QUESTIONS,
  adjustmentFactors,
  formatAmountInput,
  formatKms,
  formatMoney,
  hasOnlineEstimate,
  isLastStep,
  KMS_SUFFIX,
  MONEY_QUICK_PICKS,
  nextStep,
  OFFER_ACCEPTED_SUBCATEGORY,
  parseKms,
  parseMoney,
  previousStep,
  TRADE_IN_STEPS,
  tradeInLocations,
  unansweredQuestions,
} from "~/features/trade-in/trade-in";
import {
  decodeBitmap,
  encodeBitmap,
  isAustralianPostcode,
  POSTCODE_MAX_LENGTH,
  postcodeError,
} from "~/lib/postcodes/postcodes";
import { makeLocation, NOW } from "./helpers";

const allGood = Object.fromEntries(ADJUSTMENT_QUESTIONS.map((q) => [q.id, q.options[0]?.value ?? ""]));

describe("Trade-in FAQ: no online estimate for cars over 7 years or 100,000 km (spec §9)", () => {
  // NOW is June 2026: a 2019 car is 7 years old, a 2018 car is 8.
  it.each([
    [2019, 100_000, true, "exactly 7 years and exactly 100,000 km"],
    [2026, 0, true, "a new car"],
    [2024, 35_000, true, "a young low-km car"],
    [2018, 50_000, false, "over 7 years old"],
    [2019, 100_001, false, "over 100,000 km"],
    [2012, 250_000, false, "over both limits"],
  ])("year %i with %i km → online estimate %s (%s)", (year, kms, expected) => {
    expect(hasOnlineEstimate({ year, kms }, NOW)).toBe(expected);
  });

  it("the FAQ answer states the 7 years and 100,000 km limits", () => {
    const answer = TRADE_IN_FAQ.map((item) => item.answer).join(" ");
    expect(answer).toContain("over 7 years old or with more than 100,000 km");
  });

  it("the FAQ carries the privacy timings: acknowledgement within 7 days, access and complaints within 30 days", () => {
    const privacy = TRADE_IN_FAQ.find((item) => /personal information/.test(item.question))?.answer ?? "";
    expect(privacy).toMatch(/acknowledge your request within 7 days/);
    expect(privacy).toMatch(/give you access or resolve your complaint within 30 days/);
  });

  it("the accordion animates 300 ms (spec §9)", () => {
    expect(FAQ_ACCORDION_MS).toBe(300);
  });

  it("knows the estimate only once year and kms are given", () => {
    const values = initialValues({ optIn: true });
    expect(estimateAvailable(values, NOW)).toBeNull();
    expect(estimateAvailable({ ...values, year: "2018", kms: 40_000 }, NOW)).toBe(false);
    expect(estimateAvailable({ ...values, year: "2022", kms: 40_000 }, NOW)).toBe(true);
  });
});

describe("postcode rules (spec §5, §8)", () => {
  it.each([
    ["", "Invalid postcode. Please enter a 4-digit number."],
    ["400", "Invalid postcode. Please enter a 4-digit number."],
    ["40000", "Invalid postcode. Please enter a 4-digit number."],
    ["40a0", "Invalid postcode. Please enter a 4-digit number."],
    ["0000", "Invalid postcode"],
    ["1000", "Invalid postcode"],
    ["4000", null],
    ["2000", null],
    ["0800", null],
    ["6000", null],
    [" 3000 ", null],
  ])("%j → %j", (value, message) => {
    expect(postcodeError(value)).toBe(message);
  });

  it("allows at most 4 characters", () => {
    expect(POSTCODE_MAX_LENGTH).toBe(4);
  });

  it("knows every capital city's CBD postcode and no 5-digit code", () => {
    for (const code of ["2000", "3000", "4000", "5000", "6000", "7000", "0800", "2600"]) {
      expect(isAustralianPostcode(code), code).toBe(true);
    }
    expect(isAustralianPostcode("30000")).toBe(false);
  });

  it("encodes and decodes the postcode bitmap losslessly", () => {
    const codes = ["0200", "2000", "9999", "0000"];
    const bits = decodeBitmap(encodeBitmap(codes));
    const decoded = [];
    for (let n = 0; n < 10_000; n += 1)
      if ((bits[n >> 3] ?? 0) & (1 << (n & 7))) decoded.push(String(n).padStart(4, "0"));
    expect(decoded).toEqual(["0000", "0200", "2000", "9999"]);
  });
});

describe("money and km inputs (spec §5)", () => {
  it.each([
    [5000, "$5,000"],
    [70000, "$70,000"],
    [1234567, "$1,234,567"],
  ])("formats %i as %s ($ prefix with thousand separators)", (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it.each([
    ["$15,000", 15000],
    ["15 000", 15000],
    ["15000.00", 15000],
    ["0", 0],
    ["", null],
    ["abc", null],
    ["-5", null],
  ])("reads %j as %j", (text, amount) => {
    expect(parseMoney(text)).toBe(amount);
  });

  it("shows separators in the field, the $ sitting outside it", () => {
    expect(formatAmountInput(25000)).toBe("25,000");
    expect(formatAmountInput(null)).toBe("");
  });

  it("offers quick picks from $5,000 to $70,000 by default and $300,000 to $800,000 for the other variant", () => {
    expect(MONEY_QUICK_PICKS.standard[0]).toBe(5_000);
    expect(MONEY_QUICK_PICKS.standard.at(-1)).toBe(70_000);
    expect(MONEY_QUICK_PICKS.premium[0]).toBe(300_000);
    expect(MONEY_QUICK_PICKS.premium.at(-1)).toBe(800_000);
    for (const picks of Object.values(MONEY_QUICK_PICKS))
      expect([...picks]).toEqual([...picks].sort((a, b) => a - b));
  });

  it("suffixes kilometres with ' kms'", () => {
    expect(KMS_SUFFIX).toBe(" kms");
    expect(formatKms(85000)).toBe("85,000 kms");
  });

  it.each([
    ["85,000", 85000],
    ["85000 kms", 85000],
    ["85 000 km", 85000],
    ["", null],
    ["lots", null],
    ["1.5", null],
  ])("reads kilometres %j as %j", (text, kms) => {
    expect(parseKms(text)).toBe(kms);
  });
});

describe("multi-step form (spec §4: advance until the last step, then submit)", () => {
  const context = { locationIds: ["2101", "2102"], termsRequired: false };
  const vehicle = { make: "Mazda", model: "CX-5", year: "2021", kms: 45_000 };
  const contact = {
    name: "Alex",
    email: "alex@example.com",
    phone: "0412 345 678",
    postcode: "6000",
    location_id: "2101",
  };

  it("has three steps: car, condition, details; only the last submits", () => {
    expect(TRADE_IN_STEPS.map((s) => s.id)).toEqual(["vehicle", "condition", "contact"]);
    expect(nextStep("vehicle")).toBe("condition");
    expect(nextStep("condition")).toBe("contact");
    expect(nextStep("contact")).toBe("contact");
    expect(previousStep("contact")).toBe("condition");
    expect(previousStep("vehicle")).toBe("vehicle");
    expect(TRADE_IN_STEPS.map((s) => isLastStep(s.id))).toEqual([false, false, true]);
  });

  it("step 1 needs make, model, year and kms", () => {
    const errors = validateStep("vehicle", initialValues({ optIn: true }), context);
    expect(Object.keys(errors).sort()).toEqual(["kms", "make", "model", "year"]);
    expect(validateStep("vehicle", { ...initialValues({ optIn: true }), ...vehicle }, context)).toEqual({});
  });

  it("step 2 needs every condition question answered, keyed per question", () => {
    const values = {
      ...initialValues({ optIn: true }),
      ...vehicle,
      adjustmentAnswers: { accident_history: "No" },
    };
    const errors = validateStep("condition", values, context);
    expect(Object.keys(errors)).toEqual(
      ADJUSTMENT_QUESTIONS.slice(1).map((q) => `adjustmentAnswers.${q.id}`),
    );
    expect(unansweredQuestions({ accident_history: "No" })).toHaveLength(ADJUSTMENT_QUESTIONS.length - 1);
    expect(validateStep("condition", { ...values, adjustmentAnswers: allGood }, context)).toEqual({});
  });

  it("step 3 applies the postcode rules and requires a dealership when the select is shown", () => {
    const base = { ...initialValues({ optIn: true }), ...vehicle, adjustmentAnswers: allGood, ...contact };
    expect(validateStep("contact", base, context)).toEqual({});
    expect(validateStep("contact", { ...base, postcode: "60" }, context)).toEqual({
      postcode: "Invalid postcode. Please enter a 4-digit number.",
    });
    expect(validateStep("contact", { ...base, postcode: "0000" }, context)).toEqual({
      postcode: "Invalid postcode",
    });
    expect(validateStep("contact", { ...base, location_id: "" }, context)).toEqual({
      location_id: "Please select a dealership.",
    });
    expect(validateStep("contact", { ...base, location_id: "" }, { ...context, locationIds: [] })).toEqual(
      {},
    );
  });

  it("step 3 requires the terms on sites that show them", () => {
    const base = { ...initialValues({ optIn: true }), ...vehicle, adjustmentAnswers: allGood, ...contact };
    const terms = { ...context, termsRequired: true };
    expect(validateStep("contact", base, terms)).toEqual({
      terms_conditions: "* You must agree to the terms of use before submitting the form.",
    });
    expect(validateStep("contact", { ...base, terms_conditions: true }, terms)).toEqual({});
  });

  it("sends a server's field error back to the step that asks it", () => {
    expect(stepOfField("rego")).toBe("vehicle");
    expect(stepOfField("adjustmentAnswers.keys")).toBe("condition");
    expect(stepOfField("postcode")).toBe("contact");
    expect(firstStepWithError({ postcode: "x", kms: "y" })).toBe("vehicle");
    expect(firstStepWithError({})).toBeNull();
  });

  it("sends the amount owing only when there is finance owing", () => {
    const values = { ...initialValues({ optIn: true }), finance: "No", amount_owing: 10_000 };
    expect(userDataOf(values)).not.toHaveProperty("amount_owing");
    expect(userDataOf({ ...values, finance: "Yes" })).toMatchObject({ amount_owing: 10_000 });
  });

  it("prices each condition answer, and an answer not offered changes nothing", () => {
    const answers = { ...allGood, accident_history: "Yes", body_condition: "Poor", keys: "1", tyres: "Bald" };
    expect(adjustmentFactors(answers).map((answer) => answer.factor)).toEqual([
      0.85, 0.82, 1.03, 1, 1.02, 1, 0.98,
    ]);
    for (const question of ADJUSTMENT_QUESTIONS) {
      const priced = Object.keys(ADJUSTMENT_FACTORS[question.id] ?? {}).sort();
      expect(priced, question.id).toEqual(question.options.map((option) => option.value).sort());
    }
  });

  it("files the acceptance under the spec's subcategory", () => {
    expect(OFFER_ACCEPTED_SUBCATEGORY).toBe("3. Offer Accepted");
  });
});

describe("location select (spec §5)", () => {
  it("offers visible sales locations and buying locations, never service, parts or hidden ones", () => {
    const locations = [
      makeLocation({ id: 1, location_type: "sales" }),
      makeLocation({ id: 2, location_type: "service" }),
      makeLocation({ id: 3, location_type: "" }),
      makeLocation({ id: 4, location_type: "parts", location_subtype: ["buying"] }),
      makeLocation({ id: 5, location_type: "sales", visible: false }),
    ];
    expect(tradeInLocations(locations).map((l) => l.id)).toEqual([1, 3, 4]);
  });
});
