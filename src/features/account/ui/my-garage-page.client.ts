/** /my-garage: lists, adds and removes the shopper's vehicles kept on the server. */
import { fetchAccount, signOut } from "~/features/account/account.store";
import {
  GARAGE_TEXTS,
  type GarageVehicle,
  serviceHref,
  tradeInHref,
  vehicleTitle,
} from "~/features/account/garage";
import { showFormErrors } from "~/lib/ui/form-errors.client";
import { showToast } from "~/lib/ui/toast.client";

const root = document.querySelector<HTMLElement>("[data-garage]");
const site = root?.dataset.site ?? "";
const list = root?.querySelector<HTMLUListElement>("[data-garage-list]");
const status = root?.querySelector<HTMLElement>("[data-garage-status]");
const form = root?.querySelector<HTMLFormElement>("[data-garage-form]");
const formError = root?.querySelector<HTMLElement>("[data-form-error]");
const tradeIn = root?.dataset.tradeIn !== undefined;

type Answer = {
  success: boolean;
  vehicles?: GarageVehicle[];
  error?: string;
  fields?: Record<string, string>;
};

async function call(path: string, body?: unknown): Promise<{ status: number; answer: Answer }> {
  try {
    const response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, answer: (await response.json().catch(() => ({}))) as Answer };
  } catch {
    return {
      status: 0,
      answer: {
        success: false,
        error: "We couldn't reach the server. Please check your connection and try again.",
      },
    };
  }
}

function link(href: string, text: string, hidden: string): HTMLAnchorElement {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  const more = document.createElement("span");
  more.className = "visually-hidden";
  more.textContent = ` for the ${hidden}`;
  a.append(more);
  return a;
}

function item(vehicle: GarageVehicle): HTMLLIElement {
  const title = vehicleTitle(vehicle);
  const li = document.createElement("li");
  li.className = "card garage-car";
  const heading = document.createElement("h3");
  heading.textContent = title;
  const plate = document.createElement("p");
  plate.className = "muted";
  plate.textContent = `Rego ${vehicle.rego} (${vehicle.rego_state})`;
  const actions = document.createElement("div");
  actions.className = "garage-actions";
  actions.append(link(serviceHref(vehicle), "Book a service", title));
  if (tradeIn) actions.append(link(tradeInHref(vehicle), "Value it for trade-in", title));
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "text-btn";
  remove.textContent = "Remove";
  const more = document.createElement("span");
  more.className = "visually-hidden";
  more.textContent = ` ${title}`;
  remove.append(more);
  remove.addEventListener("click", async () => {
    remove.setAttribute("aria-disabled", "true");
    const { answer } = await call("/api/garage/remove-vehicle", { id: vehicle.id });
    remove.removeAttribute("aria-disabled");
    if (!answer.success) return showToast(answer.error ?? "Sorry, we couldn't remove it. Please try again.");
    const next = li.nextElementSibling ?? li.previousElementSibling;
    render(answer.vehicles ?? []);
    showToast(`${title} removed from My Garage`);
    // Keep the keyboard where it was: the next vehicle's Remove, else the list's heading.
    const id = next instanceof HTMLElement ? next.dataset.id : undefined;
    const target = id ? list?.querySelector<HTMLElement>(`[data-id="${id}"] button`) : null;
    (target ?? document.getElementById("garage-list-title"))?.focus();
  });
  actions.append(remove);
  li.dataset.id = vehicle.id;
  li.append(heading, plate, actions);
  return li;
}

function render(vehicles: GarageVehicle[]) {
  list?.replaceChildren(...vehicles.map(item));
  if (status)
    status.textContent =
      vehicles.length === 0
        ? GARAGE_TEXTS.empty
        : `${vehicles.length} ${vehicles.length === 1 ? "vehicle" : "vehicles"} in your garage.`;
}

async function load() {
  const { status: code, answer } = await call("/api/garage");
  if (code === 401) return; // The sign-in gate sends the shopper to /sign-in.
  if (!answer.success) {
    if (status) status.textContent = answer.error ?? "We couldn't load your garage. Please reload the page.";
    return;
  }
  render(answer.vehicles ?? []);
  const account = await fetchAccount().catch(() => null);
  const phone = root?.querySelector("[data-phone]");
  if (phone && account?.user) phone.textContent = account.user.phone_display;
}

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const values = Object.fromEntries(new FormData(form));
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const spinner = button?.querySelector<HTMLElement>(".spinner");
  if (button) button.disabled = true;
  if (spinner) spinner.hidden = false;
  if (formError) formError.textContent = "";
  const { answer } = await call("/api/garage/add-vehicle", values);
  if (button) button.disabled = false;
  if (spinner) spinner.hidden = true;
  showFormErrors(form, answer.fields ?? {}, "garage");
  if (!answer.success) {
    if (!answer.fields && formError)
      formError.textContent = answer.error ?? "Sorry, we couldn't add it. Please try again.";
    return;
  }
  render(answer.vehicles ?? []);
  const added = `${values.make ?? ""} ${values.model ?? ""}`.trim();
  showToast(`${added} added to My Garage`);
  form.reset();
  form.querySelector<HTMLInputElement>("#garage-rego")?.focus();
});

root?.querySelector("[data-sign-out]")?.addEventListener("click", async () => {
  await signOut(site);
  window.location.assign("/");
});

void load();
