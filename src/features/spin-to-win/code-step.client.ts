/**
 * The inline code step (ui/MobileCodeStep.astro) of Spin to Win where the site does not gate the
 * page: the mobile, a texted code, and the code back through the same sign-in endpoints /sign-in
 * uses, so the session (cookie) names the number the spin is for. A shopper already signed in on
 * this site skips it. The server checks the number (and answers how to fix it), so the page ships
 * no phone-number library.
 */
import { ACCOUNT_TEXTS, checkCode } from "~/features/account/account";
import { type AccountAnswer, fetchAccount, refreshAccount, signOut } from "~/features/account/account.client";
import {
  setFormBusy as busy,
  showFieldError as fail,
  postCodeForm as post,
} from "~/features/account/code-form.client";

export type ProvenUser = NonNullable<AccountAnswer["user"]>;

export const CODE_STEP_TEXTS = {
  sent: (phone: string) => `We sent a 6-digit code to ${phone}.`,
  sendFailed: "Sorry, we couldn't send a code. Please try again.",
  checkFailed: "Sorry, we couldn't check that code. Please try again.",
} as const;

export interface CodeStep {
  /** Back to the mobile (another number): ends the session, then asks again. */
  restart(): Promise<void>;
}

/**
 * Runs the code step in `section`. `onProven` hears of the shopper once their number is proven (at
 * once when already signed in, `byCode` false), and the step hides itself.
 */
export function startCodeStep(
  section: HTMLElement,
  site: string,
  onProven: (user: ProvenUser, byCode: boolean) => void,
): CodeStep {
  const checking = section.querySelector<HTMLElement>("[data-code-checking]");
  const phoneForm = section.querySelector<HTMLFormElement>('[data-code-form="phone"]');
  const codeForm = section.querySelector<HTMLFormElement>('[data-code-form="code"]');
  const phoneInput = phoneForm?.querySelector<HTMLInputElement>('input[name="phone"]') ?? null;
  const codeInput = codeForm?.querySelector<HTMLInputElement>('input[name="code"]') ?? null;
  /** The number the code went to, as typed, and as the server wrote it back. */
  let phone = "";
  let phoneDisplay = "";

  const askForMobile = (focus: boolean) => {
    checking?.remove();
    section.hidden = false;
    if (codeForm) codeForm.hidden = true;
    if (phoneForm) phoneForm.hidden = false;
    if (focus) phoneInput?.focus();
  };
  const proven = (user: ProvenUser, byCode: boolean) => {
    checking?.remove();
    section.hidden = true;
    onProven(user, byCode);
  };

  // Unknown (the server could not be asked): the mobile is asked for; the code step will say more.
  void fetchAccount()
    .then((answer) => answer.user)
    .catch(() => null)
    .then((user) => (user ? proven(user, false) : askForMobile(false)));

  async function sendCode(): Promise<boolean> {
    if (!phoneForm) return false;
    const typed = phoneInput?.value.trim() ?? "";
    if (typed === "") {
      fail(phoneForm, phoneInput, ACCOUNT_TEXTS.phoneRequired);
      return false;
    }
    fail(phoneForm, phoneInput, "");
    busy(phoneForm, true);
    const answer = await post("/api/sign-in/code", { phone: typed });
    busy(phoneForm, false);
    if (!answer.ok) {
      fail(phoneForm, phoneInput, String(answer.body.error ?? CODE_STEP_TEXTS.sendFailed));
      return false;
    }
    phone = typed;
    phoneDisplay = String(answer.body.phone ?? typed);
    const sent = codeForm?.querySelector("[data-sent]");
    if (sent) sent.textContent = CODE_STEP_TEXTS.sent(phoneDisplay);
    return true;
  }

  phoneForm?.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!(await sendCode()) || !codeForm) return;
    phoneForm.hidden = true;
    codeForm.hidden = false;
    if (codeInput) codeInput.value = "";
    fail(codeForm, codeInput, "");
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
    busy(codeForm, false);
    if (!answer.ok) {
      fail(codeForm, codeInput, String(answer.body.error ?? CODE_STEP_TEXTS.checkFailed));
      return;
    }
    fail(codeForm, codeInput, "");
    // Other pages of the site (a watchlist) learn of the session too.
    await refreshAccount(site).catch(() => {});
    const user = answer.body.user as { id?: string; phone?: string } | undefined;
    proven(
      { id: String(user?.id ?? ""), phone: String(user?.phone ?? phone), phone_display: phoneDisplay },
      true,
    );
  });

  section.querySelector("[data-resend]")?.addEventListener("click", async () => {
    if (!codeForm || !phoneInput) return;
    phoneInput.value = phoneDisplay;
    if (await sendCode()) {
      if (codeInput) codeInput.value = "";
      fail(codeForm, codeInput, "");
      codeInput?.focus();
    } else {
      // The reason is under the mobile: show that form.
      askForMobile(false);
      phoneInput.focus();
    }
  });

  section.querySelector("[data-other-number]")?.addEventListener("click", () => askForMobile(true));

  return {
    async restart() {
      await signOut(site);
      phone = "";
      phoneDisplay = "";
      if (phoneInput) phoneInput.value = "";
      askForMobile(true);
    },
  };
}
