/**
 * The /sign-in page's two steps when something goes wrong (spec §2 /sign-in; the journey that
 * works is walked in watchlist.spec.ts and by every gated route): a new code that cannot be sent
 * brings back the mobile form with the reason, and each time the code step opens it starts empty.
 */
import { expect, freshMobile, tenantUrl, test } from "./support";

/** outback-caravans keeps a watchlist, so it offers sign-in. */
const SITE = "outback-caravans";

test("a new code that cannot be sent shows the mobile form with the reason; the code step opens empty", async ({
  page,
}) => {
  await page.goto(tenantUrl(SITE, "/sign-in"));
  const mobile = freshMobile();
  const mobileField = page.getByLabel("Mobile number");
  await mobileField.fill(mobile.typed);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${mobile.shown}.`)).toBeVisible({ timeout: 15_000 });
  const codeField = page.getByLabel("6-digit code");
  await codeField.fill("123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please enter the 6-digit code we sent you." }),
  ).toBeVisible();

  // The connection drops as the shopper asks for a new code: the mobile form says so, number kept.
  await page.route("**/api/sign-in/code", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "We couldn't reach the server. Please check your connection and try again." }),
  ).toBeVisible();
  await expect(mobileField).toBeFocused();
  await expect(mobileField).toHaveValue(mobile.shown);
  await expect(codeField).toBeHidden();

  // Back online, the code step opens again with nothing left from before.
  await page.unroute("**/api/sign-in/code");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(codeField).toBeFocused({ timeout: 15_000 });
  await expect(codeField).toHaveValue("");
  await expect(codeField).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "Please enter the 6-digit code" })).toHaveCount(0);
});
