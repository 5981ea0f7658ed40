/** Labelled controls of the trade-in steps: each wires its error to the control for screen readers. */
import type { ReactNode } from "react";

interface Base {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
}

function Label({ id, label, required }: Base) {
  return (
    <label htmlFor={id}>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

const a11y = (id: string, error?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

export function TextField(
  props: Base & {
    value: string;
    onChange: (value: string) => void;
    type?: "text" | "email" | "tel";
    autoComplete?: string;
    inputMode?: "numeric" | "text";
    maxLength?: number;
    placeholder?: string;
    /** A <datalist> of suggestions, by id. */
    list?: string;
  },
) {
  return (
    <div className="field">
      <Label {...props} />
      <input
        id={props.id}
        type={props.type ?? "text"}
        list={props.list}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        aria-required={props.required ? true : undefined}
        {...a11y(props.id, props.error)}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <ErrorText id={props.id} error={props.error} />
    </div>
  );
}

export function SelectField(
  props: Base & {
    value: string;
    onChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  },
) {
  return (
    <div className="field">
      <Label {...props} />
      <select
        id={props.id}
        value={props.value}
        aria-required={props.required ? true : undefined}
        {...a11y(props.id, props.error)}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorText id={props.id} error={props.error} />
    </div>
  );
}

export function RadioGroup(
  props: Base & {
    value: string;
    onChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
    children?: ReactNode;
  },
) {
  return (
    <fieldset className="field radio-group" aria-describedby={props.error ? `${props.id}-error` : undefined}>
      <legend>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className="radio-options">
        {props.options.map((option) => (
          <label key={option.value} className="radio-option">
            <input
              type="radio"
              name={props.id}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <ErrorText id={props.id} error={props.error} />
    </fieldset>
  );
}
