/**
 * The browser side of accounts: the remembered account (localStorage, per site), the server's
 * view of it (GET /api/account) and the watchlist calls (spec §7). Shared by the vehicle page's
 * Save, /watchlist and /sign-in.
 */
import { type LocalAccount, localAccountKey, parseLocalAccount } from "./account";

export function readAccount(site: string): LocalAccount | null {
  return parseLocalAccount(localStorage.getItem(localAccountKey(site)));
}

export function writeAccount(site: string, account: LocalAccount | null): void {
  if (account) localStorage.setItem(localAccountKey(site), JSON.stringify(account));
  else localStorage.removeItem(localAccountKey(site));
}

export interface AccountAnswer {
  user: { id: string; phone: string; phone_display: string } | null;
  watchlist?: (
    | {
        listed: true;
        id: number;
        slug: string;
        name: string;
        price_text: string;
        was_price_text: string | null;
        sold: boolean;
        image: { url: string; alt: string };
        car_type_label: string;
        km: number | null;
      }
    | { listed: false; id: number }
  )[];
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
