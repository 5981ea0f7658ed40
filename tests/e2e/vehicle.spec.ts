/**
 * The vehicle detail page as a shopper uses it (spec §2 detail page, sticky header, dialogs; §4
 * sold state, copy link, promo popup; §5 reserve; §7 analytics; schema.org Car + Offer), on every
 * sample tenant.
 */
import type { Car } from "~/features/stock/car.schema";
import { warrantyText } from "~/features/stock/detail";
import { formatMoney } from "~/features/stock/stock";
import {
  type BuiltCar,
  builtTenant,
  expect,
  expectNoAxeViolations,
  fillDialogContact,
  openLeadDialog,
  siteJson,
  TENANTS,
  tenantData,
  tenantUrl,
  test,
  unexpectedShifts,
} from "./support";

const TEST_DRIVE_ONLY = "test drive only";
const SIMILAR_CAR_MESSAGE =
  "Unfortunately this car recently sold. Please let me know about similar cars you have available.";

interface SiteExtras {
  slug: string;
  url: string;
  features?: {
    checkout?: boolean;
    enquire_opens_web_chat?: boolean;
    promo_popup?: boolean;
    trade_in?: boolean;
  };
  specifications?: { sold_tag_name?: string };
  template?: string;
  vdp_config?: {
    web_chat_url?: string;
    show_map_section?: boolean;
    promo_popup?: { id: string; title: string; start?: string; expiry?: string };
  };
  opt_in?: { visible?: boolean };
}

function site(slug: string): SiteExtras {
  return siteJson(slug) as unknown as SiteExtras;
}

/** An in-stock car with a phone at its location, features past the first 8 and more than 4 spec rows. */
function forSaleCar(slug: string): BuiltCar {
  const { cars, locations } = builtTenant(slug);
  const phoned = new Set(locations.filter((l) => l.contact_detail.phone).map((l) => l.id));
  const car = cars.find(
    (c) =>
      c.status === "in_stock" &&
      !c.reserved &&
      (c.tag ?? "").toLowerCase() !== TEST_DRIVE_ONLY &&
      c.location_id != null &&
      phoned.has(c.location_id) &&
      (c.standardEquipment?.length ?? 0) > 8,
  );
  if (!car) throw new Error(`${slug}: no in-stock car with a phone and 9+ features`);
  return car;
}

for (const slug of TENANTS) {
  test.describe(`${slug} vehicle page`, () => {
    test("a shopper books a test drive from the dialog and lands on /success", async ({ page }) => {
      const car = forSaleCar(slug);
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      const summary = page.getByRole("complementary", { name: "Price and contact" });
      await summary.getByRole("button", { name: "Book a Test Drive" }).click();
      const dialog = page.getByRole("dialog", { name: "Book a Test Drive" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(car.name)).toBeVisible();
      // The form renders when its dialog opens: no page carries it before.
      await expect(dialog.locator("[data-lead-form]")).toHaveAttribute("data-state", "ready");
      await fillDialogContact(dialog);
      // The preferred time comes from the location's bookable times: the first day that has some.
      const day = dialog.getByLabel("Day");
      const time = dialog.getByLabel("Time");
      await expect(time).toBeDisabled();
      let chosen = "";
      for (const value of (
        await day
          .locator("option")
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
      ).slice(2, 9)) {
        const answered = page.waitForResponse((response) => response.url().includes("/api/appointments?"));
        await day.selectOption(value);
        expect((await answered).status()).toBe(200);
        await expect(dialog.getByText("Loading available times…")).toBeHidden();
        if (await time.isEnabled()) {
          chosen = (await time.locator("option").nth(1).getAttribute("value")) ?? "";
          await time.selectOption(chosen);
          break;
        }
        await expect(
          dialog.getByText("No test drive times on this day. Please choose another day."),
        ).toBeVisible();
      }
      expect(chosen).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
      await page.waitForTimeout(3_100);
      const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
      await dialog.getByRole("button", { name: "Book Test Drive" }).click();
      const body = (await sent).postDataJSON();
      expect(body).toMatchObject({
        kind: "test_drive",
        car_id: String(car.id),
        name: "Jordan",
        car_type: car.car_type,
        date_time: chosen,
      });
      await expect(page).toHaveURL(/\/success$/, { timeout: 15_000 });
    });

    test("dialogs keep focus inside, close on Escape and hand focus back", async ({ page }) => {
      const car = forSaleCar(slug);
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      const opener = page.getByRole("button", { name: "Request more photos" });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Request Photos" });
      await expect(dialog).toBeVisible();
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press("Tab");
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test("Enquire Now opens the enquiry form, or the dealer's web chat where the site says so", async ({
      page,
    }) => {
      const car = forSaleCar(slug);
      const config = site(slug);
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      const summary = page.getByRole("complementary", { name: "Price and contact" });
      if (config.features?.enquire_opens_web_chat && config.vdp_config?.web_chat_url) {
        await expect(summary.getByRole("link", { name: /Enquire Now/ })).toHaveAttribute(
          "href",
          config.vdp_config.web_chat_url,
        );
        // The phone bar's Enquire Now goes to the same chat.
        await page.setViewportSize({ width: 390, height: 844 });
        const bar = page.locator("[data-cta-bar]");
        await expect(bar.getByRole("link", { name: /Enquire Now/ })).toHaveAttribute(
          "href",
          config.vdp_config.web_chat_url,
        );
        await expect(bar.getByRole("button", { name: "Enquire Now" })).toHaveCount(0);
        return;
      }
      await summary.getByRole("button", { name: "Enquire Now" }).click();
      const dialog = page.getByRole("dialog", { name: "Enquire Now" });
      await expect(dialog.getByRole("button", { name: "Send Enquiry" })).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
    });

    test("sticky header after 500 px, and the phone bar changes past 900 px", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const car = forSaleCar(slug);
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      const head = page.locator("[data-sticky-head]");
      const bar = page.locator("[data-cta-bar]");
      await expect(head).not.toHaveAttribute("data-shown", "true");
      // Enquire Now is the dealer's web chat (a link) where the site says so.
      const chat = site(slug).features?.enquire_opens_web_chat;
      await expect(bar.getByRole(chat ? "link" : "button", { name: /^Enquire Now/ })).toBeVisible();
      await expect(bar.getByRole("link", { name: /^Call/ })).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 450));
      await page.waitForTimeout(300);
      await expect(head).not.toHaveAttribute("data-shown", "true");
      await page.evaluate(() => window.scrollTo(0, 700));
      await expect(head).toHaveAttribute("data-shown", "true");
      await expect(head.getByText(car.name)).toBeVisible();
      // Its weekly estimate, where shown, comes with the sample annual rate (spec §9).
      const weekly = head.locator(".sticky-weekly");
      if (await weekly.count()) await expect(weekly).toContainText(/\/wk\*\s+at (\d+\.\d\d|–)% p\.a\./);
      await expect(bar).not.toHaveAttribute("data-state", "full");
      await page.evaluate(() => window.scrollTo(0, 1200));
      await expect(bar).toHaveAttribute("data-state", "full");
      await expect(bar.getByRole("link", { name: /^Call/ })).toBeVisible();
      // Its buttons keep to one line, and at the end of the page it covers none of the footer.
      expect((await bar.boundingBox())?.height).toBeLessThan(80);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastLink = page.getByRole("contentinfo").getByRole("link").last();
      await expect
        .poll(async () => {
          const [link, rect] = [await lastLink.boundingBox(), await bar.boundingBox()];
          return link && rect ? rect.y - (link.y + link.height) : -1;
        })
        .toBeGreaterThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(head).not.toHaveAttribute("data-shown", "true");
    });

    test("on a phone, scrolling the whole page moves nothing as its parts arrive (CLS 0)", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const car = forSaleCar(slug);
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      // Calculators hydrate, the quote and the price gauge load, photos and the map come in view.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 400) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
        await page.waitForTimeout(150);
      }
      await expect(page.locator("[data-testid=gauge-skeleton]")).toHaveCount(0);
      await expect(page.locator(".fin-youx[data-youx-quote]:not([data-youx-state=filled])")).toHaveCount(0);
      expect(await unexpectedShifts(page)).toEqual([]);
    });

    test("copy link says Copied for 1.5 s with one toast naming the car", async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const car = forSaleCar(slug);
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      const copy = page.getByRole("button", { name: "Copy link" });
      await copy.click();
      await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
      await expect(
        page.getByRole("status").filter({ hasText: `Copied ${car.name} to your clipboard!` }),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        new URL(`/cars/${car.slug}`, site(slug).url).href,
      );
      await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible({ timeout: 2_500 });
      await expect(page.locator(".toast")).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Print (opens a new tab)" })).toHaveAttribute(
        "href",
        `/print?car_id=${car.slug}`,
      );
    });

    test("key information, features and comments expand and collapse", async ({ page }) => {
      const car = forSaleCar(slug);
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      const keyInfo = page.locator("section", {
        has: page.getByRole("heading", { name: "Key Information" }),
      });
      await expect(keyInfo.locator("> dl > div")).toHaveCount(4);
      await keyInfo.getByText("Show More").click();
      await expect(keyInfo.getByText("Show Less")).toBeVisible();
      const features = page.locator("section", { has: page.getByRole("heading", { name: "Features" }) });
      await expect(features.locator("> ul > li")).toHaveCount(8);
      await features.getByText("Show All").click();
      const total = car.standardEquipment?.length ?? 0;
      await expect(features.locator("li:visible")).toHaveCount(total);
      await features.getByText("Hide").click();
      await expect(features.locator("li:visible")).toHaveCount(8);

      const { cars } = builtTenant(slug);
      const long = cars.find((c) => (c.dealercomments ?? "").replace(/<[^>]*>/g, "").length > 450);
      expect(long, "a published car with dealer comments over 400 characters").toBeDefined();
      await page.goto(tenantUrl(slug, `/cars/${(long as BuiltCar).slug}`));
      const comments = page.locator("section", {
        has: page.getByRole("heading", { name: "Dealer Comments" }),
      });
      const preview = comments.locator(".comments-preview");
      expect(((await preview.textContent()) ?? "").length).toBeLessThanOrEqual(401);
      await comments.getByText("Read More").click();
      await expect(preview).toBeHidden();
      await expect(comments.getByText("Read Less")).toBeVisible();
    });

    test("schema.org Car + Offer and the vehicle analytics event", async ({ page }) => {
      const car = forSaleCar(slug);
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      const json = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
      );
      expect(json["@type"]).toBe("Car");
      expect(json.offers).toMatchObject({ "@type": "Offer", priceCurrency: "AUD", price: car.price });
      expect(json.offers.availability).toBe("https://schema.org/InStock");
      if (car.km != null) expect(json.mileageFromOdometer).toMatchObject({ value: car.km, unitCode: "KMT" });
      if (car.vin) expect(json.vehicleIdentificationNumber).toBe(car.vin);
      const expected = car.car_type === "used" ? 15 : 14;
      await expect
        .poll(() => page.evaluate(() => (window.dataLayer ?? []).map((e) => e.eventId)))
        .toContain(expected);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https:\/\//);
      // A car offered on subscription leads with its weekly price; machines still get the sale price.
      const subscribed = builtTenant(slug).cars.find(
        (c) => (c.subscription_price ?? 0) > 0 && c.price > 10 && c.status !== "sold",
      );
      if (subscribed) {
        await page.goto(tenantUrl(slug, `/cars/${subscribed.slug}`));
        const offer = JSON.parse(
          (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
        ).offers;
        expect(offer.price).toBe(subscribed.price);
      }
    });

    test("a result card's Book a Test Drive and Enquire Now open that dialog on the vehicle page", async ({
      page,
    }) => {
      await page.goto(tenantUrl(slug, "/search/new-used-and-demo-cars"));
      const actions = page
        .getByRole("list", { name: /^More for / })
        .filter({ has: page.getByRole("link", { name: "Enquire Now" }) })
        .first();
      const name = ((await actions.getAttribute("aria-label")) ?? "").replace(/^More for /, "");
      await actions.getByRole("link", { name: "Book a Test Drive" }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const testDrive = page.getByRole("dialog", { name: "Book a Test Drive" });
      await expect(testDrive.getByLabel("First name")).toBeVisible();
      await expect(testDrive.getByText(name, { exact: true })).toBeVisible();
      // Closing drops the hash: a reload shows the page, not the dialog again.
      await page.keyboard.press("Escape");
      await expect(testDrive).toBeHidden();
      await expect.poll(() => new URL(page.url()).hash).toBe("");
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      // Back on the results, the card's Enquire Now opens the enquiry form.
      await page.goBack();
      await actions.getByRole("link", { name: "Enquire Now" }).click();
      const enquire = page.getByRole("dialog", { name: "Enquire Now" });
      await expect(enquire.getByLabel("First name")).toBeVisible();
      await expect(enquire.getByRole("button", { name: "Send Enquiry" })).toBeVisible();
    });

    test("sold cars say so and offer Find Me Something Similar, prefilled", async ({ page }) => {
      const sold = builtTenant(slug).cars.find((c) => c.status === "sold");
      test.skip(!sold, `${slug} shows no sold cars`);
      if (!sold) return;
      await page.goto(tenantUrl(slug, `/cars/${sold.slug}`));
      const summary = page.getByRole("complementary", { name: "Price and contact" });
      await expect(summary.getByText("Unfortunately this car recently sold")).toBeVisible();
      await expect(
        summary.getByText(site(slug).specifications?.sold_tag_name ?? "Just Sold", { exact: true }),
      ).toBeVisible();
      await expect(summary.getByRole("button", { name: "Enquire Now" })).toHaveCount(0);
      await expect(summary.getByRole("button", { name: "Book a Test Drive" })).toHaveCount(0);
      await summary.getByRole("button", { name: "Find Me Something Similar" }).click();
      const dialog = page.getByRole("dialog", { name: "Find Me Something Similar" });
      await expect(dialog.locator("[data-lead-form]")).toHaveAttribute("data-state", "ready");
      await expect(dialog.getByLabel(/^Comments/)).toHaveValue(SIMILAR_CAR_MESSAGE);
      const json = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
      );
      if (json.offers) expect(json.offers.availability).toBe("https://schema.org/SoldOut");
    });

    test("a test-drive-only car offers only Book a Test Drive", async ({ page }) => {
      const car = builtTenant(slug).cars.find(
        (c) => (c.tag ?? "").toLowerCase() === TEST_DRIVE_ONLY && c.status !== "sold",
      );
      test.skip(!car, `${slug} has no test-drive-only car`);
      if (!car) return;
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      const summary = page.getByRole("complementary", { name: "Price and contact" });
      await expect(summary.getByRole("button", { name: "Book a Test Drive" })).toBeVisible();
      await expect(summary.getByRole("button", { name: "Enquire Now" })).toHaveCount(0);
      await expect(summary.getByRole("link", { name: "Get Finance" })).toHaveCount(0);
      await expect(summary.getByRole("button", { name: /Reserve Now/ })).toHaveCount(0);
      await expect(summary.getByRole("button", { name: "Request more photos" })).toHaveCount(0);
      // The sticky header and the phone bar offer the same one action.
      await page.setViewportSize({ width: 390, height: 844 });
      const bar = page.locator("[data-cta-bar]");
      await expect(bar.getByRole("button", { name: "Book a Test Drive" })).toBeVisible();
      await expect(bar.getByRole("button", { name: "Enquire Now" })).toHaveCount(0);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 1200));
      const head = page.locator("[data-sticky-head]");
      await expect(head).toHaveAttribute("data-shown", "true");
      await expect(head.getByRole("link")).toHaveCount(0);
    });

    test("Reserve Online only where checkout is on; caravans list their specs; map where shown", async ({
      page,
    }) => {
      const car = forSaleCar(slug);
      const config = site(slug);
      await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
      const reserve = page.getByRole("heading", { name: "Reserve Online" });
      if (config.features?.checkout) {
        await expect(reserve).toBeVisible();
        const section = page.locator("section", { has: reserve });
        await expect(section).toContainText("48 hours");
        await expect(section).toContainText("100% refundable");
        // The car's own deposit, else the site's (spec §9: fallback $200; a site may set its own).
        const data = tenantData(slug);
        const deposit = data.cars.get(car.slug)?.reserve_deposit ?? data.site.reserve_deposit;
        await expect(section).toContainText(`with a ${formatMoney(deposit)} fully refundable deposit`);
      } else {
        await expect(reserve).toHaveCount(0);
      }
      await expect(page.getByRole("heading", { name: "Caravan Specifications" })).toHaveCount(
        config.template === "caravan" ? 1 : 0,
      );
      await expect(page.getByRole("navigation", { name: "More from us" }).getByRole("link")).toHaveText([
        /See our latest offers/,
        /Book your service online/,
        /Sell your car/,
      ]);
      // The map (#vehicle-map, zoom 10) only where the tenant shows it; directions always.
      await expect(page.locator("#vehicle-map iframe")).toHaveCount(
        config.vdp_config?.show_map_section === false ? 0 : 1,
      );
      await expect(page.getByRole("link", { name: /Get Directions/ })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("What's Included promises a make's factory warranty only on that make's new and demo cars", async ({
      page,
    }) => {
      // The rule's table is in vehicle-detail.test.ts; here each kind of car's page shows what it says.
      const { site, cars: feed } = tenantData(slug);
      const cars = builtTenant(slug).cars.flatMap((built) => feed.get(built.slug) ?? []);
      const factory = cars.find((car) => warrantyText(car, site) !== site.warranty_text);
      if (Object.keys(site.make_warranties).length > 0)
        expect(factory, "a new or demo car of a make with a warranty").toBeDefined();
      const picks = [
        factory,
        cars.find((car) => car.car_type === "used" && car.make === factory?.make),
        cars.find((car) => car.car_type === "used"),
        cars.find((car) => car.car_type !== "used" && car.make !== factory?.make),
      ].filter((car): car is Car => car !== undefined);
      for (const car of new Set(picks)) {
        await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
        const included = page.locator("section", {
          has: page.getByRole("heading", { name: "What's Included" }),
        });
        await expect(included.getByRole("listitem").first(), `${car.car_type} ${car.make}`).toHaveText(
          warrantyText(car, site),
        );
      }
    });
  });
}

/** The other dialog kinds, one tenant each (every tenant stays well under the per-IP rate limit). */
const DIALOG_KINDS = [
  { kind: "enquiry", open: "Enquire Now", dialog: "Enquire Now", submit: "Send Enquiry", sold: false },
  {
    kind: "request_photos",
    open: "Request more photos",
    dialog: "Request Photos",
    submit: "Request Photos",
    sold: false,
  },
  {
    kind: "find_me_something_similar",
    open: "Find Me Something Similar",
    dialog: "Find Me Something Similar",
    submit: "Find Me Something Similar",
    sold: true,
  },
] as const;
DIALOG_KINDS.forEach((entry, index) => {
  const slug = TENANTS.filter((s) => !site(s).features?.enquire_opens_web_chat)[index] as string;
  test(`${slug}: the ${entry.dialog} dialog sends a ${entry.kind} lead for the car`, async ({ page }) => {
    const car = entry.sold ? builtTenant(slug).cars.find((c) => c.status === "sold") : forSaleCar(slug);
    test.skip(!car, `${slug} shows no sold cars`);
    if (!car) return;
    await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
    const dialog = await openLeadDialog(page, entry.open, entry.dialog);
    // Spec §5: Request Photos asks for no message (the server writes the photo request).
    if (entry.kind === "request_photos") await expect(dialog.getByLabel(/^Comments/)).toHaveCount(0);
    // Comments, where asked and empty, are filled here.
    await fillDialogContact(dialog);
    await page.waitForTimeout(3_100);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
    await dialog.getByRole("button", { name: entry.submit }).click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({
      kind: entry.kind,
      car_id: String(car.id),
      stock_number: expect.any(String),
    });
    if (entry.sold) expect(body.subcategory).toBe("Find me something similar");
    await expect(page).toHaveURL(/\/success$/, { timeout: 15_000 });
  });
});

test("a dialog's form is not in the page until asked for, says so when it cannot load, and retries", async ({
  page,
}) => {
  const slug = TENANTS[0] as string;
  const car = forSaleCar(slug);
  let blocked = true;
  await page.route(/\/_astro\/mount-lead-form[^/]*\.js/, (route) =>
    blocked ? route.abort() : route.continue(),
  );
  await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
  await expect(page.locator("dialog form")).toHaveCount(0);
  const opener = page.getByRole("button", { name: "Request more photos" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Request Photos" });
  await expect(dialog.getByRole("alert")).toHaveText(
    "Sorry, the form could not load. Please check your connection and try again.",
  );
  blocked = false;
  await dialog.getByRole("button", { name: "Try again" }).click();
  await expect(dialog.getByRole("button", { name: "Request Photos" })).toBeVisible();
  await expect(dialog.getByLabel("First name")).toBeVisible();
});

test("when the bookable times cannot load, the test drive takes a free date and time", async ({ page }) => {
  const slug = TENANTS[1] as string;
  const car = forSaleCar(slug);
  await page.route(/\/api\/appointments\?/, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"down"}' }),
  );
  await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
  await page
    .getByRole("complementary", { name: "Price and contact" })
    .getByRole("button", { name: "Book a Test Drive" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Book a Test Drive" });
  await dialog.getByLabel("Day").selectOption({ index: 2 });
  await expect(
    dialog.getByText("We couldn't load available times. Enter your preferred date and time instead."),
  ).toBeVisible();
  const free = dialog.getByLabel("Preferred date and time");
  await expect(free).toHaveAttribute("type", "datetime-local");
  await free.fill("2030-01-15T10:30");
  await expect(free).toHaveValue("2030-01-15T10:30");
});

test.describe("promo popup", () => {
  // Every other test starts with the popup dismissed (playwright.config.ts); these start fresh.
  test.use({ promoDismissed: false });
  // Active window (spec §4): on/after start and on/before expiry, each optional.
  const live = (s: string, now = Date.now()) => {
    const promo = site(s).features?.promo_popup ? site(s).vdp_config?.promo_popup : undefined;
    if (!promo) return false;
    return (
      (!promo.start || Date.parse(promo.start) <= now) && (!promo.expiry || now <= Date.parse(promo.expiry))
    );
  };

  test("shows once the page loads, closes on dismiss and stays dismissed on this site", async ({ page }) => {
    // The sunstate sample's popup is open-ended, so some sample site always has a live one.
    const slug = TENANTS.find((s) => live(s)) as string;
    expect(slug).toBeDefined();
    const promo = site(slug).vdp_config?.promo_popup as { id: string; title: string };
    const car = forSaleCar(slug);
    await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
    const popup = page.getByRole("dialog", { name: promo.title });
    await expect(popup).toBeVisible();
    const size = await popup.boundingBox();
    expect(size?.width).toBeLessThanOrEqual(600);
    expect(size?.height).toBeLessThanOrEqual((page.viewportSize()?.height ?? 0) * 0.8 + 1);
    await popup.getByRole("button", { name: "Dismiss" }).click();
    await expect(popup).toBeHidden();
    await page.reload();
    await page.waitForLoadState("load");
    await page.waitForTimeout(300);
    await expect(popup).toBeHidden();
  });

  test("sites without a live promo show no popup", async ({ page }) => {
    for (const slug of TENANTS.filter((s) => !live(s))) {
      await page.goto(tenantUrl(slug, `/cars/${forSaleCar(slug).slug}`));
      await page.waitForLoadState("load");
      await page.waitForTimeout(300);
      await expect(page.locator("dialog[open]"), slug).toHaveCount(0);
    }
  });
});
