/**
 * Sends a static form's fields as JSON and shows the answer's errors (spec §5 "Errors shown 'Please
 * fix the following errors:' list plus form-level alert"): the submit button is disabled with its
 * spinner while the request runs; a 4xx/5xx's `fields` mark their fields, any other `error` shows
 * in the form's `[data-form-error]`. Resolves with the answer when the server said yes, else null.
 */
import { showFormErrors } from "./form-errors.client";

export const OFFLINE_TEXT = "We couldn't reach the server. Please check your connection and try again.";

type Answer = { error?: string; fields?: Record<string, string> };

export async function submitJsonForm<T extends object>(
  form: HTMLFormElement,
  url: string,
  body: Record<string, unknown>,
  options: { idPrefix: string; unavailable: string },
): Promise<(T & Answer) | null> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const spinner = button?.querySelector<HTMLElement>(".spinner");
  const formError = form.querySelector<HTMLElement>("[data-form-error]");
  if (button) button.disabled = true;
  if (spinner) spinner.hidden = false;
  if (formError) formError.textContent = "";
  let ok = false;
  let answer: T & Answer;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    ok = response.ok;
    answer =
      ((await response.json().catch(() => null)) as (T & Answer) | null) ??
      ({ error: options.unavailable } as T & Answer);
  } catch {
    answer = { error: OFFLINE_TEXT } as T & Answer;
  }
  if (button) button.disabled = false;
  if (spinner) spinner.hidden = true;
  showFormErrors(form, answer.fields ?? {}, options.idPrefix);
  if (ok) return answer;
  if (!answer.fields && formError) formError.textContent = answer.error ?? options.unavailable;
  return null;
}
