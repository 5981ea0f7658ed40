/**
 * The inline code step (ui/MobileCodeStep.astro) of Spin to Win where the site does not gate the
 * page: the account's phone-then-code steps, through the same sign-in endpoints /sign-in uses, so
 * the session (cookie) names the number the spin is for. A shopper already signed in on this site
 * skips it.
 */
import { type AccountAnswer, fetchAccount, refreshAccount, signOut } from "~/features/account/account.store";
import { CODE_TEXTS, startCodeSteps } from "~/features/account/ui/code-steps.client";

export type ProvenUser = NonNullable<AccountAnswer["user"]>;

export const CODE_STEP_TEXTS = {
  ...CODE_TEXTS,
  verifyFailed: "Sorry, we couldn't check that code. Please try again.",
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

  const proven = (user: ProvenUser, byCode: boolean) => {
    checking?.remove();
    section.hidden = true;
    onProven(user, byCode);
  };

  const steps = startCodeSteps(phoneForm, codeForm, {
    texts: CODE_STEP_TEXTS,
    async onVerified({ phone, phoneDisplay, user }) {
      // Other pages of the site (a watchlist) learn of the session too.
      await refreshAccount(site).catch(() => {});
      proven(
        { id: String(user?.id ?? ""), phone: String(user?.phone ?? phone), phone_display: phoneDisplay },
        true,
      );
    },
  });

  const askForMobile = (focus: boolean) => {
    checking?.remove();
    section.hidden = false;
    steps?.askForMobile(focus);
  };

  // Unknown (the server could not be asked): the mobile is asked for; the code step will say more.
  void fetchAccount()
    .then((answer) => answer.user)
    .catch(() => null)
    .then((user) => (user ? proven(user, false) : askForMobile(false)));

  return {
    async restart() {
      await signOut(site);
      steps?.forget();
      askForMobile(true);
    },
  };
}
