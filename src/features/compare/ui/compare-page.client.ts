/** /compare: draws the side-by-side table from the site's comparison store and removes cars from it. */
import { type CompareEntry, compareTable, valuesDiffer } from "~/features/compare/compare";
import { compareStore, removeCompareFrom } from "~/features/compare/compare.store";
import { cdnImage, IMAGE_NOT_FOUND } from "~/features/media/media";
import { storageAvailable } from "~/lib/saved-list.store";

const root = document.querySelector<HTMLElement>("[data-compare-page]");
const $ = <T extends HTMLElement>(selector: string) => root?.querySelector<T>(selector) ?? null;
const head = $("[data-compare-head]");
const body = $("[data-compare-body]");
const wrap = $("[data-compare-wrap]");
const status = $("[data-compare-status]");
const diffLabel = $("[data-compare-diff-label]");
const diff = $<HTMLInputElement>("[data-compare-diff]");
const store = compareStore(root?.dataset.key ?? "compare");
/** This page's own removals redraw once, in removeCar; another tab's changes redraw here. */
let removing = false;
/** Cars whose page is gone (removed from the feed since they were added). */
const gone = new Set<number>();

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className = "", text = "") => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
};

function read(): CompareEntry[] {
  if (!storageAvailable()) throw new Error("storage blocked");
  return store.get();
}

function carHeader(entry: CompareEntry): HTMLTableCellElement {
  const th = element("th", "car-col");
  th.scope = "col";
  const image = element("img");
  image.src = entry.primary_image_url ? cdnImage(entry.primary_image_url, 480) : IMAGE_NOT_FOUND;
  image.alt = "";
  image.width = 240;
  image.height = 160;
  const link = element("a", "car-name", entry.name);
  link.href = `/cars/${encodeURIComponent(entry.slug)}`;
  th.append(image, link);
  if (gone.has(entry.id)) th.append(element("span", "gone", "No longer listed"));
  return th;
}

/** Under each car's heading, not in it: a column header that read "Remove" before every value would be noise. */
function removeCell(entry: CompareEntry, index: number): HTMLTableCellElement {
  const td = element("td", "remove-cell");
  const remove = element("button", "btn btn-outline", "Remove");
  remove.type = "button";
  remove.setAttribute("aria-label", `Remove ${entry.name}`);
  remove.addEventListener("click", () => removeCar(entry, index));
  td.append(remove);
  return td;
}

function valueCell(value: string | null): HTMLTableCellElement {
  const td = element("td");
  if (value !== null) td.textContent = value;
  else {
    td.append(element("span", "none", "—"), element("span", "visually-hidden", "Not listed"));
    td.firstElementChild?.setAttribute("aria-hidden", "true");
  }
  return td;
}

function priceCell(entry: CompareEntry): HTMLTableCellElement {
  const td = element("td");
  td.append(element("span", "price", entry.price_text));
  if (entry.was_text) {
    const was = element("s", "was-price", entry.was_text);
    was.prepend(element("span", "visually-hidden", "Was "));
    td.append(was);
  }
  if (entry.price_note) td.append(element("span", "price-note", entry.price_note));
  return td;
}

function row(label: string, cells: HTMLTableCellElement[], differs: boolean): HTMLTableRowElement {
  const tr = element("tr");
  if (!differs) tr.dataset.same = "";
  const th = element("th", "", label);
  th.scope = "row";
  tr.append(th, ...cells);
  return tr;
}

function render() {
  let entries: CompareEntry[];
  try {
    entries = read();
  } catch {
    if (status) status.textContent = "Your browser is blocking storage, so your comparison can't be shown.";
    return;
  }
  // Redrawing (another tab changed the list, a car turned out gone) keeps focus on the same button.
  const focused = head?.contains(document.activeElement)
    ? document.activeElement?.getAttribute("aria-label")
    : null;
  const names = element("tr");
  names.append(element("td"), ...entries.map(carHeader));
  const actions = element("tr");
  actions.append(element("td"), ...entries.map(removeCell));
  head?.replaceChildren(names, actions);
  const prices = entries.map((entry) => [entry.price_text, entry.was_text, entry.price_note].join("|"));
  body?.replaceChildren(
    row("Price", entries.map(priceCell), valuesDiffer(prices)),
    ...compareTable(entries).map(({ label, values, differs }) => row(label, values.map(valueCell), differs)),
  );
  wrap?.style.setProperty("--cars", String(entries.length));
  if (wrap) wrap.hidden = entries.length === 0;
  if (diffLabel) diffLabel.hidden = entries.length < 2;
  if (diff && entries.length < 2) diff.checked = false;
  root?.toggleAttribute("data-diff-only", Boolean(diff?.checked));
  const one = $("[data-compare-one]");
  const empty = $("[data-compare-empty]");
  if (one) one.hidden = entries.length !== 1;
  if (empty) empty.hidden = entries.length > 0;
  if (focused) {
    const buttons = [...(head?.querySelectorAll("button") ?? [])];
    buttons.find((button) => button.getAttribute("aria-label") === focused)?.focus();
  }
  return entries;
}

function removeCar(entry: CompareEntry, index: number) {
  try {
    removing = true;
    removeCompareFrom(store, entry.id);
  } catch {
    if (status) status.textContent = "Your comparison can't be changed in this browser.";
    return;
  } finally {
    removing = false;
  }
  const entries = render() ?? [];
  // Keep keyboard users in the table: the next car's Remove, else the previous one, else the heading.
  const removes = head?.querySelectorAll<HTMLButtonElement>("button") ?? [];
  (removes[Math.min(index, removes.length - 1)] ?? $("h1"))?.focus();
  if (status)
    status.textContent = `Removed ${entry.name}.${entries.length ? ` ${count(entries.length)}` : ""}`;
}

const count = (n: number) => (n === 1 ? "1 car to compare." : `${n} cars to compare.`);

/** Marks cars whose page no longer exists (sold and gone from the site). */
async function checkListed(entries: CompareEntry[]) {
  const answers = await Promise.all(
    entries.map(async (entry) => {
      try {
        const response = await fetch(`/cars/${encodeURIComponent(entry.slug)}`, { method: "HEAD" });
        return response.status === 404 ? entry.id : null;
      } catch {
        return null;
      }
    }),
  );
  const before = gone.size;
  for (const id of answers) if (id !== null) gone.add(id);
  if (gone.size > before) render();
}

const entries = render();
if (entries && status) status.textContent = entries.length ? count(entries.length) : "";
if (entries?.length) void checkListed(entries);
diff?.addEventListener("change", () => root?.toggleAttribute("data-diff-only", diff.checked));
if (storageAvailable()) {
  store.listen(() => {
    if (!removing) render();
  });
}
