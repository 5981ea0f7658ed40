/** Spec §2 Finance routes (the car's details, a configured default link, #finance-form) and §4 gated routes for finance and car-finance. */
import { describe, expect, it } from "vitest";
import { FINANCE_ROUTES, financeLink, financeSignIn } from "~/features/finance/finance-link";
import { siteSchema } from "~/tenant/schema";
import { makeCar, makeSite } from "./helpers";

describe("the finance link", () => {
  const car = makeCar({
    id: 42,
    price: 31990,
    car_type: "used",
    vin: "JTNKB3BE10J123456",
    dealership_slug: "test-motors",
  });

  it("carries preferredDealership, vehiclePriceBudget, car_id, car_type, vin then #finance-form", () => {
    expect(financeLink(car)).toBe(
      "/finance?preferredDealership=test-motors&vehiclePriceBudget=31990&car_id=42&car_type=used&vin=JTNKB3BE10J123456#finance-form",
    );
  });

  it("leaves out what the car lacks: no dealership, no VIN, no price", () => {
    expect(financeLink(makeCar({ id: 7, price: 0, car_type: "new", vin: null, dealership_slug: null }))).toBe(
      "/finance?car_id=7&car_type=new#finance-form",
    );
  });

  it.each(FINANCE_ROUTES)("goes to the site's configured route %s", (route) => {
    expect(financeLink(car, route)).toMatch(
      new RegExp(`^${route}\\?preferredDealership=test-motors&.*#finance-form$`),
    );
  });

  it("defaults to /finance and accepts any page of the site", () => {
    expect(makeSite().finance_link).toBe("/finance");
    expect(makeSite({ finance_link: "/car-loans" }).finance_link).toBe("/car-loans");
  });

  it.each([
    "https://lender.example.com/apply",
    "//evil.example/finance",
    "/finance?x=1",
    "finance",
    "/finance#form",
  ])("refuses %j as the finance link", (link) => {
    const result = siteSchema.safeParse({ ...makeSite(), finance_link: link });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain("must be a path on this site");
  });
});

describe("which finance routes ask for sign-in", () => {
  it.each<[string, { finance: boolean; car_finance: boolean }, string | null]>([
    ["/finance", { finance: true, car_finance: false }, "finance"],
    ["/finance-enquiry", { finance: true, car_finance: false }, "finance"],
    ["/apply-for-finance/", { finance: true, car_finance: false }, "finance"],
    ["/finance-pre-approval", { finance: true, car_finance: false }, "finance"],
    ["/personalised/finance", { finance: true, car_finance: false }, null],
    ["/personalised/finance", { finance: false, car_finance: true }, "car-finance"],
    ["/finance", { finance: false, car_finance: true }, null],
    ["/contact", { finance: true, car_finance: true }, null],
  ])("%s with gating %j asks for %j", (route, gating, type) => {
    expect(financeSignIn(route, gating)).toBe(type);
  });

  it("is open by default (gating.finance and gating.car_finance off)", () => {
    const { gating } = makeSite();
    expect(FINANCE_ROUTES.map((route) => financeSignIn(route, gating))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
