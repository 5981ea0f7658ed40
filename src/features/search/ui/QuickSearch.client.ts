/** Quick search: the model choices follow the make, and the button counts the matching cars. */
import type { QuickSearchMake } from "~/features/search/quick";
import { showMeLabel } from "~/features/search/quick";

for (const form of document.querySelectorAll<HTMLFormElement>("[data-quick-search]")) {
  const makes = JSON.parse(form.dataset.makes ?? "[]") as QuickSearchMake[];
  const total = Number(form.dataset.total);
  const makeSelect = form.elements.namedItem("make") as HTMLSelectElement;
  const modelSelect = form.elements.namedItem("model") as HTMLSelectElement;
  const button = form.querySelector<HTMLAnchorElement>("[data-show-me]");
  const show = (count: number, path: string) => {
    if (!button) return;
    button.textContent = showMeLabel(count);
    button.href = path;
  };
  makeSelect.addEventListener("change", () => {
    const make = makes.find((m) => m.name === makeSelect.value);
    modelSelect.replaceChildren(new Option("All models", ""));
    for (const model of make?.models ?? []) {
      modelSelect.add(new Option(`${model.name} (${model.count})`, model.name));
    }
    modelSelect.disabled = !make;
    if (make) show(make.count, make.path);
    else show(total, form.dataset.all ?? "/");
  });
  modelSelect.addEventListener("change", () => {
    const make = makes.find((m) => m.name === makeSelect.value);
    const model = make?.models.find((m) => m.name === modelSelect.value);
    if (model) show(model.count, model.path);
    else if (make) show(make.count, make.path);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    button?.click();
  });
}
