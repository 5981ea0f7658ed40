/** The budget finder: turns a weekly or total budget into a search. */
import {
  budgetButton,
  budgetSearchUrl,
  clampMoney,
  countInPriceRange,
  countWithinBudget,
  estimateBudget,
  priceRangeButton,
  priceRangeSearchUrl,
  sliderHandles,
} from "~/features/search/budget";
import { formatNumber } from "~/lib/format";

for (const form of document.querySelectorAll<HTMLFormElement>("[data-budget-finder]")) {
  const prices = JSON.parse(form.dataset.prices ?? "{}") as Record<string, number[]>;
  const noun = form.dataset.noun ?? "Car";
  const go = form.querySelector<HTMLAnchorElement>("[data-budget-go]");
  const label = form.querySelector<HTMLElement>("[data-label]");
  const count = form.querySelector<HTMLElement>("[data-count]");
  const note = form.querySelector<HTMLElement>("[data-note]");
  const output = form.querySelector("output");
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | RadioNodeList | null;
  const value = (name: string) => field(name)?.value ?? "";

  const slider = form.querySelector<HTMLElement>("[data-price-slider]");
  const track = { min: Number(slider?.dataset.min ?? 0), max: Number(slider?.dataset.max ?? 0) };
  const rangeGo = form.querySelector<HTMLAnchorElement>("[data-price-go]");
  const rangeOutput = form.elements.namedItem("price_range") as HTMLOutputElement | null;

  /** The price slider: handles kept a step apart, the count and link for the chosen body. */
  const updateRange = () => {
    const fromInput = field("price_from");
    const toInput = field("price_to");
    if (!(fromInput instanceof HTMLInputElement) || !(toInput instanceof HTMLInputElement)) return;
    // Spec §5: the min handle cannot reach the max; a max pulled below it pushes it down.
    const [from, to] = sliderHandles(track, Number(fromInput.value), Number(toInput.value));
    fromInput.value = String(from);
    toInput.value = String(to);
    fromInput.setAttribute("aria-valuetext", `$${formatNumber(from)}`);
    toInput.setAttribute("aria-valuetext", `$${formatNumber(to)}`);
    if (rangeOutput) rangeOutput.value = `$${formatNumber(from)} to $${formatNumber(to)}`;
    const body = value("body");
    const button = priceRangeButton(countInPriceRange(prices[body] ?? [], from, to), noun);
    if (!rangeGo) return;
    rangeGo.textContent = button.label;
    if (button.disabled) {
      rangeGo.removeAttribute("href");
      rangeGo.setAttribute("aria-disabled", "true");
    } else {
      rangeGo.href = priceRangeSearchUrl(from, to, body || null);
      rangeGo.removeAttribute("aria-disabled");
    }
  };

  const update = () => {
    const frequency = value("frequency") === "week" ? "week" : "month";
    const budget = estimateBudget(value("repayment"), value("deposit"), frequency);
    const body = value("body");
    const list = prices[body] ?? [];
    const matches = countWithinBudget(list, budget);
    const button = budgetButton(matches, noun);
    if (output) output.value = `$${formatNumber(budget)}`;
    if (label) label.textContent = button.label;
    if (count) {
      count.textContent = formatNumber(matches);
      count.hidden = button.disabled;
    }
    if (note) {
      note.textContent = button.note ?? "";
      note.hidden = !button.note;
    }
    if (!go) return;
    if (button.disabled) {
      go.removeAttribute("href");
      go.setAttribute("aria-disabled", "true");
    } else {
      go.href = budgetSearchUrl(budget, list[0] ?? 0, body || null);
      go.removeAttribute("aria-disabled");
    }
  };

  // Money inputs keep a $ prefix and thousands separators; non-numeric text reads as 0.
  for (const name of ["repayment", "deposit"]) {
    const input = field(name);
    if (!(input instanceof HTMLInputElement)) continue;
    input.addEventListener("blur", () => {
      input.value = formatNumber(clampMoney(input.value));
      update();
    });
  }
  const onChange = (event: Event) => {
    const name = (event.target as HTMLInputElement | null)?.name ?? null;
    if (name === "price_from" || name === "price_to" || name === "body") updateRange();
    if (name !== "price_from" && name !== "price_to") update();
  };
  form.addEventListener("input", onChange);
  form.addEventListener("change", onChange);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (go?.href) go.click();
  });
  update();
  updateRange();
}
