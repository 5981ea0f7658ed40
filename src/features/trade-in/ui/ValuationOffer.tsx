/** The online offer (spec §4 trade-in flow: accept offer) shown once the lead is stored. */
import { formatMoney } from "../trade-in";

interface Props {
  offer: number;
  low: number;
  high: number;
  vehicle: string;
  accepting: boolean;
  error: string | null;
  onAccept: () => void;
}

export function ValuationOffer({ offer, low, high, vehicle, accepting, error, onAccept }: Props) {
  return (
    <div className="valuation-offer">
      <p className="muted">Your online offer for the {vehicle}</p>
      <p className="offer-amount">{formatMoney(offer)}</p>
      <p className="muted">
        {low < high ? `Estimated range ${formatMoney(low)} to ${formatMoney(high)}, subject` : "Subject"} to
        an inspection of your car.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn btn-accent" onClick={onAccept} disabled={accepting}>
          {accepting && <span className="spinner" aria-hidden="true" />}
          {accepting ? "Accepting…" : "Accept offer"}
        </button>
        <a className="btn btn-outline" href="/success">
          Talk to our team first
        </a>
      </div>
    </div>
  );
}
