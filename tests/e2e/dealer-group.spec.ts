/**
 * What a dealer group's site and its content pages show (spec §2, §3, §9): servicing pages, sister
 * businesses, the nearest-dealer locator, the sales counter, brand logos, hidden reviews and the
 * offer disclaimer's Show More. Literals come from the fixture tenants and the spec.
 */
import { expect, expectNoAxeViolations, tenantUrl, test, unexpectedShifts } from "./support";

test("an offer disclaimer longer than 200 characters shows 200 until Show More", async ({ page }) => {
  // harbourside-toyota's offer 1101 has a 255-character disclaimer.
  await page.goto(tenantUrl("harbourside-toyota", "/offers/1101"));
  const short =
    "Finance by Angle Auto Finance to approved applicants only. Comparison rate based on a secured loan of $30,000 over 5 years. WARNING: This comparison rate is true only for the examples given and may no…";
  await expect(page.getByText(short, { exact: true })).toBeVisible();
  await expect(page.getByText("Fees and charges apply.", { exact: false })).toBeHidden();
  await page.getByText("Show More", { exact: true }).click();
  await expect(page.getByText(short, { exact: true })).toBeHidden();
  await expect(
    page.getByText(
      "Finance by Angle Auto Finance to approved applicants only. Comparison rate based on a secured loan of $30,000 over 5 years. WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Fees and charges apply.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByText("Show Less", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("reviews the dealer hides by id or title stay off the home page", async ({ page }) => {
  // harbourside-toyota hides "harbourside-toyota-3" (Priya K.) by id and the review titled
  // "Wrong dealership, sorry!" (Aroha W.): the next two good reviews fill the twelve.
  await page.goto(tenantUrl("harbourside-toyota", "/"));
  const section = page.getByRole("region", { name: "What Our Customers Say" });
  await expect(section.getByRole("article").getByRole("heading", { level: 3 })).toHaveText([
    "Sarah M.",
    "James T.",
    "Mei L.",
    "Daniel R.",
    "Chris P.",
    "Emma J.",
    "Fatima H.",
    "Ben C.",
    "Grace N.",
    "Jack D.",
    "Olivia S.",
    "Nathan G.",
  ]);
});

/** sunstate-motor-group's 12 visible locations in the usual order: sales, service, parts (spec §9). */
const SUNSTATE_USUAL_ORDER = [
  "Sunstate Mazda Springwood",
  "Sunstate Ford Tweed",
  "Sunstate Hyundai Maroochydore",
  "Sunstate Kia Southport",
  "Sunstate Mitsubishi Toowoomba",
  "Sunstate Used Cars Logan",
  "Sunstate Volkswagen Ballina",
  "Sunstate Ford Service",
  "Sunstate Gold Coast Service Centre",
  "Sunstate Hyundai Service & Parts",
  "Sunstate Mazda Service",
  "Sunstate Ford Parts",
];

test("the dealer locator lists the nearest location first from a postcode, a suburb or the shopper's position", async ({
  browser,
}) => {
  const context = await browser.newContext({
    geolocation: { latitude: -28.17, longitude: 153.53 },
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  await page.goto(tenantUrl("sunstate-motor-group", "/dealer-locator"));
  const names = page.locator("main li").getByRole("heading", { level: 2 });
  await expect(names).toHaveText(SUNSTATE_USUAL_ORDER);

  // Maroochydore's postcode 4558 (-26.655, 153.075); distances by haversine, radius 6371 km.
  await page.getByLabel("Postcode or suburb").fill("4558");
  await page.getByRole("button", { name: "Find nearest" }).click();
  await expect(page.getByRole("status")).toHaveText("Nearest first from 4558 QLD.");
  await expect(names).toHaveText([
    "Sunstate Hyundai Service & Parts",
    "Sunstate Hyundai Maroochydore",
    "Sunstate Mazda Springwood",
    "Sunstate Mazda Service",
    "Sunstate Used Cars Logan",
    "Sunstate Gold Coast Service Centre",
    "Sunstate Mitsubishi Toowoomba",
    "Sunstate Kia Southport",
    "Sunstate Ford Tweed",
    "Sunstate Ford Service",
    "Sunstate Ford Parts",
    "Sunstate Volkswagen Ballina",
  ]);
  await expect(page.locator("main li .distance")).toHaveText([
    "1.2 km away",
    "1.4 km away",
    "107 km away",
    "107 km away",
    "108 km away",
    "151 km away",
    "151 km away",
    "151 km away",
    "177 km away",
    "178 km away",
    "178 km away",
    "250 km away",
  ]);

  // A suburb: Springwood is in NSW and QLD; the group is in Queensland, so Logan's Springwood,
  // measured from postcode 4127's point (-27.629, 153.142), a few hundred metres from the Logan yard.
  await page.getByLabel("Postcode or suburb").fill("springwood");
  await page.getByRole("button", { name: "Find nearest" }).click();
  await expect(page.getByRole("status")).toHaveText("Nearest first from Springwood QLD 4127.");
  await expect(names.first()).toHaveText("Sunstate Used Cars Logan");

  await page.getByLabel("Postcode or suburb").fill("Atlantis");
  await page.getByRole("button", { name: "Find nearest" }).click();
  await expect(page.getByRole("status")).toHaveText(
    'We couldn\'t find "Atlantis". Try a 4-digit postcode or a suburb name.',
  );

  // The browser's position (allowed here): near Tweed Heads.
  await page.getByRole("button", { name: "Use my location" }).click();
  await expect(page.getByRole("status")).toHaveText("Nearest first from your location.");
  await expect(names.first()).toHaveText("Sunstate Ford Tweed");
  await expect(page.locator("main li .distance").first()).toHaveText("3.2 km away");
  await expectNoAxeViolations(page);
  await context.close();
});

test("without JavaScript the dealer locator is the plain list in the usual order", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl("sunstate-motor-group", "/dealer-locator"));
  await expect(page.locator("main li").getByRole("heading", { level: 2 })).toHaveText(SUNSTATE_USUAL_ORDER);
  await expect(page.getByLabel("Postcode or suburb")).toBeHidden();
  await context.close();
});

test("the group home page's sales counter shows the month's sales at Brisbane time and keeps up", async ({
  page,
}) => {
  // E2E_NOW is 9:30 am on 16 Dec in Brisbane: 15 days × 192 + 34 200 s / 450 = 2,956 (base 0).
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(tenantUrl("sunstate-motor-group", "/"));
  const counter = page.locator("[data-sales-counter]");
  await expect(counter).toHaveText(/^\s*2,956\s*cars sold this month\s*$/);
  // 450 s later (three 150 s refreshes) one more sale: 2,957, at once with reduced motion.
  await page.clock.runFor(450_000);
  await expect(counter.locator("[data-figure]")).toHaveText("2,957");
  await counter.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
});

test("a dealer whose site.json leaves the sales counter off shows none", async ({ page }) => {
  await page.goto(tenantUrl("harbourside-toyota", "/"));
  await expect(page.locator("[data-sales-counter]")).toHaveCount(0);
});

test("a franchise dealer's servicing pages are linked from the Service menu and Servicing and Parts", async ({
  page,
}) => {
  // harbourside-toyota has /capped-price-servicing and /roadside-assist (no parts or warranty page).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tenantUrl("harbourside-toyota", "/"));
  const footer = page.getByRole("contentinfo");
  const servicing = footer.getByRole("navigation", { name: "Servicing and Parts" });
  await expect(servicing.getByRole("link")).toHaveText([
    "Book a Service",
    "Capped Price Servicing",
    "Roadside Assist",
  ]);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByText("Service", { exact: true }).focus();
  await page.keyboard.press("Enter");
  await nav.getByRole("link", { name: "Capped Price Servicing", exact: true }).click();
  await expect(page).toHaveURL(/\/capped-price-servicing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Capped Price Servicing" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Know the price before you book" })).toBeVisible();
  await expect(page.getByRole("link", { name: "service page" })).toHaveAttribute("href", "/service");
  await expectNoAxeViolations(page);
  await page.goto(tenantUrl("harbourside-toyota", "/roadside-assist"));
  await expect(page.getByRole("heading", { level: 1, name: "Roadside Assist" })).toBeVisible();
  await expect(page.getByText("12 months' roadside assist")).toBeVisible();
});

test("the group's fleet and Diamond Advantage pages are linked from its footer", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tenantUrl("sunstate-motor-group", "/"));
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Fleet Sales", exact: true })).toHaveAttribute(
    "href",
    "/fleet",
  );
  await expect(footer.getByRole("link", { name: "Diamond Advantage", exact: true })).toHaveAttribute(
    "href",
    "/diamond-advantage",
  );
  await page.goto(tenantUrl("sunstate-motor-group", "/fleet"));
  await expect(page.getByRole("heading", { level: 1, name: "Fleet Sales" })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "One contact for your whole fleet" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(tenantUrl("sunstate-motor-group", "/diamond-advantage"));
  await expect(page.getByRole("heading", { level: 1, name: "Diamond Advantage" })).toBeVisible();
});

test("a group links its sister businesses in the header and footer", async ({ page }) => {
  await page.goto(tenantUrl("sunstate-motor-group", "/"));
  for (const where of [page.getByRole("banner"), page.getByRole("contentinfo")]) {
    const sisters = where.getByRole("navigation", { name: "Our businesses" });
    await expect(sisters.getByRole("link")).toHaveText([
      "Sunstate Fleet",
      "Sunstate Rentals",
      "Sunstate Tyres",
      "Sunstate 4x4 & Outdoor",
    ]);
    await expect(sisters.getByRole("link").first()).toHaveAttribute("href", "/fleet");
    await expect(sisters.getByRole("link", { name: /Sunstate Tyres/ })).toHaveAttribute(
      "href",
      "https://tyres.sunstate.example.com.au",
    );
    await expect(sisters.getByRole("link", { name: /Sunstate Tyres/ })).toHaveAttribute("rel", "noopener");
    await expect(sisters.locator('img[src="/media/logos/sunstate-tyres.svg"]')).toHaveAttribute("alt", "");
  }
  await expectNoAxeViolations(page);
  await page.getByRole("banner").getByRole("link", { name: "Sunstate Fleet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fleet Sales" })).toBeVisible();
  // A dealer without sister businesses has no strip.
  await page.goto(tenantUrl("harbourside-toyota", "/"));
  await expect(page.getByRole("navigation", { name: "Our businesses" })).toHaveCount(0);
});

test("brand tiles show each make's logo, with its name as text", async ({ page }) => {
  await page.goto(tenantUrl("sunstate-motor-group", "/brands"));
  const tile = page.getByRole("article", { name: "Mazda" });
  const logo = tile.locator("img");
  await expect(logo).toHaveAttribute("src", "/media/brands/mazda.svg");
  await expect(logo).toHaveAttribute("alt", "");
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expect(tile.getByRole("heading", { name: "Mazda" })).toBeVisible();
  await expectNoAxeViolations(page);
  // The group home page's tiles too.
  await page.goto(tenantUrl("sunstate-motor-group", "/"));
  await expect(
    page.getByRole("link", { name: /^Mazda \d+ in stock$/ }).locator('img[src="/media/brands/mazda.svg"]'),
  ).toHaveAttribute("alt", "");
});

for (const width of [390, 1280])
  test(`nothing moves by itself on the new pages at ${width} px (CLS 0)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [slug, address] of [
      ["sunstate-motor-group", "/"],
      ["sunstate-motor-group", "/dealer-locator"],
      ["sunstate-motor-group", "/fleet"],
      ["sunstate-motor-group", "/brands"],
      ["harbourside-toyota", "/capped-price-servicing"],
      ["harbourside-toyota", "/offers/1101"],
    ] as const) {
      await page.goto(tenantUrl(slug, address));
      await page.waitForLoadState("load");
      expect(await unexpectedShifts(page), `${slug}${address}`).toEqual([]);
    }
    // The sales counter counting up on its own (a refresh, no shopper input) moves nothing either.
    await page.goto(tenantUrl("sunstate-motor-group", "/"));
    await page.clock.runFor(450_000);
    await page.clock.runFor(2_500);
    await expect(page.locator("[data-sales-counter] [data-figure]")).toHaveText("2,957");
    expect(await unexpectedShifts(page)).toEqual([]);
  });
