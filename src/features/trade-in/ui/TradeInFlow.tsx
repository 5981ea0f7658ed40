/**
 * The trade-in flow (spec §4): car → condition → your details, then submit (userData and
 * isLastStep) → lead stored → valuation → saved with POST /api/miscellaneous → accept offer
 * ('3. Offer Accepted') → /success. Cars over 7 years or 100,000 km get no online estimate but
 * still become leads (spec §9). With no online figure for the car (no valuation service, or none
 * for this car) the stored lead ends in "our team will call you with a valuation": no number.
 */
import { useEffect, useId, useRef, useState } from "react";
import { FORM_TEXTS, formEventId, newIdempotencyKey } from "~/features/leads/forms";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { rememberSuccessCategory } from "~/features/leads/success.store";
import { track } from "~/lib/analytics";
import {
  acceptOffer,
  fetchCar,
  requestValuation,
  saveValuation,
  submitTradeIn,
  type ValuationAnswer,
} from "../flow.client";
import {
  estimateAvailable,
  firstStepWithError,
  initialValues,
  type SetField,
  type StepErrors,
  type TradeInValues,
  tradeInQueryValues,
  userDataOf,
  validateStep,
} from "../form";
import {
  isLastStep,
  nextStep,
  previousStep,
  type QuickPickVariant,
  stepIndex,
  TRADE_IN_STEPS,
  type TradeInCar,
  type TradeInStep,
} from "../trade-in";
import { StepCondition } from "./StepCondition";
import { StepContact } from "./StepContact";
import { StepVehicle } from "./StepVehicle";
import { TradeInCarCard } from "./TradeInCarCard";
import { ValuationByPhone } from "./ValuationByPhone";
import { ValuationOffer } from "./ValuationOffer";

export interface TradeInFlowProps {
  pageId: string;
  category: string;
  locations: { value: string; label: string }[];
  optIn: { visible: boolean; default_checked: boolean; text: string };
  termsRequired: boolean;
  quickPicks: QuickPickVariant;
  /** /cars/trade-in: read car_id from the URL and show the car. */
  carFromQuery?: boolean;
}

type Status = "form" | "submitting" | "offer" | "accepting" | "by-phone";

function finish(category: string) {
  rememberSuccessCategory(category);
  window.location.assign("/success");
}

export default function TradeInFlow(props: TradeInFlowProps) {
  const id = useId();
  const sole = props.locations.length === 1 ? props.locations[0]?.value : undefined;
  const [values, setValues] = useState<TradeInValues>(() =>
    initialValues({
      optIn: props.optIn.visible ? props.optIn.default_checked : true,
      ...(sole ? { locationId: sole } : {}),
    }),
  );
  const [step, setStep] = useState<TradeInStep>("vehicle");
  const [errors, setErrors] = useState<StepErrors>({});
  const [status, setStatus] = useState<Status>("form");
  const [formError, setFormError] = useState<string | null>(null);
  const [car, setCar] = useState<TradeInCar | null>(null);
  const [carMessage, setCarMessage] = useState<string | null>(null);
  const [offer, setOffer] = useState<{ leadId: string; valuation: ValuationAnswer } | null>(null);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const startedAt = useRef(Date.now());
  const attemptKey = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const set: SetField = (field, value) =>
    setValues((current) => ({
      ...current,
      [field]: typeof value === "function" ? value(current[field]) : value,
    }));

  // A link from My Garage names the car: the shopper sees it filled in and can change it.
  useEffect(() => {
    const linked = tradeInQueryValues(window.location.search);
    if (Object.keys(linked).length > 0) setValues((current) => ({ ...current, ...linked }));
  }, []);

  useEffect(() => {
    if (!props.carFromQuery) return;
    const carId = new URLSearchParams(window.location.search).get("car_id");
    if (!carId) return;
    fetchCar(carId).then((result) => {
      if (!result.ok) return setCarMessage(result.error);
      setCar(result.body.car);
      const location = String(result.body.car.location_id ?? "");
      if (props.locations.some((l) => l.value === location)) {
        setValues((current) => (current.location_id ? current : { ...current, location_id: location }));
      }
    });
  }, [props.carFromQuery, props.locations]);

  // A new step, or the offer, moves focus to its heading so screen readers announce it.
  const view = status === "offer" || status === "accepting" || status === "by-phone" ? status : step;
  useEffect(() => {
    if (moved.current && view) headingRef.current?.focus();
  }, [view]);
  const messages = Object.values(errors);
  useEffect(() => {
    if (messages.length > 0 || formError) alertRef.current?.focus();
  }, [messages.length, formError]);

  const goTo = (target: TradeInStep) => {
    moved.current = true;
    setStep(target);
  };

  const context = { locationIds: props.locations.map((l) => l.value), termsRequired: props.termsRequired };

  const submit = async () => {
    setStatus("submitting");
    setFormError(null);
    attemptKey.current ??= newIdempotencyKey();
    const honeypot = (document.getElementById(`${id}-hp`) as HTMLInputElement | null)?.value ?? "";
    const lead = await submitTradeIn({
      userData: userDataOf(values),
      car,
      category: props.category,
      pageId: props.pageId,
      honeypot,
      startedAt: startedAt.current,
      idempotencyKey: attemptKey.current,
    });
    if (!lead.ok) {
      setStatus("form");
      // Spec §8: an alert as well as the form error.
      window.alert(FORM_TEXTS.submitFailed);
      if (lead.fields) {
        setErrors(lead.fields);
        const back = firstStepWithError(lead.fields);
        if (back && back !== step) goTo(back);
      } else setFormError(lead.error);
      return;
    }
    attemptKey.current = null;
    const leadId = lead.body.lead_id;
    track(formEventId("trade_in"), { kind: "trade_in", category: props.category, lead_id: leadId });
    if (estimateAvailable(values, new Date()) !== true) return finish(props.category);
    const valued = await requestValuation(leadId, values.adjustmentAnswers);
    moved.current = true;
    // The lead is stored: without an online figure the dealer calls, and the shopper is told so.
    if (!valued.ok || !valued.body.valuation) {
      setNotice(valued.ok ? valued.body.notice : undefined);
      setStatus("by-phone");
      return;
    }
    if (!valued.body.valuation.result.eligible) return finish(props.category);
    void saveValuation(leadId, valued.body.valuation);
    setOffer({ leadId, valuation: valued.body.valuation });
    setStatus("offer");
  };

  const onNext = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const found = validateStep(step, values, context);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (isLastStep(step)) await submit();
    else goTo(nextStep(step));
  };

  const onAccept = async () => {
    if (!offer) return;
    setStatus("accepting");
    setFormError(null);
    const accepted = await acceptOffer(offer.leadId);
    if (accepted.ok) return finish(props.category);
    setStatus("offer");
    setFormError(accepted.error);
    window.alert(FORM_TEXTS.submitFailed);
  };

  const result = offer?.valuation.result;
  const vehicleName = [values.year, values.make, values.model].filter(Boolean).join(" ");
  const current = TRADE_IN_STEPS[stepIndex(step)];
  const busy = status === "submitting";

  return (
    <div className="trade-in-flow">
      {props.carFromQuery && <TradeInCarCard car={car} message={carMessage} />}
      {status === "by-phone" ? (
        <section aria-labelledby={`${id}-by-phone`}>
          <h2 id={`${id}-by-phone`} ref={headingRef} tabIndex={-1}>
            We'll call you with a valuation
          </h2>
          <ValuationByPhone vehicle={vehicleName} notice={notice} onDone={() => finish(props.category)} />
        </section>
      ) : result?.eligible ? (
        <section aria-labelledby={`${id}-offer`}>
          <h2 id={`${id}-offer`} ref={headingRef} tabIndex={-1}>
            Your trade-in offer
          </h2>
          <ValuationOffer
            offer={result.offer}
            low={result.low}
            high={result.high}
            vehicle={vehicleName}
            accepting={status === "accepting"}
            error={formError}
            onAccept={onAccept}
          />
        </section>
      ) : (
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
          {(messages.length > 0 || formError) && (
            <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef}>
              {messages.length > 0 ? (
                <>
                  <p>{LEAD_TEXTS.fixErrors}</p>
                  <ul>
                    {[...new Set(messages)].map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>{formError}</p>
              )}
            </div>
          )}
          {step === "vehicle" && (
            <StepVehicle id={id} values={values} set={set} errors={errors} now={new Date()} />
          )}
          {step === "condition" && (
            <StepCondition id={id} values={values} set={set} errors={errors} quickPicks={props.quickPicks} />
          )}
          {step === "contact" && (
            <StepContact
              id={id}
              values={values}
              set={set}
              errors={errors}
              locations={props.locations}
              optIn={props.optIn}
              termsRequired={props.termsRequired}
            />
          )}
          <div className="hp" aria-hidden="true">
            <label htmlFor={`${id}-hp`}>Fax</label>
            <input id={`${id}-hp`} name="fax" tabIndex={-1} autoComplete="off" />
          </div>
          <div className="actions">
            {step !== "vehicle" && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => goTo(previousStep(step))}
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
      )}
    </div>
  );
}
