/**
 * The checkout page's script: reads the car the address names from /cars/{slug}/view.json (so a car
 * sold or held since the build is never offered), asks for sign-in where the site gates checkout
 * (always when the deposit is paid here), checks the plan, then either takes the deposit through
 * the payment provider (view.json `deposit_online`) or mounts the shared lead form with the request
 * written out. Back from the provider (`?payment=`), it shows what the deposit bought.
 */
import { requireSignIn } from "~/features/account/account.store";
import { formatDeliveryPrice } from "~/features/delivery/delivery";
import type { LeadFormProps } from "~/features/leads/ui/LeadForm";
import { mountLeadFormInto } from "~/features/leads/ui/load-lead-form.client";
import { DEFAULT_TIME_ZONE } from "~/features/locations/locations";
import { cdnImage } from "~/features/media/media";
import { PAYMENT_TEXTS } from "~/features/payments/payments";
import {
  liveHold,
  missedCarOffers,
  type ReserveOutcome,
  reservedUntilText,
} from "~/features/payments/reservations";
import type { CarFields, CheckoutOffer } from "~/features/vehicle/car-fields";
import { loadCarFields } from "~/features/vehicle/car-fields.client";
import { formatMoney } from "~/lib/format";
import { showFormErrors } from "~/lib/ui/form-errors.client";
import { submitJsonForm } from "~/lib/ui/json-form.client";
import {
  CHECKOUT_TEXTS,
  type CheckoutChoices,
  type CheckoutPlan,
  checkChoices,
  checkoutSubcategory,
  checkoutSubmitLabel,
  checkoutSummary,
  checkoutTarget,
  paymentNote,
} from "../checkout";

const root = document.querySelector<HTMLElement>("[data-checkout]");
const q = <T extends Element = HTMLElement>(selector: string) => root?.querySelector<T>(selector) ?? null;
const status = q("[data-checkout-status]");
const planForm = q<HTMLFormElement>('form[data-step="plan"]');
const details = q('[data-step="details"]');
const holder = q("[data-lead-holder]");
const deliveryOffered = root?.dataset.delivery !== undefined;
const timeZone = root?.dataset.timeZone ?? DEFAULT_TIME_ZONE;
const depositForm = q<HTMLFormElement>("form[data-deposit-form]");
let unmount: (() => void) | null = null;

const say = (text: string) => {
  if (status) status.textContent = text;
};

function choices(): CheckoutChoices {
  const data = new FormData(planForm ?? undefined);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    plan: text("plan") as CheckoutChoices["plan"],
    payment: text("payment") as CheckoutChoices["payment"],
    trade_in: text("trade_in") as CheckoutChoices["trade_in"],
    handover: text("handover") as CheckoutChoices["handover"],
    postcode: text("postcode"),
  };
}

/** Payment only when buying; the postcode only for delivery. */
function showDependentFields() {
  const now = choices();
  const payment = q<HTMLFieldSetElement>('[data-field="payment"]');
  if (payment) payment.hidden = now.plan !== "buy";
  const postcode = q('[data-field="postcode"]');
  if (postcode) postcode.hidden = now.handover !== "delivery";
}

function showErrors(errors: Record<string, string>) {
  if (root) showFormErrors(root, errors, "checkout");
}

function setStep(step: "plan" | "details") {
  if (planForm) planForm.hidden = step !== "plan";
  if (details) details.hidden = step !== "details";
  for (const marker of root?.querySelectorAll<HTMLElement>("[data-step-marker]") ?? []) {
    if (marker.dataset.stepMarker === step) marker.setAttribute("aria-current", "step");
    else marker.removeAttribute("aria-current");
  }
  q<HTMLElement>(step === "plan" ? "#plan-title" : "#details-title")?.focus();
}

async function deliveryEstimate(postcode: string) {
  try {
    const response = await fetch(`/api/delivery?${new URLSearchParams({ postcode })}`);
    if (!response.ok) return null;
    const estimate = (await response.json()) as { name: string; price: number };
    return { name: estimate.name, price_text: formatDeliveryPrice(estimate.price) };
  } catch {
    return null;
  }
}

async function mountForm(props: LeadFormProps) {
  if (!holder) return;
  unmount?.();
  unmount = null;
  const loading = document.createElement("p");
  loading.className = "muted";
  loading.setAttribute("role", "status");
  loading.textContent = "Loading the form…";
  holder.replaceChildren(loading);
  unmount = await mountLeadFormInto(holder, props, () => void mountForm(props));
}

function renderCar(car: CarFields, offer: CheckoutOffer, plan: CheckoutPlan) {
  document.title = `${CHECKOUT_TEXTS.title}: ${car.name} | ${root?.dataset.siteName ?? ""}`;
  const text = (selector: string, value: string) => {
    const element = q(selector);
    if (element) element.textContent = value;
  };
  if (car.image.url) {
    const img = document.createElement("img");
    img.src = cdnImage(car.image.url, 640);
    img.alt = "";
    img.width = 640;
    img.height = 427;
    q("[data-car-photo]")?.append(img);
  }
  text("[data-car-name]", car.name);
  text("[data-car-price]", car.price_text);
  text("[data-car-was]", car.was_price_text ?? "");
  text("[data-car-dealer]", [car.dealer.name, car.dealer.address].filter(Boolean).join(", "));
  const link = q<HTMLAnchorElement>("[data-car-link]");
  if (link) link.href = `/cars/${car.slug}`;
  text(
    "[data-reserve-label]",
    offer.deposit ? `Reserve with a ${formatMoney(offer.deposit)} deposit` : "Reserve it",
  );
  text(
    "[data-reserve-text]",
    "We hold it for you for 48 hours while you arrange finance, a test drive or an inspection. The deposit is 100% refundable.",
  );
  text(
    "[data-buy-text]",
    `Ask to buy it at ${car.price_text}. The dealer confirms the price and the paperwork with you.`,
  );
  text("[data-pickup-label]", `Pick up from ${car.dealer.name}`);
  const planInput = q<HTMLInputElement>(`input[name="plan"][value="${plan}"]`);
  if (planInput) planInput.checked = true;
  showDependentFields();
}

/** Links offered to a shopper who cannot have this car (Find Me Something Similar, the watchlist). */
function offerLinks(offers: { label: string; href: string }[]) {
  const list = q("[data-checkout-offers]");
  if (!list) return;
  list.replaceChildren(
    ...offers.map((offer) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.className = "btn btn-outline";
      link.href = offer.href;
      link.textContent = offer.label;
      item.append(link);
      return item;
    }),
  );
  list.hidden = offers.length === 0;
}

type ReservePayment = {
  status: string;
  status_text: string;
  amount: string;
  reservation: {
    outcome: ReserveOutcome;
    reserved_until: string | null;
    text: string;
    offers?: { label: string; href: string }[];
  };
};

/** Back from the provider: what the deposit bought; while the bank confirms it, asks again for a minute. */
async function showReservePayment(id: string, slug: string) {
  const cancelled = new URLSearchParams(window.location.search).get("cancelled") === "1";
  for (let attempt = 0; attempt < 30; attempt++) {
    let body = null as { payment?: ReservePayment; error?: string } | null;
    try {
      const response = await fetch(`/api/reservations?payment=${encodeURIComponent(id)}`, {
        headers: { accept: "application/json" },
      });
      body = (await response.json().catch(() => null)) as typeof body;
    } catch {}
    const payment = body?.payment;
    if (!payment) {
      say(body?.error ?? PAYMENT_TEXTS.notFound);
      return;
    }
    const { reservation } = payment;
    if (payment.status === "pending" && cancelled) {
      say(PAYMENT_TEXTS.status.cancelled);
      offerLinks([{ label: "Try again", href: `/cars/${slug}/checkout` }]);
      return;
    }
    if (payment.status !== "pending") {
      const until = liveHold(reservation.reserved_until, new Date());
      say(
        reservation.outcome === "held" && until
          ? `${reservation.text} ${reservedUntilText(until, timeZone)}. You can cancel it from your watchlist page.`
          : reservation.text,
      );
      offerLinks(
        reservation.offers ??
          (reservation.outcome === "held" ? [{ label: "Your reservation", href: "/watchlist" }] : []),
      );
      return;
    }
    say(payment.status_text);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  say(PAYMENT_TEXTS.slow);
}

async function start() {
  const target = checkoutTarget(new URL(window.location.href));
  const result = target
    ? await loadCarFields(target.slug, root?.dataset.websiteId ?? "")
    : { ok: false as const, message: CHECKOUT_TEXTS.notOffered };
  if (!result.ok || !target) {
    say(result.ok ? "" : result.message);
    return;
  }
  const { car, depositOnline } = result;
  const returning = new URLSearchParams(window.location.search).get("payment");
  if (returning) {
    try {
      if (!(await requireSignIn("checkout", `/cars/${car.slug}`))) return;
    } catch {
      say(CHECKOUT_TEXTS.signInUnavailable);
      return;
    }
    await showReservePayment(returning, car.slug);
    return;
  }
  const offer = car.checkout;
  if (!offer) {
    say(CHECKOUT_TEXTS.notOffered);
    const back = document.createElement("a");
    back.href = `/cars/${car.slug}`;
    back.className = "btn";
    back.textContent = `View the ${car.name}`;
    status?.after(back);
    return;
  }
  // A car held since the page was built cannot be reserved or bought again.
  const held = liveHold(result.reservedUntil, new Date());
  if (held) {
    say(CHECKOUT_TEXTS.reserved(reservedUntilText(held, timeZone)));
    offerLinks(missedCarOffers(car.slug));
    return;
  }
  // Spec §4 gated routes: on sites that say so, sign in first, once the car is known. Paying the
  // deposit always needs an account: the hold is the shopper's to cancel.
  const paysDeposit = depositOnline && offer.deposit !== null;
  let phone: string | undefined;
  if (root?.dataset.signIn !== undefined || paysDeposit) {
    try {
      const user = await requireSignIn("checkout", `/cars/${car.slug}`);
      if (!user) return;
      phone = user.phone_display;
    } catch {
      say(CHECKOUT_TEXTS.signInUnavailable);
      return;
    }
  }
  renderCar(car, offer, target.plan);
  say("");
  const body = q("[data-checkout-body]");
  if (body) body.hidden = false;
  const form = JSON.parse(root?.dataset.form ?? "{}") as Pick<
    LeadFormProps,
    "rules" | "dealerships" | "optIn"
  >;

  // Each path drops the other's form: the request path the deposit form (its fields would double
  // the lead form's), the deposit path the lead form's empty holder (its reserved height).
  if (paysDeposit) holder?.remove();
  else depositForm?.remove();
  const note = q("[data-payment-note]");
  const showNote = () => {
    if (note) note.textContent = paymentNote(choices().plan, offer.deposit, paysDeposit);
  };
  showNote();
  planForm?.addEventListener("change", showDependentFields);
  planForm?.addEventListener("change", showNote);
  planForm?.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = choices();
    const errors = checkChoices(chosen, deliveryOffered);
    showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const plan = chosen.plan as CheckoutPlan;
    const spinner = q("[data-continue-spinner]");
    if (spinner) spinner.hidden = false;
    const estimate =
      chosen.handover === "delivery" ? await deliveryEstimate(chosen.postcode.replace(/\s+/g, "")) : null;
    if (spinner) spinner.hidden = true;
    const lines = checkoutSummary(car, offer, chosen, { dealerName: car.dealer.name, estimate });
    q("[data-summary]")?.replaceChildren(
      ...lines.map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }),
    );
    setStep("details");
    if (paysDeposit && depositForm && offer.deposit) {
      const label = depositForm.querySelector("[data-deposit-label]");
      if (label) label.textContent = CHECKOUT_TEXTS.payLabel(formatMoney(offer.deposit));
      const shown = depositForm.querySelector("[data-deposit-phone]");
      if (shown) shown.textContent = phone ?? "";
      depositForm.hidden = false;
      depositChoices = chosen;
      return;
    }
    await mountForm({
      kind: "enquiry",
      submitLabel: checkoutSubmitLabel(plan, offer.deposit),
      ...form,
      hidden: {
        ...offer.lead_fields,
        subcategory: checkoutSubcategory(plan),
        "do-you-have-a-trade-in": chosen.trade_in,
      },
      defaults: {
        message: lines.join("\n"),
        ...(phone ? { phone } : {}),
        ...(chosen.handover === "delivery" ? { postcode: chosen.postcode.replace(/\s+/g, "") } : {}),
      },
    });
  });
  let depositChoices: CheckoutChoices | null = null;
  depositForm?.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = depositForm.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button?.disabled || !depositChoices) return;
    const answer = await submitJsonForm<{ url: string }>(
      depositForm,
      "/api/reservations",
      {
        ...Object.fromEntries(new FormData(depositForm)),
        car: car.slug,
        ...depositChoices,
        postcode: depositChoices.postcode.replace(/\s+/g, ""),
      },
      { idPrefix: "deposit", unavailable: PAYMENT_TEXTS.failed },
    );
    if (!answer?.url) return;
    if (button) button.disabled = true;
    window.location.assign(answer.url);
  });
  q("[data-back]")?.addEventListener("click", () => {
    if (depositForm) depositForm.hidden = true;
    unmount?.();
    unmount = null;
    holder?.replaceChildren();
    setStep("plan");
  });
}

void start();
