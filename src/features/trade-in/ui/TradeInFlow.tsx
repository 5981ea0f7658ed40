/**
 * The trade-in flow (spec §4): car → condition → your details, then submit (userData and
 * isLastStep) → lead stored → valuation → saved with POST /api/miscellaneous → accept offer
 * ('3. Offer Accepted') → /success. Cars over 7 years or 100,000 km get no online estimate but
 * still become leads (spec §9). With no online figure for the car (no valuation service, or none
 * for this car) the stored lead ends in "our team will call you with a valuation": no number.
 */
import { useEffect, useId, useRef, useState } from "react";
import { honeypotValue } from "~/features/leads/ui/Honeypot";
import { submitAttempt } from "~/lib/ui/lead-submit.client";
import { useStore } from "~/lib/ui/use-store";
import { fetchCar } from "../flow.client";
import { createTradeInFlowStore } from "../flow.store";
import { acceptFlowOffer, finish, submitFlow } from "../flow-submit.client";
import { initialValues, tradeInQueryValues } from "../form";
import type { QuickPickVariant } from "../trade-in";
import { TradeInCarCard } from "./TradeInCarCard";
import { TradeInForm } from "./TradeInForm";
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

export default function TradeInFlow(props: TradeInFlowProps) {
  const id = useId();
  const [store] = useState(() => {
    const sole = props.locations.length === 1 ? props.locations[0]?.value : undefined;
    const optIn = props.optIn.visible ? props.optIn.default_checked : true;
    return createTradeInFlowStore(initialValues({ optIn, ...(sole ? { locationId: sole } : {}) }));
  });
  const [attempt] = useState(() => submitAttempt());
  const startedAt = useRef(Date.now());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { values, step, status, formError, car, carMessage, offer, notice } = useStore(store.$flow);

  // A link from My Garage names the car: the shopper sees it filled in and can change it.
  useEffect(() => {
    const linked = tradeInQueryValues(window.location.search);
    if (Object.keys(linked).length > 0) store.fill(linked);
  }, [store]);

  useEffect(() => {
    if (!props.carFromQuery) return;
    const carId = new URLSearchParams(window.location.search).get("car_id");
    if (!carId) return;
    fetchCar(carId).then((result) => {
      if (!result.ok) return store.carMissing(result.error);
      store.carFound(
        result.body.car,
        props.locations.map((l) => l.value),
      );
    });
  }, [props.carFromQuery, props.locations, store]);

  // A new step, or the offer, moves focus to its heading so screen readers announce it.
  const view = status === "offer" || status === "accepting" || status === "by-phone" ? status : step;
  useEffect(() => {
    if (store.$flow.get().moved && view) headingRef.current?.focus();
  }, [view, store]);

  const result = offer?.valuation.result;
  const vehicleName = [values.year, values.make, values.model].filter(Boolean).join(" ");
  const submit = () =>
    submitFlow(store, {
      category: props.category,
      pageId: props.pageId,
      honeypot: honeypotValue(id),
      startedAt: startedAt.current,
      attempt,
    });

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
            onAccept={() => acceptFlowOffer(store, props.category)}
          />
        </section>
      ) : (
        <TradeInForm
          id={id}
          store={store}
          headingRef={headingRef}
          locations={props.locations}
          optIn={props.optIn}
          termsRequired={props.termsRequired}
          quickPicks={props.quickPicks}
          submit={submit}
        />
      )}
    </div>
  );
}
