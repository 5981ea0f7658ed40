/**
 * "Phone, then code": the two forms every phone sign-in runs through (the /sign-in page and Spin to
 * Win's inline step). The mobile is checked here first (a landline or a typo never costs a text),
 * a code is texted to it (POST /api/sign-in/code), and the code goes back (POST
 * /api/sign-in/verify, which starts the session). Each page keeps its own words and decides what
 * a proven number leads to.
 */
import { checkCode } from "~/features/account/account";
import {
  setFormBusy as busy,
  showFieldError as fail,
  postCodeForm as post,
} from "~/features/account/code-form.client";

/**
 * The mobile check brings libphonenumber-js (about 30 KB): fetched when the shopper first types a
 * number (or sends one), not with the page, which often never needs it (Spin to Win's wheel).
 */
const loadMobileCheck = () => import("~/features/account/mobile").then((module) => module.checkMobile);

export interface CodeStepTexts {
  sent: (phone: string) => string;
  sendFailed: string;
  verifyFailed: string;
}

/** What the texts say on both pages; each adds its own `verifyFailed`. */
export const CODE_TEXTS = {
  sent: (phone: string) => `We sent a 6-digit code to ${phone}.`,
  sendFailed: "Sorry, we couldn't send a code. Please try again.",
} as const;

export interface VerifiedNumber {
  /** As the code went to it (+61412345678). */
  phone: string;
  /** As the server wrote it back (0412 345 678). */
  phoneDisplay: string;
  /** The verify answer's `user` (`id`, `phone`), when it names one. */
  user: { id?: string; phone?: string } | undefined;
}

export interface CodeStepsOptions {
  texts: CodeStepTexts;
  /**
   * The code was right. The code form stays busy (a second submit would spend a used code) until
   * the code step opens again.
   */
  onVerified: (verified: VerifiedNumber) => void | Promise<void>;
}

export interface CodeSteps {
  /** Shows the mobile form (and hides the code form). */
  askForMobile(focus: boolean): void;
  /** Forgets the number the code went to and empties the mobile field. */
  forget(): void;
}

/**
 * Wires the two forms: the mobile form's `phone` field; the code form's `code` field, its
 * `[data-sent]` saying where the code went, `[data-resend]` texting a new one and
 * `[data-other-number]` going back to the mobile. Null when the page lacks either form.
 */
export function startCodeSteps(
  phoneForm: HTMLFormElement | null | undefined,
  codeForm: HTMLFormElement | null | undefined,
  { texts, onVerified }: CodeStepsOptions,
): CodeSteps | null {
  const phoneInput = phoneForm?.querySelector<HTMLInputElement>('input[name="phone"]');
  const codeInput = codeForm?.querySelector<HTMLInputElement>('input[name="code"]');
  if (!phoneForm || !codeForm || !phoneInput || !codeInput) return null;
  let phone = "";
  let phoneDisplay = "";

  const askForMobile = (focus: boolean) => {
    codeForm.hidden = true;
    phoneForm.hidden = false;
    if (focus) phoneInput.focus();
  };

  // Every time the code step opens it starts clean: no earlier code, no earlier error.
  const openCodeStep = () => {
    phoneForm.hidden = true;
    codeForm.hidden = false;
    codeInput.value = "";
    fail(codeForm, codeInput, "");
    busy(codeForm, false);
    codeInput.focus();
  };

  phoneInput.addEventListener("focus", () => void loadMobileCheck().catch(() => {}), { once: true });

  const sendCode = async (): Promise<boolean> => {
    const checkMobile = await loadMobileCheck().catch(() => null);
    if (!checkMobile) {
      fail(phoneForm, phoneInput, texts.sendFailed);
      return false;
    }
    const check = checkMobile(phoneInput.value);
    if (!check.ok) {
      fail(phoneForm, phoneInput, check.error);
      return false;
    }
    fail(phoneForm, phoneInput, "");
    busy(phoneForm, true);
    const answer = await post("/api/sign-in/code", { phone: check.phone });
    busy(phoneForm, false);
    if (!answer.ok) {
      fail(phoneForm, phoneInput, String(answer.body.error ?? texts.sendFailed));
      return false;
    }
    phone = check.phone;
    phoneDisplay = String(answer.body.phone ?? phoneInput.value.trim());
    const sent = codeForm.querySelector("[data-sent]");
    if (sent) sent.textContent = texts.sent(phoneDisplay);
    return true;
  };

  phoneForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await sendCode()) openCodeStep();
  });

  codeForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const check = checkCode(codeInput.value);
    if (!check.ok) {
      fail(codeForm, codeInput, check.error);
      return;
    }
    busy(codeForm, true);
    const answer = await post("/api/sign-in/verify", { phone, code: check.code });
    if (!answer.ok) {
      busy(codeForm, false);
      fail(codeForm, codeInput, String(answer.body.error ?? texts.verifyFailed));
      return;
    }
    fail(codeForm, codeInput, "");
    await onVerified({
      phone,
      phoneDisplay,
      user: answer.body.user as VerifiedNumber["user"],
    });
  });

  codeForm.querySelector("[data-resend]")?.addEventListener("click", async () => {
    phoneInput.value = phoneDisplay;
    if (await sendCode()) {
      openCodeStep();
      return;
    }
    // The reason is under the mobile: show that form, with the number to fix or send again.
    askForMobile(false);
    phoneInput.focus();
  });

  codeForm.querySelector("[data-other-number]")?.addEventListener("click", () => askForMobile(true));

  return {
    askForMobile,
    forget() {
      phone = "";
      phoneDisplay = "";
      phoneInput.value = "";
    },
  };
}
