/**
 * The signed-in shopper's reservations on their account page (/watchlist): each car with until when
 * it is held and, while the deposit can be given back, Cancel (POST /api/reservations/cancel: the
 * provider refunds the deposit, then the hold ends). The answer's words say where the refund is.
 */
import { DEFAULT_TIME_ZONE } from "~/features/locations/locations";
import {
  liveHold,
  RESERVE_TEXTS,
  reservedUntilText,
  type ShopperReservation,
} from "~/features/payments/reservations";
import { OFFLINE_TEXT, sendJson } from "~/lib/ui/lead-submit.client";

type Listed = ShopperReservation & { car_name: string | null };

const section = document.querySelector<HTMLElement>("[data-reservations]");
const list = section?.querySelector<HTMLUListElement>("[data-reservation-list]");
const timeZone = section?.dataset.timeZone ?? DEFAULT_TIME_ZONE;

function stateLine(reservation: Listed): string {
  const until = liveHold(reservation.reserved_until, new Date());
  return until
    ? `${reservedUntilText(until, timeZone)}. ${reservation.amount} deposit, 100% refundable.`
    : reservation.text;
}

async function cancel(reservation: Listed, button: HTMLButtonElement, line: HTMLElement) {
  if (button.getAttribute("aria-disabled") === "true") return;
  button.setAttribute("aria-disabled", "true");
  const answer = await sendJson<{ reservation: { text: string } }>(
    "/api/reservations/cancel",
    { failed: RESERVE_TEXTS.refundFailed, offline: OFFLINE_TEXT },
    { body: { reservation: reservation.id } },
  );
  button.removeAttribute("aria-disabled");
  if (answer.ok) {
    line.textContent = answer.body.reservation.text;
    button.remove();
    line.focus();
  } else {
    line.textContent = `${stateLine(reservation)} ${answer.error}`;
  }
}

function item(reservation: Listed): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "reservation-item";
  const name = reservation.car_name ?? `Car #${reservation.car_id}`;
  const title = document.createElement(reservation.car_slug && reservation.car_name ? "a" : "span");
  title.className = "reservation-car";
  title.textContent = name;
  if (title instanceof HTMLAnchorElement)
    title.href = `/cars/${encodeURIComponent(reservation.car_slug ?? "")}`;
  const line = document.createElement("p");
  line.setAttribute("role", "status");
  line.tabIndex = -1;
  line.textContent = stateLine(reservation);
  li.append(title, line);
  if (reservation.cancellable) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn btn-outline";
    button.textContent = "Cancel reservation";
    button.setAttribute("aria-label", `Cancel reservation of the ${name}`);
    button.addEventListener("click", () => void cancel(reservation, button, line));
    li.append(button);
  }
  return li;
}

async function load() {
  if (!section || !list) return;
  try {
    const response = await fetch("/api/reservations", { headers: { accept: "application/json" } });
    if (!response.ok) return;
    const { reservations } = (await response.json()) as { reservations?: Listed[] };
    if (!reservations?.length) return;
    list.replaceChildren(...reservations.map(item));
    section.hidden = false;
  } catch {
    // Not signed in, or the site unreachable: the watchlist part of the page says so.
  }
}

void load();
