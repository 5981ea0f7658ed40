/**
 * Spec §5 money input: $ prefix, thousand separators, quick-pick buttons. The field keeps what the
 * shopper types while typing and shows separators once they leave it (no caret jumps).
 */
import { useState } from "react";
import {
  formatAmountInput,
  formatMoney,
  MONEY_QUICK_PICKS,
  parseMoney,
  type QuickPickVariant,
} from "../trade-in";

interface Props {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  quickPicks?: QuickPickVariant;
  error?: string | undefined;
  hint?: string;
}

export function MoneyInput({ id, label, value, onChange, quickPicks = "standard", error, hint }: Props) {
  const [text, setText] = useState(formatAmountInput(value));
  const [editing, setEditing] = useState(false);
  const shown = editing ? text : formatAmountInput(value);
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field money-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div className="affix-input">
        <span className="affix" aria-hidden="true">
          $
        </span>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onFocus={() => {
            setText(formatAmountInput(value));
            setEditing(true);
          }}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseMoney(event.target.value));
          }}
          onBlur={() => setEditing(false)}
        />
      </div>
      <fieldset className="quick-picks">
        <legend className="visually-hidden">{`${label}: quick picks`}</legend>
        {MONEY_QUICK_PICKS[quickPicks].map((amount) => (
          <button
            key={amount}
            type="button"
            className="chip"
            aria-pressed={value === amount}
            onClick={() => {
              setEditing(false);
              onChange(amount);
            }}
          >
            {formatMoney(amount)}
          </button>
        ))}
      </fieldset>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
