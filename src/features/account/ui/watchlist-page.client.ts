/** /watchlist: the signed-in shopper's saved cars, as the server lists them. */
import { signInHref, watchlistToast } from "~/features/account/account";
import {
  type AccountAnswer,
  changeWatchlist,
  refreshAccount,
  signOut,
} from "~/features/account/account.store";
import { cdnImage, IMAGE_NOT_FOUND } from "~/features/media/media";

const root = document.querySelector<HTMLElement>("[data-watchlist-page]");
const site = root?.dataset.site ?? "";
const $ = <T extends HTMLElement = HTMLElement>(name: string) =>
  root?.querySelector<T>(`[data-${name}]`) ?? null;
const list = $<HTMLUListElement>("watchlist-list");
const status = $("watchlist-status");
const say = (text: string) => {
  if (status) status.textContent = text;
};
const counted = (n: number) => (n === 1 ? "1 saved car." : `${n} saved cars.`);
type Saved = NonNullable<AccountAnswer["watchlist"]>[number];

function item(car: Saved): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "saved-item";
  const image = document.createElement("img");
  image.src = car.listed && car.image.url ? cdnImage(car.image.url, 320) : IMAGE_NOT_FOUND;
  image.alt = "";
  image.width = 160;
  image.height = 107;
  image.loading = "lazy";
  const text = document.createElement("div");
  text.className = "saved-text";
  const name = car.listed ? car.name : `Car #${car.id}`;
  if (car.listed) {
    const link = document.createElement("a");
    link.href = `/cars/${encodeURIComponent(car.slug)}`;
    link.textContent = car.name;
    text.append(link);
  } else text.append(name);
  const line = document.createElement("p");
  // A car for sale can be held by another shopper's deposit: the page's held-cars read marks it.
  if (car.listed && !car.sold) li.dataset.carId = String(car.id);
  line.textContent = car.listed
    ? [car.price_text, car.sold ? "Sold" : null].filter(Boolean).join(" · ")
    : "No longer listed";
  text.append(line);
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "btn btn-outline";
  remove.textContent = "Remove";
  remove.setAttribute("aria-label", `Remove ${name}`);
  remove.addEventListener("click", async () => {
    if (remove.dataset.busy) return;
    remove.dataset.busy = "true";
    remove.setAttribute("aria-disabled", "true");
    const result = await changeWatchlist(site, "remove", car.id);
    delete remove.dataset.busy;
    remove.removeAttribute("aria-disabled");
    if (!result.ok) {
      if (result.signIn) window.location.assign(signInHref("watchlist", "/watchlist", "/"));
      else window.alert(result.error);
      return;
    }
    // Keep keyboard users in the list: focus the next car's Remove, else the heading.
    const next = (li.nextElementSibling ?? li.previousElementSibling)?.querySelector("button");
    li.remove();
    const left = list?.children.length ?? 0;
    const empty = $("watchlist-empty");
    if (empty) empty.hidden = left > 0;
    (next ?? root?.querySelector<HTMLElement>("h1"))?.focus();
    say(`${watchlistToast("removed", name).text}. ${counted(left)}`);
  });
  li.append(image, text, remove);
  return li;
}

async function load() {
  let answer: AccountAnswer;
  try {
    answer = await refreshAccount(site);
  } catch {
    say("Sorry, we couldn't load your watchlist. Please try again in a moment.");
    return;
  }
  if (!answer.user) {
    say("Sign in with your mobile number to see the cars you saved.");
    const out = $("watchlist-signed-out");
    if (out) out.hidden = false;
    return;
  }
  const signedIn = $("signed-in");
  const phone = $("phone");
  if (phone) phone.textContent = answer.user.phone_display;
  if (signedIn) signedIn.hidden = false;
  const cars = answer.watchlist ?? [];
  list?.replaceChildren(...cars.map(item));
  const empty = $("watchlist-empty");
  if (empty) empty.hidden = cars.length > 0;
  say(counted(cars.length));
}

$("sign-out")?.addEventListener("click", async () => {
  await signOut(site);
  window.location.assign("/");
});

void load();
