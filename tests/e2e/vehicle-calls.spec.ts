/**
 * The vehicle page's server calls in the browser, on every sample tenant: call-the-dealer box
 * (mask, reveal record, tel: link, analytics 25), view counter, PDF download and print page,
 * delivery calculator; plus the call endpoints over HTTP.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DELIVERY_TEXTS, deliveryEstimate, formatDeliveryPrice } from "~/features/delivery/delivery";
import { type Location, locationsFileSchema } from "~/features/locations/location.schema";
import { type Car, carSchema } from "~/features/stock/car.schema";
import { callBox } from "~/features/vehicle/phone";
import { type Site, siteSchema } from "~/tenant/schema";
import {
  expect,
  expectNoAxeViolations,
  TENANTS,
  TENANTS_DIR,
  tenantGet,
  tenantUrl,
  test,
  vehiclePaths,
} from "./support";

/** Where the components are mounted: the vehicle page. */
const CAR_PAGE = "/cars/";

function tenantData(slug: string): { site: Site; cars: Map<string, Car>; locations: Location[] } {
  const read = (file: string) => JSON.parse(readFileSync(path.join(TENANTS_DIR, slug, file), "utf8"));
  const site = siteSchema.parse(read("site.json"));
  const locations = locationsFileSchema.parse(read("locations.json"));
  const cars = new Map<string, Car>();
  for (const row of read("stock.json").cars as unknown[]) {
    const parsed = carSchema.safeParse(row);
    if (parsed.success) cars.set(parsed.data.slug, parsed.data);
  }
  return { site, cars, locations };
}

/** The first published in-stock car sold from a location with a phone. */
async function carWithPhone(page: Page, slug: string) {
  const { cars, locations } = tenantData(slug);
  for (const pathname of await vehiclePaths(page.request, slug)) {
    const car = cars.get(pathname.replace("/cars/", ""));
    const location = locations.find((candidate) => candidate.id === car?.location_id);
    if (car && car.status === "in_stock" && location?.contact_detail.phone) {
      return { car, location, pathname: `${CAR_PAGE}${car.slug}` };
    }
  }
  throw new Error(`${slug} has no published car with a phone`);
}

/** A postcode none of the tenant's regions covers. */
function uncoveredPostcode(site: Site): string {
  for (let n = 0; n <= 9999; n++) {
    const postcode = String(n).padStart(4, "0");
    if (!deliveryEstimate(postcode, site.delivery)) return postcode;
  }
  throw new Error("every postcode is covered");
}

for (const slug of TENANTS) {
  test.describe(`${slug} vehicle page calls`, () => {
    const { site, locations } = tenantData(slug);

    test("call-the-dealer box: masked until click (unless the site shows it), reveal record, tel: link, event 25", async ({
      page,
    }) => {
      const { car, location, pathname } = await carWithPhone(page, slug);
      const expected = callBox(location, site.features.mask_phone_until_click);
      expect(expected).not.toBeNull();
      const reveals: Record<string, unknown>[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/phone-reveal")) reveals.push(request.postDataJSON());
      });
      await page.goto(tenantUrl(slug, pathname));
      const box = page.getByRole("region", { name: "Call the dealer" });
      await expect(box).toBeVisible();
      await expect(box).toContainText(location.name);
      const number = box.getByRole("link", { name: expected?.phone });

      if (expected?.masked) {
        await expect(number).toHaveCount(0);
        await expect(box).not.toContainText(expected.phone);
        const reveal = box.getByRole("button", { name: `${expected.masked} Show number` });
        await expect(reveal).toBeVisible();
        const recorded = page.waitForResponse((response) => response.url().endsWith("/api/phone-reveal"));
        await reveal.click();
        await expect(number).toBeFocused();
        expect((await recorded).status()).toBe(201);
        expect(reveals).toEqual([{ car_id: car.id, dealership_id: car.dealership_id, website_id: slug }]);
      } else {
        await expect(box.getByRole("button")).toHaveCount(0);
      }
      await expect(number).toHaveAttribute("href", expected?.tel ?? "");
      await number.evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()));
      await number.click();
      const taps = await page.evaluate(() =>
        (window.dataLayer ?? []).filter((entry) => entry.eventId === 25).map((entry) => entry.label),
      );
      const label = car.car_type === "used" ? "Used Car" : "New Car";
      expect(taps).toEqual(expected?.masked ? [label, label] : [label]);
      await expectNoAxeViolations(page);
    });

    test("the phone bar's Call on a masked number reveals it in the call box and sends the reveal record", async ({
      page,
    }) => {
      const { car, location, pathname } = await carWithPhone(page, slug);
      const expected = callBox(location, site.features.mask_phone_until_click);
      test.skip(!expected?.masked, `${slug} shows its number at once`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(tenantUrl(slug, pathname));
      await page.evaluate(() => window.scrollTo(0, 1200));
      const call = page.locator("[data-cta-bar]").getByRole("link", { name: "Call the dealer" });
      await expect(call).toBeVisible();
      await call.evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()));
      const recorded = page.waitForRequest((request) => request.url().endsWith("/api/phone-reveal"));
      await call.click();
      expect((await recorded).postDataJSON()).toEqual({
        car_id: car.id,
        dealership_id: car.dealership_id,
        website_id: slug,
      });
      const box = page.getByRole("region", { name: "Call the dealer" });
      await expect(box.getByRole("link", { name: expected?.phone })).toHaveAttribute(
        "href",
        expected?.tel ?? "",
      );
      await expect(call).toBeFocused();
    });

    test("view counter: one view.json call per page view, then '{n} views'", async ({ page }) => {
      const { car, pathname } = await carWithPhone(page, slug);
      const calls: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/view.json")) calls.push(request.url());
      });
      await page.goto(tenantUrl(slug, pathname));
      const counter = page.getByText(/^[\d,]+ views?$/);
      await expect(counter).toBeVisible();
      const first = Number((await counter.textContent())?.replace(/\D/g, ""));
      expect(calls).toHaveLength(1);
      const url = new URL(calls[0] as string);
      expect(url.pathname).toBe(`/cars/${car.slug}/view.json`);
      expect(url.searchParams.get("website_id")).toBe(slug);
      expect(Number(url.searchParams.get("photos_count"))).toBeGreaterThan(0);
      expect(url.searchParams.get("updated_at")).toBeTruthy();

      await page.reload();
      await expect(counter).toBeVisible();
      expect(Number((await counter.textContent())?.replace(/\D/g, ""))).toBeGreaterThan(first);
    });

    test("view counter shows nothing when the call fails", async ({ page }) => {
      const { pathname } = await carWithPhone(page, slug);
      await page.route("**/view.json?*", (route) => route.fulfill({ status: 500, body: "" }));
      const failed = page.waitForResponse((response) => response.url().includes("/view.json"));
      await page.goto(tenantUrl(slug, pathname));
      await failed;
      await expect(page.getByText(/^[\d,]+ views?$/)).toHaveCount(0);
    });

    test("PDF download: 'Preparing...' while it downloads, a real PDF named by slug; failure alerts the message", async ({
      page,
    }) => {
      test.slow(); // the first PDF of a car renders its photo with sharp
      const { car, pathname } = await carWithPhone(page, slug);
      await page.goto(tenantUrl(slug, pathname));
      // Hold the answer a moment so the busy state can be seen.
      await page.route("**/api/car-pdf?*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      const button = page.getByRole("button", { name: "Download PDF" });
      const download = page.waitForEvent("download");
      await button.click();
      await expect(page.getByRole("button", { name: "Preparing..." })).toBeDisabled();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${car.slug}.pdf`);
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
    });

    test("print: opens /print?car_id={slug} in a new tab with the car, its specs and the dealer", async ({
      page,
    }) => {
      const { car, location, pathname } = await carWithPhone(page, slug);
      await page.goto(tenantUrl(slug, pathname));
      const link = page
        .getByRole("link", { name: /^Print/ })
        .and(page.locator(`[href="/print?car_id=${car.slug}"]`))
        .first();
      await expect(link).toHaveAttribute("target", "_blank");
      const [print] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
      await expect(print.getByRole("heading", { level: 1 })).toHaveText(car.name);
      await expect(print.getByRole("heading", { name: "Key specifications" })).toBeVisible();
      await expect(print.getByRole("main").getByText(location.name, { exact: true })).toBeVisible();
      await expect(print.getByRole("button", { name: "Print this page" })).toBeEnabled();
      await expectNoAxeViolations(print);

      await print.goto(tenantUrl(slug, "/print?car_id=no-such-car"));
      await expect(
        print.getByText("We couldn't find that vehicle. It may have been sold or removed."),
      ).toBeVisible();
    });

    if (site.features.delivery_calculator && site.delivery) {
      test("delivery calculator: postcode required, spinner, region and price, the spec's failure text", async ({
        page,
      }) => {
        const { pathname } = await carWithPhone(page, slug);
        await page.goto(tenantUrl(slug, pathname));
        const section = page.getByRole("region", { name: "Delivery calculator" });
        await section.scrollIntoViewIfNeeded();
        await expect(section.locator("astro-island")).not.toHaveAttribute("ssr", /.*/);
        const postcode = section.getByLabel("Postcode");
        const calculate = section.getByRole("button", { name: "Calculate" });

        await calculate.click();
        await expect(section.getByText(DELIVERY_TEXTS.postcodeRequired)).toBeVisible();
        await expect(postcode).toHaveAttribute("aria-invalid", "true");
        await expect(postcode).toBeFocused();

        const own = locations[0]?.address.postcode as string;
        const estimate = deliveryEstimate(own, site.delivery);
        await page.route("**/api/delivery?*", async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          await route.continue();
        });
        await postcode.fill(own);
        await postcode.press("Enter");
        await expect(section.getByRole("button", { name: "Calculating…" })).toBeDisabled();
        const status = section.getByRole("status");
        await expect(status).toContainText(`Delivery to ${estimate?.name}`);
        await expect(status).toContainText(formatDeliveryPrice(estimate?.price ?? -1));
        await expect(section.getByText(DELIVERY_TEXTS.postcodeRequired)).toHaveCount(0);

        await postcode.fill(uncoveredPostcode(site));
        await calculate.click();
        await expect(status).toHaveText(DELIVERY_TEXTS.noEstimate);
        await expectNoAxeViolations(page);
      });
    } else {
      test("has no delivery calculator without delivery regions", async ({ page }) => {
        const { pathname } = await carWithPhone(page, slug);
        await page.goto(tenantUrl(slug, pathname));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("region", { name: "Delivery calculator" })).toHaveCount(0);
      });
    }

    test("call endpoints answer JSON: view.json 404 for an unknown car, appointments from opening hours", async ({
      request,
    }) => {
      const unknown = await tenantGet(request, slug, "/cars/no-such-car/view.json");
      expect(unknown.status()).toBe(404);
      expect(await unknown.json()).toEqual({
        error: "We couldn't find that vehicle. It may have been sold or removed.",
      });

      const open = locations.find((location) =>
        location.contact_detail.opening_hours.some(
          (hour) => hour.status === "Open" && hour.open && hour.weekday === 2,
        ),
      );
      expect(open).toBeDefined();
      // A Tuesday at least a week ahead: opening hours apply, no slot is in the past.
      const day = new Date(Date.now() + 8 * 86_400_000);
      day.setUTCDate(day.getUTCDate() + ((2 - day.getUTCDay() + 7) % 7));
      const date = day.toISOString().slice(0, 10);
      const hasSpecial = open?.special_hours.some((special) => special.date === date);
      const response = await tenantGet(
        request,
        slug,
        `/api/appointments?location_id=${open?.id}&date=${date}`,
      );
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { slots: { value: string }[]; time_zone: string };
      expect(body.time_zone).toMatch(/^Australia\//);
      if (!hasSpecial) {
        const tuesday = open?.contact_detail.opening_hours.find((hour) => hour.weekday === 2);
        expect(body.slots[0]?.value).toBe(`${date}T${tuesday?.open}`);
      }
      const bad = await tenantGet(request, slug, `/api/appointments?location_id=${open?.id}&date=tomorrow`);
      expect(bad.status()).toBe(400);
    });
  });
}
