/**
 * The watchlist and phone sign-in as a shopper uses them (spec §4 watchlist: Save adds locally at
 * once, calls the server, logs analytics; disabled while loading; Car Saved In Watchlist / Car
 * Removed toasts with View List; sold cars show Save only if already saved; no phone → sign-in;
 * §8 failure alerts; §2 /sign-in with type, redirect and back). The code is read from the local
 * SMS outbox, as a developer would read it.
 */
import type { Page } from "@playwright/test";
import { offersAccounts } from "~/features/account/account";
import {
  builtTenant,
  codeFor,
  expect,
  expectNoAxeViolations,
  freshMobile,
  signInWithCode,
  siteJson,
  TENANTS,
  tenantData,
  tenantUrl,
  test,
} from "./support";

const withWatchlist = TENANTS.filter(
  (slug) => (siteJson(slug) as { features?: { watchlist?: boolean } }).features?.watchlist,
);
const withoutWatchlist = TENANTS.filter((slug) => !withWatchlist.includes(slug));

/** The Save button, once its script has wired it. */
async function readySave(page: Page) {
  await expect(page.locator("[data-watchlist][data-ready]")).toHaveCount(1);
  return saveButton(page);
}

const saveButton = (page: Page) =>
  page
    .getByRole("complementary", { name: "Price and contact" })
    .getByRole("button", { name: "Save", exact: true });

for (const slug of withWatchlist) {
  const { cars } = builtTenant(slug);
  const available = cars.filter((car) => car.status !== "sold");
  const sold = cars.find((car) => car.status === "sold");

  test.describe(`${slug} watchlist`, () => {
    test("Save when signed out goes to sign-in; after the code the car is saved and listed", async ({
      page,
    }) => {
      const [first, second] = available;
      if (!first || !second) throw new Error(`${slug}: needs two cars for sale`);
      await page.goto(tenantUrl(slug, `/cars/${first.slug}`));
      await expect(saveButton(page)).toHaveAttribute("aria-pressed", "false");
      await (await readySave(page)).click();

      // Spec §2: /sign-in with type, redirect and back.
      await expect(page).toHaveURL(/\/sign-in\?/);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({
        type: "watchlist",
        redirect: `/cars/${first.slug}`,
        back: `/cars/${first.slug}`,
      });
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
      await expect(
        page.getByText("Sign in to save cars to your watchlist and see them on any device."),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute(
        "href",
        `/cars/${first.slug}`,
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
      await expect(page).toHaveURL(new RegExp(`/cars/${first.slug}$`));
      const toast = page.locator("#site-toast");
      await expect(toast).toContainText(
        `Car Saved In Watchlist. ${first.name} is now available in your watchlist.`,
      );
      await expect(toast.getByRole("link", { name: "View List" })).toHaveAttribute("href", "/watchlist");
      await expect(saveButton(page)).toHaveAttribute("aria-pressed", "true");
      const events = await page.evaluate(() =>
        (
          (window as unknown as { dataLayer?: { eventId?: number; action?: string }[] }).dataLayer ?? []
        ).filter((entry) => entry.eventId === 39),
      );
      expect(events).toEqual([expect.objectContaining({ eventId: 39, action: "save" })]);

      // A second car, signed in: Save is disabled while the server answers (spec §4).
      await page.goto(tenantUrl(slug, `/cars/${second.slug}`));
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
        `${second.name} is now available in your watchlist`,
      );

      // The list: newest first, with the number signed in.
      await page.getByRole("link", { name: "View watchlist" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your watchlist" })).toBeVisible();
      await expect(page.getByText(`Signed in as ${mobile.shown}.`)).toBeVisible();
      const list = page.getByRole("list", { name: "Saved cars" });
      await expect(list.getByRole("listitem").getByRole("link")).toHaveText([second.name, first.name]);
      await expect(page.getByRole("status").filter({ hasText: "saved car" })).toHaveText("2 saved cars.");
      await expectNoAxeViolations(page);

      // Remove by keyboard: focus moves to the next Remove; the VDP then shows it unsaved.
      await list.getByRole("button", { name: `Remove ${second.name}` }).focus();
      await page.keyboard.press("Enter");
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByRole("button", { name: `Remove ${first.name}` })).toBeFocused();
      await expect(page.getByRole("status").filter({ hasText: "saved car" })).toHaveText(
        `${second.name} is no longer in your watchlist. 1 saved car.`,
      );
      await page.goto(tenantUrl(slug, `/cars/${second.slug}`));
      await expect(saveButton(page)).toHaveAttribute("aria-pressed", "false");

      // Remove from the car page: the Car Removed toast.
      await page.goto(tenantUrl(slug, `/cars/${first.slug}`));
      await (await readySave(page)).click();
      await expect(page.locator("#site-toast")).toContainText(
        `Car Removed. ${first.name} is no longer in your watchlist.`,
      );
      await expect(saveButton(page)).toHaveAttribute("aria-pressed", "false");

      // Sign out ends it: the list asks to sign in again, and Save goes to sign-in.
      await page.goto(tenantUrl(slug, "/watchlist"));
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(tenantUrl(slug, "/"));
      await page.goto(tenantUrl(slug, "/watchlist"));
      await expect(page.getByRole("link", { name: "Sign in to see your watchlist" })).toBeVisible();
      await page.goto(tenantUrl(slug, `/cars/${first.slug}`));
      await (await readySave(page)).click();
      await expect(page).toHaveURL(/\/sign-in\?type=watchlist/);
    });

    test("a failed save alerts with the message and leaves the local change (spec §8)", async ({ page }) => {
      const car = available[2] ?? available[0];
      if (!car) throw new Error(`${slug}: no car for sale`);
      await page.goto(
        tenantUrl(slug, `/sign-in?type=watchlist&redirect=${encodeURIComponent(`/cars/${car.slug}`)}`),
      );
      await signInWithCode(page, freshMobile());
      await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}$`));
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

    test("a sold car shows Save only when it is already saved", async ({ page }) => {
      test.skip(!sold, `${slug} lists no sold car`);
      if (!sold) return;
      await page.goto(tenantUrl(slug, `/cars/${sold.slug}`));
      await expect(page.getByRole("heading", { level: 1, name: sold.name })).toBeVisible();
      await expect(saveButton(page)).toHaveCount(0);
      // Saved before it sold (the browser's copy of the list says so): Save shows, pressed.
      await page.evaluate(
        ({ site, id }) =>
          localStorage.setItem(`account:${site}`, JSON.stringify({ phone: "+61412345678", ids: [id] })),
        { site: slug, id: sold.id },
      );
      await page.route("**/api/account", (route) =>
        route.fulfill({
          contentType: "application/json",
          body: JSON.stringify({
            user: { id: "u", phone: "+61412345678", phone_display: "0412 345 678" },
            watchlist: [{ listed: true, id: sold.id }],
          }),
        }),
      );
      await page.reload();
      await expect(saveButton(page)).toHaveAttribute("aria-pressed", "true");
    });

    test("the footer links the watchlist; without JavaScript the list says why it is empty", async ({
      page,
      browser,
    }) => {
      await page.goto(tenantUrl(slug, "/"));
      await page.getByRole("contentinfo").getByRole("link", { name: "Your Watchlist" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your watchlist" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in to see your watchlist" })).toBeVisible();
      const context = await browser.newContext({ javaScriptEnabled: false });
      const noJs = await context.newPage();
      await noJs.goto(tenantUrl(slug, "/watchlist"));
      await expect(
        noJs.getByText("Your watchlist needs JavaScript: turn it on and reload this page."),
      ).toBeVisible();
      await context.close();
    });
  });
}

for (const slug of withoutWatchlist) {
  test(`${slug}: no watchlist, so no Save on cars and no footer link; /sign-in only where checkout or finance is gated`, async ({
    page,
  }) => {
    const car = builtTenant(slug).cars.find((c) => c.status === "in_stock");
    await page.goto(tenantUrl(slug, `/cars/${car?.slug}`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(saveButton(page)).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Your Watchlist" })).toHaveCount(0);
    await page.goto(tenantUrl(slug, "/sign-in?type=checkout"));
    if (offersAccounts(tenantData(slug).site)) {
      await expect(page.getByText("Sign in to reserve or buy a car online.")).toBeVisible();
      await expect(page.getByLabel("Mobile number")).toBeVisible();
    } else {
      await expect(page.getByText("Sign-in is not offered on this site.")).toBeVisible();
    }
  });
}
