/**
 * Links that fill a form in (My Garage's Book a service and Value it for trade-in; spec §2 finance
 * routes' query): what each link carries and what each form takes from it.
 */
import { describe, expect, it } from "vitest";
import { serviceHref, tradeInHref } from "~/features/account/garage";
import {
  FINANCE_QUERY_FIELDS,
  queryFieldsFor,
  queryValues,
  SERVICE_QUERY_FIELDS,
} from "~/features/leads/forms";
import { tradeInQueryValues } from "~/features/trade-in/form";

const car = { rego: "ABC123", rego_state: "QLD", make: "Mazda", model: "CX-5", year: 2018 };

describe("My Garage's links carry the car", () => {
  it("Book a service fills in the rego, make and model", () => {
    const href = serviceHref(car);
    expect(href).toBe("/service?Rego=ABC123&Vehicle+Make=Mazda&Vehicle+Model=CX-5");
    expect(queryValues(new URL(href, "https://x.example").search, queryFieldsFor("service_booking"))).toEqual(
      {
        Rego: "ABC123",
        "Vehicle Make": "Mazda",
        "Vehicle Model": "CX-5",
      },
    );
  });

  it("Value it for trade-in fills in the car, the year only when known", () => {
    expect(tradeInHref(car)).toBe("/trade-in?rego=ABC123&regoState=QLD&make=Mazda&model=CX-5&year=2018");
    expect(tradeInHref({ ...car, year: null })).toBe(
      "/trade-in?rego=ABC123&regoState=QLD&make=Mazda&model=CX-5",
    );
    expect(tradeInQueryValues(new URL(tradeInHref(car), "https://x.example").search)).toEqual({
      rego: "ABC123",
      regoState: "QLD",
      make: "Mazda",
      model: "CX-5",
      year: "2018",
    });
  });
});

describe("what each form takes from its address", () => {
  it.each([
    ["finance_apply", FINANCE_QUERY_FIELDS],
    ["finance_enquiry", FINANCE_QUERY_FIELDS],
    ["service_booking", SERVICE_QUERY_FIELDS],
    ["contact", []],
    ["enquiry", []],
  ] as const)("%s reads %j", (kind, fields) => expect(queryFieldsFor(kind)).toEqual(fields));

  it("ignores parameters it does not read, blanks, and trims long values", () => {
    expect(queryValues("?Rego=%20&Vehicle+Make=Kia&evil=1", SERVICE_QUERY_FIELDS)).toEqual({
      "Vehicle Make": "Kia",
    });
    expect(queryValues(`?Rego=${"A".repeat(300)}`, SERVICE_QUERY_FIELDS).Rego).toHaveLength(100);
  });

  it.each([
    ["?rego=abc%20123&regoState=qld", { rego: "ABC123", regoState: "QLD" }],
    ["?rego=!!&regoState=XX&year=18&make=&model=", {}],
    ["?year=1999&make=Ford", { year: "1999", make: "Ford" }],
  ])("trade-in %s → %j", (search, values) => expect(tradeInQueryValues(search)).toEqual(values));
});
