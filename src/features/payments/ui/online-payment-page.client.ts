/** /online-payment: the payment form for a signed-in shopper, and the outcome when the provider sends them back. */
import { whenSignedIn } from "~/features/account/account.store";
import { PAYMENT_TEXTS, type PaymentStatus } from "~/features/payments/payments";
import { submitJsonForm } from "~/lib/ui/json-form.client";

const root = document.querySelector<HTMLElement>("[data-payment]");
const gated = root?.querySelector<HTMLElement>("[data-gated]");
const form = root?.querySelector<HTMLFormElement>("[data-payment-form]");
const entry = root?.querySelector<HTMLElement>("[data-payment-entry]");
const statusBox = root?.querySelector<HTMLElement>("[data-payment-status]");
const query = new URLSearchParams(window.location.search);
const paymentId = query.get("payment");
// The provider's Cancel brings the shopper back with this; its session stays open until it
// expires (the webhook then settles it), so only this page treats it as cancelled.
const cancelled = query.get("cancelled") === "1";

type Payment = {
  status: PaymentStatus;
  status_text: string;
  purpose: string;
  reference: string;
  amount: string;
};

async function getJson<T>(path: string): Promise<{ ok: boolean; body: T | null }> {
  try {
    const response = await fetch(path, { headers: { accept: "application/json" } });
    return { ok: response.ok, body: (await response.json().catch(() => null)) as T | null };
  } catch {
    return { ok: false, body: null };
  }
}

/** Shows a returning shopper's payment; while the bank confirms it, asks again for a minute. */
async function showPayment(id: string) {
  if (!statusBox || !entry) return;
  const text = statusBox.querySelector<HTMLElement>("[data-status-text]");
  const detail = statusBox.querySelector<HTMLElement>("[data-status-detail]");
  statusBox.hidden = false;
  entry.hidden = true;
  for (let attempt = 0; attempt < 30; attempt++) {
    const { ok, body } = await getJson<{ payment?: Payment; error?: string }>(
      `/api/online-payment?payment=${encodeURIComponent(id)}`,
    );
    const payment = body?.payment;
    if (!ok || !payment) {
      if (text) text.textContent = body?.error ?? PAYMENT_TEXTS.notFound;
      entry.hidden = false;
      return;
    }
    if (text) text.textContent = payment.status_text;
    if (detail) detail.textContent = `${payment.amount} for ${payment.purpose} ${payment.reference}`;
    if (attempt === 0) statusBox.querySelector<HTMLElement>("h2")?.focus();
    if (payment.status === "pending" && cancelled) {
      if (text) text.textContent = PAYMENT_TEXTS.status.cancelled;
      entry.hidden = false;
      return;
    }
    if (payment.status !== "pending") {
      // Nothing was charged: the form is there to try again.
      entry.hidden = payment.status === "paid";
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  if (text) text.textContent = PAYMENT_TEXTS.slow;
}

async function start(user: { phone_display: string }) {
  const phone = root?.querySelector("[data-phone]");
  if (phone) phone.textContent = user.phone_display;
  const { body } = await getJson<{ available?: boolean }>("/api/online-payment");
  if (body?.available === false) {
    const unavailable = root?.querySelector<HTMLElement>("[data-payment-unavailable]");
    if (unavailable) {
      unavailable.textContent = PAYMENT_TEXTS.unavailable;
      unavailable.hidden = false;
    }
    if (entry) entry.hidden = true;
    return;
  }
  if (paymentId) await showPayment(paymentId);
}
if (gated) whenSignedIn(gated, start);

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button?.disabled) return;
  const answer = await submitJsonForm<{ url: string }>(
    form,
    "/api/online-payment",
    Object.fromEntries(new FormData(form)),
    {
      idPrefix: "payment",
      unavailable: PAYMENT_TEXTS.failed,
    },
  );
  if (!answer?.url) return;
  if (button) button.disabled = true;
  window.location.assign(answer.url);
});
