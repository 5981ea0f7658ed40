/**
 * The vehicle page media as a shopper uses it (spec §2, §4, §5, §8, §9): gallery, thumbnails,
 * arrows, keyboard, full screen, video slide, viewer modes with spin and hotspots, image fallback.
 * Video players are never loaded (no internet): the frames and their addresses are asserted.
 */
import type { Page } from "@playwright/test";
import { carPictures, cdnImage, IMAGE_NOT_FOUND, showThumbnails } from "~/features/media/media";
import {
  availableViewerModes,
  carVideo,
  defaultViewerMode,
  gallerySlides,
  VIEWER_MODE_LABELS,
} from "~/features/media/viewer";
import type { Car } from "~/features/stock/car.schema";
import {
  expect,
  expectNoAxeViolations,
  expectPageBasics,
  TENANTS,
  tenantData,
  tenantUrl,
  test,
  unexpectedShifts,
  vehiclePaths,
} from "./support";

/** Vehicle page route prefix (the detail page is /cars/{slug}). */
const VDP = "/cars";

/** The first published car that passes `keep`, with its page address. */
async function findCar(page: Page, slug: string, cars: Map<string, Car>, keep: (car: Car) => boolean) {
  for (const pathname of await vehiclePaths(page.request, slug)) {
    const car = cars.get(pathname.replace("/cars/", ""));
    if (car && keep(car)) return { url: tenantUrl(slug, `${VDP}/${car.slug}/`), car };
  }
  return null;
}

const photoCount = (car: Car) => car.images.filter((image) => !image.video).length;
/** Players stay offline: any request to a video host is refused. */
const blockVideoHosts = (page: Page) => page.route(/youtube|vimeo/, (route) => route.abort());

/**
 * Opens the first published car `keep` accepts (video hosts blocked), or skips the test with
 * `missing` when the tenant has none. `beforeGoto` sets up routes that must exist before the page loads.
 */
async function openCar(
  page: Page,
  slug: string,
  cars: Map<string, Car>,
  keep: (car: Car) => boolean,
  missing: string,
  beforeGoto?: (car: Car) => Promise<void>,
): Promise<Car> {
  const found = await findCar(page, slug, cars, keep);
  test.skip(!found, missing);
  const { url, car } = found as { url: string; car: Car };
  await beforeGoto?.(car);
  await blockVideoHosts(page);
  await page.goto(url, { waitUntil: "domcontentloaded" });
  return car;
}
const singleModeWithPhotos = (minimum: number) => (car: Car) =>
  photoCount(car) > minimum && availableViewerModes(car).length === 1;
/** The media viewer's script has arrived (it loads on first interaction or when idle). */
const enhanced = (page: Page) => expect(page.locator("[data-viewport].is-enhanced")).toHaveCount(1);
const carousel = (page: Page) => page.getByRole("region", { name: /^Photos of / });

// Every picture goes through the local image CDN, which is slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

for (const slug of TENANTS) {
  test.describe(`${slug} vehicle media`, () => {
    const { site, cars } = tenantData(slug);

    test("first image is the LCP element: eager, high priority, sized, responsive through the image CDN", async ({
      page,
    }) => {
      const car = await openCar(
        page,
        slug,
        cars,
        singleModeWithPhotos(3),
        "no published car with more than 3 photos",
      );
      const first = carousel(page).locator("img").first();
      const picture = carPictures(car)[0]?.url as string;
      await expect(first).toHaveAttribute("loading", "eager");
      await expect(first).toHaveAttribute("fetchpriority", "high");
      await expect(first).toHaveAttribute("width", /^\d+$/);
      await expect(first).toHaveAttribute("height", /^\d+$/);
      await expect(first).toHaveAttribute(
        "srcset",
        new RegExp(`${escapeRegExp(cdnImage(picture, 640))} 640w`),
      );
      await expect(first).toHaveAttribute("sizes", /812px.*100vw/);
      await expect(carousel(page).locator("img").nth(1)).toHaveAttribute("loading", "lazy");
      await enhanced(page);
      expect(await unexpectedShifts(page)).toEqual([]);
      await expectPageBasics(page, site.url);
      await expectNoAxeViolations(page);
    });

    test("gallery: thumbnails when more than 3 images, arrows, keyboard and thumbnail clicks select a slide", async ({
      page,
    }) => {
      const car = await openCar(
        page,
        slug,
        cars,
        singleModeWithPhotos(3),
        "no published car with more than 3 photos",
      );
      const slides = gallerySlides(carPictures(car), carVideo(car), site.video_slide_position);
      const previous = page.getByRole("button", { name: "Previous slide" });
      const next = page.getByRole("button", { name: "Next slide" });
      const current = (index: number) =>
        page.getByRole("group", { name: `${index} of ${slides.length}`, exact: true });

      await expect(previous).toBeDisabled();
      await next.click();
      await expect(current(2)).toBeInViewport({ ratio: 0.9 });
      await expect(previous).toBeEnabled();

      await carousel(page).focus();
      await page.keyboard.press("ArrowRight");
      await expect(current(3)).toBeInViewport({ ratio: 0.9 });
      await page.keyboard.press("ArrowLeft");
      await expect(current(2)).toBeInViewport({ ratio: 0.9 });
      await page.keyboard.press("End");
      await expect(current(slides.length)).toBeInViewport({ ratio: 0.9 });
      // Carousel arrows are disabled when scrolling is impossible.
      await expect(next).toBeDisabled();

      const thumbnails = page.getByRole("list", { name: "Thumbnails" });
      await expect(thumbnails.getByRole("listitem")).toHaveCount(slides.length);
      await thumbnails.getByRole("link", { name: "Show photo 3" }).click();
      const third = slides.findIndex((slide) => slide.kind === "photo" && slide.photoIndex === 2) + 1;
      await expect(current(third)).toBeInViewport({ ratio: 0.9 });
      await expect(thumbnails.getByRole("link", { name: "Show photo 3" })).toHaveAttribute(
        "aria-current",
        "true",
      );
    });

    test("no thumbnails with 3 images or fewer", async ({ page }) => {
      const found = await findCar(page, slug, cars, (car) => !showThumbnails(car));
      test.skip(!found, "no published car with 3 photos or fewer");
      await page.goto((found as { url: string }).url, { waitUntil: "domcontentloaded" });
      await expect(carousel(page)).toBeVisible();
      await expect(page.getByRole("list", { name: "Thumbnails" })).toHaveCount(0);
    });

    test("full screen opens over the page, Escape closes it and focus returns", async ({ page }) => {
      await openCar(page, slug, cars, singleModeWithPhotos(1), "no published car with photos");
      const open = page.getByRole("button", { name: "Full screen" });
      await open.click();
      const dialog = page.getByRole("dialog", { name: /full screen/ });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("region", { name: /^Photos of / })).toBeVisible();
      const box = await dialog.getByRole("region", { name: /^Photos of / }).boundingBox();
      const viewport = page.viewportSize();
      expect(
        Math.max((box?.width ?? 0) / (viewport?.width ?? 1), (box?.height ?? 0) / (viewport?.height ?? 1)),
      ).toBeGreaterThan(0.95);
      await dialog.getByRole("button", { name: "Next slide" }).click();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();
      // Back on the page, the gallery kept the slide chosen in full screen.
      await expect(page.getByRole("group", { name: /^2 of / })).toBeInViewport({ ratio: 0.9 });
    });

    test("video slide at the configured position: embeddable video in a frame", async ({ page }) => {
      const car = await openCar(
        page,
        slug,
        cars,
        (candidate) => carVideo(candidate) !== null && photoCount(candidate) > 0,
        "no published car with a video",
      );
      const slides = gallerySlides(carPictures(car), carVideo(car), site.video_slide_position);
      const position = slides.findIndex((slide) => slide.kind === "video") + 1;
      const video = carVideo(car);
      if (availableViewerModes(car).length > 1) await page.getByRole("radio", { name: "Gallery" }).check();
      const slide = page.getByRole("group", { name: `${position} of ${slides.length}`, exact: true });
      if (video?.kind === "embed") {
        const frame = slide.locator("iframe");
        await expect(frame).toHaveAttribute("src", video.src);
        await expect(frame).toHaveAttribute(
          "src",
          /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//,
        );
        await expect(frame).toHaveAttribute("title", `Video of ${car.name}`);
        await expect(frame).toHaveAttribute("loading", "lazy");
      } else {
        const player = slide.locator("video");
        for (const flag of ["muted", "loop", "autoplay", "playsinline"])
          await expect(player).toHaveAttribute(flag, "");
      }
    });

    test("missing image shows the image-not-found picture", async ({ page }) => {
      const empty = await findCar(page, slug, cars, (car) => carPictures(car)[0]?.url === IMAGE_NOT_FOUND);
      if (empty) {
        await page.goto(empty.url, { waitUntil: "domcontentloaded" });
        await expect(carousel(page).getByRole("img")).toHaveAttribute("src", IMAGE_NOT_FOUND);
      }
      // The image CDN fails for this car's first photo: the shopper sees the fallback picture.
      await openCar(
        page,
        slug,
        cars,
        singleModeWithPhotos(0),
        "no published car with photos",
        async (car) => {
          const picture = encodeURIComponent(carPictures(car)[0]?.url as string);
          await page.route(
            (request) => request.href.includes(`url=${picture}&`),
            (route) => route.fulfill({ status: 404, body: "" }),
          );
        },
      );
      await expect(carousel(page).getByRole("img").first()).toHaveAttribute("src", IMAGE_NOT_FOUND);
    });

    test("viewer modes: only the modes the car has, opening on the tenant's default", async ({ page }) => {
      const found = await findCar(page, slug, cars, (car) => availableViewerModes(car).length > 1);
      if (!found) {
        // Photos-only stock: the gallery with no mode switch.
        const plain = await findCar(page, slug, cars, () => true);
        await page.goto((plain as { url: string }).url, { waitUntil: "domcontentloaded" });
        await expect(page.getByRole("group", { name: "Viewer mode" })).toHaveCount(0);
        await expect(carousel(page)).toBeVisible();
        return;
      }
      const { url, car } = found;
      const modes = availableViewerModes(car);
      await blockVideoHosts(page);
      await page.goto(url, { waitUntil: "domcontentloaded" });
      const switcher = page.getByRole("group", { name: "Viewer mode" });
      for (const mode of modes)
        await expect(switcher.getByRole("radio", { name: VIEWER_MODE_LABELS[mode] })).toBeVisible();
      await expect(switcher.getByRole("radio")).toHaveCount(modes.length);
      const initial = defaultViewerMode(modes, site.default_viewer_mode);
      await expect(switcher.getByRole("radio", { name: VIEWER_MODE_LABELS[initial] })).toBeChecked();
    });
  });
}

test.describe("harbourside-toyota spin, walkaround and interior", () => {
  const slug = "harbourside-toyota";
  const { site, cars } = tenantData(slug);
  const full = (car: Car) =>
    availableViewerModes(car).join() === "spinner,walkaround,gallery,interior" &&
    (car.hotspots?.length ?? 0) > 0;

  test("spin loads all frames first, then auto-rotates, drag and arrow keys step frames, hotspots open", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    expect(site.default_viewer_mode).toBe("spinner");
    const found = await findCar(page, slug, cars, full);
    expect(found, "a car with spin, walkaround and interior").not.toBeNull();
    const { url, car } = found as { url: string; car: Car };
    await blockVideoHosts(page);
    // Frames are held back until the loading state has been seen.
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route(/[?&]url=%2Fmedia%2Fsample%2Fspin%2F/, (route) => {
      if (holding) held.push(() => route.continue());
      else void route.continue();
    });
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("radio", { name: "Spin" })).toBeChecked();
    const frame = page.locator("[data-spin-frame]");
    await expect(frame).toHaveAttribute("loading", "eager");
    await expect(frame).toHaveAttribute("fetchpriority", "high");

    const spinner = page.getByRole("slider", { name: /360° view/ });
    // Until every frame has loaded there is a progress bar and nothing to turn.
    const progress = page.getByRole("progressbar", { name: /Loading 360° view/ });
    await expect(progress).toBeVisible({ timeout: 30_000 });
    await expect(progress).toHaveAttribute("aria-valuemax", String(car.spin_images?.length));
    await expect(spinner).toHaveCount(0);
    holding = false;
    await Promise.all(held.map((release) => release()));
    await expect(spinner).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole("progressbar")).toBeHidden();
    await expect(spinner).toHaveAttribute("aria-valuemax", String(car.spin_images?.length));
    const hint = page.getByText("Drag or use ← → to spin");
    await expect(hint).toBeVisible();

    // Auto-rotation every 100 ms until the shopper interacts.
    const value = async () => Number(await spinner.getAttribute("aria-valuenow"));
    const before = await value();
    await expect.poll(value, { timeout: 3000 }).not.toBe(before);

    await spinner.focus();
    await page.keyboard.press("ArrowRight");
    const afterKey = await value();
    await page.waitForTimeout(400);
    expect(await value(), "rotation stopped after the shopper took over").toBe(afterKey);
    await page.keyboard.press("ArrowRight");
    expect(await value()).toBe((afterKey % (car.spin_images?.length ?? 24)) + 1);
    await expect(hint).toBeHidden();

    // 20 px of drag per frame.
    const box = (await spinner.boundingBox()) as { x: number; y: number; width: number; height: number };
    const start = await value();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 65, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(await value()).toBe(((start - 1 + 3) % (car.spin_images?.length ?? 24)) + 1);

    // Hotspots shown on the first frame open their description.
    await spinner.focus();
    await page.keyboard.press("Home");
    await expect(spinner).toHaveAttribute("aria-valuenow", "1");
    const hotspot = page.locator("[data-hotspot]:visible").first();
    await hotspot.locator("summary").click();
    await expect(hotspot.locator(".hotspot-note")).toBeVisible();
    const description = await hotspot.locator(".hotspot-note").textContent();
    expect(car.hotspots?.map((spot) => spot.description)).toContain(description);
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test("the spin view says Swipe to spin, and a swipe turns it 1 frame per 20 px", async ({ page }) => {
      test.setTimeout(120_000);
      const found = await findCar(page, slug, cars, full);
      expect(found, "a car with spin, walkaround and interior").not.toBeNull();
      const { url, car } = found as { url: string; car: Car };
      await blockVideoHosts(page);
      await page.goto(url, { waitUntil: "domcontentloaded" });
      const spinner = page.getByRole("slider", { name: /360° view/ });
      await expect(spinner).toBeVisible({ timeout: 90_000 });
      await expect(page.getByText("Swipe to spin", { exact: true })).toBeVisible();
      await expect(page.getByText("Drag or use ← → to spin")).toBeHidden();

      // A finger drags 65 px to the right across the picture.
      const box = (await spinner.boundingBox()) as { x: number; y: number; width: number; height: number };
      const y = Math.round(box.y + box.height / 2);
      const x = Math.round(box.x + box.width / 2 - 40);
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: { x: number; y: number }[]) =>
        cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
      await touch("touchStart", [{ x, y }]);
      const start = Number(await spinner.getAttribute("aria-valuenow"));
      for (let step = 1; step <= 8; step++)
        await touch("touchMove", [{ x: x + Math.round((65 * step) / 8), y }]);
      await touch("touchEnd", []);
      const frames = car.spin_images?.length ?? 24;
      expect(Number(await spinner.getAttribute("aria-valuenow"))).toBe(((start - 1 + 3) % frames) + 1);
      await expect(page.getByText("Swipe to spin", { exact: true })).toBeHidden();
    });
  });

  test("leaving the gallery resets it; walkaround and interior show their media", async ({ page }) => {
    const found = await findCar(page, slug, cars, full);
    const { url, car } = found as { url: string; car: Car };
    await blockVideoHosts(page);
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await page.getByRole("radio", { name: "Gallery" }).check();
    await enhanced(page);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(page.getByRole("group", { name: /^2 of / })).toBeInViewport({ ratio: 0.9 });

    await page.getByRole("radio", { name: "Walkaround" }).check();
    const walkaround = page.getByTitle(`Walkaround video of ${car.name}`);
    await expect(walkaround).toBeVisible();
    await expect(walkaround).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);

    await page.getByRole("radio", { name: "Gallery" }).check();
    await expect(page.getByRole("group", { name: /^1 of / })).toBeInViewport({ ratio: 0.9 });

    await page.getByRole("radio", { name: "Interior" }).check();
    await expect(page.getByRole("img", { name: `Interior of ${car.name}` })).toBeVisible();
    const inside = car.hotspots?.filter((spot) => spot.interior) ?? [];
    const first = page.locator(".panel-interior details").first();
    await first.locator("summary").click();
    await expect(first.getByText(inside[0]?.description as string)).toBeVisible();
  });

  test("a spin frame that fails to load is reported on the console only", async ({ page }) => {
    test.setTimeout(120_000);
    const found = await findCar(page, slug, cars, full);
    const { url, car } = found as { url: string; car: Car };
    const broken = encodeURIComponent(car.spin_images?.[5] as string);
    await page.route(
      (request) => request.href.includes(`url=${broken}&`),
      (route) => route.fulfill({ status: 404, body: "" }),
    );
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await blockVideoHosts(page);
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("slider", { name: /360° view/ })).toBeVisible({ timeout: 90_000 });
    expect(errors.some((text) => text.includes("Spin image failed to load"))).toBe(true);
    await expect(page.locator("[data-spin-frame]")).not.toHaveAttribute("src", IMAGE_NOT_FOUND);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the spin and every mode pass axe", async ({ page }) => {
    test.setTimeout(240_000);
    const found = await findCar(page, slug, cars, full);
    await blockVideoHosts(page);
    await page.goto((found as { url: string }).url, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("slider", { name: /360° view/ })).toBeVisible({ timeout: 90_000 });
    await expectPageBasics(page, site.url);
    await expectNoAxeViolations(page);
    for (const mode of ["Walkaround", "Gallery", "Interior"]) {
      await page.getByRole("radio", { name: mode }).check();
      await expectNoAxeViolations(page);
    }
    await page.getByRole("radio", { name: "Gallery" }).check();
    await page.getByRole("button", { name: "Full screen" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
