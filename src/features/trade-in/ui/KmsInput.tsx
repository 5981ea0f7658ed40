/** Spec §5 km input: the suffix ' kms' beside the field; separators once the shopper leaves it. */
import { useState } from "react";
import { formatAmountInput, KMS_SUFFIX, parseKms } from "../trade-in";

interface Props {
  id: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string | undefined;
}

export function KmsInput({ id, value, onChange, error }: Props) {
  const [text, setText] = useState(formatAmountInput(value));
  const [editing, setEditing] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>
        Kilometres<span aria-hidden="true"> *</span>
      </label>
      <div className="affix-input">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-required="true"
          value={editing ? text : formatAmountInput(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={() => {
            setText(formatAmountInput(value));
            setEditing(true);
          }}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseKms(event.target.value));
          }}
          onBlur={() => setEditing(false)}
        />
        <span className="affix suffix" aria-hidden="true">
          {KMS_SUFFIX.trim()}
        </span>
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
