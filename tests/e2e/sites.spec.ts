import type { Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import {
  axeViolations,
  expect,
  expectNoAxeViolations,
  expectPageBasics,
  tenantGet,
  tenantUrl,
  test,
} from "./support";

/** Spec §2 header nav, on every tenant that does not configure its own. */
const SPEC_NAV = ["Home", "Vehicles", "Stock", "Offers", "Finance", "Trade In", "Service", "About Us"];

/**
 * What each fixture tenant's home and vehicle pages show. Per tenant because they really differ:
 * theme (contrast, so axe per tenant), navigation (sunstate configures its own), reviews (sunstate's
 * average 3.8 is under the minimum 4, westside has no reviews), the used-car label (harbourside says
 * "Pre-Owned") and the caravan template.
 */
const TENANTS = [
  {
    slug: "bayside-nissan",
    name: "Bayside Nissan",
    url: "https://www.bayside-nissan.example.com.au",
    /** Published cars, the 3 just sold included, as its search lists them. */
    published: "34",
    nav: SPEC_NAV,
    megaMenu: { group: "Vehicles", firstChild: "All Vehicles" },
    reviews: true,
    /** A used SUV: the used crumb reads "Used". */
    car: {
      slug: "2024-nissan-x-trail-st-2wd-550014",
      name: "2024 Nissan X-Trail ST 2WD",
      price: "$28,990",
      crumbs: [
        ["Home", "/"],
        ["Used", "/search/used-cars"],
        ["Nissan", "/search/nissan"],
        ["X-Trail", "/search/nissan/x-trail"],
        ["SUV", "/models?body=suv"],
      ],
    },
  },
  {
    slug: "harbourside-toyota",
    name: "Harbourside Toyota",
    url: "https://www.harbourside-toyota.example.com.au",
    /** Published cars, the 3 just sold included, as its search lists them. */
    published: "37",
    nav: SPEC_NAV,
    megaMenu: { group: "Vehicles", firstChild: "All Vehicles" },
    reviews: true,
    /** A used sedan on the site whose used_keyword is "Pre-Owned" (spec §4: used may display as Pre-Owned). */
    car: {
      slug: "2019-toyota-corolla-ascent-sport-hybrid-110037",
      name: "2019 Toyota Corolla Ascent Sport Hybrid",
      price: "$13,990",
      crumbs: [
        ["Home", "/"],
        ["Pre-Owned", "/search/used-cars"],
        ["Toyota", "/search/toyota"],
        ["Corolla", "/search/toyota/corolla"],
        ["Sedan", "/models?body=sedan"],
      ],
    },
  },
  {
    slug: "outback-caravans",
    name: "Outback Caravans",
    url: "https://www.outback-caravans.example.com.au",
    /** Published caravans, the 3 just sold included. */
    published: "28",
    nav: SPEC_NAV,
    megaMenu: { group: "Vehicles", firstChild: "All Vehicles" },
    reviews: true,
    /** A used caravan (caravan template): the body crumb reads "Caravan". */
    car: {
      slug: "2024-jayco-journey-outback-19-61-5-440017",
      name: "2024 Jayco Journey Outback 19.61-5",
      price: "$71,990",
      crumbs: [
        ["Home", "/"],
        ["Used", "/search/used-cars"],
        ["Jayco", "/search/jayco"],
        ["Journey", "/search/jayco/journey"],
        ["Caravan", "/models?body=caravan"],
      ],
    },
  },
  {
    slug: "sunstate-motor-group",
    name: "Sunstate Motor Group",
    url: "https://www.sunstate-motor-group.example.com.au",
    /** Published cars, the 3 just sold included. */
    published: "61",
    nav: ["Home", "New Cars", "Used Cars", "Special Offers", "Finance", "Service", "Dealerships", "About Us"],
    megaMenu: { group: "New Cars", firstChild: "Mazda" },
    /** Average 3.8, under the minimum average 4 (spec §9 config minimum average). */
    reviews: false,
    /** A demo car: the crumb reads "Demo". */
    car: {
      slug: "2026-mitsubishi-outlander-exceed-tourer-phev-330010",
      name: "2026 Mitsubishi Outlander Exceed Tourer PHEV",
      price: "$63,990",
      crumbs: [
        ["Home", "/"],
        ["Demo", "/search/demo-cars"],
        ["Mitsubishi", "/search/mitsubishi"],
        ["Outlander", "/search/mitsubishi/outlander"],
        ["SUV", "/models?body=suv"],
      ],
    },
  },
  {
    slug: "westside-auto",
    name: "Westside Auto",
    url: "https://www.westside-auto.example.com.au",
    /** Published cars, the 5 just sold included. */
    published: "38",
    nav: SPEC_NAV,
    megaMenu: { group: "Vehicles", firstChild: "All Vehicles" },
    /** No reviews file at all. */
    reviews: false,
    car: {
      slug: "2022-hyundai-i30-active-220006",
      name: "2022 Hyundai i30 Active",
      price: "$14,990",
      crumbs: [
        ["Home", "/"],
        ["Used", "/search/used-cars"],
        ["Hyundai", "/search/hyundai"],
        ["i30", "/search/hyundai/i30"],
        ["Sedan", "/models?body=sedan"],
      ],
    },
  },
] as const;

/**
 * The similar-cars row on a phone: bayside-nissan's X-Trail 550014 has six similar cars, more
 * than a 390px screen holds side by side.
 */
const SWIPE = { slug: "bayside-nissan", car: "2024-nissan-x-trail-st-2wd-550014" } as const;

/** Internal links on the page (without their #anchors). */
async function internalLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href^="/"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.split("#")[0] as string).filter(Boolean);
}

/** Each link answers 200 on the tenant's host, following redirects (old /models?body= links). */
async function expectLinksAnswer(page: Page, slug: string, hrefs: string[]) {
  const broken: string[] = [];
  for (const href of new Set(hrefs)) {
    let response = await tenantGet(page.request, slug, href, { maxRedirects: 0 });
    for (let hops = 0; hops < 3 && [301, 302, 308].includes(response.status()); hops++) {
      response = await tenantGet(page.request, slug, response.headers().location ?? "", { maxRedirects: 0 });
    }
    if (response.status() !== 200) broken.push(`${href} → ${response.status()}`);
  }
  expect(broken).toEqual([]);
}

const phoneWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("the tenant index lists every fixture site", async ({ page }) => {
  await page.goto(`http://localhost:${E2E_PORT}/`);
  await expect(page.getByRole("heading", { name: "Dealer sites" })).toBeVisible();
  for (const { slug } of TENANTS) {
    await expect(page.getByRole("link", { name: slug, exact: true })).toHaveAttribute(
      "href",
      `http://${slug}.localhost:${E2E_PORT}/`,
    );
  }
});

test("the accessibility check itself finds a violation planted on a page", async ({ page }) => {
  // Any page will do: the check is the suite's own tool, the same on every tenant.
  await page.goto(tenantUrl("bayside-nissan", "/dealer-locator"));
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "/media/image-not-found.svg";
    document.querySelector("main")?.append(image);
  });
  expect((await axeViolations(page)).join("\n")).toMatch(/^image-alt: /m);
});

test("functions answer under /api on a tenant's origin", async ({ request }) => {
  const response = await tenantGet(request, "bayside-nissan", "/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true });
});

for (const tenant of TENANTS) {
  const { slug } = tenant;

  test.describe(slug, () => {
    test("home page: the dealer, its stock, nav and mega-menu, footer, reviews, phone layout; its links all answer", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(tenantUrl(slug));
      await expect(page).toHaveTitle(tenant.name);
      await expect(page.getByRole("heading", { level: 1, name: tenant.name })).toBeVisible();
      // One count on the home page's hero: the quick search's, which its results page repeats.
      await expect(page.getByRole("link", { name: `Show me ${tenant.published} vehicles` })).toBeVisible();
      await expect(page.getByText(/vehicles in stock/)).toHaveCount(0);
      await expect(page.locator("main .car-card").first()).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.locator(":scope > ul > li > a, :scope > ul > li > details > summary")).toHaveText([
        ...tenant.nav,
      ]);
      for (const group of [
        "Vehicles by body type",
        "Models",
        "Buyer Tools",
        "Servicing and Parts",
        tenant.name,
      ]) {
        await expect(
          page.getByRole("contentinfo").getByRole("heading", { name: group, exact: true }),
        ).toBeVisible();
      }
      // Spec §9 reviews: shown only while the average reaches the configured minimum.
      await expect(page.getByRole("region", { name: "What Our Customers Say" })).toHaveCount(
        tenant.reviews ? 1 : 0,
      );
      await expectPageBasics(page, tenant.url);
      await expectNoAxeViolations(page);

      // The mega-menu opens with the keyboard on a desktop.
      const child = nav.getByRole("link", { name: tenant.megaMenu.firstChild, exact: true });
      await expect(child).toBeHidden();
      await nav.getByText(tenant.megaMenu.group, { exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(child).toBeVisible();

      const links = await internalLinks(page);

      // On a phone the nav hides behind the Menu button and nothing scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(tenantUrl(slug));
      await expect(nav).toBeHidden();
      expect(await phoneWidth(page)).toBeLessThanOrEqual(390);
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();

      expect(links.length).toBeGreaterThan(20);
      await expectLinksAnswer(page, slug, links);
    });

    test("a vehicle page: breadcrumbs, price, comments, similar cars; its links all answer", async ({
      page,
    }) => {
      const { car } = tenant;
      const response = await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: car.name })).toBeVisible();
      // Home > car type > make > model > body > title (spec §2): every crumb a link to its search but
      // the last, which is the page's own title.
      const trail = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(trail.getByRole("listitem")).toHaveText([...car.crumbs.map(([label]) => label), car.name]);
      await expect(trail.getByRole("listitem").last()).toHaveAttribute("aria-current", "page");
      const links = await trail
        .getByRole("link")
        .evaluateAll((nodes) => nodes.map((node) => [node.textContent, node.getAttribute("href")]));
      expect(links).toEqual(car.crumbs);
      await expect(
        page.getByRole("complementary", { name: "Price and contact" }).locator(".price").first(),
      ).toHaveText(car.price);
      await expect(page.getByRole("heading", { name: "Dealer Comments" })).toBeVisible();
      // Similar cars come from the search once the row is near (spec §9: 6 shown at most, never
      // the car itself, no repeats).
      const similar = page.locator("section", {
        has: page.getByRole("heading", { name: "Similar Vehicles" }),
      });
      await similar.scrollIntoViewIfNeeded();
      await expect(similar).toHaveAttribute("data-state", "loaded");
      const similarIds = await similar
        .locator("[data-car-id]")
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-car-id")));
      expect(similarIds.length).toBeGreaterThan(0);
      expect(similarIds.length).toBeLessThanOrEqual(6);
      expect(new Set(similarIds).size).toBe(similarIds.length);
      expect(similarIds).not.toContain(car.slug.split("-").at(-1));
      await expectPageBasics(page, tenant.url);
      await expectLinksAnswer(page, slug, await internalLinks(page));
    });
  });
}

test("a vehicle page passes axe, and its model crumb lists the car among that model's stock", async ({
  page,
}) => {
  // The vehicle page's layout is the same on every tenant: one axe pass (bayside-nissan).
  const car = TENANTS[0].car;
  await page.goto(tenantUrl("bayside-nissan", `/cars/${car.slug}`));
  await expectNoAxeViolations(page);
  await page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "X-Trail", exact: true })
    .click();
  await expect(page).toHaveURL(tenantUrl("bayside-nissan", "/search/nissan/x-trail"));
  // Bayside's five published X-Trails fit on the first page.
  await expect(page.locator("#search-results")).toHaveAttribute("data-result-count", "5");
  await expect(page.locator('#search-results [data-car-id="550014"]')).toBeVisible();
});

test("on a phone no page scrolls sideways (home, search, gallery thumbnails, offers, locations)", async ({
  page,
}) => {
  // One tenant, the one with the most to fit: sunstate-motor-group (group template with brand tiles,
  // a long custom nav, 7 offers, 11 locations). Kia Picanto 330004 has 11 photos, so thumbnails.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const pathname of [
    "/",
    "/search/new-used-and-demo-cars",
    "/cars/2026-kia-picanto-s-330004",
    "/special-offers",
    "/dealer-locator",
  ]) {
    await page.goto(tenantUrl("sunstate-motor-group", pathname));
    expect(await phoneWidth(page), pathname).toBeLessThanOrEqual(390);
  }
});

test("on a phone, similar vehicles are a row the shopper swipes through to the last car", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl(SWIPE.slug, `/cars/${SWIPE.car}`));
  const row = page
    .locator("section", { has: page.getByRole("heading", { name: "Similar Vehicles" }) })
    .locator(".grid");
  await row.scrollIntoViewIfNeeded();
  const cards = row.getByRole("article");
  await expect(cards).toHaveCount(6);
  const last = cards.last();
  await expect(cards.first()).toBeInViewport();
  // The row is one screen tall, not a column of cards: the last card waits off to the right.
  await expect(last).not.toBeInViewport();
  const [first, lastBox] = [await cards.first().boundingBox(), await last.boundingBox()];
  expect(lastBox?.y).toBe(first?.y);
  await row.hover();
  // Swipe until the last card is wholly on screen (each wheel turn scrolls the row; the poll waits
  // for it to settle instead of a fixed pause).
  await expect
    .poll(async () => {
      await page.mouse.wheel(400, 0);
      return last.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.left >= -1 && box.right <= window.innerWidth + 1;
      });
    })
    .toBe(true);
  await expect(last).toBeInViewport({ ratio: 0.95 });
  const link = last.getByRole("link").first();
  const href = await link.getAttribute("href");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(await phoneWidth(page)).toBeLessThanOrEqual(390);
});

test("Special Offers lists the running offers, each with its own page", async ({ page }) => {
  // The listing rule is the same on every tenant; bayside-nissan has all the cases at E2E_NOW:
  // running with a start and expiry (5501, 5503), no start (5502), neither (5504), expired on
  // 25 Nov (5505 "Qashqai runout") and starting 5 Jan (5506 "Ariya launch event").
  const slug = "bayside-nissan";
  await page.goto(tenantUrl(slug, "/special-offers"));
  await expect(page.getByRole("heading", { level: 1, name: "Special Offers" })).toBeVisible();
  const cards = page.locator("main article");
  await expect(cards.getByRole("heading")).toHaveText([
    "Navara finance from 1.99% p.a.",
    "X-Trail e-POWER $2,000 factory bonus",
    "Patrol Warrior drive away",
    "Nissan service from $199",
  ]);
  await expectNoAxeViolations(page);
  await cards
    .first()
    .getByRole("link", { name: /View offer/ })
    .click();
  await expect(page).toHaveURL(/\/offers\/5501$/);
  await expect(page.getByRole("heading", { level: 1, name: "Navara finance from 1.99% p.a." })).toBeVisible();
  // Expires at the start of 1 Feb 2027 in Melbourne: the last day it runs is 31 Jan.
  await expect(page.getByText("Offer ends 31 Jan 2027", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Enquire about this offer" })).toHaveAttribute(
    "href",
    "/contact-us",
  );
  await expectNoAxeViolations(page);
  // A manufacturer's offer link (spec §2 /offers/{manufacturer}/{id}) lands on the same page.
  await page.goto(tenantUrl(slug, "/offers/any-maker/5501"));
  await expect(page).toHaveURL(/\/offers\/5501$/);
  await expect(page.getByRole("heading", { level: 1, name: "Navara finance from 1.99% p.a." })).toBeVisible();
});

/**
 * bayside-nissan's locations and their upcoming special days with hours at E2E_NOW (16 Dec in
 * Melbourne); closed days and open days without hours are not listed (spec §4).
 */
const BAYSIDE_HOLIDAYS = {
  "Bayside Nissan Moorabbin": [
    ["Thu 24 Dec", "Christmas Eve", "8:30am - 2:00pm"],
    ["Sat 26 Dec", "Boxing Day", "10:00am - 4:00pm"],
    ["Thu 31 Dec", "New Year's Eve", "8:30am - 3:00pm"],
    ["Tue 26 Jan", "Australia Day", "10:00am - 4:00pm"],
    ["Mon 8 Mar", "Labour Day", "10:00am - 4:00pm"],
    ["Sat 27 Mar", "Easter Saturday", "9:00am - 2:00pm"],
    ["Mon 29 Mar", "Easter Monday", "10:00am - 4:00pm"],
    ["Sun 25 Apr", "Anzac Day", "1:00pm - 5:00pm"],
    ["Mon 14 Jun", "King's Birthday", "10:00am - 4:00pm"],
    ["Tue 2 Nov", "Melbourne Cup Day", "9:00am - 1:00pm"],
  ],
  "Bayside Nissan Service": [
    ["Thu 24 Dec", "Christmas Eve", "7:30am - 12:00pm"],
    ["Thu 31 Dec", "New Year's Eve", "7:30am - 1:00pm"],
  ],
  "Bayside Nissan Parts": [
    ["Thu 24 Dec", "Christmas Eve", "7:30am - 12:00pm"],
    ["Thu 31 Dec", "New Year's Eve", "7:30am - 1:00pm"],
  ],
} as const;

const rowHeader = (label: string, name: string) => new RegExp(`^${label}\\s*${name}$`);

test("Our Locations lists each location with its contact link and a Holiday hours dialog of its upcoming special days", async ({
  page,
}) => {
  // The same page on every tenant; bayside-nissan's three locations each have special days.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl("bayside-nissan", "/dealer-locator"));
  await expect(page.getByRole("heading", { level: 1, name: "Our Locations" })).toBeVisible();
  for (const [name, location] of [
    ["Bayside Nissan Moorabbin", "bayside-nissan-moorabbin"],
    ["Bayside Nissan Service", "bayside-nissan-service"],
    ["Bayside Nissan Parts", "bayside-nissan-parts"],
  ] as const) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: `Contact ${name}`, exact: true })).toHaveAttribute(
      "href",
      `/contact-us/${location}`,
    );
  }
  await expectNoAxeViolations(page);
  for (const [name, days] of Object.entries(BAYSIDE_HOLIDAYS)) {
    const open = page.getByRole("button", { name: `Holiday hours at ${name}`, exact: true });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Holiday hours" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(name, { exact: true })).toBeVisible();
    const rows = dialog.getByRole("row");
    await expect(rows.getByRole("rowheader")).toHaveText(days.map(([label, day]) => rowHeader(label, day)));
    await expect(rows.getByRole("cell")).toHaveText(days.map(([, , hours]) => hours));
    if (name === "Bayside Nissan Moorabbin") await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  }
});

test("a special day that has passed since the build leaves the list; with none left the button goes", async ({
  page,
}) => {
  // Moorabbin's first special day is Thu 24 Dec; on 26 Dec (1 pm in Melbourne) the page, built on
  // 16 Dec, still carries it but the list starts at Boxing Day. Its last is Tue 2 Nov 2027.
  await page.clock.setFixedTime(new Date("2026-12-26T02:00:00Z"));
  await page.goto(tenantUrl("bayside-nissan", "/dealer-locator"));
  const open = page.getByRole("button", { name: "Holiday hours at Bayside Nissan Moorabbin", exact: true });
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Holiday hours" });
  const rows = dialog.getByRole("row");
  await expect(rows).toHaveCount(9);
  await expect(rows.first().getByRole("rowheader")).toHaveText(rowHeader("Sat 26 Dec", "Boxing Day"));
  await expect(dialog.getByText("Thu 24 Dec")).toHaveCount(0);

  await page.clock.setFixedTime(new Date("2027-11-04T00:00:00Z"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Bayside Nissan Moorabbin", exact: true })).toBeVisible();
  await expect(open).toBeHidden();
});

test("without JavaScript the Holiday hours button still opens and closes its dialog", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl("bayside-nissan", "/dealer-locator"));
  await page.getByRole("button", { name: "Holiday hours at Bayside Nissan Moorabbin", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Holiday hours" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});

/** bayside-nissan's 12 reviews shown: 16 in the file, 2 rated 2 left out, newest 12 of the rest. */
const BAYSIDE_REVIEWS = [
  ["Sarah M.", 5],
  ["James T.", 5],
  ["Priya K.", 5],
  ["Mei L.", 5],
  ["Daniel R.", 5],
  ["Aroha W.", 5],
  ["Chris P.", 5],
  ["Emma J.", 5],
  ["Fatima H.", 5],
  ["Ben C.", 4],
  ["Grace N.", 5],
  ["Jack D.", 5],
] as const;
/** Of those, the ones the dealer replied to. */
const BAYSIDE_REPLIED = ["James T.", "Daniel R.", "Jack D."];

test("the home page shows customer reviews rated 4 or more, newest first, twelve at most", async ({
  page,
}) => {
  // The block is the same wherever it shows; bayside-nissan's file is the spec's sample (297 reviews,
  // average 4.4) and holds reviews rated 2 and more than 12 good ones.
  await page.goto(tenantUrl("bayside-nissan", "/"));
  const section = page.getByRole("region", { name: "What Our Customers Say" });
  await expect(section.getByText("4.4", { exact: true })).toBeVisible();
  await expect(section.getByRole("img", { name: "Rated 4.4 out of 5" })).toBeVisible();
  await expect(section.getByText("Based on 297 Google reviews")).toBeVisible();
  const cards = section.getByRole("article");
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(BAYSIDE_REVIEWS.map(([name]) => name));
  for (const [index, [name, rating]] of BAYSIDE_REVIEWS.entries()) {
    await expect(cards.nth(index).getByRole("img")).toHaveAccessibleName(`Rated ${rating} out of 5`);
    if (BAYSIDE_REPLIED.includes(name))
      await expect(cards.nth(index)).toContainText("Response from Bayside Nissan");
    else await expect(cards.nth(index)).not.toContainText("Response from");
  }
  await section.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);

  // The row's arrows: Previous is disabled at the start; Next walks to the end, where it disables.
  // (Reduced motion makes each step land at once, so the test never clicks mid-scroll.)
  await page.emulateMedia({ reducedMotion: "reduce" });
  const previous = section.getByRole("button", { name: "Previous reviews" });
  const next = section.getByRole("button", { name: "Next reviews" });
  await expect(previous).toBeDisabled();
  await expect(cards.first()).toBeInViewport();
  await next.click();
  await expect(previous).toBeEnabled();
  for (let step = 0; step < 20 && (await next.isEnabled()); step++) await next.click();
  await expect(next).toBeDisabled();
  await expect(cards.last()).toBeInViewport({ ratio: 0.9 });
  for (let step = 0; step < 20 && (await previous.isEnabled()); step++) await previous.click();
  await expect(previous).toBeDisabled();
  // The row also scrolls by keyboard: it takes focus and the arrow keys move it.
  await section.getByRole("region", { name: "Customer reviews" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(previous).toBeEnabled();
});

test("without JavaScript the reviews still show and scroll, and no dead arrows are offered", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl("bayside-nissan"));
  const section = page.getByRole("region", { name: "What Our Customers Say" });
  await expect(section.getByRole("article").first()).toBeVisible();
  await expect(section.getByRole("region", { name: "Customer reviews" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Next reviews" })).toBeHidden();
  await context.close();
});

test("Contact Us shows the first three locations to visit and call beside the form; old location links land on a location's page", async ({
  page,
}) => {
  // harbourside-toyota has four locations, so the aside lists three (sales first, primary first,
  // then service; spec §9 location order) and links to all four. Phones are formatted by spec §5:
  // "+61 7 5550 1140" shows as 07 5550 1140.
  const slug = "harbourside-toyota";
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tenantUrl(slug, "/contact-us"));
  const aside = page.getByRole("complementary", { name: "Visit or call us" });
  await expect(aside.getByRole("heading", { level: 3 })).toHaveText([
    "Harbourside Toyota Hamilton",
    "Harbourside Toyota Pre-Owned Nundah",
    "Harbourside Toyota Service Centre",
  ]);
  for (const [shown, tel] of [
    ["07 5550 1100", "tel:0755501100"],
    ["07 5550 1140", "tel:0755501140"],
    ["07 5550 1120", "tel:0755501120"],
  ] as const) {
    await expect(aside.getByRole("link", { name: shown, exact: true }).first()).toHaveAttribute("href", tel);
  }
  await expect(aside.getByRole("link", { name: "See all 4 locations" })).toHaveAttribute(
    "href",
    "/dealer-locator",
  );
  // Beside the form on a desktop, under it on a phone.
  const form = page.getByRole("region", { name: "Send us your details" });
  const [formBox, asideBox] = [await form.boundingBox(), await aside.boundingBox()];
  expect(asideBox?.x ?? 0).toBeGreaterThan((formBox?.x ?? 0) + (formBox?.width ?? 0));
  await page.setViewportSize({ width: 390, height: 844 });
  const [phoneForm, phoneAside] = [await form.boundingBox(), await aside.boundingBox()];
  expect(phoneAside?.y ?? 0).toBeGreaterThan((phoneForm?.y ?? 0) + (phoneForm?.height ?? 0));
  await expectNoAxeViolations(page);

  // Old location links (spec §2 /our-location/{slug}, /locations/{slug}) land on the same page.
  for (const pathname of [
    "/contact-us/harbourside-toyota-genuine-parts",
    "/our-location/harbourside-toyota-genuine-parts",
    "/locations/harbourside-toyota-genuine-parts",
  ]) {
    await page.goto(tenantUrl(slug, pathname));
    await expect(page).toHaveURL(/\/contact-us\/harbourside-toyota-genuine-parts$/);
    await expect(
      page.getByRole("complementary", { name: "Visit or call us" }).getByRole("heading", { level: 3 }),
    ).toHaveText(["Harbourside Toyota Genuine Parts"]);
  }

  // With three locations or fewer (bayside-nissan) there is no "See all" link.
  await page.goto(tenantUrl("bayside-nissan", "/contact-us"));
  const bayside = page.getByRole("complementary", { name: "Visit or call us" });
  await expect(bayside.getByRole("heading", { level: 3 })).toHaveText([
    "Bayside Nissan Moorabbin",
    "Bayside Nissan Service",
    "Bayside Nissan Parts",
  ]);
  await expect(bayside.getByRole("link", { name: /^See all/ })).toHaveCount(0);
});

test("unknown pages answer 404 with a way back", async ({ page }) => {
  // The 404 page is one shared page; checked once (bayside-nissan).
  const response = await page.goto(tenantUrl("bayside-nissan", "/cars/no-such-car-anywhere"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Sorry, we can't find that page" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse our stock" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("sitemap.xml and robots.txt point at the tenant's own domain", async ({ request }) => {
  // The same rule on every tenant: bayside-nissan's domain.
  const robots = await (await tenantGet(request, "bayside-nissan", "/robots.txt")).text();
  expect(robots).toContain("Sitemap: https://www.bayside-nissan.example.com.au/sitemap.xml");
  const sitemap = await (await tenantGet(request, "bayside-nissan", "/sitemap.xml")).text();
  expect(sitemap).toContain("<loc>https://www.bayside-nissan.example.com.au/</loc>");
  expect(sitemap).toContain(
    "<loc>https://www.bayside-nissan.example.com.au/cars/2024-nissan-x-trail-st-2wd-550014</loc>",
  );
});
