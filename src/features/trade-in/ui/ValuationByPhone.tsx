/**
 * The flow's end when there is no online figure for the car (no valuation service on this site, or
 * it has none for this car): the lead is stored and the dealer calls with a valuation. No number.
 */
import { TRADE_IN_TEXTS } from "../trade-in";

interface Props {
  vehicle: string;
  /** The server's words, when it sent them; else the flow's own. */
  notice?: string | undefined;
  onDone: () => void;
}

export function ValuationByPhone({ vehicle, notice, onDone }: Props) {
  return (
    <div className="valuation-by-phone">
      <p>{notice || TRADE_IN_TEXTS.valuationByPhone}</p>
      {vehicle && <p className="muted">Your car: {vehicle}</p>}
      <div className="actions">
        <button type="button" className="btn btn-accent" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
