/**
 * The trade-in island's pieces for a site without online valuations, rendered as the server renders
 * them: the "dealer will call" end shows no number, the car step offers no rego lookup until the
 * site says it has one and suggests the catalogue's makes and models, and an offer without a
 * provider's range shows no made-up range.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { initialValues } from "~/features/trade-in/form";
import { StepVehicle } from "~/features/trade-in/ui/StepVehicle";
import { ValuationByPhone } from "~/features/trade-in/ui/ValuationByPhone";
import { ValuationOffer } from "~/features/trade-in/ui/ValuationOffer";
import { NOW } from "./helpers";

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ")
    .trim();

describe("the dealer-will-call end of the flow", () => {
  it("says the team will call with a valuation, names the car and shows no figure", () => {
    const html = renderToStaticMarkup(
      createElement(ValuationByPhone, { vehicle: "2022 Toyota Corolla", onDone: () => {} }),
    );
    expect(textOf(html)).toBe(
      "Thanks, we have your car's details. Our team will call you soon with a valuation. Your car: 2022 Toyota Corolla Done",
    );
    expect(textOf(html)).not.toContain("$");
  });

  it("shows the server's words when it sent them", () => {
    const html = renderToStaticMarkup(
      createElement(ValuationByPhone, { vehicle: "", notice: "We'll ring you today.", onDone: () => {} }),
    );
    expect(textOf(html)).toBe("We'll ring you today. Done");
  });
});

describe("the car step", () => {
  const html = renderToStaticMarkup(
    createElement(StepVehicle, {
      id: "t",
      values: { ...initialValues({ optIn: true }), make: "Toyota" },
      set: () => {},
      errors: {},
      now: NOW,
    }),
  );

  it("offers no rego lookup until the site says it has one: the shopper types the car", () => {
    expect(html).not.toContain("Find my car");
    expect(textOf(html)).toContain("Your car's rego (optional)");
    expect(textOf(html)).toContain("Your car's details:");
  });

  it("suggests the catalogue's makes, and the models of the make typed", () => {
    expect(html).toContain('<input id="t-make" type="text" list="t-makes"');
    expect(html).toContain('<input id="t-model" type="text" list="t-models"');
    const options = (list: string) =>
      [
        ...(new RegExp(`<datalist id="${list}">(.*?)</datalist>`).exec(html)?.[1] ?? "").matchAll(
          /value="([^"]+)"/g,
        ),
      ].map((m) => m[1]);
    expect(options("t-makes")).toEqual([
      "Toyota",
      "Mazda",
      "Hyundai",
      "Kia",
      "Ford",
      "Mitsubishi",
      "Nissan",
      "Volkswagen",
      "Subaru",
      "Isuzu",
      "Honda",
      "MG",
      "Tesla",
    ]);
    expect(options("t-models")).toEqual(["Corolla", "RAV4", "HiLux", "LandCruiser Prado"]);
  });
});

describe("an offer", () => {
  const render = (low: number, high: number) =>
    textOf(
      renderToStaticMarkup(
        createElement(ValuationOffer, {
          offer: 17122,
          low,
          high,
          vehicle: "2019 Volkswagen Polo",
          accepting: false,
          error: null,
          onAccept: () => {},
        }),
      ),
    );

  it("shows the provider's range when it gave one", () => {
    expect(render(16122, 18372)).toContain(
      "$17,122 Estimated range $16,122 to $18,372, subject to an inspection of your car.",
    );
  });

  it("shows no range the provider did not give", () => {
    expect(render(17122, 17122)).toContain("$17,122 Subject to an inspection of your car.");
  });
});
