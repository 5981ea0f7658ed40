/**
 * The trade-in flow's shared state (spec §4: advance until the last step, then submit; a server's
 * field error sends the shopper back to the step that asks it), driven through its actions only.
 */
import { describe, expect, it } from "vitest";
import { createTradeInFlowStore } from "~/features/trade-in/flow.store";
import { initialValues } from "~/features/trade-in/form";

const context = { locationIds: ["2101", "2102"], termsRequired: false };
const car = {
  id: 220037,
  name: "2024 Honda Civic Type R",
  slug: "2024-honda-civic-type-r-220037",
  path: "/cars/2024-honda-civic-type-r-220037",
  price: 49990,
  stocknum: "WAU20037",
  image: null,
  dealership_id: 7,
  location_id: 2102,
};

describe("moving through the steps", () => {
  it("stays on a step with errors and moves on once it is answered", () => {
    const flow = createTradeInFlowStore(initialValues({ optIn: true }));
    expect(flow.next(context, false)).toBe(false);
    expect(flow.$flow.get().step).toBe("vehicle");
    expect(Object.keys(flow.$flow.get().errors).sort()).toEqual(["kms", "make", "model", "year"]);
    flow.set("make", "Mazda");
    flow.set("model", "CX-5");
    flow.set("year", "2021");
    flow.set("kms", (kms) => (kms ?? 0) + 45_000);
    expect(flow.next(context, false)).toBe(false);
    expect(flow.$flow.get()).toMatchObject({ step: "condition", errors: {}, moved: true });
  });

  it("answers the last step with true (submit) instead of moving", () => {
    const flow = createTradeInFlowStore({
      ...initialValues({ optIn: true }),
      name: "Alex",
      email: "alex@example.com",
      phone: "0412 345 678",
      postcode: "6000",
      location_id: "2101",
    });
    flow.goTo("contact");
    expect(flow.next(context, true)).toBe(true);
    expect(flow.$flow.get().step).toBe("contact");
  });
});

describe("the server's answer", () => {
  it("a refusal naming a car field sends the shopper back to the car step with its message", () => {
    const flow = createTradeInFlowStore(initialValues({ optIn: true }));
    flow.goTo("contact");
    flow.sending();
    flow.refused("Please fix the following errors:", { year: "Please enter a valid year" });
    expect(flow.$flow.get()).toMatchObject({
      status: "form",
      step: "vehicle",
      errors: { year: "Please enter a valid year" },
      formError: null,
    });
  });

  it("a refusal without fields stays on the step and shows the form's error", () => {
    const flow = createTradeInFlowStore(initialValues({ optIn: true }));
    flow.goTo("contact");
    flow.sending();
    flow.refused("An error occurred when submitting this form", undefined);
    expect(flow.$flow.get()).toMatchObject({
      status: "form",
      step: "contact",
      formError: "An error occurred when submitting this form",
    });
  });
});

describe("the car a link named", () => {
  it("chooses the car's location when the shopper has none and the site offers it", () => {
    const flow = createTradeInFlowStore(initialValues({ optIn: true }));
    flow.carFound(car, context.locationIds);
    expect(flow.$flow.get().car?.name).toBe("2024 Honda Civic Type R");
    expect(flow.$flow.get().values.location_id).toBe("2102");
  });

  it("keeps the shopper's own location", () => {
    const flow = createTradeInFlowStore(initialValues({ optIn: true, locationId: "2101" }));
    flow.carFound(car, context.locationIds);
    expect(flow.$flow.get().values.location_id).toBe("2101");
  });
});
