/**
 * The small form plumbing of the phone-then-code steps (ui/code-steps.client.ts): a JSON POST that
 * never throws, a field error that is announced and takes focus, and a busy submit button.
 */
import { OFFLINE_TEXT } from "~/lib/ui/lead-submit.client";

export type CodeAnswer = { ok: boolean; body: Record<string, unknown> };

export async function postCodeForm(path: string, body: unknown): Promise<CodeAnswer> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  } catch {
    return { ok: false, body: { error: OFFLINE_TEXT } };
  }
}

/**
 * Shows `message` in the form's `[data-error]` (a role=alert region, so it is announced), ties it to
 * the field and sends focus back there; an empty message clears both.
 */
export function showFieldError(
  form: HTMLFormElement,
  input: HTMLInputElement | null | undefined,
  message: string,
) {
  const error = form.querySelector<HTMLElement>("[data-error]");
  if (error) {
    error.id ||= `${input?.id || form.dataset.step || "code-form"}-error`;
    error.textContent = message;
  }
  if (!input) return;
  if (message) {
    input.setAttribute("aria-invalid", "true");
    if (error) input.setAttribute("aria-describedby", error.id);
    input.focus();
  } else {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
}

export function setFormBusy(form: HTMLFormElement, on: boolean) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const spinner = button?.querySelector<HTMLElement>(".spinner");
  if (button) button.disabled = on;
  if (spinner) spinner.hidden = !on;
  form.setAttribute("aria-busy", String(on));
}
