/** Step 1: the car. Rego + state look up make, model, year and badge; or the shopper types them. */
import { useState } from "react";
import { lookupRego } from "../flow";
import { estimateAvailable, fieldBinding, type SetField, type StepErrors, type TradeInValues } from "../form";
import { REGO_STATES, TRADE_IN_TEXTS } from "../tradein";
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

export function StepVehicle({ id, values, set, errors, now }: Props) {
  const [lookup, setLookup] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
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
          <legend>Find your car by rego</legend>
          <div className="row">
            <TextField {...bind("rego")} label="Rego" maxLength={9} autoComplete="off" />
            <SelectField {...bind("regoState")} label="State" options={STATE_OPTIONS} placeholder="Select…" />
            <button
              type="button"
              className="btn btn-outline lookup-button"
              onClick={find}
              disabled={lookup.busy}
            >
              {lookup.busy && <span className="spinner" aria-hidden="true" />}
              {lookup.busy ? "Looking up…" : "Find my car"}
            </button>
          </div>
          <p className="lookup-status" role="status">
            {lookup.message}
          </p>
        </fieldset>
      </div>
      <p className="muted or-manual">Or enter your car's details:</p>
      <div className="row">
        <TextField {...bind("make")} label="Make" required />
        <TextField {...bind("model")} label="Model" required />
      </div>
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
