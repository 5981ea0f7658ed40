/**
 * Page dialogs on native <dialog> (spec §2 dialogs): `showModal()` traps focus and makes the page
 * inert, Escape closes, and focus returns to the button that opened it. Buttons open a dialog with
 * `data-open-dialog="<id>"`; `data-close-dialog` inside closes it; a click on the backdrop closes.
 * Dialog content may be an island hydrated `client:visible`: it hydrates when the dialog opens.
 */
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

export function openDialog(dialog: HTMLDialogElement, opener?: HTMLElement | null): void {
  if (dialog.open) return;
  if (opener) openers.set(dialog, opener);
  dialog.showModal();
  dialog.dispatchEvent(new CustomEvent("dialog:open", { detail: { opener } }));
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * `showModal()` makes the page inert, but Tab past the last control leaves for the browser's own
 * UI; keep it cycling inside the dialog instead (spec: focus trap).
 */
function trapFocus(event: KeyboardEvent): void {
  if (event.key !== "Tab") return;
  const dialog = event.currentTarget as HTMLDialogElement;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 && (element.offsetParent !== null || element === document.activeElement),
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

function onClose(event: Event): void {
  const dialog = event.target as HTMLDialogElement;
  const opener = openers.get(dialog);
  openers.delete(dialog);
  if (opener?.isConnected) opener.focus();
}

const wired = new WeakSet<Node>();

/** Safe to call from every component that has dialogs: each document and dialog is wired once. */
export function wireDialogs(root: Document = document): void {
  for (const dialog of root.querySelectorAll("dialog")) {
    if (wired.has(dialog)) continue;
    wired.add(dialog);
    dialog.addEventListener("close", onClose);
    dialog.addEventListener("keydown", trapFocus);
  }
  if (wired.has(root)) return;
  wired.add(root);
  root.addEventListener("click", (event) => {
    const target = event.target as HTMLElement | null;
    const opener = target?.closest<HTMLElement>("[data-open-dialog]");
    if (opener) {
      const dialog = root.getElementById(opener.dataset.openDialog ?? "");
      if (dialog instanceof HTMLDialogElement) {
        event.preventDefault();
        openDialog(dialog, opener);
      }
      return;
    }
    const closer = target?.closest<HTMLElement>("[data-close-dialog]");
    if (closer) {
      closer.closest("dialog")?.close();
      return;
    }
    // A click on the backdrop lands on the <dialog> element itself.
    if (target instanceof HTMLDialogElement && target.open) {
      const box = target.getBoundingClientRect();
      const { clientX: x, clientY: y } = event as MouseEvent;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) target.close();
    }
  });
}

/** The dialog a deep link names: `#test-drive` → `#test-drive-dialog` (result cards link so). */
export function dialogIdForHash(hash: string): string | null {
  const name = hash.replace(/^#/, "");
  return /^[a-z][a-z-]*$/.test(name) ? `${name}-dialog` : null;
}

/**
 * Deep links into a page's dialogs: `/cars/{slug}#test-drive` (a result card's Book a Test Drive)
 * opens the test-drive dialog on arrival, and again when the hash changes. Closing it drops the hash,
 * so a reload or Back does not reopen it.
 */
export function openDialogFromHash(root: Document = document): void {
  const open = () => {
    const id = dialogIdForHash(location.hash);
    const dialog = id ? root.getElementById(id) : null;
    if (!(dialog instanceof HTMLDialogElement) || dialog.open) return;
    dialog.addEventListener(
      "close",
      () => {
        if (dialogIdForHash(location.hash) === dialog.id)
          history.replaceState(history.state, "", location.pathname + location.search);
      },
      { once: true },
    );
    openDialog(dialog);
  };
  open();
  addEventListener("hashchange", open);
}
