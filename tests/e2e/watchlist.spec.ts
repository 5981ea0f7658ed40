/**
 * The watchlist and phone sign-in as a shopper uses them (spec §4 watchlist: Save adds locally at
 * once, calls the server, logs analytics; disabled while loading; Car Saved In Watchlist / Car
 * Removed toasts with View List; sold cars show Save only if already saved; no phone → sign-in;
 * §8 failure alerts; §2 /sign-in with type, redirect and back). The code is read from the local
 * SMS outbox, as a developer would read it.
 */
import type { Page } from "@playwright/test";
import {
  codeFor,
  expect,
  expectNoAxeViolations,
  freshMobile,
  signInWithCode,
  tenantUrl,
  test,
} from "./support";

/**
 * The only fixture site with features.watchlist true. The watchlist is one component for every
 * template, so its journey runs here only; the other four are checked for the flag being off.
 */
const SITE = "outback-caravans";
/** Two in-stock caravans the shopper saves (the first by way of sign-in). */
const FIRST = {
  slug: "2024-jayco-journey-outback-19-61-5-440017",
  name: "2024 Jayco Journey Outback 19.61-5",
};
const SECOND = {
  slug: "2026-new-age-big-red-22e-off-road-440011",
  name: "2026 New Age Big Red 22E Off-Road",
};
/** In stock: the save the server refuses (spec §8). */
const FAILED = { slug: "2022-roadstar-safari-wanderer-206-off-road-440023" };
/** Sold 1 hour before E2E_NOW: inside outback-caravans' 7-day sold window, so its page is up. */
const SOLD = {
  id: 440002,
  slug: "2025-jayco-journey-outback-21-66-3-440002",
  name: "2025 Jayco Journey Outback 21.66-3",
};

/** An in-stock car on westside-auto, a site with the watchlist off (features.watchlist unset). */
const NO_WATCHLIST_CAR = {
  slug: "2024-hyundai-tucson-hybrid-elite-awd-220003",
  name: "2024 Hyundai Tucson Hybrid Elite AWD",
};

/** The Save button, once its script has wired it. */
async function readySave(page: Page) {
  await expect(page.locator("[data-watchlist][data-ready]")).toHaveCount(1);
  return saveButton(page);
}

const saveButton = (page: Page) =>
  page
    .getByRole("complementary", { name: "Price and contact" })
    .getByRole("button", { name: "Save", exact: true });

test.describe(`${SITE} watchlist`, () => {
  test("Save when signed out goes to sign-in; after the code the car is saved and listed", async ({
    page,
  }) => {
    await page.goto(tenantUrl(SITE, `/cars/${FIRST.slug}`));
    await expect(saveButton(page)).toHaveAttribute("aria-pressed", "false");
    await (await readySave(page)).click();

    // Spec §2: /sign-in with type, redirect and back.
    await expect(page).toHaveURL(/\/sign-in\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: "watchlist",
      redirect: `/cars/${FIRST.slug}`,
      back: `/cars/${FIRST.slug}`,
    });
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(
      page.getByText("Sign in to save cars to your watchlist and see them on any device."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute(
      "href",
      `/cars/${FIRST.slug}`,
    );
    await expectNoAxeViolations(page);

    // A landline cannot take a text.
    await page.getByLabel("Mobile number").fill("07 3123 4567");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Please enter a valid Australian mobile number, e.g. 0412 345 678.",
    );
    await expect(page.getByLabel("Mobile number")).toHaveAttribute("aria-invalid", "true");

    const mobile = freshMobile();
    await page.getByLabel("Mobile number").fill(mobile.typed);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${mobile.shown}.`)).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByLabel("6-digit code")).toBeFocused();
    const code = await codeFor(mobile.e164);
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    await page.getByLabel("6-digit code").fill(wrong);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "That code is not right or has expired. Please check it or send a new one.",
    );
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Sign in" }).click();

    // Back on the car, the save that sent them to sign in completes (spec §4 toast, event 39).
    await expect(page).toHaveURL(new RegExp(`/cars/${FIRST.slug}$`));
    const toast = page.locator("#site-toast");
    await expect(toast).toContainText(
      `Car Saved In Watchlist. ${FIRST.name} is now available in your watchlist.`,
    );
    await expect(toast.getByRole("link", { name: "View List" })).toHaveAttribute("href", "/watchlist");
    await expect(saveButton(page)).toHaveAttribute("aria-pressed", "true");
    const events = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: { eventId?: number; action?: string }[] }).dataLayer ?? []).filter(
        (entry) => entry.eventId === 39,
      ),
    );
    expect(events).toEqual([expect.objectContaining({ eventId: 39, action: "save" })]);

    // A second car, signed in: Save is disabled while the server answers (spec §4).
    await page.goto(tenantUrl(SITE, `/cars/${SECOND.slug}`));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/watchlist/save-car", async (route) => {
      await held;
      await route.continue();
    });
    await (await readySave(page)).click();
    await expect(saveButton(page)).toHaveAttribute("aria-disabled", "true");
    // Spec §4: the local list changes at once.
    await expect(saveButton(page)).toHaveAttribute("aria-pressed", "true");
    release();
    await expect(saveButton(page)).not.toHaveAttribute("aria-disabled", "true");
    await expect(page.locator("#site-toast")).toContainText(
      `${SECOND.name} is now available in your watchlist`,
    );

    // The list: newest first, with the number signed in.
    await page.getByRole("link", { name: "View watchlist" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your watchlist" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${mobile.shown}.`)).toBeVisible();
    const list = page.getByRole("list", { name: "Saved cars" });
    await expect(list.getByRole("listitem").getByRole("link")).toHaveText([SECOND.name, FIRST.name]);
    await expect(page.getByRole("status").filter({ hasText: "saved car" })).toHaveText("2 saved cars.");
    await expectNoAxeViolations(page);

    // Remove by keyboard: focus moves to the next Remove; the VDP then shows it unsaved.
    await list.getByRole("button", { name: `Remove ${SECOND.name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("button", { name: `Remove ${FIRST.name}` })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "saved car" })).toHaveText(
      `${SECOND.name} is no longer in your watchlist. 1 saved car.`,
    );
    await page.goto(tenantUrl(SITE, `/cars/${SECOND.slug}`));
    await expect(saveButton(page)).toHaveAttribute("aria-pressed", "false");

    // Remove from the car page: the Car Removed toast.
    await page.goto(tenantUrl(SITE, `/cars/${FIRST.slug}`));
    await (await readySave(page)).click();
    await expect(page.locator("#site-toast")).toContainText(
      `Car Removed. ${FIRST.name} is no longer in your watchlist.`,
    );
    await expect(saveButton(page)).toHaveAttribute("aria-pressed", "false");

    // Sign out ends it: the list asks to sign in again, and Save goes to sign-in.
    await page.goto(tenantUrl(SITE, "/watchlist"));
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(tenantUrl(SITE, "/"));
    await page.goto(tenantUrl(SITE, "/watchlist"));
    await expect(page.getByRole("link", { name: "Sign in to see your watchlist" })).toBeVisible();
    await page.goto(tenantUrl(SITE, `/cars/${FIRST.slug}`));
    await (await readySave(page)).click();
    await expect(page).toHaveURL(/\/sign-in\?type=watchlist/);
  });

  test("a failed save alerts with the message and leaves the local change (spec §8)", async ({ page }) => {
    await page.goto(
      tenantUrl(SITE, `/sign-in?type=watchlist&redirect=${encodeURIComponent(`/cars/${FAILED.slug}`)}`),
    );
    await signInWithCode(page, freshMobile());
    await expect(page).toHaveURL(new RegExp(`/cars/${FAILED.slug}$`));
    await page.route("**/api/watchlist/save-car", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: "Sorry, something went wrong on our side." }),
      }),
    );
    // The alert is answered as it opens (a waiting alert blocks the page's scripts).
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await (await readySave(page)).click();
    await expect.poll(() => alerts).toEqual(["Sorry, something went wrong on our side."]);
    await expect(saveButton(page)).toHaveAttribute("aria-pressed", "true");
  });

  test("signed out: the footer links the watchlist, a sold car shows Save only when already saved, and without JavaScript the list says why it is empty", async ({
    page,
    browser,
  }) => {
    await page.goto(tenantUrl(SITE, "/"));
    await page.getByRole("contentinfo").getByRole("link", { name: "Your Watchlist" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your watchlist" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to see your watchlist" })).toBeVisible();

    await page.goto(tenantUrl(SITE, `/cars/${SOLD.slug}`));
    await expect(page.getByRole("heading", { level: 1, name: SOLD.name })).toBeVisible();
    await expect(saveButton(page)).toHaveCount(0);
    // Saved before it sold (the browser's copy of the list says so): Save shows, pressed.
    await page.evaluate(
      ({ id }) =>
        localStorage.setItem(
          "account:outback-caravans",
          JSON.stringify({ phone: "+61412345678", ids: [id] }),
        ),
      { id: SOLD.id },
    );
    await page.route("**/api/account", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          user: { id: "u", phone: "+61412345678", phone_display: "0412 345 678" },
          watchlist: [{ listed: true, id: SOLD.id }],
        }),
      }),
    );
    await page.reload();
    await expect(saveButton(page)).toHaveAttribute("aria-pressed", "true");

    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(tenantUrl(SITE, "/watchlist"));
    await expect(
      noJs.getByText("Your watchlist needs JavaScript: turn it on and reload this page."),
    ).toBeVisible();
    await context.close();
  });
});

/**
 * The flag off (the other four sites): no Save and no footer link. Save and the footer are one
 * component, so one site's car page shows it (westside-auto). Sign-in is still offered on every one
 * of them, each for its own reason: bayside-nissan gates its cars' finance (gating.car_finance),
 * westside-auto runs Spin to Win; harbourside-toyota and sunstate-motor-group keep a garage, and
 * garage.spec.ts signs in there.
 */
test("sites without a watchlist show no Save and no footer link, and still sign in for what they gate", async ({
  page,
}) => {
  await page.goto(tenantUrl("westside-auto", `/cars/${NO_WATCHLIST_CAR.slug}`));
  await expect(page.getByRole("heading", { level: 1, name: NO_WATCHLIST_CAR.name })).toBeVisible();
  await expect(saveButton(page)).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Your Watchlist" })).toHaveCount(0);
  for (const slug of ["bayside-nissan", "westside-auto"]) {
    await page.goto(tenantUrl(slug, "/sign-in?type=checkout"));
    await expect(page.getByText("Sign in to reserve or buy a car online.")).toBeVisible();
    await expect(page.getByLabel("Mobile number")).toBeVisible();
  }
});
