/** The budget finder: turns a weekly or total budget into a search. */
import {
  budgetButton,
  budgetSearchUrl,
  clampMoney,
  countWithinBudget,
  estimateBudget,
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
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (go?.href) go.click();
  });
  update();
}
