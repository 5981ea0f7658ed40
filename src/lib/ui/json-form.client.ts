/**
 * Sends a static form's fields as JSON and shows the answer's errors (spec §5 "Errors shown 'Please
 * fix the following errors:' list plus form-level alert"): the submit button is disabled with its
 * spinner while the request runs; a 4xx/5xx's `fields` mark their fields, any other `error` shows
 * in the form's `[data-form-error]`. Resolves with the answer when the server said yes, else null.
 */
import { showFormErrors } from "./form-errors.client";
import { OFFLINE_TEXT, sendJson } from "./lead-submit.client";

export async function submitJsonForm<T extends object>(
  form: HTMLFormElement,
  url: string,
  body: Record<string, unknown>,
  options: { idPrefix: string; unavailable: string },
): Promise<T | null> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const spinner = button?.querySelector<HTMLElement>(".spinner");
  const formError = form.querySelector<HTMLElement>("[data-form-error]");
  if (button) button.disabled = true;
  if (spinner) spinner.hidden = false;
  if (formError) formError.textContent = "";
  const answer = await sendJson<T>(
    url,
    { failed: options.unavailable, offline: OFFLINE_TEXT },
    { body, headers: { accept: "application/json" } },
  );
  if (button) button.disabled = false;
  if (spinner) spinner.hidden = true;
  showFormErrors(form, (!answer.ok && answer.fields) || {}, options.idPrefix);
  if (answer.ok) return answer.body;
  if (!answer.fields && formError) formError.textContent = answer.error;
  return null;
}
