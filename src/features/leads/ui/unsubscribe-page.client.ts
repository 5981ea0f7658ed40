/** /pages/unsubscribe: sends the shopper's request and shows the answer. */
import { UNSUBSCRIBE_TEXTS } from "~/features/leads/unsubscribe/unsubscribe";
import { submitJsonForm } from "~/lib/ui/json-form.client";

const root = document.querySelector<HTMLElement>("[data-unsubscribe]");
const form = root?.querySelector<HTMLFormElement>("[data-unsubscribe-form]");
// Marketing emails link here with the address filled in.
const linked = new URLSearchParams(window.location.search).get("email");
const emailInput = form?.querySelector<HTMLInputElement>('[name="email"]');
if (linked && emailInput && !emailInput.value) emailInput.value = linked;

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (form.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled) return;
  const answer = await submitJsonForm<{ email: string }>(
    form,
    "/api/unsubscribe",
    Object.fromEntries(new FormData(form)),
    {
      idPrefix: "unsubscribe",
      unavailable: UNSUBSCRIBE_TEXTS.unavailable,
    },
  );
  if (!answer) return;
  const done = root?.querySelector<HTMLElement>("[data-unsubscribe-done]");
  const shown = done?.querySelector<HTMLElement>("[data-unsubscribed-email]");
  if (shown) shown.textContent = answer.email ?? "";
  root?.querySelector<HTMLElement>("[data-unsubscribe-entry]")?.setAttribute("hidden", "");
  if (done) done.hidden = false;
  done?.querySelector<HTMLElement>("h2")?.focus();
});
