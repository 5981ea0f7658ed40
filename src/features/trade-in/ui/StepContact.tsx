/** Step 3: contact details, postcode (spec §5 rules), location, preferred contact method. */
import { FORM_TEXTS } from "~/features/leads/forms";
import { POSTCODE_MAX_LENGTH } from "~/lib/postcodes/postcodes";
import { fieldBinding, type SetField, type StepErrors, type TradeInValues } from "../form";
import { RadioGroup, SelectField, TextField } from "./Fields";

interface Props {
  id: string;
  values: TradeInValues;
  set: SetField;
  errors: StepErrors;
  locations: readonly { value: string; label: string }[];
  optIn: { visible: boolean; text: string };
  termsRequired: boolean;
}

const METHODS = ["Phone", "Email", "SMS"].map((value) => ({ value, label: value }));

export function StepContact({ id, values, set, errors, locations, optIn, termsRequired }: Props) {
  const bind = fieldBinding(id, values, set, errors);
  return (
    <>
      <div className="row">
        <TextField {...bind("name")} label="First name" required autoComplete="given-name" />
        <TextField {...bind("last_name")} label="Last name" autoComplete="family-name" />
      </div>
      <div className="row">
        <TextField {...bind("email")} label="Email" type="email" required autoComplete="email" />
        <TextField {...bind("phone")} label="Phone" type="tel" required autoComplete="tel" />
      </div>
      <div className="row">
        <TextField
          {...bind("postcode")}
          label="Postcode"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={POSTCODE_MAX_LENGTH}
        />
        {locations.length > 0 && (
          <SelectField
            id={`${id}-location`}
            label="Dealership"
            required
            value={values.location_id}
            onChange={(v) => set("location_id", v)}
            options={locations}
            // Spec §5: a sole option is chosen for the shopper, so it needs no placeholder.
            {...(locations.length > 1 ? { placeholder: FORM_TEXTS.dealershipPlaceholder } : {})}
            error={errors.location_id}
          />
        )}
      </div>
      <RadioGroup
        id={`${id}-method`}
        label="How should we contact you?"
        value={values.PreferredContactMethod}
        onChange={(v) => set("PreferredContactMethod", v)}
        options={METHODS}
        error={errors.PreferredContactMethod}
      />
      {optIn.visible && (
        <label className="inline check">
          <input type="checkbox" checked={values.opt_in} onChange={(e) => set("opt_in", e.target.checked)} />{" "}
          {optIn.text}
        </label>
      )}
      {termsRequired && (
        <div className="field">
          <label className="inline check">
            <input
              type="checkbox"
              checked={values.terms_conditions}
              aria-invalid={errors.terms_conditions ? true : undefined}
              onChange={(e) => set("terms_conditions", e.target.checked)}
            />{" "}
            I agree to the terms of use
          </label>
          {errors.terms_conditions && <p className="field-error">{errors.terms_conditions}</p>}
        </div>
      )}
    </>
  );
}
