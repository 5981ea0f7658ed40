/**
 * Spec §2 /spin-to-win (§4 behind sign-in where the site gates it), on the fixture tenants: a
 * shopper proves their mobile (a code texted to it, asked for on the page where the site does not
 * gate it; sign-in where it does), leaves their details, spins, lands on the prize the server drew,
 * and cannot spin twice. Nobody spins for, or reads back the prize of, a number they did not prove.
 */
import type { Page } from "@playwright/test";
import {
  codeFor,
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

/** westside-auto runs an open campaign: the mobile is proven on the page itself; the site asks for the terms. */
const OPEN = {
  slug: "westside-auto",
  title: "Spin to Win",
  prizes: ["$25 coffee voucher", "Free detail", "$200 off any car", "Free tank of fuel"],
  /** The prize list as shown: each weight out of the 100 total, as a chance. */
  listed: [
    "$25 coffee voucher 45% chance",
    "Free detail 25% chance",
    "$200 off any car 20% chance",
    "Free tank of fuel 10% chance",
  ],
  terms:
    "One spin per mobile number. $200 off applies to a car bought within 30 days. Claim at either Westside Auto yard.",
};
/** harbourside-toyota gates its campaign behind sign-in (gating.spin_to_win); no terms checkbox. */
const GATED = {
  slug: "harbourside-toyota",
  prizes: [
    "$50 fuel card",
    "Free car wash",
    "$100 service credit",
    "Free tint on a new car",
    "$250 accessory pack",
  ],
};
/**
 * bayside-nissan, outback-caravans and sunstate-motor-group run no campaign; the absence is one
 * rule (no campaign, no link, no route), so it is checked on one of them, bayside-nissan.
 */
const WITHOUT = "bayside-nissan";

test("the samples run an open campaign, a gated one, and none", () => {
  const running = TENANTS.filter((slug) => tenantData(slug).site.spin_to_win);
  expect(running).toEqual([GATED.slug, OPEN.slug]);
  expect(running.filter((slug) => tenantData(slug).site.gating?.spin_to_win)).toEqual([GATED.slug]);
  expect(TENANTS).toContain(WITHOUT);
  expect(running).not.toContain(WITHOUT);
});

/**
 * Fills the details (never a mobile: the spin is for the proven one), spins and waits for the prize.
 * With the wheel turning the button says so meanwhile; under reduced motion it lands too soon to see.
 */
async function spinWith(page: Page, { terms, turning = true }: { terms: boolean; turning?: boolean }) {
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Email").fill("robin@example.com.au");
  const agree = page.getByLabel("I agree to the terms of use");
  if (terms) await agree.check();
  else await expect(agree).toHaveCount(0);
  await expect(page.getByLabel("Dealership")).toHaveCount(0);
  // The server turns away forms sent faster than a person types (3 s): move the page clock on.
  await page.clock.fastForward(3_100);
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/spin-to-win"));
  await page.getByRole("button", { name: "Spin the Wheel" }).click();
  if (turning) await expect(page.getByRole("button", { name: "Spinning…" })).toBeDisabled();
  return (await (await answered).json()) as { prize: string; index: number; already: boolean };
}

/** The inline code step as a shopper meets it: the mobile, Send code, the texted code, Confirm code. */
async function proveMobile(page: Page, mobile: ReturnType<typeof freshMobile>) {
  await expect(page.getByRole("heading", { name: "Confirm your mobile" })).toBeVisible();
  await page.getByLabel("Mobile number").fill(mobile.typed);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${mobile.shown}.`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel("6-digit code")).toBeFocused();
  await page.getByLabel("6-digit code").fill(await codeFor(mobile.e164));
  await page.getByRole("button", { name: "Confirm code" }).click();
  await expect(page.getByText(`Signed in as ${mobile.shown}.`)).toBeVisible();
}

test.describe(`${OPEN.slug} open campaign`, () => {
  const slug = OPEN.slug;

  test("a shopper proves their mobile with a texted code, spins once and lands on the prize drawn", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto(tenantUrl(slug));
    await page.getByRole("contentinfo").getByRole("link", { name: "Spin to Win", exact: true }).click();
    await expect(page).toHaveURL(/\/spin-to-win\/?$/);
    await expect(page.getByRole("heading", { level: 1, name: OPEN.title })).toBeVisible();
    // The prizes, as text and as the wheel's picture.
    const prizes = page.getByRole("region", { name: "Prizes" }).getByRole("listitem");
    await expect(prizes).toHaveText(OPEN.listed);
    await expect(page.getByRole("img", { name: /^Prize wheel: / })).toBeVisible();
    await expect(page.getByText(OPEN.terms)).toBeVisible();

    // Before the mobile is proven there is no way to spin.
    await expect(page.getByRole("heading", { name: "Confirm your mobile" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Spin the Wheel" })).toBeHidden();
    await expectNoAxeViolations(page);

    // The code step by keyboard: each mistake is announced and the field it is about takes focus.
    const mobileField = page.getByLabel("Mobile number");
    // The form shows once the page knows the shopper is signed out; focusing it before then would
    // leave Enter with nothing to submit.
    await expect(mobileField).toBeVisible();
    await mobileField.focus();
    // A number that cannot take a text is turned away on the page: no code is asked for.
    let codeRequests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/sign-in/code")) codeRequests += 1;
    });
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("alert").filter({ hasText: "Please enter your mobile number." }),
    ).toBeVisible();
    await expect(mobileField).toBeFocused();
    await expect(mobileField).toHaveAttribute("aria-invalid", "true");
    await mobileField.fill("0412");
    await page.keyboard.press("Enter");
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Please enter a valid Australian mobile number, e.g. 0412 345 678." }),
    ).toBeVisible();

    const mobile = freshMobile();
    await mobileField.fill(mobile.typed);
    await page.keyboard.press("Enter");
    await expect(page.getByText(`We sent a 6-digit code to ${mobile.shown}.`)).toBeVisible({
      timeout: 15_000,
    });
    // Only the good number cost a text.
    expect(codeRequests).toBe(1);
    const codeField = page.getByLabel("6-digit code");
    await expect(codeField).toBeFocused();
    const code = await codeFor(mobile.e164);
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await page.keyboard.press("Enter");
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "That code is not right or has expired. Please check it or send a new one." }),
    ).toBeVisible();
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveAttribute("aria-invalid", "true");
    await codeField.fill(code);
    await page.keyboard.press("Enter");

    // Proven: the details, for that mobile, with focus on the first of them.
    await expect(page.getByText(`Signed in as ${mobile.shown}.`)).toBeVisible();
    await expect(page.getByLabel("First name")).toBeFocused();
    await expect(page.getByRole("heading", { name: "Confirm your mobile" })).toBeHidden();
    await expectNoAxeViolations(page);

    // Nothing filled in: the list of what to fix, each field marked, and no spin.
    await page.getByRole("button", { name: "Spin the Wheel" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Please fix the following errors:" });
    await expect(alert).toBeFocused();
    for (const message of ["Please enter your first name.", "Please enter your email address."])
      await expect(alert).toContainText(message);
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");

    const answer = await spinWith(page, { terms: true });
    expect(answer.already).toBe(false);
    expect(OPEN.prizes).toContain(answer.prize);
    expect(answer.index).toBe(OPEN.prizes.indexOf(answer.prize));
    const won = page.getByRole("heading", { name: `You won ${answer.prize}!` });
    await expect(won).toBeVisible({ timeout: 8_000 });
    await expect(won).toBeFocused();
    await expect(page.getByRole("button", { name: "Spin the Wheel" })).toBeHidden();
    // The wheel stopped with the prize's slice under the pointer.
    const turned = await page
      .getByRole("img", { name: /^Prize wheel: / })
      .evaluate((wheel) => (wheel.querySelector("[data-wheel-disc]") as SVGGElement).style.transform);
    const degrees = Number(/rotate\(([\d.]+)deg\)/.exec(turned)?.[1]);
    const slice = 90; // four prizes
    expect(((((answer.index + 0.5) * slice + degrees) % 360) + 360) % 360).toBeCloseTo(0);
    await expectNoAxeViolations(page);

    // Another visit from the same browser: still proven, so no code; the first prize, no second spin.
    // (The wheel was watched turning once; from here it lands at once, as for reduced motion.)
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await expect(page.getByText(`Signed in as ${mobile.shown}.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Confirm your mobile" })).toBeHidden();
    const again = await spinWith(page, { terms: true, turning: false });
    expect(again).toMatchObject({ prize: answer.prize, already: true });
    await expect(page.getByRole("heading", { name: "You've already spun" })).toBeVisible({ timeout: 8_000 });
    await expect(
      page.getByText(`You have already spun the wheel with this mobile number. Your prize: ${answer.prize}.`),
    ).toBeVisible();

    // A phone shows the wheel and the form without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("another number is proven afresh, and nobody reads back a prize for a number they did not prove", async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    // A shopper who asked for less motion: the wheel lands at once (the first test watches it turn).
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(tenantUrl(slug, "/spin-to-win"));
    const first = freshMobile();
    await proveMobile(page, first);
    const answer = await spinWith(page, { terms: true, turning: false });
    await expect(page.getByRole("heading", { name: `You won ${answer.prize}!` })).toBeVisible({
      timeout: 8_000,
    });

    // Asked straight, with no proven mobile: refused, and the prize is not in the answer.
    const asked = await request.post(`http://localhost:${new URL(tenantUrl(slug)).port}/api/spin-to-win`, {
      headers: { host: new URL(tenantUrl(slug)).host, "content-type": "application/json" },
      data: { name: "Mallory", email: "mallory@example.com.au", phone: first.typed, started_at: 0 },
    });
    expect(asked.status()).toBe(401);
    expect(await asked.json()).toEqual({
      error: "Please confirm your mobile number with the code we text you, then spin the wheel.",
    });

    // Use a different number: the session ends and the new number needs its own code.
    await page.reload();
    await page.getByRole("button", { name: "Use a different number" }).click();
    await expect(page.getByLabel("Mobile number")).toBeFocused();
    await expect(page.getByText(`Signed in as ${first.shown}.`)).toBeHidden();
    const second = freshMobile();
    await proveMobile(page, second);
    const theirs = await spinWith(page, { terms: true, turning: false });
    expect(theirs.already).toBe(false);
    await expect(page.getByRole("heading", { name: `You won ${theirs.prize}!` })).toBeVisible({
      timeout: 8_000,
    });
  });
});

test(`${GATED.slug}: Spin to Win asks for sign-in, then spins with the shopper's own mobile`, async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await footerLinkThroughSignIn(page, GATED.slug, {
    link: "Spin to Win",
    type: "spin-to-win",
    path: "/spin-to-win",
  });
  // The account's mobile is the entry's: the page asks for no other, and no second code.
  await expect(page.getByLabel("Mobile")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Confirm your mobile" })).toHaveCount(0);
  const answer = await spinWith(page, { terms: false, turning: false });
  expect(GATED.prizes).toContain(answer.prize);
  await expect(page.getByRole("heading", { name: `You won ${answer.prize}!` })).toBeVisible({
    timeout: 8_000,
  });
  await expectNoAxeViolations(page);
});

test(`${WITHOUT}: no campaign, so no Spin to Win link and no /spin-to-win`, async ({ page, request }) => {
  await page.goto(tenantUrl(WITHOUT));
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Spin to Win" })).toHaveCount(0);
  expect((await tenantGet(request, WITHOUT, "/spin-to-win")).status()).toBe(404);
});
