/** The marketing opt-in (when the site shows it) and the terms of use (when the site asks for them). */
import type { UseFormRegister } from "react-hook-form";

export interface ConsentChecksProps {
  optIn: { visible: boolean; text: string };
  termsRequired: boolean;
  termsInvalid: boolean;
  register: UseFormRegister<Record<string, unknown>>;
}

export function ConsentChecks({ optIn, termsRequired, termsInvalid, register }: ConsentChecksProps) {
  return (
    <>
      {optIn.visible && (
        <label className="inline check">
          <input type="checkbox" {...register("opt_in")} /> {optIn.text}
        </label>
      )}
      {termsRequired && (
        <label className="inline check">
          <input
            type="checkbox"
            aria-invalid={termsInvalid ? true : undefined}
            {...register("terms_conditions")}
          />{" "}
          I agree to the terms of use
        </label>
      )}
    </>
  );
}
