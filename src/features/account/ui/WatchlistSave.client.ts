/** The vehicle page's Save (watchlist): follows the remembered account, saves or removes through the server, and finishes a save that waited for sign-in. */
import {
  PENDING_WATCHLIST_KEY,
  showsWatchlistSave,
  signInHref,
  WATCHLIST_PATH,
  watchlistToast,
} from "~/features/account/account";
import {
  changeWatchlist,
  fetchAccount,
  readAccount,
  rememberAccount,
} from "~/features/account/account.store";
import { showToast } from "~/lib/ui/toast.client";

const SITE_ON = { features: { watchlist: true } };

for (const box of document.querySelectorAll<HTMLElement>("[data-watchlist]")) {
  const button = box.querySelector<HTMLButtonElement>("[data-watchlist-toggle]");
  const site = box.dataset.site ?? "";
  const carId = Number(box.dataset.carId);
  const name = box.dataset.carName ?? "";
  const sold = box.dataset.sold !== undefined;
  if (!button || !site || !carId) continue;
  let busy = false;
  /** Counts changes, so a server read that started before one does not undo it. */
  let changes = 0;

  const saved = () => readAccount(site)?.ids.includes(carId) ?? false;
  const show = () => {
    const isSaved = saved();
    box.hidden = !showsWatchlistSave({ sold }, isSaved, SITE_ON);
    button.setAttribute("aria-pressed", String(isSaved));
  };
  try {
    show();
  } catch {
    // Storage blocked: the watchlist cannot be kept in step here.
    box.hidden = true;
    continue;
  }

  const toSignIn = (action: "save" | "remove") => {
    sessionStorage.setItem(PENDING_WATCHLIST_KEY, JSON.stringify({ site, car_id: carId, action }));
    window.location.assign(signInHref("watchlist", window.location.pathname));
  };

  async function change(action: "save" | "remove") {
    if (!readAccount(site)) {
      toSignIn(action);
      return;
    }
    busy = true;
    changes++;
    button?.setAttribute("aria-disabled", "true");
    const result = await changeWatchlist(site, action, carId, show);
    busy = false;
    button?.removeAttribute("aria-disabled");
    if (result.ok) {
      show();
      const toast = watchlistToast(action === "save" ? "saved" : "removed", name);
      showToast(`${toast.title}. ${toast.text}.`, undefined, { text: "View List", href: WATCHLIST_PATH });
    } else if (result.signIn) {
      // The session ended on the server: sign in again, then finish this.
      toSignIn(action);
    } else {
      // Spec §8: alert; treated as unsuccessful; the local change is not visibly reversed.
      window.alert(result.error);
    }
  }

  button.addEventListener("click", () => {
    if (busy) return;
    void change(button.getAttribute("aria-pressed") === "true" ? "remove" : "save");
  });

  // Back from sign-in with a save waiting for this car: finish it.
  let pending: { site?: string; car_id?: number; action?: "save" | "remove" } | null = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(PENDING_WATCHLIST_KEY) ?? "null");
  } catch {
    // Nothing readable is waiting.
  }
  if (pending?.site === site && pending.car_id === carId && readAccount(site)) {
    sessionStorage.removeItem(PENDING_WATCHLIST_KEY);
    const action = pending.action === "remove" ? "remove" : "save";
    if ((action === "save") !== saved()) void change(action);
  } else if (readAccount(site)) {
    // Keep in step with the server (another device, a sign-out elsewhere) once the page is idle.
    const confirm = () => {
      const before = changes;
      fetchAccount().then(
        (answer) => {
          if (busy || changes !== before) return;
          rememberAccount(site, answer);
          show();
        },
        () => {},
      );
    };
    if ("requestIdleCallback" in window) requestIdleCallback(confirm);
    else setTimeout(confirm, 1);
  }
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key.startsWith("account:")) show();
  });
  // Wired: a click now saves (tests wait for this rather than for time).
  box.dataset.ready = "";
}
