/**
 * The trade-in's condition questions (step 2 of the flow, spec §3 valuation adjustmentAnswers) as a
 * shopper and a CRM read them: what is asked and the answers offered. A trade-in lead's payload is
 * checked against them and its ADF document words them, so they live with the lead kinds; what
 * each answer does to a valuation is the trade-in feature's (src/features/trade-in/trade-in.ts).
 */

export interface AdjustmentOption {
  value: string;
  label: string;
}
export interface AdjustmentQuestion {
  id: string;
  label: string;
  options: readonly AdjustmentOption[];
}

/** Answers by question id, each one of its options' values. */
export type AdjustmentAnswers = Record<string, string>;

const options = (...values: string[]): AdjustmentOption[] => values.map((value) => ({ value, label: value }));
const yesNo = options("No", "Yes");
const condition = options("Excellent", "Good", "Fair", "Poor");

/** The condition questions of step 2, in order; every one needs an answer. */
export const ADJUSTMENT_QUESTIONS: readonly AdjustmentQuestion[] = [
  { id: "accident_history", label: "Has the car been in an accident?", options: yesNo },
  { id: "body_condition", label: "Condition of the paint and body", options: condition },
  { id: "interior_condition", label: "Condition of the interior", options: condition },
  { id: "tyres", label: "Condition of the tyres", options: options("Good", "Need replacing") },
  { id: "service_history", label: "Service history", options: options("Full", "Partial", "None") },
  { id: "warning_lights", label: "Any warning lights or mechanical problems?", options: yesNo },
  { id: "keys", label: "How many keys do you have?", options: options("2 or more", "1") },
];
