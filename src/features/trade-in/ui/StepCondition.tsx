/** Step 2: the condition questions (spec §3 adjustmentAnswers) and what is owing. */
import type { SetField, StepErrors, TradeInValues } from "../form";
import { ADJUSTMENT_QUESTIONS, type QuickPickVariant } from "../trade-in";
import { RadioGroup } from "./Fields";
import { MoneyInput } from "./MoneyInput";

interface Props {
  id: string;
  values: TradeInValues;
  set: SetField;
  errors: StepErrors;
  quickPicks: QuickPickVariant;
}

const YES_NO = [
  { value: "Yes", label: "Yes" },
  { value: "No", label: "No" },
];

export function StepCondition({ id, values, set, errors, quickPicks }: Props) {
  return (
    <>
      {ADJUSTMENT_QUESTIONS.map((question) => (
        <RadioGroup
          key={question.id}
          id={`${id}-${question.id}`}
          label={question.label}
          required
          value={values.adjustmentAnswers[question.id] ?? ""}
          onChange={(answer) =>
            set("adjustmentAnswers", (answers) => ({ ...answers, [question.id]: answer }))
          }
          options={question.options}
          error={errors[`adjustmentAnswers.${question.id}`]}
        />
      ))}
      <RadioGroup
        id={`${id}-finance`}
        label="Is there finance owing on the car?"
        value={values.finance}
        onChange={(v) => set("finance", v)}
        options={YES_NO}
        error={errors.finance}
      />
      {values.finance === "Yes" && (
        <MoneyInput
          id={`${id}-owing`}
          label="Amount owing"
          value={values.amount_owing}
          onChange={(v) => set("amount_owing", v)}
          quickPicks={quickPicks}
          error={errors.amount_owing}
        />
      )}
      <MoneyInput
        id={`${id}-expected`}
        label="What price are you hoping for? (optional)"
        value={values.expected_price}
        onChange={(v) => set("expected_price", v)}
        quickPicks={quickPicks}
        error={errors.expected_price}
      />
    </>
  );
}
