/** /sign-in: the mobile, a texted code, then back where the shopper came from with the account remembered. */
import { safeReturnPath, signInType, WATCHLIST_PATH } from "~/features/account/account";
import { fetchAccount, refreshAccount, signOut, writeAccount } from "~/features/account/account.store";
import { CODE_TEXTS, startCodeSteps } from "./code-steps.client";

const SIGN_IN_TEXTS = {
  ...CODE_TEXTS,
  verifyFailed: "Sorry, we couldn't sign you in. Please try again.",
} as const;

const root = document.querySelector<HTMLElement>("[data-sign-in]");
const site = root?.dataset.site ?? "";
const params = new URLSearchParams(window.location.search);
const type = signInType(params.get("type"));
const redirect = safeReturnPath(params.get("redirect"), type === "watchlist" ? WATCHLIST_PATH : "/");
const back = root?.querySelector<HTMLAnchorElement>("[data-back]");
if (back) back.href = safeReturnPath(params.get("back"), "/");
const reasons = JSON.parse(root?.dataset.reasons ?? "{}") as Record<string, string>;
const reason = root?.querySelector("[data-reason]");
if (reason && type && reasons[type]) reason.textContent = reasons[type];

const phoneForm = root?.querySelector<HTMLFormElement>('form[data-step="phone"]');
const codeForm = root?.querySelector<HTMLFormElement>('form[data-step="code"]');
const signedIn = root?.querySelector<HTMLElement>("[data-signed-in]");

const steps = startCodeSteps(phoneForm, codeForm, {
  texts: SIGN_IN_TEXTS,
  async onVerified({ phone }) {
    writeAccount(site, { phone, ids: [] });
    // Bring the watchlist along before leaving, so the next page shows it at once.
    await refreshAccount(site).catch(() => {});
    window.location.assign(redirect);
  },
});

// Already signed in (a gated page sent a signed-in shopper here, or they came back): offer to go on
// rather than ask for the number again. Unknown (server unreachable): offer the form.
async function start() {
  const user = await fetchAccount()
    .then((answer) => answer.user)
    .catch(() => null);
  if (user && signedIn) {
    const shown = signedIn.querySelector("[data-signed-in-phone]");
    if (shown) shown.textContent = user.phone_display;
    const go = signedIn.querySelector<HTMLAnchorElement>("[data-continue]");
    if (go) go.href = redirect;
    signedIn.hidden = false;
    return;
  }
  steps?.askForMobile(false);
}
void start();

signedIn?.querySelector("[data-sign-out]")?.addEventListener("click", async () => {
  await signOut(site);
  signedIn.hidden = true;
  steps?.askForMobile(true);
});
