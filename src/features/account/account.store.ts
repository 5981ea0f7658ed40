/**
 * The browser side of accounts: the remembered account (localStorage, per site), the server's
 * view of it (GET /api/account) and the watchlist calls (spec §7). Shared by the vehicle page's
 * Save, /watchlist and /sign-in.
 */
import { persistentAtom } from "@nanostores/persistent";
import type { WritableAtom } from "nanostores";
import { ANALYTICS_EVENTS, track } from "~/lib/analytics";
import { storageAvailable } from "~/lib/saved-list.store";
import {
  type LocalAccount,
  localAccountKey,
  parseLocalAccount,
  type SignInType,
  safeReturnPath,
  signInHref,
  withWatchlistChange,
} from "./account";
import type { WatchlistCar } from "./watchlist.server";

const accounts = new Map<string, WritableAtom<LocalAccount | undefined>>();

/**
 * The remembered account of a site as a store (key `account:<site>`, JSON; no key when signed
 * out): the watchlist as this browser last saw it, so Save shows saved before the server answers.
 */
export function accountStore(site: string): WritableAtom<LocalAccount | undefined> {
  let store = accounts.get(site);
  if (!store) {
    store = persistentAtom<LocalAccount | undefined>(localAccountKey(site), undefined, {
      encode: (account) => (account ? JSON.stringify(account) : undefined),
      decode: (raw) => parseLocalAccount(raw) ?? undefined,
    });
    accounts.set(site, store);
  }
  return store;
}

/** Throws when the browser refuses storage: there the watchlist cannot be kept in step. */
export function readAccount(site: string): LocalAccount | null {
  if (!storageAvailable()) throw new Error("storage blocked");
  return accountStore(site).get() ?? null;
}

export function writeAccount(site: string, account: LocalAccount | null): void {
  if (!storageAvailable()) throw new Error("storage blocked");
  accountStore(site).set(account ?? undefined);
}

export interface AccountAnswer {
  user: { id: string; phone: string; phone_display: string } | null;
  watchlist?: WatchlistCar[];
}

/** Asks the server who is signed in (`user: null` when nobody). Throws when unreachable. */
export async function fetchAccount(): Promise<AccountAnswer> {
  const response = await fetch("/api/account", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`account: ${response.status}`);
  return (await response.json()) as AccountAnswer;
}

/** Remembers the server's answer in the browser. */
export function rememberAccount(site: string, answer: AccountAnswer): void {
  writeAccount(
    site,
    answer.user ? { phone: answer.user.phone, ids: (answer.watchlist ?? []).map((car) => car.id) } : null,
  );
}

/**
 * Spec §4 gated routes: once the account is known, a signed-out shopper is sent to /sign-in with
 * this page as `redirect` and `back` as Back. Resolves with the signed-in user, or null after
 * sending the shopper away; throws when the server could not be asked.
 */
export async function requireSignIn(
  type: SignInType,
  back: string,
): Promise<NonNullable<AccountAnswer["user"]> | null> {
  const account = await fetchAccount();
  if (account.user) return account.user;
  const here = window.location.pathname + window.location.search + window.location.hash;
  window.location.replace(signInHref(type, here, back));
  return null;
}

type SignedInUser = NonNullable<AccountAnswer["user"]>;
const gateUsers = new WeakMap<Element, SignedInUser>();

/** The sign-in gate (SignInGate.astro) opened `content` for `user`. */
export function markSignedIn(content: Element, user: SignedInUser): void {
  gateUsers.set(content, user);
  content.dispatchEvent(new CustomEvent("signed-in", { detail: user }));
}

/**
 * Runs `then` with the signed-in user once the gate opens `content` (at once if it already has:
 * the gate's check may finish before a page's own script runs).
 */
export function whenSignedIn(content: Element, then: (user: SignedInUser) => void): void {
  const user = gateUsers.get(content);
  if (user) then(user);
  else
    content.addEventListener("signed-in", (event) => then((event as CustomEvent<SignedInUser>).detail), {
      once: true,
    });
}

/** The page the shopper came from when it is on this site (a path), else the fallback. */
export function referrerPath(fallback = "/"): string {
  try {
    const from = document.referrer ? new URL(document.referrer) : null;
    return from && from.origin === window.location.origin
      ? safeReturnPath(from.pathname + from.search, fallback)
      : fallback;
  } catch {
    return fallback;
  }
}

/** Ends this browser's session on the server and forgets the account here; never throws. */
export async function signOut(site: string): Promise<void> {
  try {
    await fetch("/api/sign-out", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
  } catch {}
  try {
    writeAccount(site, null);
  } catch {}
}

/** fetchAccount, then rememberAccount. */
export async function refreshAccount(site: string): Promise<AccountAnswer> {
  const answer = await fetchAccount();
  rememberAccount(site, answer);
  return answer;
}

export type WatchlistResult = { ok: true; ids: number[] } | { ok: false; status: number; error: string };

const FAILED = "Sorry, we couldn't update your watchlist. Please try again.";

/** POST /api/watchlist/save-car or remove-car with the spec's phone_number and car_id. */
export async function sendWatchlist(
  action: "save" | "remove",
  phone: string,
  carId: number,
): Promise<WatchlistResult> {
  try {
    const response = await fetch(`/api/watchlist/${action}-car`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ phone_number: phone, car_id: carId }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      success?: boolean;
      car_ids?: number[];
      error?: string;
    };
    if (response.ok && body.success) return { ok: true, ids: body.car_ids ?? [] };
    return { ok: false, status: response.status, error: body.error ?? FAILED };
  } catch {
    return { ok: false, status: 0, error: FAILED };
  }
}

export type WatchlistChange =
  | { ok: true }
  | { ok: false; signIn: true }
  | { ok: false; signIn: false; error: string };

/**
 * One Save or Remove as spec §4 has it: the local list changes at once (`onLocal` redraws), the
 * server is told, and success logs event 39 and keeps the server's list. Signed out, or a session
 * the server no longer knows: `signIn` (the remembered account is dropped). Any other failure
 * leaves the local change in place and gives the message to alert (spec §8).
 */
export async function changeWatchlist(
  site: string,
  action: "save" | "remove",
  carId: number,
  onLocal: () => void = () => {},
): Promise<WatchlistChange> {
  const account = readAccount(site);
  if (!account) return { ok: false, signIn: true };
  writeAccount(site, withWatchlistChange(account, action, carId));
  onLocal();
  const result = await sendWatchlist(action, account.phone, carId);
  if (result.ok) {
    writeAccount(site, { phone: account.phone, ids: result.ids });
    track(ANALYTICS_EVENTS.save, { action, car_id: carId });
    return { ok: true };
  }
  if (result.status === 401) {
    writeAccount(site, null);
    return { ok: false, signIn: true };
  }
  return { ok: false, signIn: false, error: result.error };
}
