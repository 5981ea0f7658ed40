import { type SubmitEvent, useId, useRef, useState } from "react";
import {
  checkPostcode,
  DELIVERY_TEXTS,
  type DeliveryEstimate,
  formatDeliveryPrice,
  POSTCODE_LENGTH,
} from "../delivery";

export const DELIVERY_PATH = "/api/delivery";

type State =
  | { kind: "idle" }
  | { kind: "invalid"; error: string }
  | { kind: "loading" }
  | { kind: "done"; estimate: DeliveryEstimate }
  | { kind: "failed"; message: string };

async function lookup(postcode: string): Promise<State> {
  try {
    const response = await fetch(`${DELIVERY_PATH}?postcode=${encodeURIComponent(postcode)}`, {
      headers: { accept: "application/json" },
    });
    const body = (await response.json().catch(() => null)) as
      | (Partial<DeliveryEstimate> & { error?: string })
      | null;
    if (response.ok && typeof body?.price === "number" && typeof body.name === "string") {
      return { kind: "done", estimate: { price: body.price, name: body.name } };
    }
    if (response.status === 400 && body?.error) return { kind: "invalid", error: body.error };
  } catch {
    // Offline or the server is down: the shopper still gets the spec's way forward below.
  }
  return { kind: "failed", message: DELIVERY_TEXTS.noEstimate };
}

/** Spec §4 delivery calculator: postcode required, lookup with spinner, region and price or the failure text. */
export default function DeliveryCalculator() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [postcode, setPostcode] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const loading = state.kind === "loading";

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const check = checkPostcode(postcode);
    if (!check.ok) {
      setState({ kind: "invalid", error: check.error });
      input.current?.focus();
      return;
    }
    setState({ kind: "loading" });
    const next = await lookup(check.postcode);
    setState(next);
    if (next.kind === "invalid") input.current?.focus();
  }

  const errorId = `${id}-error`;
  return (
    <form className="dc" onSubmit={submit} noValidate aria-busy={loading}>
      <div className="dc-row">
        <div className="dc-field">
          <label htmlFor={`${id}-postcode`}>Postcode</label>
          <input
            ref={input}
            id={`${id}-postcode`}
            name="postcode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={POSTCODE_LENGTH}
            pattern="[0-9]*"
            value={postcode}
            aria-invalid={state.kind === "invalid"}
            aria-describedby={state.kind === "invalid" ? errorId : undefined}
            onChange={(event) => setPostcode(event.target.value)}
          />
        </div>
        <button type="submit" className="btn" disabled={loading}>
          {loading && <span className="spinner" aria-hidden="true" />}
          {loading ? "Calculating…" : "Calculate"}
        </button>
      </div>
      {state.kind === "invalid" && (
        <p id={errorId} className="dc-error">
          {state.error}
        </p>
      )}
      <div className="dc-result" role="status">
        {state.kind === "done" && (
          <p className="dc-estimate">
            <span className="dc-region">Delivery to {state.estimate.name}</span>
            <strong className="dc-price">{formatDeliveryPrice(state.estimate.price)}</strong>
          </p>
        )}
        {state.kind === "failed" && <p className="dc-failed">{state.message}</p>}
      </div>
    </form>
  );
}
