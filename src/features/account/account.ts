/**
 * Accounts (spec §6: anonymous visitor or signed-in user, identified by a user id, with a phone
 * number; §2 /sign-in with type, redirect and back): phone sign-in with a one-time code, and the
 * watchlist rules of §4 that the vehicle page and /watchlist share. Pure: the pages' scripts, the
 * functions and the tests import it.
 */
/** Spec §2: the reasons a shopper is sent to /sign-in (`?type=`). */
export const SIGN_IN_TYPES = [
  "trade-in",
  "checkout",
  "finance",
  "spin-to-win",
  "online-payment",
  "car-finance",
  "my-garage",
  "watchlist",
] as const;
export type SignInType = (typeof SIGN_IN_TYPES)[number];

export const SIGN_IN_PATH = "/sign-in";
export const WATCHLIST_PATH = "/watchlist";
/** Codes are six digits, live 10 minutes and allow 5 wrong tries. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** A session lasts 30 days. */
export const SESSION_TTL_MS = 30 * 86_400_000;
/** The session cookie over http (local runs); over https it carries the `__Host-` prefix. */
export const SESSION_COOKIE = "session";
/** Secure, Path=/ and no Domain, so no sibling subdomain or http page can set or shadow it. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export const ACCOUNT_TEXTS = {
  phoneRequired: "Please enter your mobile number.",
  phoneInvalid: "Please enter a valid Australian mobile number, e.g. 0412 345 678.",
  codeRequired: "Please enter the 6-digit code we sent you.",
  codeWrong: "That code is not right or has expired. Please check it or send a new one.",
  codeLocked: "Too many tries. Please send a new code.",
  tooMany: "Too many requests. Please wait a few minutes and try again.",
  unavailable: "Sign-in is not available right now. Please try again later.",
  signInNeeded: "Please sign in to use your watchlist.",
} as const;

/** Why the shopper is asked to sign in, shown under the heading. */
export const SIGN_IN_REASONS: Record<SignInType | "default", string> = {
  watchlist: "Sign in to save cars to your watchlist and see them on any device.",
  checkout: "Sign in to reserve or buy a car online.",
  "trade-in": "Sign in to value your trade-in.",
  finance: "Sign in to apply for finance.",
  "car-finance": "Sign in to apply for finance.",
  "spin-to-win": "Sign in to spin to win.",
  "online-payment": "Sign in to make an online payment.",
  "my-garage": "Sign in to see your garage.",
  default: "Sign in with your mobile number. We'll text you a code; there is no password.",
};

export type CodeCheck = { ok: true; code: string } | { ok: false; error: string };

/** Six digits; spaces a shopper types between them are ignored. */
export function checkCode(input: string | null | undefined): CodeCheck {
  const code = (input ?? "").replace(/\s+/g, "");
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)
    ? { ok: true, code }
    : { ok: false, error: ACCOUNT_TEXTS.codeRequired };
}

/** The sign-in reason from `?type=`, or null for none or an unknown one. */
export function signInType(value: string | null | undefined): SignInType | null {
  return (SIGN_IN_TYPES as readonly string[]).includes(value ?? "") ? (value as SignInType) : null;
}

/** Whitespace and control characters: the URL parser drops tabs and newlines inside a path. */
const UNSAFE_IN_PATH = /[\s\p{Cc}]/u;

/**
 * A same-site path to go to after sign-in (`redirect`) or on Back (`back`): only a path on this
 * site ("/cars/x", "/watchlist?y"), never another origin ("//evil.example", "https://…",
 * "/\\evil", "/.//evil.example"); else the fallback.
 */
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  const path = value ?? "";
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\") || UNSAFE_IN_PATH.test(path))
    return fallback;
  try {
    const url = new URL(path, "https://site.invalid");
    if (url.origin !== "https://site.invalid") return fallback;
    // Dot segments collapse while parsing ("/.//x" becomes "//x"), and a browser reads a path
    // that starts with two slashes as another host.
    if (url.pathname.startsWith("//") || url.pathname.includes("\\")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** `/sign-in?type=…&redirect=…&back=…` (spec §2). */
export function signInHref(type: SignInType, redirect: string, back: string = redirect): string {
  return `${SIGN_IN_PATH}?${new URLSearchParams({ type, redirect, back })}`;
}

interface AccountSite {
  features: { watchlist: boolean; checkout: boolean };
  /** My Garage (spec §2 /my-garage, always behind sign-in). */
  garage_enabled: boolean;
  /** Spec §4 gated routes, per site (site.json `gating`). */
  gating: { checkout: boolean; finance: boolean; car_finance: boolean; spin_to_win: boolean };
  /** A Spin to Win campaign (spec §2 /spin-to-win), or null. */
  spin_to_win: unknown;
  /** Online payment (spec §2 /online-payment, always gated), or null. */
  online_payment: unknown;
}

/**
 * Spec §4 gated routes: checkout asks for sign-in on sites that gate it, and only for a car that
 * can be checked out (the page redirects once the car is known).
 */
export function checkoutNeedsSignIn(site: AccountSite): boolean {
  return site.features.checkout && site.gating.checkout;
}

/** Spec §4: Spin to Win asks for sign-in on sites that gate it and run a campaign. */
export function spinNeedsSignIn(site: AccountSite): boolean {
  return Boolean(site.spin_to_win) && site.gating.spin_to_win;
}

/**
 * Sites with sign-in: those that keep a watchlist or a garage, take online payments, gate
 * checkout or finance, or run Spin to Win (gated or not, a spin needs a mobile proven by a code).
 */
export function offersAccounts(site: AccountSite): boolean {
  return (
    site.features.watchlist ||
    site.garage_enabled ||
    checkoutNeedsSignIn(site) ||
    site.gating.finance ||
    site.gating.car_finance ||
    Boolean(site.spin_to_win) ||
    Boolean(site.online_payment)
  );
}

/**
 * Spec §4: a sold car shows Save only if it is already saved; an available car always does. Null:
 * no button on this site.
 */
export function showsWatchlistSave(
  car: { sold: boolean },
  saved: boolean,
  site: { features: { watchlist: boolean } },
): boolean {
  if (!site.features.watchlist) return false;
  return !car.sold || saved;
}

/** Spec §4 watchlist toasts (title, text), each with View List. */
export function watchlistToast(
  action: "saved" | "removed",
  carName: string,
): { title: string; text: string } {
  return action === "saved"
    ? { title: "Car Saved In Watchlist", text: `${carName} is now available in your watchlist` }
    : { title: "Car Removed", text: `${carName} is no longer in your watchlist` };
}

/** What the browser remembers of a signed-in shopper: their number and saved car ids (spec §4). */
export interface LocalAccount {
  phone: string;
  ids: number[];
}

/** An Australian mobile as checkMobile (mobile.ts) keeps it. */
const E164_MOBILE = /^\+614\d{8}$/;

export const localAccountKey = (site: string) => `account:${site}`;
/** A save or remove that waits for sign-in, completed when the shopper is back on the car. */
export const PENDING_WATCHLIST_KEY = "watchlist:pending";

/** Tolerant: anything that is not a stored account reads as signed out. */
export function parseLocalAccount(text: string | null): LocalAccount | null {
  try {
    const value = JSON.parse(text ?? "null") as Partial<LocalAccount> | null;
    if (!value || typeof value.phone !== "string" || !E164_MOBILE.test(value.phone)) return null;
    const ids = Array.isArray(value.ids) ? value.ids.filter((id) => Number.isInteger(id) && id > 0) : [];
    return { phone: value.phone, ids: [...new Set(ids)] };
  } catch {
    return null;
  }
}

/** Spec §4: Save adds the id locally at once (newest first); Remove likewise. */
export function withWatchlistChange(
  account: LocalAccount,
  action: "save" | "remove",
  carId: number,
): LocalAccount {
  const rest = account.ids.filter((id) => id !== carId);
  return { ...account, ids: action === "save" ? [carId, ...rest] : rest };
}
