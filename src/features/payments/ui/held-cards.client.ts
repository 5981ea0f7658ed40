/**
 * Marks the result cards (and the watchlist page's saved cars) of cars held by a paid reserve
 * deposit, without a rebuild: one read of
 * GET /api/reservations/held for every card on the page (src/features/checkout/held-cars.server.ts),
 * kept for as long as the answer may be cached, so cards drawn later (a new search, Similar
 * Vehicles) reuse it, and asked again after that. A held card's tag becomes "Reserved" where the
 * answer says so (spec tag order: a fuel tag stays first) and its Reserve Now reads "Reserved" in
 * the link's place, "until {day, time}" for screen readers. What is added takes no room of its own
 * (cards.css: the tag sits on the photo, the note over the hidden link), so nothing moves. A read
 * that fails leaves the cards as built.
 */

const HELD_PATH = "/api/reservations/held";
/** The answer's cache time (Cache-Control max-age). */
const KEEP_MS = 5_000;

interface HeldCar {
  id: number;
  slug: string;
  reserved_until: string;
  until_text: string;
  tag: boolean;
}

let asked: { at: number; cars: Promise<Map<string, HeldCar>> } | null = null;

function heldCars(): Promise<Map<string, HeldCar>> {
  if (asked && Date.now() - asked.at < KEEP_MS) return asked.cars;
  const cars = fetch(HELD_PATH, { headers: { accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { held?: unknown } | null) => {
      const held = Array.isArray(body?.held) ? (body.held as HeldCar[]) : [];
      return new Map(held.map((car) => [String(car.id), car]));
    })
    .catch(() => new Map<string, HeldCar>());
  asked = { at: Date.now(), cars };
  return cars;
}

function element(tag: string, className: string, text: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = text;
  return node;
}

/** Shows a card as held; a card not held (or whose hold ended since the answer) stays as built. */
function mark(card: HTMLElement, car: HeldCar | undefined): void {
  if (!car || !(Date.parse(car.reserved_until) > Date.now())) return;
  const media = card.querySelector(".media");
  if (car.tag && media && !media.querySelector("[data-held-tag]")) {
    const tag = element("span", "tag", "Reserved");
    tag.dataset.heldTag = "";
    media.append(tag);
  }
  const reserve = card.querySelector(`.card-actions a[href="/cars/${CSS.escape(car.slug)}/checkout"]`);
  const item = reserve?.parentElement;
  if (item) {
    let note = item.querySelector("[data-held-note]");
    if (!note) {
      note = element("span", "held-note", "Reserved");
      note.setAttribute("data-held-note", "");
      note.append(element("span", "visually-hidden", ""));
      item.append(note);
    }
    const rest = note.lastElementChild;
    if (rest) rest.textContent = car.until_text.replace(/^Reserved/, "");
  }
  card.dataset.reserved = car.tag ? "tag" : "";
}

/** A saved car on the watchlist page: "· Reserved" after its price ("until …" for screen readers). */
function markSaved(item: HTMLElement, car: HeldCar | undefined): void {
  if (!car || !(Date.parse(car.reserved_until) > Date.now())) return;
  const note = element("span", "", " · Reserved");
  note.setAttribute("data-held-note", "");
  note.append(element("span", "visually-hidden", car.until_text.replace(/^Reserved/, "")));
  item.querySelector(".saved-text p")?.append(note);
}

const seen = new WeakSet<Element>();

/** Marks the cards not looked at yet, with the answer while it is fresh, else a new one. */
async function markNewCards(): Promise<void> {
  const cards = [
    ...document.querySelectorAll<HTMLElement>(".car-card[data-car-id], .saved-item[data-car-id]"),
  ].filter((card) => !seen.has(card));
  if (cards.length === 0) return;
  for (const card of cards) seen.add(card);
  const held = await heldCars();
  for (const card of cards) {
    const car = held.get(card.dataset.carId ?? "");
    if (card.classList.contains("car-card")) mark(card, car);
    else markSaved(card, car);
  }
}

let queued = false;
function queue(): void {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    void markNewCards();
  });
}

const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
idle(
  () => {
    void markNewCards();
    // Cards drawn later: a search the shopper changes, Similar Vehicles coming into view.
    new MutationObserver(queue).observe(document.body, { childList: true, subtree: true });
  },
  { timeout: 2000 },
);
