/**
 * The flow's form (spec §4): where the shopper is among the steps, the step's heading and fields,
 * the errors, Back and Next (Get my valuation on the last step, which submits).
 */
import type { RefObject } from "react";
import { FormAlert } from "~/features/leads/ui/FormAlert";
import { Honeypot } from "~/features/leads/ui/Honeypot";
import { useStore } from "~/lib/ui/use-store";
import type { TradeInFlowStore } from "../flow.store";
import { isLastStep, previousStep, type QuickPickVariant, stepIndex, TRADE_IN_STEPS } from "../trade-in";
import { StepCondition } from "./StepCondition";
import { StepContact } from "./StepContact";
import { StepVehicle } from "./StepVehicle";

export interface TradeInFormProps {
  id: string;
  store: TradeInFlowStore;
  headingRef: RefObject<HTMLHeadingElement | null>;
  locations: { value: string; label: string }[];
  optIn: { visible: boolean; text: string };
  termsRequired: boolean;
  quickPicks: QuickPickVariant;
  /** Sends the lead once the last step is valid. */
  submit: () => Promise<void>;
}

export function TradeInForm({
  id,
  store,
  headingRef,
  locations,
  optIn,
  termsRequired,
  quickPicks,
  submit,
}: TradeInFormProps) {
  const { values, step, errors, status, formError } = useStore(store.$flow);
  const busy = status === "submitting";
  const messages = [...new Set(Object.values(errors))].map((message) => [message, message] as const);
  const current = TRADE_IN_STEPS[stepIndex(step)];
  const context = { locationIds: locations.map((l) => l.value), termsRequired };
  const onNext = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (store.next(context, isLastStep(step))) await submit();
  };
  return (
    <form className="lead-form trade-in-form" noValidate onSubmit={onNext} aria-busy={busy}>
      <ol className="steps">
        {TRADE_IN_STEPS.map((s, i) => (
          <li
            key={s.id}
            aria-current={s.id === step ? "step" : undefined}
            className={i < stepIndex(step) ? "done" : undefined}
          >
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span>{s.title}</span>
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="step-title">
        <span className="visually-hidden">{`Step ${stepIndex(step) + 1} of ${TRADE_IN_STEPS.length}: `}</span>
        {current?.title}
      </h2>
      <FormAlert messages={messages} formError={formError} />
      {step === "vehicle" && (
        <StepVehicle id={id} values={values} set={store.set} errors={errors} now={new Date()} />
      )}
      {step === "condition" && (
        <StepCondition id={id} values={values} set={store.set} errors={errors} quickPicks={quickPicks} />
      )}
      {step === "contact" && (
        <StepContact
          id={id}
          values={values}
          set={store.set}
          errors={errors}
          locations={locations}
          optIn={optIn}
          termsRequired={termsRequired}
        />
      )}
      <Honeypot id={id} />
      <div className="actions">
        {step !== "vehicle" && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => store.goTo(previousStep(step))}
            disabled={busy}
          >
            Back
          </button>
        )}
        <button type="submit" className="btn btn-accent" disabled={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? "Sending…" : isLastStep(step) ? "Get my valuation" : "Next"}
        </button>
      </div>
    </form>
  );
}
