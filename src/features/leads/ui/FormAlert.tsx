/**
 * The alert above a form (spec §5 "Errors shown 'Please fix the following errors:' list plus
 * form-level alert"): the field messages as a list, else the form's own error. It takes focus when
 * it appears or its list changes, so screen readers read it out.
 */
import { useEffect, useRef } from "react";
import { LEAD_TEXTS } from "../schemas";

export interface FormAlertProps {
  /** [key, message] pairs, in the order the fields appear. */
  messages: readonly (readonly [string, string])[];
  formError: string | null;
}

export function FormAlert({ messages, formError }: FormAlertProps) {
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (messages.length > 0 || formError) alertRef.current?.focus();
  }, [messages.length, formError]);
  if (messages.length === 0 && !formError) return null;
  return (
    <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef}>
      {messages.length > 0 ? (
        <>
          <p>{LEAD_TEXTS.fixErrors}</p>
          <ul>
            {messages.map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{formError}</p>
      )}
    </div>
  );
}
