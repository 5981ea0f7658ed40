/**
 * The vehicle page's server calls in the browser: call-the-dealer box (mask, reveal record, tel:
 * link, analytics 25), view counter, PDF download and print page, delivery calculator; plus the
 * call endpoints over HTTP. What a shopper sees is written down from the spec and the fixture
 * tenants (tests/fixtures/e2e-tenants), at E2E_NOW (Wednesday 16 December 2026, 10:30 am Sydney).
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, tenantGet, tenantUrl, test } from "./support";

/**
 * The call box where tenants differ (spec §4 Call-the-dealer: "number shown at once on some
 * sites; otherwise masked after first 5 characters until click"; §5 phone format: "+61" becomes
 * 0, 10 digits split 2-4-4; §7 analytics 25 says New Car or Used Car). Each car is also sold on a
 * tenant with delivery regions, so the same visit asks the calculator for one estimate.
 */
const CALL_BOXES = [
  {
    slug: "harbourside-toyota",
    /** New car at Pre-Owned Nundah, whose phone is "+61 7 5550 1140": masked (the default). */
    car: { id: 110016, dealershipId: 101, slug: "2025-toyota-bz4x-fwd-110016", name: "2025 Toyota bZ4X FWD" },
    location: "Harbourside Toyota Pre-Owned Nundah",
    phone: "07 5550 1140",
    masked: "07 55XX XXXX",
    tel: "tel:0755501140",
    label: "New Car",
    /** Nundah's own postcode: the first region covering it, "SEQ metro" at $250. */
    delivery: { postcode: "4012", region: "Delivery to SEQ metro", price: "$250" },
  },
  {
    slug: "westside-auto",
    /** Used car at Osborne Park, "(08) 5550 2100"; the site sets mask_phone_until_click off. */
    car: {
      id: 220003,
      dealershipId: 201,
      slug: "2024-hyundai-tucson-hybrid-elite-awd-220003",
      name: "2024 Hyundai Tucson Hybrid Elite AWD",
    },
    location: "Westside Auto Osborne Park",
    phone: "08 5550 2100",
    masked: null,
    tel: "tel:0855502100",
    label: "Used Car",
    /** 6207 is listed by "Perth metro" ($199) and inside "Regional WA"'s range: the first region wins. */
    delivery: { postcode: "6207", region: "Delivery to Perth metro", price: "$199" },
  },
] as const;

/** The masked case on a phone, where the sticky bar's Call button is the way in. */
const [MASKED] = CALL_BOXES;

/**
 * The view counter and PDF/print behave the same on every tenant (one component, no flag): tested
 * on bayside-nissan, a tenant without delivery regions, so the same visit checks there is no calculator.
 */
const PLAIN = {
  slug: "bayside-nissan",
  car: { slug: "2026-nissan-navara-sl-dual-cab-4x4-550001", name: "2026 Nissan Navara SL Dual Cab 4x4" },
  /** 11 photos in the feed (photos_count 11). */
  photos: "11",
  location: "Bayside Nissan Moorabbin",
};

/** outback-caravans sets delivery_calculator on, with a free region: the calculator's full flow. */
const DELIVERY = {
  slug: "outback-caravans",
  car: { slug: "2026-jayco-journey-outback-19-61-5-440008", name: "2026 Jayco Journey Outback 19.61-5" },
  /** Toowoomba's postcode: "Toowoomba and the Darling Downs", priced 0, delivers free. */
  free: { postcode: "4350", region: "Delivery to Toowoomba and the Darling Downs", price: "Free" },
  /** In none of the tenant's ranges (4000-4899, 0200-0299, 2000-3999, 5000-5799). */
  uncovered: "6000",
};

const CAR_NOT_FOUND = "We couldn't find that vehicle. It may have been sold or removed.";
const DELIVERY_EMPTY = "Please enter a postcode.";
const DELIVERY_NO_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

async function openCar(page: Page, slug: string, car: { slug: string; name: string }) {
  await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
  await expect(page.getByRole("heading", { level: 1, name: car.name })).toBeVisible();
}

/** The delivery calculator section once its island has hydrated. */
async function deliveryCalculator(page: Page) {
  const section = page.getByRole("region", { name: "Delivery calculator" });
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator("astro-island")).not.toHaveAttribute("ssr", /.*/);
  return section;
}

for (const box of CALL_BOXES) {
  test(`${box.slug}: call box ${box.masked ? "masked until clicked" : "shown at once"}, tel: link, event 25 '${box.label}'; a delivery estimate`, async ({
    page,
  }) => {
    const reveals: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/phone-reveal")) reveals.push(request.postDataJSON());
    });
    await openCar(page, box.slug, box.car);
    const callBox = page.getByRole("region", { name: "Call the dealer" });
    await expect(callBox).toContainText(box.location);
    const number = callBox.getByRole("link", { name: box.phone });

    if (box.masked) {
      await expect(number).toHaveCount(0);
      await expect(callBox).not.toContainText(box.phone);
      const reveal = callBox.getByRole("button", { name: `${box.masked} Show number` });
      await expectNoAxeViolations(page);
      const recorded = page.waitForResponse((response) => response.url().endsWith("/api/phone-reveal"));
      await reveal.click();
      await expect(number).toBeFocused();
      expect((await recorded).status()).toBe(201);
      expect(reveals).toEqual([
        { car_id: box.car.id, dealership_id: box.car.dealershipId, website_id: box.slug },
      ]);
    } else {
      await expect(callBox.getByRole("button")).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    await expect(number).toHaveAttribute("href", box.tel);
    await number.evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()));
    await number.click();
    const taps = await page.evaluate(() =>
      (window.dataLayer ?? []).filter((entry) => entry.eventId === 25).map((entry) => entry.label),
    );
    // The reveal click is itself a tap on the number, then the call.
    expect(taps).toEqual(box.masked ? [box.label, box.label] : [box.label]);
    if (!box.masked) expect(reveals).toEqual([]);

    const section = await deliveryCalculator(page);
    await section.getByLabel("Postcode").fill(box.delivery.postcode);
    await section.getByRole("button", { name: "Calculate" }).click();
    await expect(section.getByRole("status")).toContainText(box.delivery.region);
    await expect(section.getByRole("status")).toContainText(box.delivery.price);
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test(`${MASKED.slug}: the phone bar's Call on a masked number reveals it in the call box and sends the reveal record`, async ({
    page,
  }) => {
    await openCar(page, MASKED.slug, MASKED.car);
    await page.evaluate(() => window.scrollTo(0, 1200));
    const call = page.locator("[data-cta-bar]").getByRole("link", { name: "Call the dealer" });
    await expect(call).toBeVisible();
    await call.evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()));
    const recorded = page.waitForRequest((request) => request.url().endsWith("/api/phone-reveal"));
    await call.click();
    expect((await recorded).postDataJSON()).toEqual({
      car_id: MASKED.car.id,
      dealership_id: MASKED.car.dealershipId,
      website_id: MASKED.slug,
    });
    const callBox = page.getByRole("region", { name: "Call the dealer" });
    await expect(callBox.getByRole("link", { name: MASKED.phone })).toHaveAttribute("href", MASKED.tel);
    await expect(call).toBeFocused();
  });
});

test(`${PLAIN.slug}: one view.json call per page view, then '{n} views', nothing when it fails; no delivery calculator without regions`, async ({
  page,
}) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/view.json")) calls.push(request.url());
  });
  await openCar(page, PLAIN.slug, PLAIN.car);
  const counter = page.getByText(/^[\d,]+ views?$/);
  await expect(counter).toBeVisible();
  const first = Number((await counter.textContent())?.replace(/\D/g, ""));
  expect(calls).toHaveLength(1);
  const url = new URL(calls[0] as string);
  expect(url.pathname).toBe(`/cars/${PLAIN.car.slug}/view.json`);
  expect(url.searchParams.get("website_id")).toBe(PLAIN.slug);
  expect(url.searchParams.get("photos_count")).toBe(PLAIN.photos);
  expect(url.searchParams.get("updated_at")).toBeTruthy();
  await expect(page.getByRole("region", { name: "Delivery calculator" })).toHaveCount(0);

  // Each page view calls again, but one shopper counts once per car an hour (every browser test
  // comes from this machine's address, so nothing else moves the count either).
  await page.reload();
  await expect(counter).toBeVisible();
  expect(calls).toHaveLength(2);
  expect(Number((await counter.textContent())?.replace(/\D/g, ""))).toBe(first);

  // Spec §7: "nothing if not ok".
  await page.route("**/view.json?*", (route) => route.fulfill({ status: 500, body: "" }));
  const failed = page.waitForResponse((response) => response.url().includes("/view.json"));
  await page.reload();
  expect((await failed).status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1, name: PLAIN.car.name })).toBeVisible();
  await expect(page.getByText(/^[\d,]+ views?$/)).toHaveCount(0);
});

test(`${PLAIN.slug}: PDF 'Preparing...' then a real PDF named by slug, failure alerts the message; print opens the car in a new tab`, async ({
  page,
}) => {
  test.slow(); // the first PDF of a car renders its photo with sharp
  await openCar(page, PLAIN.slug, PLAIN.car);
  // Hold the answer until the busy state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/car-pdf?*", async (route) => {
    await held;
    await route.continue();
  });
  const button = page.getByRole("button", { name: "Download PDF" });
  const download = page.waitForEvent("download");
  await button.click();
  await expect(page.getByRole("button", { name: "Preparing..." })).toBeDisabled();
  release();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${PLAIN.car.slug}.pdf`);
  const bytes = readFileSync((await file.path()) as string);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  await expect(button).toBeEnabled();

  await page.unroute("**/api/car-pdf?*");
  await page.route("**/api/car-pdf?*", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: "PDF service is down." }),
    }),
  );
  // Accept the alert inside the event (Playwright's advice): awaiting it first can leave it hanging.
  const alerts: string[] = [];
  page.once("dialog", (alert) => {
    alerts.push(`${alert.type()}: ${alert.message()}`);
    void alert.accept();
  });
  await button.click();
  await expect.poll(() => alerts).toEqual(["alert: PDF service is down."]);
  await expect(button).toBeEnabled();

  // Print: /print?car_id={slug} in a new tab with the car, its specs and the dealer.
  const link = page
    .getByRole("link", { name: /^Print/ })
    .and(page.locator(`[href="/print?car_id=${PLAIN.car.slug}"]`))
    .first();
  await expect(link).toHaveAttribute("target", "_blank");
  const [print] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect(print.getByRole("heading", { level: 1 })).toHaveText(PLAIN.car.name);
  await expect(print.getByRole("heading", { name: "Key specifications" })).toBeVisible();
  await expect(print.getByRole("main").getByText(PLAIN.location, { exact: true })).toBeVisible();
  await expect(print.getByRole("button", { name: "Print this page" })).toBeEnabled();
  await expectNoAxeViolations(print);

  await print.goto(tenantUrl(PLAIN.slug, "/print?car_id=no-such-car"));
  await expect(print.getByText(CAR_NOT_FOUND)).toBeVisible();
});

test(`${DELIVERY.slug}: delivery calculator: postcode required, spinner, region and price (Free), the spec's failure text`, async ({
  page,
}) => {
  await openCar(page, DELIVERY.slug, DELIVERY.car);
  const section = await deliveryCalculator(page);
  const postcode = section.getByLabel("Postcode");
  const calculate = section.getByRole("button", { name: "Calculate" });

  await calculate.click();
  await expect(section.getByText(DELIVERY_EMPTY)).toBeVisible();
  await expect(postcode).toHaveAttribute("aria-invalid", "true");
  await expect(postcode).toBeFocused();

  // Hold the lookup until the spinner has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/delivery?*", async (route) => {
    await held;
    await route.continue();
  });
  await postcode.fill(DELIVERY.free.postcode);
  await postcode.press("Enter");
  await expect(section.getByRole("button", { name: "Calculating…" })).toBeDisabled();
  release();
  const status = section.getByRole("status");
  await expect(status).toContainText(DELIVERY.free.region);
  await expect(status).toContainText(DELIVERY.free.price);
  await expect(section.getByText(DELIVERY_EMPTY)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await postcode.fill(DELIVERY.uncovered);
  await calculate.click();
  await expect(status).toHaveText(DELIVERY_NO_ESTIMATE);
});

/**
 * The endpoints are one function for every tenant: asked of bayside-nissan's Moorabbin showroom
 * (5101, Australia/Melbourne), open Tuesdays 08:30-17:30, Christmas Eve 08:30-14:00 (special
 * hours), closed Christmas Day.
 */
test("call endpoints answer JSON: view.json 404 for an unknown car, appointments from opening and special hours", async ({
  request,
}) => {
  const unknown = await tenantGet(request, PLAIN.slug, "/cars/no-such-car/view.json");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: CAR_NOT_FOUND });

  type Slots = { time_zone: string; slots: { value: string; label: string }[] };
  const slots = async (date: string) => {
    const response = await tenantGet(request, PLAIN.slug, `/api/appointments?location_id=5101&date=${date}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as Slots;
  };
  // Tuesday 22 December 2026: the weekly hours, half-hourly, the last one ending at closing.
  const tuesday = await slots("2026-12-22");
  expect(tuesday.time_zone).toBe("Australia/Melbourne");
  expect(tuesday.slots[0]).toMatchObject({ value: "2026-12-22T08:30", label: "8:30am" });
  expect(tuesday.slots.at(-1)).toMatchObject({ value: "2026-12-22T17:00", label: "5:00pm" });
  // Thursday 24 December: Christmas Eve's special hours, closing at 14:00.
  const christmasEve = await slots("2026-12-24");
  expect(christmasEve.slots[0]?.value).toBe("2026-12-24T08:30");
  expect(christmasEve.slots.at(-1)?.value).toBe("2026-12-24T13:30");
  // Friday 25 December: closed.
  expect((await slots("2026-12-25")).slots).toEqual([]);

  const bad = await tenantGet(request, PLAIN.slug, "/api/appointments?location_id=5101&date=tomorrow");
  expect(bad.status()).toBe(400);
});
