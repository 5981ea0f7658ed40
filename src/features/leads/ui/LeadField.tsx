/** One field of a lead form as its definition says (text, select, yes/no, textarea), its error tied to it. */
import type { ReactNode } from "react";
import type { UseFormRegister } from "react-hook-form";
import type { FieldDef } from "../forms";

export interface LeadFieldProps {
  def: FieldDef;
  id: string;
  register: UseFormRegister<Record<string, unknown>>;
  error?: string | undefined;
}

export function LeadField({ def, id, register, error }: LeadFieldProps) {
  const inputId = `${id}-${def.name.replace(/\W+/g, "-")}`;
  const errorId = `${inputId}-error`;
  const common = {
    id: inputId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    ...register(def.name),
  };
  const label = (
    <label htmlFor={inputId}>
      {def.label}
      {def.required && <span aria-hidden="true"> *</span>}
    </label>
  );
  let control: ReactNode;
  if (def.type === "textarea") control = <textarea rows={4} {...common} />;
  else if (def.type === "select") {
    control = (
      <select aria-required={def.required ? true : undefined} {...common}>
        {def.placeholder && <option value="">{def.placeholder}</option>}
        {def.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (def.type === "yes-no") {
    return (
      <fieldset className="field" aria-describedby={error ? errorId : undefined}>
        <legend>{def.label}</legend>
        {["Yes", "No"].map((answer) => (
          <label key={answer} className="inline">
            <input type="radio" value={answer} {...register(def.name)} /> {answer}
          </label>
        ))}
        {error && (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        )}
      </fieldset>
    );
  } else {
    control = (
      <input
        type={def.type === "number" ? "text" : def.type}
        autoComplete={def.autocomplete}
        placeholder={def.placeholder}
        inputMode={def.inputMode}
        aria-required={def.required ? true : undefined}
        {...common}
      />
    );
  }
  return (
    <div className="field">
      {label}
      {control}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
