/** The sign-in gate: pages behind sign-in show their content to a signed-in shopper, else send them to /sign-in. */
import { signInType } from "~/features/account/account";
import { markSignedIn, referrerPath, requireSignIn } from "~/features/account/account.store";

for (const status of document.querySelectorAll<HTMLElement>("[data-sign-in-gate]")) {
  const type = signInType(status.dataset.signInGate);
  const content = status.parentElement?.querySelector<HTMLElement>("[data-gated]");
  if (!type || !content) continue;
  requireSignIn(type, referrerPath("/"))
    .then((user) => {
      if (!user) return;
      status.remove();
      content.hidden = false;
      // The page may show who is signed in (e.g. "Signed in as 0412 345 678"): whenSignedIn.
      markSignedIn(content, user);
    })
    .catch(() => {
      status.textContent = "We couldn't check your sign-in. Please reload the page, or call us instead.";
    });
}
