/**
 * The /spin-to-win page in the browser: the campaign's window as of today, the proven mobile (the
 * sign-in gate where the site gates the page, else the inline code step), the spin itself and the
 * wheel turning to the prize the server drew.
 */
import { whenSignedIn } from "~/features/account/account.store";
import { submitJsonForm } from "~/lib/ui/json-form.client";
import { startCodeStep } from "./code-step.client";
import { closedMessage, SPIN_DURATION_MS, SPIN_TEXTS, wheelRotation } from "./spin-to-win";

type SpinAnswer = { prize: string; index: number | null; already: boolean };

export function startSpinPage(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("[data-spin-form]");
  const disc = root.querySelector<SVGGElement>("[data-wheel-disc]");
  const count = root.querySelectorAll(".wheel-slice").length;
  const liveStatus = root.querySelector<HTMLElement>("[data-spin-status]");
  const entry = root.querySelector<HTMLElement>("[data-gated]");
  const startedAt = Date.now();

  // A page built before the campaign closed (or opened) still tells the truth today.
  const closed = closedMessage(
    { start: root.dataset.start, expiry: root.dataset.expiry },
    new Date(),
    root.dataset.timeZone ?? "Australia/Brisbane",
  );
  const closedBox = root.querySelector<HTMLElement>("[data-spin-closed]");
  const open = root.querySelector<HTMLElement>("[data-spin-open]");
  if (closedBox && open) {
    closedBox.textContent = closed ?? "";
    closedBox.hidden = !closed;
    open.hidden = Boolean(closed);
  }
  if (closed || !entry) return;

  const showPhone = (phoneDisplay: string) => {
    const phone = root.querySelector("[data-phone]");
    if (phone) phone.textContent = phoneDisplay;
  };

  const codeSection = root.querySelector<HTMLElement>("[data-code-step]");
  if (codeSection) {
    const step = startCodeStep(codeSection, root.dataset.site ?? "", (user, byCode) => {
      showPhone(user.phone_display);
      entry.hidden = false;
      if (!byCode) return;
      if (liveStatus) liveStatus.textContent = "Your mobile is confirmed. Now add your details and spin.";
      root.querySelector<HTMLElement>("#spin-name")?.focus();
    });
    root.querySelector("[data-other-phone]")?.addEventListener("click", async () => {
      entry.hidden = true;
      await step.restart();
    });
  } else {
    whenSignedIn(entry, (user) => showPhone(user.phone_display));
  }

  function turnWheel(index: number): Promise<void> {
    if (!disc || count === 0) return Promise.resolve();
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    disc.style.transform = `rotate(${wheelRotation(index, count)}deg)`;
    if (reduced) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => resolve();
      disc.addEventListener("transitionend", done, { once: true });
      // Never wait on an event that may not come (a background tab).
      setTimeout(done, SPIN_DURATION_MS + 300);
    });
  }

  function showResult(answer: SpinAnswer) {
    const result = root.querySelector<HTMLElement>("[data-spin-result]");
    const title = result?.querySelector<HTMLElement>("[data-result-title]");
    const text = result?.querySelector<HTMLElement>("[data-result-text]");
    if (!result || !title || !text) return;
    title.textContent = answer.already ? "You've already spun" : SPIN_TEXTS.won(answer.prize);
    text.textContent = answer.already ? SPIN_TEXTS.already(answer.prize) : "";
    text.hidden = !answer.already;
    root.querySelector<HTMLElement>("[data-spin-entry]")?.setAttribute("hidden", "");
    result.hidden = false;
    title.focus();
  }

  form?.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const label = button?.querySelector<HTMLElement>("[data-label]");
    if (button?.disabled) return;
    const data = new FormData(form);
    // No mobile: the server spins for the session's proven one.
    const body: Record<string, unknown> = Object.fromEntries(
      [...data.entries()].filter(([name]) => name !== "opt_in" && name !== "terms_conditions"),
    );
    if (form.querySelector('[name="opt_in"]')) body.opt_in = data.has("opt_in");
    if (form.querySelector('[name="terms_conditions"]')) body.terms_conditions = data.has("terms_conditions");
    body.started_at = startedAt;
    if (label) label.textContent = "Spinning…";
    const answer = await submitJsonForm<SpinAnswer>(form, "/api/spin-to-win", body, {
      idPrefix: "spin",
      unavailable: SPIN_TEXTS.unavailable,
    });
    if (!answer) {
      if (label) label.textContent = "Spin the Wheel";
      return;
    }
    // The wheel turns before the result shows: keep the button down meanwhile.
    if (button) button.disabled = true;
    if (liveStatus) liveStatus.textContent = "The wheel is spinning…";
    // An earlier spin's prize the dealer has since renamed has no slice: the result alone shows.
    if (answer.index !== null) await turnWheel(answer.index);
    if (liveStatus) liveStatus.textContent = "";
    showResult(answer);
  });
}
