/** /sign-in: the mobile, a texted code, then back where the shopper came from with the account remembered. */
import { checkCode, safeReturnPath, signInType, WATCHLIST_PATH } from "~/features/account/account";
import { fetchAccount, refreshAccount, signOut, writeAccount } from "~/features/account/account.client";
import {
  setFormBusy as busy,
  showFieldError as fail,
  postCodeForm as post,
} from "~/features/account/code-form.client";
import { checkMobile } from "~/features/account/mobile";

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
const phoneInput = root?.querySelector<HTMLInputElement>("#sign-in-phone");
const codeInput = root?.querySelector<HTMLInputElement>("#sign-in-code");
let phone = "";
const signedIn = root?.querySelector<HTMLElement>("[data-signed-in]");

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
  if (phoneForm) phoneForm.hidden = false;
}
void start();

signedIn?.querySelector("[data-sign-out]")?.addEventListener("click", async () => {
  await signOut(site);
  signedIn.hidden = true;
  if (phoneForm) phoneForm.hidden = false;
  phoneInput?.focus();
});

async function sendCode(): Promise<boolean> {
  if (!phoneForm) return false;
  const check = checkMobile(phoneInput?.value);
  if (!check.ok) {
    fail(phoneForm, phoneInput, check.error);
    return false;
  }
  fail(phoneForm, phoneInput, "");
  busy(phoneForm, true);
  const answer = await post("/api/sign-in/code", { phone: check.phone });
  busy(phoneForm, false);
  if (!answer.ok) {
    fail(
      phoneForm,
      phoneInput,
      String(answer.body.error ?? "Sorry, we couldn't send a code. Please try again."),
    );
    return false;
  }
  phone = check.phone;
  const sent = root?.querySelector("[data-sent]");
  if (sent)
    sent.textContent = `We sent a 6-digit code to ${String(answer.body.phone ?? phoneInput?.value ?? "")}.`;
  return true;
}

phoneForm?.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!(await sendCode()) || !codeForm) return;
  phoneForm.hidden = true;
  codeForm.hidden = false;
  codeInput?.focus();
});

codeForm?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const check = checkCode(codeInput?.value);
  if (!check.ok) {
    fail(codeForm, codeInput, check.error);
    return;
  }
  busy(codeForm, true);
  const answer = await post("/api/sign-in/verify", { phone, code: check.code });
  if (!answer.ok) {
    busy(codeForm, false);
    fail(
      codeForm,
      codeInput,
      String(answer.body.error ?? "Sorry, we couldn't sign you in. Please try again."),
    );
    return;
  }
  writeAccount(site, { phone, ids: [] });
  // Bring the watchlist along before leaving, so the next page shows it at once.
  await refreshAccount(site).catch(() => {});
  window.location.assign(redirect);
});

root?.querySelector("[data-resend]")?.addEventListener("click", async () => {
  if (!codeForm || !phoneInput) return;
  phoneInput.value = phone;
  if (await sendCode()) {
    fail(codeForm, codeInput, "");
    codeInput?.focus();
  }
});

root?.querySelector("[data-other-number]")?.addEventListener("click", () => {
  if (!codeForm || !phoneForm) return;
  codeForm.hidden = true;
  phoneForm.hidden = false;
  phoneInput?.focus();
});
