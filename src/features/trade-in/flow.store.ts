/**
 * What the trade-in flow's parts share (spec §4): the shopper's answers, the step, its errors,
 * where the flow stands (form, sending, offer, accepting, the dealer will call), the car a link
 * named and the offer. One store per flow; its actions are the flow's only way to change it, and
 * the calls that drive them are in flow-submit.client.ts.
 */
import { atom } from "nanostores";
import type { ValuationAnswer } from "./flow.client";
import {
  firstStepWithError,
  type SetField,
  type StepContext,
  type StepErrors,
  type TradeInValues,
  validateStep,
} from "./form";
import { nextStep, type TradeInCar, type TradeInStep } from "./trade-in";

export type FlowStatus = "form" | "submitting" | "offer" | "accepting" | "by-phone";

export interface FlowState {
  values: TradeInValues;
  step: TradeInStep;
  errors: StepErrors;
  status: FlowStatus;
  formError: string | null;
  car: TradeInCar | null;
  carMessage: string | null;
  offer: { leadId: string; valuation: ValuationAnswer } | null;
  notice: string | undefined;
  /** Set once the shopper moves on: from then each new view's heading takes focus. */
  moved: boolean;
}

export function createTradeInFlowStore(values: TradeInValues) {
  const $flow = atom<FlowState>({
    values,
    step: "vehicle",
    errors: {},
    status: "form",
    formError: null,
    car: null,
    carMessage: null,
    offer: null,
    notice: undefined,
    moved: false,
  });
  const update = (change: Partial<FlowState>) => $flow.set({ ...$flow.get(), ...change });
  const fill = (change: Partial<TradeInValues>) => update({ values: { ...$flow.get().values, ...change } });
  const set: SetField = (field, value) => {
    const current = $flow.get().values[field];
    fill({ [field]: typeof value === "function" ? value(current) : value });
  };
  const goTo = (step: TradeInStep) => update({ step, moved: true });
  return {
    $flow,
    set,
    /** Values a link carried (My Garage's "Value it for trade-in"). */
    fill,
    /** The car a /cars/trade-in link named; its location is chosen when the shopper has none yet. */
    carFound: (car: TradeInCar, locationIds: readonly string[]) => {
      const location = String(car.location_id ?? "");
      const { values } = $flow.get();
      update({ car });
      if (locationIds.includes(location) && !values.location_id) fill({ location_id: location });
    },
    carMissing: (carMessage: string) => update({ carMessage }),
    goTo,
    /** Checks the step; true when the shopper may submit (the last step), else moves on if it can. */
    next: (context: StepContext, last: boolean): boolean => {
      const { step, values } = $flow.get();
      const errors = validateStep(step, values, context);
      update({ errors });
      if (Object.keys(errors).length > 0) return false;
      if (last) return true;
      goTo(nextStep(step));
      return false;
    },
    sending: () => update({ status: "submitting", formError: null }),
    /** The server refused the lead: back to the first step its fields name, or the form's error. */
    refused: (error: string, fields: StepErrors | undefined) => {
      update({ status: "form" });
      if (!fields) return update({ formError: error });
      update({ errors: fields });
      const back = firstStepWithError(fields);
      if (back && back !== $flow.get().step) goTo(back);
    },
    valued: () => update({ moved: true }),
    byPhone: (notice: string | undefined) => update({ notice, status: "by-phone" }),
    offered: (offer: { leadId: string; valuation: ValuationAnswer }) => update({ offer, status: "offer" }),
    accepting: () => update({ status: "accepting", formError: null }),
    acceptFailed: (formError: string) => update({ status: "offer", formError }),
  };
}

export type TradeInFlowStore = ReturnType<typeof createTradeInFlowStore>;
