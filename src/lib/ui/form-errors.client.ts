/**
 * A static form's errors (spec §5 "Errors shown 'Please fix the following errors:' list plus
 * form-level alert"): each `[data-field="name"]` wrapper gets its message under it, its controls
 * `aria-invalid` and `aria-describedby`, and the `[data-errors]` alert lists them all and takes
 * focus. An empty `errors` clears everything.
 */
export function showFormErrors(root: ParentNode, errors: Record<string, string>, idPrefix: string): void {
  for (const field of root.querySelectorAll<HTMLElement>("[data-field]")) {
    const name = field.dataset.field ?? "";
    field.querySelector(".field-error")?.remove();
    const controls = field.querySelectorAll("input, select, textarea");
    for (const control of controls) {
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
    }
    field.removeAttribute("aria-describedby");
    const message = errors[name];
    if (!message) continue;
    const error = document.createElement("p");
    error.className = "field-error";
    error.id = `${idPrefix}-${name}-error`;
    error.textContent = message;
    field.append(error);
    if (field instanceof HTMLFieldSetElement) field.setAttribute("aria-describedby", error.id);
    else for (const control of controls) control.setAttribute("aria-describedby", error.id);
    for (const control of controls) control.setAttribute("aria-invalid", "true");
  }
  const box = root.querySelector<HTMLElement>("[data-errors]");
  const list = box?.querySelector("ul");
  if (!box || !list) return;
  const messages = Object.values(errors);
  list.replaceChildren(
    ...messages.map((message) => {
      const item = document.createElement("li");
      item.textContent = message;
      return item;
    }),
  );
  box.hidden = messages.length === 0;
  if (messages.length > 0) box.focus();
}
