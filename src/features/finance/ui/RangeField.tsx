import { type ChangeEvent, useEffect, useState } from "react";
import { formatDecimal } from "~/lib/format";

interface Props {
  id: string;
  label: string;
  /** The figure as entered (may be out of range while typing). */
  value: number;
  /** The figure the calculation used; the text box shows it again when it loses focus. */
  used: number;
  min: number;
  max: number;
  step: number;
  prefix?: string;
  suffix?: string;
  /** How the slider announces a value ("$30,000", "6 years"). */
  valueText: (value: number) => string;
  /** Decimal places always shown (2 for a fuel price: "1.70"). */
  decimals?: number;
  error?: string | null;
  onChange: (value: number) => void;
}

/** Typed text to a number: "$30,000" → 30000; nothing usable → NaN. */
export function parseFigure(text: string): number {
  const cleaned = text.replace(/[^0-9.-]/g, "");
  return cleaned === "" || cleaned === "-" || cleaned === "." ? Number.NaN : Number(cleaned);
}

/** A labelled text box for exact figures paired with a slider for quick changes; both keyboard usable. */
export function RangeField(props: Props) {
  const {
    id,
    label,
    value,
    used,
    min,
    max,
    step,
    prefix,
    suffix,
    valueText,
    decimals = 0,
    error,
    onChange,
  } = props;
  const [text, setText] = useState(formatDecimal(value, decimals));
  // A slider move (or reset) changes the value from outside the text box: show it there too.
  useEffect(() => {
    setText((current) => (parseFigure(current) === value ? current : formatDecimal(value, decimals)));
  }, [value, decimals]);
  const errorId = `${id}-error`;
  const onText = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    onChange(parseFigure(event.target.value));
  };
  return (
    <div className="fc-field">
      <div className="fc-field-head">
        <label htmlFor={id}>{label}</label>
        <span className="fc-box">
          {prefix && <span aria-hidden="true">{prefix}</span>}
          <input
            id={id}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={onText}
            onBlur={() => {
              if (used !== value) onChange(used);
              setText(formatDecimal(used, decimals));
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {suffix && <span aria-hidden="true">{suffix}</span>}
        </span>
      </div>
      <input
        type="range"
        className="fc-slider"
        aria-label={label}
        aria-valuetext={valueText(used)}
        min={min}
        max={max}
        step={step}
        value={Math.min(max, Math.max(min, used))}
        onChange={(event) => onChange(event.target.valueAsNumber)}
      />
      {error && (
        <p id={errorId} className="fc-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
