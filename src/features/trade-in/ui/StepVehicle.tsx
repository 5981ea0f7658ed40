/**
 * Step 1: the car. Rego + state look up make, model, year and badge where the site has a rego
 * lookup; the shopper can always type them, with the catalogue's makes and models suggested.
 */
import { useEffect, useState } from "react";
import { VEHICLE_CATALOG } from "../catalog";
import { lookupRego, regoLookupAvailable } from "../flow.client";
import { estimateAvailable, fieldBinding, type SetField, type StepErrors, type TradeInValues } from "../form";
import { REGO_STATES, TRADE_IN_TEXTS } from "../trade-in";
import { SelectField, TextField } from "./Fields";
import { KmsInput } from "./KmsInput";

interface Props {
  id: string;
  values: TradeInValues;
  set: SetField;
  errors: StepErrors;
  now: Date;
}

const STATE_OPTIONS = REGO_STATES.map((state) => ({ value: state, label: state }));
const MAKES = [...new Set(VEHICLE_CATALOG.map((entry) => entry.make))];

/** The catalogue's models of the make typed so far (every model until a make matches). */
function modelSuggestions(make: string): string[] {
  const key = make.trim().toLowerCase();
  const same = VEHICLE_CATALOG.filter((entry) => entry.make.toLowerCase() === key);
  return (same.length > 0 ? same : VEHICLE_CATALOG).map((entry) => entry.model);
}

export function StepVehicle({ id, values, set, errors, now }: Props) {
  const [lookup, setLookup] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
  // Offered only once the site says it has a lookup; until then (or without one) the car is typed.
  const [canLookUp, setCanLookUp] = useState(false);
  useEffect(() => {
    let live = true;
    void regoLookupAvailable().then((available) => live && setCanLookUp(available));
    return () => {
      live = false;
    };
  }, []);
  const estimate = estimateAvailable(values, now);
  const bind = fieldBinding(id, values, set, errors);

  const find = async () => {
    if (!values.rego.trim() || !values.regoState) {
      setLookup({
        busy: false,
        message: !values.regoState ? TRADE_IN_TEXTS.regoState : TRADE_IN_TEXTS.regoInvalid,
      });
      return;
    }
    setLookup({ busy: true, message: null });
    const result = await lookupRego(values.rego, values.regoState);
    if (result.ok) {
      const { vehicle } = result.body;
      set("make", vehicle.make);
      set("model", vehicle.model);
      set("year", String(vehicle.year));
      set("badge", vehicle.badge);
      set("rego", vehicle.rego);
      setLookup({
        busy: false,
        message: `Found: ${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.badge}`,
      });
    } else {
      const message =
        result.fields?.rego ??
        result.fields?.regoState ??
        (result.status === 404 ? TRADE_IN_TEXTS.regoNotFound : TRADE_IN_TEXTS.lookupFailed);
      setLookup({ busy: false, message });
    }
  };

  return (
    <>
      <div className="rego-lookup">
        <fieldset>
          <legend>{canLookUp ? "Find your car by rego" : "Your car's rego (optional)"}</legend>
          <div className="row">
            <TextField {...bind("rego")} label="Rego" maxLength={9} autoComplete="off" />
            <SelectField {...bind("regoState")} label="State" options={STATE_OPTIONS} placeholder="Select…" />
            {canLookUp && (
              <button
                type="button"
                className="btn btn-outline lookup-button"
                onClick={find}
                disabled={lookup.busy}
              >
                {lookup.busy && <span className="spinner" aria-hidden="true" />}
                {lookup.busy ? "Looking up…" : "Find my car"}
              </button>
            )}
          </div>
          <p className="lookup-status" role="status">
            {lookup.message}
          </p>
        </fieldset>
      </div>
      <p className="muted or-manual">{canLookUp ? "Or enter your car's details:" : "Your car's details:"}</p>
      <div className="row">
        <TextField {...bind("make")} label="Make" required list={`${id}-makes`} />
        <TextField {...bind("model")} label="Model" required list={`${id}-models`} />
      </div>
      <datalist id={`${id}-makes`}>
        {MAKES.map((make) => (
          <option key={make} value={make} />
        ))}
      </datalist>
      <datalist id={`${id}-models`}>
        {modelSuggestions(values.make).map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <div className="row">
        <TextField {...bind("year")} label="Year" required inputMode="numeric" maxLength={4} />
        <TextField {...bind("badge")} label="Badge (optional)" />
      </div>
      <KmsInput id={`${id}-kms`} value={values.kms} onChange={(v) => set("kms", v)} error={errors.kms} />
      <div role="status" className="estimate-note">
        {estimate === false && <p className="notice">{TRADE_IN_TEXTS.noEstimate}</p>}
      </div>
    </>
  );
}
