/**
 * One toast at a time (spec §4/§9: toast limit 1, shown 3 s). A single polite live region per page;
 * a new toast replaces the one on screen. Vanilla: no framework on the page for this.
 */
export const TOAST_MS = 3000;
const ID = "site-toast";

let timer: ReturnType<typeof setTimeout> | undefined;

function region(): HTMLElement {
  let element = document.getElementById(ID);
  if (!element) {
    element = document.createElement("div");
    element.id = ID;
    element.className = "toast";
    element.setAttribute("role", "status");
    element.setAttribute("aria-live", "polite");
    document.body.append(element);
  }
  return element;
}

/** `link`: an action beside the words (spec §4 watchlist toasts' View List). */
export function showToast(message: string, ms = TOAST_MS, link?: { text: string; href: string }): void {
  const element = region();
  clearTimeout(timer);
  element.textContent = message;
  if (link) {
    const anchor = document.createElement("a");
    anchor.href = link.href;
    anchor.textContent = link.text;
    element.append(" ", anchor);
  }
  element.dataset.open = "true";
  timer = setTimeout(() => {
    delete element.dataset.open;
    element.textContent = "";
  }, ms);
}
