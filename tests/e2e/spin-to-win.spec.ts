/**
 * Spec §2 /spin-to-win (§4 behind sign-in where the site gates it), on every sample tenant: a
 * shopper leaves their details, spins, lands on the prize the server drew, and cannot spin twice.
 */
import type { Page } from "@playwright/test";
import { spinNeedsSignIn } from "~/features/account/account";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { SPIN_TEXTS } from "~/features/spin-to-win/spin-to-win";
import {
  expect,
  expectNoAxeViolations,
  footerLinkThroughSignIn,
  freshMobile,
  TENANTS,
  tenantData,
  tenantGet,
  tenantUrl,
  test,
} from "./support";

const running = TENANTS.filter((slug) => tenantData(slug).site.spin_to_win);
const gated = running.filter((slug) => spinNeedsSignIn(tenantData(slug).site));
const open = running.filter((slug) => !gated.includes(slug));
const without = TENANTS.filter((slug) => !running.includes(slug));

test("the samples run an open campaign, a gated one, and none", () => {
  expect(open.length).toBeGreaterThan(0);
  expect(gated.length).toBeGreaterThan(0);
  expect(without.length).toBeGreaterThan(0);
});

/** Fills the details (the mobile only where the form asks for it), spins and waits for the prize. */
async function spinWith(page: Page, mobile: string | null) {
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Email").fill("robin@example.com.au");
  if (mobile !== null) await page.getByLabel("Mobile").fill(mobile);
  const terms = page.getByLabel("I agree to the terms of use");
  if (await terms.count()) await terms.check();
  const dealership = page.getByLabel("Dealership");
  if (await dealership.count()) await dealership.selectOption({ index: 1 });
  // The server turns away forms sent faster than a person types (3 s).
  await page.waitForTimeout(3_100);
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/spin-to-win"));
  await page.getByRole("button", { name: "Spin the Wheel" }).click();
  await expect(page.getByRole("button", { name: "Spinning…" })).toBeDisabled();
  return (await (await answered).json()) as { prize: string; index: number; already: boolean };
}

for (const slug of open) {
  const campaign = tenantData(slug).site.spin_to_win;
  if (!campaign) throw new Error(`${slug}: runs no campaign`);
  test(`${slug}: a shopper leaves their details, spins once and lands on the prize drawn`, async ({
    page,
  }) => {
    await page.goto(tenantUrl(slug));
    await page.getByRole("contentinfo").getByRole("link", { name: "Spin to Win", exact: true }).click();
    await expect(page).toHaveURL(/\/spin-to-win\/?$/);
    await expect(page.getByRole("heading", { level: 1, name: campaign.title })).toBeVisible();
    // The prizes, as text and as the wheel's picture.
    const prizes = page.getByRole("region", { name: "Prizes" }).getByRole("listitem");
    await expect(prizes).toHaveCount(campaign.prizes.length);
    await expect(prizes.first()).toContainText(campaign.prizes[0]?.label ?? "");
    await expect(page.getByRole("img", { name: /^Prize wheel: / })).toBeVisible();
    await expect(page.getByText(campaign.terms)).toBeVisible();
    await expectNoAxeViolations(page);

    // Nothing filled in: the list of what to fix, each field marked, and no spin.
    await page.getByRole("button", { name: "Spin the Wheel" }).click();
    const alert = page.getByRole("alert").filter({ hasText: LEAD_TEXTS.fixErrors });
    await expect(alert).toBeFocused();
    for (const message of [LEAD_TEXTS.name, LEAD_TEXTS.email, LEAD_TEXTS.phone])
      await expect(alert).toContainText(message);
    await expect(page.getByLabel("Mobile")).toHaveAttribute("aria-invalid", "true");

    const mobile = freshMobile();
    const answer = await spinWith(page, mobile.typed);
    expect(answer.already).toBe(false);
    expect(campaign.prizes.map((prize) => prize.label)).toContain(answer.prize);
    const won = page.getByRole("heading", { name: SPIN_TEXTS.won(answer.prize) });
    await expect(won).toBeVisible({ timeout: 8_000 });
    await expect(won).toBeFocused();
    await expect(page.getByRole("button", { name: "Spin the Wheel" })).toBeHidden();
    // The wheel stopped with the prize's slice under the pointer.
    const turned = await page
      .getByRole("img", { name: /^Prize wheel: / })
      .evaluate((wheel) => (wheel.querySelector("[data-wheel-disc]") as SVGGElement).style.transform);
    const degrees = Number(/rotate\(([\d.]+)deg\)/.exec(turned)?.[1]);
    const slice = 360 / campaign.prizes.length;
    expect(((((answer.index + 0.5) * slice + degrees) % 360) + 360) % 360).toBeCloseTo(0);
    await expectNoAxeViolations(page);

    // The same mobile, another visit: the first prize, no second spin.
    await page.reload();
    const again = await spinWith(page, mobile.typed);
    expect(again).toMatchObject({ prize: answer.prize, already: true });
    await expect(page.getByRole("heading", { name: "You've already spun" })).toBeVisible({ timeout: 8_000 });
    await expect(page.getByText(SPIN_TEXTS.already(answer.prize))).toBeVisible();

    // A phone shows the wheel and the form without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

for (const slug of gated) {
  test(`${slug}: Spin to Win asks for sign-in, then spins with the shopper's own mobile`, async ({
    page,
  }) => {
    await footerLinkThroughSignIn(page, slug, {
      link: "Spin to Win",
      type: "spin-to-win",
      path: "/spin-to-win",
    });
    // The account's mobile is the entry's: the form does not ask for another.
    await expect(page.getByLabel("Mobile")).toHaveCount(0);
    const answer = await spinWith(page, null);
    await expect(page.getByRole("heading", { name: SPIN_TEXTS.won(answer.prize) })).toBeVisible({
      timeout: 8_000,
    });
    await expectNoAxeViolations(page);
  });
}

for (const slug of without) {
  test(`${slug}: no campaign, so no Spin to Win link and no /spin-to-win`, async ({ page, request }) => {
    await page.goto(tenantUrl(slug));
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Spin to Win" })).toHaveCount(0);
    expect((await tenantGet(request, slug, "/spin-to-win")).status()).toBe(404);
  });
}
