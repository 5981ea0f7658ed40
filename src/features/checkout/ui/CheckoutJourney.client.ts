/**
 * The checkout page's script: reads the car the address names from /cars/{slug}/view.json (so a car
 * sold since the build is never offered), asks for sign-in where the site gates checkout, checks
 * the plan, then mounts the shared lead form with the request written out.
 */
import { requireSignIn } from "~/features/account/account.store";
import { formatDeliveryPrice } from "~/features/delivery/delivery";
import type { LeadFormProps } from "~/features/leads/ui/LeadForm";
import { mountLeadFormInto } from "~/features/leads/ui/load-lead-form.client";
import { cdnImage } from "~/features/media/media";
import type { CarFields, CheckoutOffer } from "~/features/vehicle/car-fields";
import { loadCarFields } from "~/features/vehicle/car-fields.client";
import { formatMoney } from "~/lib/format";
import { showFormErrors } from "~/lib/ui/form-errors.client";
import {
  CHECKOUT_TEXTS,
  type CheckoutChoices,
  type CheckoutPlan,
  checkChoices,
  checkoutSubcategory,
  checkoutSubmitLabel,
  checkoutSummary,
  checkoutTarget,
} from "../checkout";

const root = document.querySelector<HTMLElement>("[data-checkout]");
const q = <T extends Element = HTMLElement>(selector: string) => root?.querySelector<T>(selector) ?? null;
const status = q("[data-checkout-status]");
const planForm = q<HTMLFormElement>('form[data-step="plan"]');
const details = q('[data-step="details"]');
const holder = q("[data-lead-holder]");
const deliveryOffered = root?.dataset.delivery !== undefined;
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

async function start() {
  const target = checkoutTarget(new URL(window.location.href));
  const result = target
    ? await loadCarFields(target.slug, root?.dataset.websiteId ?? "")
    : { ok: false as const, message: CHECKOUT_TEXTS.notOffered };
  if (!result.ok || !target) {
    say(result.ok ? "" : result.message);
    return;
  }
  const { car } = result;
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
  // Spec §4 gated routes: on sites that say so, sign in first, once the car is known.
  let phone: string | undefined;
  if (root?.dataset.signIn !== undefined) {
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

  planForm?.addEventListener("change", showDependentFields);
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
  q("[data-back]")?.addEventListener("click", () => {
    unmount?.();
    unmount = null;
    holder?.replaceChildren();
    setStep("plan");
  });
}

void start();
