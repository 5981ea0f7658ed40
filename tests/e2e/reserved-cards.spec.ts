/**
 * Result cards say "Reserved" while a paid deposit holds the car, without a rebuild: on
 * harbourside-toyota (checkout on, the local test checkout) a shopper pays the deposit for a car no
 * other test uses, and its card on the search page and on the home page's New Arrival grid shows
 * the "Reserved" tag in its tag's place and "Reserved" in its Reserve Now's place, moving nothing;
 * once the shopper cancels, the cards are as built again.
 *
 * The server's clock is E2E_NOW (2026-12-15T23:30Z): a hold paid now ends 48 hours later, Fri 18 Dec
 * 9:30am in Brisbane, give or take the minutes the test takes.
 */
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  freshMobile,
  signInWithCode,
  tenantUrl,
  test,
  unexpectedShifts,
} from "./support";

const SHOP = "harbourside-toyota";
/**
 * harbourside-toyota, new, in stock, diesel (no fuel tag), deposit $500, created 2026-12-13, so
 * its tag as built is New Arrival (the site's just-arrived tag); second on the home page's New Arrival grid.
 */
const HILUX = {
  id: 110033,
  slug: "2026-toyota-hilux-sr-single-cab-chassis-4x4-110033",
  name: "2026 Toyota HiLux SR Single Cab Chassis 4x4",
};
/** The newest car, free: its card keeps Reserve Now. */
const NEWEST = 110032;
const SEARCH = "/search/new-cars";

const card = (page: Page, id: number) => page.locator(`article.car-card[data-car-id="${id}"]`);

/**
 * The held-cars answer may be kept for 5 seconds (Cache-Control), by the browser too: a browser that
 * has not kept the one from before a change sees the change at once.
 */
async function forgetKeptAnswers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
}

/** Lets the page's idle work run (the clock is Playwright's), where the cards ask for the held cars. */
async function runIdle(page: Page) {
  await page.clock.runFor(3_000);
}

async function expectHeld(page: Page) {
  const held = card(page, HILUX.id);
  await expect(held.locator(".media").getByText("Reserved", { exact: true })).toBeVisible();
  await expect(held.locator(".media").getByText("New Arrival")).toBeHidden();
  await expect(held.getByRole("link", { name: /^Reserve Now/ })).toHaveCount(0);
  await expect(held.locator(".card-actions")).toContainText(/Reserved until Fri 18 Dec, 9:3\dam/);
  await expect(held.getByRole("link", { name: "Online Purchase" })).toBeVisible();
  await expect(card(page, NEWEST).getByRole("link", { name: "Reserve Now ($500 deposit)" })).toBeVisible();
  // The mark takes no room: nothing on the page moved while it arrived.
  const shifts = await unexpectedShifts(page);
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(cls < 0.0005, `CLS ${cls.toFixed(5)} ${JSON.stringify(shifts)}`).toBe(true);
}

test("a paid deposit marks the car's cards Reserved on the search and home pages; cancelling clears it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // As built, before any hold: the card has its own tag and Reserve Now.
  await page.goto(tenantUrl(SHOP, SEARCH));
  await expect(card(page, HILUX.id).locator(".media .tag")).toHaveText("New Arrival");
  await expect(card(page, HILUX.id).getByRole("link", { name: "Reserve Now ($500 deposit)" })).toBeVisible();

  await page.goto(tenantUrl(SHOP, `/cars/${HILUX.slug}/checkout`));
  await signInWithCode(page, freshMobile());
  const plan = page.getByRole("form", { name: "Step 1 of 2: Your plan" });
  await plan.getByRole("radio", { name: "No" }).check();
  await plan.getByRole("radio", { name: /^Pick up from/ }).check();
  await plan.getByRole("button", { name: "Continue" }).click();
  const details = page.getByRole("region", { name: "Step 2 of 2: Your details" });
  await details.getByLabel("First name").fill("Sam");
  await details.getByLabel("Email for the receipt").fill("sam@example.com.au");
  await details.getByRole("button", { name: "Pay $500 deposit" }).click();
  await page.getByRole("button", { name: "Pay $500.00" }).click();
  await expect(page.getByRole("status").first()).toContainText("Reserved for you.");
  await forgetKeptAnswers(page);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(tenantUrl(SHOP, SEARCH));
    await runIdle(page);
    await expectHeld(page);
  }
  await card(page, HILUX.id).scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);

  await page.goto(tenantUrl(SHOP, "/"));
  const justArrived = page.getByRole("region", { name: "New Arrival" });
  await expect(justArrived.locator(`article.car-card[data-car-id="${HILUX.id}"]`)).toHaveCount(1);
  await runIdle(page);
  await expectHeld(page);

  await page.goto(tenantUrl(SHOP, "/watchlist"));
  const reservations = page.getByRole("region", { name: "Your reservations" });
  await reservations.getByRole("button", { name: `Cancel reservation of the ${HILUX.name}` }).click();
  await expect(reservations.getByRole("status")).toHaveText(
    "Reservation cancelled. Your deposit is being refunded in full.",
  );

  for (const path of [SEARCH, "/"]) {
    await forgetKeptAnswers(page);
    const asked = page.waitForResponse((response) => response.url().endsWith("/api/reservations/held"));
    await page.goto(tenantUrl(SHOP, path));
    await runIdle(page);
    const answer = (await (await asked).json()) as { held: { id: number }[] };
    expect(answer.held.map((car) => car.id)).not.toContain(HILUX.id);
    const free = card(page, HILUX.id);
    await expect(free.locator(".media .tag")).toHaveText("New Arrival");
    await expect(free.locator(".media").getByText("Reserved", { exact: true })).toHaveCount(0);
    await expect(free.getByRole("link", { name: "Reserve Now ($500 deposit)" })).toBeVisible();
    await expect(free).not.toHaveAttribute("data-reserved");
  }
});

test("a held-cars read that fails leaves the cards as built, saying nothing", async ({ page }) => {
  let asked = 0;
  await page.route("**/api/reservations/held", (route) => {
    asked += 1;
    return route.abort("connectionrefused");
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(tenantUrl(SHOP, SEARCH));
  await runIdle(page);
  await expect.poll(() => asked).toBe(1);
  const built = card(page, HILUX.id);
  await expect(built.locator(".media .tag")).toHaveText("New Arrival");
  await expect(built.getByRole("link", { name: "Reserve Now ($500 deposit)" })).toBeVisible();
  await expect(page.locator("[data-reserved], [data-held-tag], [data-held-note]")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(errors).toEqual([]);
});
