import type { Location } from "~/features/locations/location.schema";
import {
  formatPhone,
  holidayHours,
  locationTimeZone,
  sortLocations,
  telHref,
} from "~/features/locations/locations";
import { activeOffers } from "~/features/offers/offers";
import type { ReviewsFile } from "~/features/reviews/review.schema";
import {
  formatAverage,
  ratingLabel,
  reviewCountText,
  shownReviews,
  showsReviews,
} from "~/features/reviews/reviews";
import type { Car } from "~/features/stock/car.schema";
import { breadcrumbs } from "~/features/stock/detail";
import { E2E_PORT } from "../../playwright.config";
import {
  axeViolations,
  builtTenant,
  expect,
  expectNoAxeViolations,
  expectPageBasics,
  siteJson,
  TENANTS,
  tenantData,
  tenantGet,
  tenantUrl,
  test,
  vehiclePaths,
} from "./support";

test("the tenant index lists every sample site", async ({ page }) => {
  await page.goto(`http://localhost:${E2E_PORT}/`);
  await expect(page.getByRole("heading", { name: "Dealer sites" })).toBeVisible();
  for (const slug of TENANTS) {
    await expect(page.getByRole("link", { name: slug, exact: true })).toHaveAttribute(
      "href",
      tenantUrl(slug),
    );
  }
});

test("the accessibility check itself finds a violation planted on a page", async ({ page }) => {
  await page.goto(tenantUrl(TENANTS[0] as string));
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "/media/image-not-found.svg";
    document.querySelector("main")?.append(image);
  });
  expect((await axeViolations(page)).join("\n")).toMatch(/^image-alt: /m);
});

test("functions answer under /api on a tenant's origin", async ({ request }) => {
  const response = await tenantGet(request, TENANTS[0] as string, "/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true });
});

/** Whether an element is wholly inside the window (the similar-cars row has scrolled to it). */
function isFullyInView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.left >= -1 && box.right <= window.innerWidth + 1;
}

for (const slug of TENANTS) {
  const site = siteJson(slug);

  test.describe(`${slug}`, () => {
    test("home page shows the dealer, its stock and its locations", async ({ page }) => {
      await page.goto(tenantUrl(slug));
      await expect(page).toHaveTitle(site.name);
      await expect(page.getByRole("heading", { level: 1, name: site.name })).toBeVisible();
      await expect(page.getByText(/vehicles in stock/)).toBeVisible();
      await expect(page.locator("main .car-card").first()).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      // The spec's header nav, unless the tenant configured its own.
      const expected = site.navigation?.map((item) => item.label) ?? [
        "Home",
        "Vehicles",
        "Stock",
        "Offers",
        "Finance",
        ...(site.features?.trade_in === false ? [] : ["Trade In"]),
        "Service",
        "About Us",
      ];
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(nav.locator(":scope > ul > li > a, :scope > ul > li > details > summary")).toHaveText(
        expected,
      );
      for (const group of [
        "Vehicles by body type",
        "Models",
        "Buyer Tools",
        "Servicing and Parts",
        site.name,
      ]) {
        await expect(
          page.getByRole("contentinfo").getByRole("heading", { name: group, exact: true }),
        ).toBeVisible();
      }
      await expectPageBasics(page, site.url);
      await expectNoAxeViolations(page);
    });

    test("mega-menu opens with the keyboard on desktop and from the Menu button on mobile", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(tenantUrl(slug));
      const nav = page.getByRole("navigation", { name: "Main" });
      const group = site.navigation?.find((item) => item.children) ?? {
        label: "Vehicles",
        children: [{ label: "All Vehicles" }],
      };
      const firstChild = group.children?.[0]?.label as string;
      await expect(nav.getByRole("link", { name: firstChild, exact: true })).toBeHidden();
      await nav.getByText(group.label, { exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(nav.getByRole("link", { name: firstChild, exact: true })).toBeVisible();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(tenantUrl(slug));
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }),
      ).toBeVisible();
    });

    test("vehicle pages show the car, its price and its location", async ({ page }) => {
      const paths = await vehiclePaths(page.request, slug);
      expect(paths.length).toBeGreaterThan(0);
      const sample = [paths[0], paths[Math.floor(paths.length / 2)], paths.at(-1)] as string[];
      const data = tenantData(slug);
      const cars = data.cars;
      for (const [index, path] of sample.entries()) {
        const response = await page.goto(tenantUrl(slug, path));
        expect(response?.status()).toBe(200);
        const title = (await page.locator("h1").textContent())?.trim() ?? "";
        expect(title.length).toBeGreaterThan(3);
        // Home > car type > make > model > body > title (spec §2): every crumb a link to its
        // search but the last, which is the page's own title.
        const car = cars.get(path.replace("/cars/", "")) as Car;
        const expected = breadcrumbs(car, data.site);
        const trail = page.getByRole("navigation", { name: "Breadcrumb" });
        expect(await trail.getByRole("listitem").allTextContents()).toEqual(expected.map((c) => c.label));
        expect(expected.at(-1)?.label).toBe(title);
        await expect(trail.getByRole("listitem").last()).toHaveAttribute("aria-current", "page");
        const links = await trail
          .getByRole("link")
          .evaluateAll((nodes) => nodes.map((node) => [node.textContent, node.getAttribute("href")]));
        expect(links).toEqual(expected.filter((c) => c.href).map((c) => [c.label, c.href]));
        await expect(
          page.getByRole("complementary", { name: "Price and contact" }).locator(".price"),
        ).not.toBeEmpty();
        await expect(page.getByRole("heading", { name: "Dealer Comments" })).toBeVisible();
        // Similar cars are prerendered (spec: at most 6, never the car itself).
        const similar = page.locator("section", {
          has: page.getByRole("heading", { name: "Similar Vehicles" }),
        });
        const similarIds = await similar
          .locator("[data-car-id]")
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-car-id")));
        expect(similarIds.length).toBeLessThanOrEqual(6);
        expect(new Set(similarIds).size).toBe(similarIds.length);
        await expectPageBasics(page, site.url);
        if (index === 0) await expectNoAxeViolations(page);
        if (index === 1) {
          // A shopper goes up a level: the model crumb lists this car among that model's stock.
          const model = expected[3] as { label: string; href: string };
          await trail.getByRole("link", { name: model.label, exact: true }).click();
          await expect(page).toHaveURL(tenantUrl(slug, model.href));
          // Which page of the model's stock holds the car depends on how many cars are published
          // at the moment (sold cars leave as their window closes), so follow the pages until it shows.
          const card = page.locator(`[data-car-id="${car.id}"]`);
          const results = page.locator("#search-results");
          await expect(results).toHaveAttribute("aria-busy", "false");
          for (let n = 2; n <= 10 && !(await card.isVisible()); n++) {
            await page.goto(tenantUrl(slug, `${model.href}?page=${n}`));
            await expect(results).toHaveAttribute("aria-busy", "false");
          }
          await expect(card).toBeVisible();
        }
      }
    });

    test("on a phone no page scrolls sideways (gallery thumbnails, filters, offers, locations)", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const withThumbnails = builtTenant(slug).cars.find(
        (car) => car.images.filter((image) => !image.video).length > 3,
      );
      expect(withThumbnails).toBeDefined();
      const paths = [
        "/",
        "/search/new-used-and-demo-cars",
        `/cars/${withThumbnails?.slug}`,
        "/special-offers",
        "/dealer-locator",
      ];
      for (const pathname of paths) {
        await page.goto(tenantUrl(slug, pathname));
        expect(await page.evaluate(() => document.documentElement.scrollWidth), pathname).toBeLessThanOrEqual(
          390,
        );
      }
    });

    test("on a phone, similar vehicles are a row the shopper swipes through to the last car", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const [firstCar] = await vehiclePaths(page.request, slug);
      await page.goto(tenantUrl(slug, firstCar));
      const row = page
        .locator("section", { has: page.getByRole("heading", { name: "Similar Vehicles" }) })
        .locator(".grid");
      const cards = row.getByRole("article");
      expect(await cards.count()).toBeGreaterThan(1);
      const last = cards.last();
      await row.scrollIntoViewIfNeeded();
      await expect(cards.first()).toBeInViewport();
      // The row is one screen tall, not a column of cards: the last card waits off to the right.
      await expect(last).not.toBeInViewport();
      const [first, lastBox] = [await cards.first().boundingBox(), await last.boundingBox()];
      expect(lastBox?.y).toBe(first?.y);
      await row.hover();
      for (let swipe = 0; swipe < 12 && !(await last.evaluate(isFullyInView)); swipe++) {
        await page.mouse.wheel(400, 0);
        await page.waitForTimeout(150);
      }
      await expect(last).toBeInViewport({ ratio: 0.95 });
      const link = last.getByRole("link").first();
      const href = await link.getAttribute("href");
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    test("every link on the home page and a vehicle page leads to a page (nothing 404s)", async ({
      page,
    }) => {
      const [firstCar] = await vehiclePaths(page.request, slug);
      const links = new Set<string>();
      for (const pathname of ["/", firstCar as string]) {
        await page.goto(tenantUrl(slug, pathname));
        const hrefs = await page
          .locator('a[href^="/"]')
          .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
        for (const href of hrefs) links.add(href.split("#")[0] as string);
      }
      const checked = [...links].filter(Boolean);
      expect(checked.length).toBeGreaterThan(20);
      const broken: string[] = [];
      for (const href of checked) {
        // Redirects (old /models?body= links) are followed on the tenant's host.
        let response = await tenantGet(page.request, slug, href, { maxRedirects: 0 });
        for (let hops = 0; hops < 3 && [301, 302, 308].includes(response.status()); hops++) {
          response = await tenantGet(page.request, slug, response.headers().location ?? "", {
            maxRedirects: 0,
          });
        }
        if (response.status() !== 200) broken.push(`${href} → ${response.status()}`);
      }
      expect(broken).toEqual([]);
    });

    test("Special Offers lists the running offers, each with its own page", async ({ page }) => {
      const snapshot = builtTenant(slug);
      const running = activeOffers(snapshot.offers, new Date(snapshot.now));
      await page.goto(tenantUrl(slug, "/special-offers"));
      await expect(page.getByRole("heading", { level: 1, name: "Special Offers" })).toBeVisible();
      const cards = page.locator("main article");
      await expect(cards.getByRole("heading")).toHaveText(running.map((offer) => offer.name));
      await expectNoAxeViolations(page);
      const first = running[0];
      if (!first) {
        await expect(page.getByText("There are no special offers running right now.")).toBeVisible();
        return;
      }
      await cards
        .first()
        .getByRole("link", { name: /View offer/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/offers/${first.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: first.name })).toBeVisible();
      if (first.expiry) await expect(page.getByText(/^Offer ends \d{1,2} \w{3} \d{4}$/)).toBeVisible();
      await expect(page.getByRole("link", { name: "Enquire about this offer" })).toHaveAttribute(
        "href",
        "/contact-us",
      );
      await expectNoAxeViolations(page);
      // A manufacturer's offer link (spec §2 /offers/{manufacturer}/{id}) lands on the same page.
      await page.goto(tenantUrl(slug, `/offers/any-maker/${first.id}`));
      await expect(page).toHaveURL(new RegExp(`/offers/${first.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: first.name })).toBeVisible();
    });

    test("Our Locations lists every location with its contact form", async ({ page }) => {
      const snapshot = builtTenant(slug);
      await page.goto(tenantUrl(slug, "/dealer-locator"));
      await expect(page.getByRole("heading", { level: 1, name: "Our Locations" })).toBeVisible();
      for (const location of snapshot.locations) {
        await expect(page.getByRole("heading", { level: 2, name: location.name, exact: true })).toBeVisible();
        await expect(
          page.getByRole("link", { name: `Contact ${location.name}`, exact: true }),
        ).toHaveAttribute("href", `/contact-us/${location.slug}`);
      }
      await expectNoAxeViolations(page);
    });

    test("each location's Holiday hours opens a dialog listing its upcoming special days with hours", async ({
      page,
    }) => {
      const snapshot = builtTenant(slug);
      const locations = snapshot.locations as unknown as Location[];
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(tenantUrl(slug, "/dealer-locator"));
      for (const location of locations) {
        const days = holidayHours(location.special_hours, new Date(), locationTimeZone(location));
        const open = page.getByRole("button", { name: `Holiday hours at ${location.name}`, exact: true });
        if (days.length === 0) {
          await expect(open).toHaveCount(0);
          continue;
        }
        await open.click();
        const dialog = page.getByRole("dialog", { name: "Holiday hours" });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(location.name, { exact: true })).toBeVisible();
        const rows = dialog.getByRole("row");
        await expect(rows).toHaveCount(days.length);
        for (const [index, day] of days.entries()) {
          await expect(rows.nth(index).getByRole("rowheader")).toHaveText(`${day.label}${day.name ?? ""}`);
          await expect(rows.nth(index).getByRole("cell")).toHaveText(day.hours);
        }
        if (location === locations[0]) await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(open).toBeFocused();
      }
    });

    test("the home page shows customer reviews rated 4 or more, newest first, as the site configures them", async ({
      page,
    }) => {
      const { site: parsed } = tenantData(slug);
      const file = (builtTenant(slug) as { reviews?: ReviewsFile | null }).reviews ?? null;
      await page.goto(tenantUrl(slug, "/"));
      const section = page.getByRole("region", { name: "What Our Customers Say" });
      if (!file || !showsReviews(file, parsed.reviews, parsed.features.reviews)) {
        await expect(section).toHaveCount(0);
        return;
      }
      const listed = shownReviews(file.reviews, parsed.reviews);
      await expect(section.getByText(formatAverage(file.average_rating), { exact: true })).toBeVisible();
      await expect(section.getByRole("img", { name: ratingLabel(file.average_rating) })).toBeVisible();
      await expect(section.getByText(reviewCountText(file.count, parsed.reviews.source))).toBeVisible();
      const cards = section.getByRole("article");
      await expect(cards).toHaveCount(listed.length);
      await expect(cards.getByRole("heading", { level: 3 })).toHaveText(listed.map((r) => r.customer_name));
      for (const [index, review] of listed.entries()) {
        await expect(cards.nth(index).getByRole("img")).toHaveAccessibleName(ratingLabel(review.rating));
        if (review.reply_text) await expect(cards.nth(index)).toContainText(`Response from ${parsed.name}`);
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

    test("Contact Us shows where to visit and call beside the form; a location's page shows that location", async ({
      page,
    }) => {
      const locations = sortLocations(builtTenant(slug).locations as unknown as Location[]);
      const shown = locations.slice(0, 3);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(tenantUrl(slug, "/contact-us"));
      const aside = page.getByRole("complementary", { name: "Visit or call us" });
      await expect(aside.getByRole("heading", { level: 3 })).toHaveText(shown.map((l) => l.name));
      for (const location of shown) {
        const phone = location.contact_detail.phone;
        if (phone) {
          await expect(
            aside.getByRole("link", { name: formatPhone(phone), exact: true }).first(),
          ).toHaveAttribute("href", telHref(phone));
        }
      }
      const all = aside.getByRole("link", { name: `See all ${locations.length} locations` });
      if (locations.length > 3) await expect(all).toHaveAttribute("href", "/dealer-locator");
      else await expect(all).toHaveCount(0);
      // Beside the form on a desktop, under it on a phone.
      const form = page.getByRole("region", { name: "Send us your details" });
      const [formBox, asideBox] = [await form.boundingBox(), await aside.boundingBox()];
      expect(asideBox?.x ?? 0).toBeGreaterThan((formBox?.x ?? 0) + (formBox?.width ?? 0));
      await page.setViewportSize({ width: 390, height: 844 });
      const [phoneForm, phoneAside] = [await form.boundingBox(), await aside.boundingBox()];
      expect(phoneAside?.y ?? 0).toBeGreaterThan((phoneForm?.y ?? 0) + (phoneForm?.height ?? 0));
      await expectNoAxeViolations(page);

      // Old location links (spec §2 /our-location/{slug}, /locations/{slug}) land on the same page.
      const last = locations.at(-1) as Location;
      for (const pathname of [
        `/contact-us/${last.slug}`,
        `/our-location/${last.slug}`,
        `/locations/${last.slug}`,
      ]) {
        await page.goto(tenantUrl(slug, pathname));
        await expect(page).toHaveURL(new RegExp(`/contact-us/${last.slug}$`));
        await expect(
          page.getByRole("complementary", { name: "Visit or call us" }).getByRole("heading", { level: 3 }),
        ).toHaveText([last.name]);
      }
    });

    test("unknown pages answer 404 with a way back", async ({ page }) => {
      const response = await page.goto(tenantUrl(slug, "/cars/no-such-car-anywhere"));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Sorry, we can't find that page" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Browse our stock" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("sitemap.xml and robots.txt point at the tenant's own domain", async ({ request }) => {
      const robots = await (await tenantGet(request, slug, "/robots.txt")).text();
      expect(robots).toContain(`Sitemap: ${new URL("/sitemap.xml", site.url).href}`);
      const sitemap = await (await tenantGet(request, slug, "/sitemap.xml")).text();
      expect(sitemap).toContain(`<loc>${new URL("/", site.url).href}</loc>`);
      expect(sitemap).toMatch(new RegExp(`<loc>${site.url.replace(/[.]/g, "\\.")}/cars/[a-z0-9-]+</loc>`));
    });
  });
}

test.describe("holiday hours after the build", () => {
  const slug = "bayside-nissan";
  const location = () => {
    const locations = builtTenant(slug).locations as unknown as Location[];
    const found = locations.find(
      (l) => holidayHours(l.special_hours, new Date(), locationTimeZone(l)).length > 1,
    );
    test.skip(!found, "no location with two upcoming special days in the sample data");
    return found as Location;
  };

  test("a special day that has passed since the build leaves the list; with none left the button goes", async ({
    page,
  }) => {
    const where = location();
    const days = holidayHours(where.special_hours, new Date(), locationTimeZone(where));
    const [first, second] = days as [(typeof days)[0], (typeof days)[0]];
    // The day after the first special day, at noon in the location's zone (near enough for any
    // Australian zone): the page, built earlier, still carries that day.
    await page.clock.setFixedTime(new Date(`${second.date}T02:00:00Z`));
    await page.goto(tenantUrl(slug, "/dealer-locator"));
    const open = page.getByRole("button", { name: `Holiday hours at ${where.name}`, exact: true });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Holiday hours" });
    await expect(dialog.getByRole("row")).toHaveCount(days.length - 1);
    await expect(dialog.getByRole("row").first().getByRole("rowheader")).toContainText(second.label);
    await expect(dialog.getByText(first.label)).toHaveCount(0);

    const last = days.at(-1) as (typeof days)[0];
    const after = new Date(`${last.date}T00:00:00Z`);
    after.setUTCDate(after.getUTCDate() + 2);
    await page.clock.setFixedTime(after);
    await page.reload();
    await expect(page.getByRole("heading", { name: where.name, exact: true })).toBeVisible();
    await expect(open).toBeHidden();
  });

  test("without JavaScript the Holiday hours button still opens and closes its dialog", async ({
    browser,
  }) => {
    const where = location();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(tenantUrl(slug, "/dealer-locator"));
    await page.getByRole("button", { name: `Holiday hours at ${where.name}`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Holiday hours" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await context.close();
  });
});

test("without JavaScript the reviews still show and scroll, and no dead arrows are offered", async ({
  browser,
}) => {
  const slug = "bayside-nissan";
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl(slug));
  const section = page.getByRole("region", { name: "What Our Customers Say" });
  await expect(section.getByRole("article").first()).toBeVisible();
  await expect(section.getByRole("region", { name: "Customer reviews" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Next reviews" })).toBeHidden();
  await context.close();
});
