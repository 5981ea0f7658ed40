/**
 * The vehicle page media as a shopper uses it (spec §2, §4, §5, §8, §9): gallery, thumbnails,
 * arrows, keyboard, full screen, video slide, viewer modes with spin and hotspots, image fallback.
 * Video players are never loaded (no internet): the frames and their addresses are asserted.
 *
 * The gallery is one component with no per-tenant setting but the default viewer mode and the
 * video slide position (no fixture tenant sets the position: all use the default, "second"), so the
 * gallery is tested on bayside-nissan, whose cars are photos only; the spin, walkaround and
 * interior only exist on harbourside-toyota. (Theme contrast per tenant is the home page's axe check.)
 */
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  expectPageBasics,
  tenantUrl,
  test,
  unexpectedShifts,
} from "./support";

const GALLERY_TENANT = "bayside-nissan";
const GALLERY_ORIGIN = "https://www.bayside-nissan.example.com.au";
/** 11 photos, no video, photos only: thumbnails (more than 3 images), slides "1 of 11". */
const ELEVEN_PHOTOS = {
  slug: "2026-nissan-navara-sl-dual-cab-4x4-550001",
  name: "2026 Nissan Navara SL Dual Cab 4x4",
  /** Its first photo through the image CDN at the default width 640 and quality 75 (spec §9). */
  firstSrcset: "/.netlify/images?url=%2Fmedia%2Fsample%2Fute-blue-front.jpg&w=640&q=75 640w",
};
/** Exactly 3 photos: no thumbnails (only when more than 3). Its first photo is made to fail on the image CDN. */
const THREE_PHOTOS = {
  slug: "2026-nissan-qashqai-ti-e-power-550015",
  name: "2026 Nissan Qashqai Ti e-POWER",
  firstPhoto: "/media/sample/suv-blue-front.jpg",
};
/** No photos at all (coming soon): the image-not-found picture. */
const NO_PHOTOS = { slug: "2025-nissan-pathfinder-st-2wd-550011", name: "2025 Nissan Pathfinder ST 2WD" };
/** 11 photos and a YouTube video: the video is slide 2 of 12 (position "second", the default). */
const WITH_VIDEO = {
  slug: "2026-nissan-qashqai-ti-550041",
  name: "2026 Nissan Qashqai Ti",
  embed: "https://www.youtube-nocookie.com/embed/GqcB2sZZNB3",
};
/** 24 spin frames on the site whose default viewer mode is the gallery. */
const GALLERY_SITE_SPIN = { slug: "2026-nissan-ariya-evolve-550031", name: "2026 Nissan Ariya Evolve" };
const IMAGE_NOT_FOUND = "/media/image-not-found.svg";

const SPIN_TENANT = "harbourside-toyota";
const SPIN_ORIGIN = "https://www.harbourside-toyota.example.com.au";
/**
 * Every viewer mode (24 spin frames, a walkaround video, an interior picture) and hotspots; the site
 * keeps the default mode, the spinner. Hotspots at the first frame (angle 360): 1, 2 and 4.
 */
const FULL = {
  slug: "2025-toyota-bz4x-fwd-110016",
  name: "2025 Toyota bZ4X FWD",
  frames: 24,
  photos: 10,
  firstFrameHotspots: ["LED headlights with automatic high beam", "Alloy wheels", "Roof rails"],
  interiorHotspot: "Touchscreen with wireless Apple CarPlay and Android Auto",
  sixthFrame: "%2Fmedia%2Fsample%2Fspin%2Fsuv-white-05.jpg",
};
/** Spin frames and an interior picture but no walkaround: Spin, Gallery and Interior only. */
const NO_WALKAROUND = {
  slug: "2026-toyota-landcruiser-gr-sport-110008",
  name: "2026 Toyota LandCruiser GR Sport",
};

/** Players stay offline: any request to a video host is refused. */
const blockVideoHosts = (page: Page) => page.route(/youtube|vimeo/, (route) => route.abort());

async function openCar(page: Page, slug: string, car: { slug: string; name: string }) {
  await blockVideoHosts(page);
  await page.goto(tenantUrl(slug, `/cars/${car.slug}`), { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1, name: car.name })).toBeVisible();
}
/** The media viewer's script has arrived (it loads on first interaction or when idle). */
const enhanced = (page: Page) => expect(page.locator("[data-viewport].is-enhanced")).toHaveCount(1);
const carousel = (page: Page) => page.getByRole("region", { name: /^Photos of / });
/** The viewer mode switch offers exactly these modes, in this order. */
async function expectModes(page: Page, labels: string[]) {
  const radios = page.getByRole("group", { name: "Viewer mode" }).getByRole("radio");
  await expect(radios).toHaveCount(labels.length);
  for (const [index, label] of labels.entries()) await expect(radios.nth(index)).toHaveAccessibleName(label);
}
const slide = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

// Every picture goes through the local image CDN, which is slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.describe(`${GALLERY_TENANT} gallery`, () => {
  test("LCP image, no layout shift, then arrows, keyboard, thumbnails and full screen select slides", async ({
    page,
  }) => {
    await openCar(page, GALLERY_TENANT, ELEVEN_PHOTOS);
    // The first image is the LCP element: eager, high priority, sized, responsive through the image CDN.
    const first = carousel(page).locator("img").first();
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).toHaveAttribute("width", /^\d+$/);
    await expect(first).toHaveAttribute("height", /^\d+$/);
    expect((await first.getAttribute("srcset"))?.split(", ")).toContain(ELEVEN_PHOTOS.firstSrcset);
    await expect(first).toHaveAttribute("sizes", /812px.*100vw/);
    await expect(carousel(page).locator("img").nth(1)).toHaveAttribute("loading", "lazy");
    // Photos only: the gallery, with no mode switch.
    await expect(page.getByRole("group", { name: "Viewer mode" })).toHaveCount(0);
    await enhanced(page);
    expect(await unexpectedShifts(page)).toEqual([]);
    await expectPageBasics(page, GALLERY_ORIGIN);
    await expectNoAxeViolations(page);

    const previous = page.getByRole("button", { name: "Previous slide" });
    const next = page.getByRole("button", { name: "Next slide" });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(slide(page, "2 of 11")).toBeInViewport({ ratio: 0.9 });
    await expect(previous).toBeEnabled();

    await carousel(page).focus();
    await page.keyboard.press("ArrowRight");
    await expect(slide(page, "3 of 11")).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press("ArrowLeft");
    await expect(slide(page, "2 of 11")).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press("End");
    await expect(slide(page, "11 of 11")).toBeInViewport({ ratio: 0.9 });
    // Carousel arrows are disabled when scrolling is impossible.
    await expect(next).toBeDisabled();

    const thumbnails = page.getByRole("list", { name: "Thumbnails" });
    await expect(thumbnails.getByRole("listitem")).toHaveCount(11);
    await thumbnails.getByRole("link", { name: "Show photo 3" }).click();
    await expect(slide(page, "3 of 11")).toBeInViewport({ ratio: 0.9 });
    await expect(thumbnails.getByRole("link", { name: "Show photo 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    // Full screen opens over the page, Escape closes it and focus returns.
    await carousel(page).focus();
    await page.keyboard.press("Home");
    await expect(slide(page, "1 of 11")).toBeInViewport({ ratio: 0.9 });
    const open = page.getByRole("button", { name: "Full screen" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: /full screen/ });
    await expect(dialog).toBeVisible();
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
    await expect(slide(page, "2 of 11")).toBeInViewport({ ratio: 0.9 });
  });

  test("3 photos: no thumbnails; a photo the image CDN fails and a car with no photos show the image-not-found picture", async ({
    page,
  }) => {
    const failing = encodeURIComponent(THREE_PHOTOS.firstPhoto);
    await page.route(
      (request) => request.href.includes(`url=${failing}&`),
      (route) => route.fulfill({ status: 404, body: "" }),
    );
    await openCar(page, GALLERY_TENANT, THREE_PHOTOS);
    await expect(slide(page, "1 of 3")).toBeVisible();
    await expect(page.getByRole("list", { name: "Thumbnails" })).toHaveCount(0);
    await expect(carousel(page).getByRole("img").first()).toHaveAttribute("src", IMAGE_NOT_FOUND);

    await openCar(page, GALLERY_TENANT, NO_PHOTOS);
    await expect(carousel(page).getByRole("img")).toHaveAttribute("src", IMAGE_NOT_FOUND);
    await expect(page.getByRole("list", { name: "Thumbnails" })).toHaveCount(0);
  });

  test("video slide second (the default position): the embeddable address in a frame", async ({ page }) => {
    await openCar(page, GALLERY_TENANT, WITH_VIDEO);
    await expect(slide(page, "1 of 12").locator("img")).toBeVisible();
    const frame = slide(page, "2 of 12").locator("iframe");
    await expect(frame).toHaveAttribute("src", WITH_VIDEO.embed);
    await expect(frame).toHaveAttribute("title", `Video of ${WITH_VIDEO.name}`);
    await expect(frame).toHaveAttribute("loading", "lazy");
    await expect(slide(page, "3 of 12").locator("img")).toHaveCount(1);
  });
});

/** Spec §4: "default spinner (gallery on one site)"; bayside-nissan is that site. */
test(`${GALLERY_TENANT}: a car with a spin opens on the site's default mode, the gallery`, async ({
  page,
}) => {
  await openCar(page, GALLERY_TENANT, GALLERY_SITE_SPIN);
  const switcher = page.getByRole("group", { name: "Viewer mode" });
  await expect(switcher.getByRole("radio", { name: "Spin" })).toBeVisible();
  await expect(switcher.getByRole("radio", { name: "Gallery" })).toBeChecked();
});

test.describe(`${SPIN_TENANT} spin, walkaround and interior`, () => {
  test("spin loads all frames first, then auto-rotates, drag and arrow keys step frames, hotspots open; a failed frame is logged only", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // Frames are held back until the loading state has been seen; the sixth frame fails (spec §8: console only).
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route(/[?&]url=%2Fmedia%2Fsample%2Fspin%2F/, (route) => {
      const answer = () =>
        route.request().url().includes(`url=${FULL.sixthFrame}&`)
          ? route.fulfill({ status: 404, body: "" })
          : route.continue();
      if (holding) held.push(answer);
      else void answer();
    });
    await openCar(page, SPIN_TENANT, FULL);
    await expect(page.getByRole("radio", { name: "Spin" })).toBeChecked();
    const frame = page.locator("[data-spin-frame]");
    await expect(frame).toHaveAttribute("loading", "eager");
    await expect(frame).toHaveAttribute("fetchpriority", "high");

    const spinner = page.getByRole("slider", { name: /360° view/ });
    // Until every frame has loaded there is a progress bar and nothing to turn.
    const progress = page.getByRole("progressbar", { name: /Loading 360° view/ });
    await expect(progress).toBeVisible({ timeout: 30_000 });
    await expect(progress).toHaveAttribute("aria-valuemax", String(FULL.frames));
    await expect(spinner).toHaveCount(0);
    holding = false;
    await Promise.all(held.map((release) => release()));
    await expect(spinner).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole("progressbar")).toBeHidden();
    await expect(spinner).toHaveAttribute("aria-valuemax", String(FULL.frames));
    expect(errors.some((text) => text.includes("Spin image failed to load"))).toBe(true);
    await expect(frame).not.toHaveAttribute("src", IMAGE_NOT_FOUND);
    await expect(page.getByRole("alert")).toHaveCount(0);
    const hint = page.getByText("Drag or use ← → to spin");
    await expect(hint).toBeVisible();

    // Auto-rotation every 100 ms until the shopper interacts.
    const value = async () => Number(await spinner.getAttribute("aria-valuenow"));
    const before = await value();
    await expect.poll(value, { timeout: 3000 }).not.toBe(before);

    await spinner.focus();
    await page.keyboard.press("ArrowRight");
    const afterKey = await value();
    // A second of page time (10 rotation ticks) passes at once: the frame stays put.
    await page.clock.runFor(1_000);
    expect(await value(), "rotation stopped after the shopper took over").toBe(afterKey);
    await page.keyboard.press("ArrowRight");
    expect(await value()).toBe((afterKey % FULL.frames) + 1);
    await expect(hint).toBeHidden();

    // 20 px of drag per frame: 65 px is 3 frames on.
    const box = (await spinner.boundingBox()) as { x: number; y: number; width: number; height: number };
    const start = await value();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 65, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(await value()).toBe(((start - 1 + 3) % FULL.frames) + 1);

    // Hotspots shown on the first frame open their description.
    await spinner.focus();
    await page.keyboard.press("Home");
    await expect(spinner).toHaveAttribute("aria-valuenow", "1");
    const hotspot = page.locator("[data-hotspot]:visible").first();
    await hotspot.locator("summary").click();
    await expect(hotspot.locator(".hotspot-note")).toBeVisible();
    expect(FULL.firstFrameHotspots).toContain(await hotspot.locator(".hotspot-note").textContent());
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test("the spin view says Swipe to spin, and a swipe turns it 1 frame per 20 px", async ({ page }) => {
      test.setTimeout(120_000);
      await openCar(page, SPIN_TENANT, FULL);
      const spinner = page.getByRole("slider", { name: /360° view/ });
      await expect(spinner).toBeVisible({ timeout: 90_000 });
      await expect(page.getByText("Swipe to spin", { exact: true })).toBeVisible();
      await expect(page.getByText("Drag or use ← → to spin")).toBeHidden();

      // A finger drags 65 px to the right across the picture: 3 frames on.
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
      expect(Number(await spinner.getAttribute("aria-valuenow"))).toBe(((start - 1 + 3) % FULL.frames) + 1);
      await expect(page.getByText("Swipe to spin", { exact: true })).toBeHidden();
    });
  });

  test("only the modes the car has, on the site's default; leaving the gallery resets it; walkaround and interior show their media; every mode passes axe", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await openCar(page, SPIN_TENANT, FULL);
    const switcher = page.getByRole("group", { name: "Viewer mode" });
    await expectModes(page, ["Spin", "Walkaround", "Gallery", "Interior"]);
    await expect(switcher.getByRole("radio", { name: "Spin" })).toBeChecked();
    await expect(page.getByRole("slider", { name: /360° view/ })).toBeVisible({ timeout: 90_000 });
    await expectPageBasics(page, SPIN_ORIGIN);
    await expectNoAxeViolations(page);

    await switcher.getByRole("radio", { name: "Gallery" }).check();
    await enhanced(page);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(slide(page, `2 of ${FULL.photos}`)).toBeInViewport({ ratio: 0.9 });
    await expectNoAxeViolations(page);

    await switcher.getByRole("radio", { name: "Walkaround" }).check();
    const walkaround = page.getByTitle(`Walkaround video of ${FULL.name}`);
    await expect(walkaround).toBeVisible();
    await expect(walkaround).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/tMoBHWGluIn");
    await expectNoAxeViolations(page);

    // Back to the gallery: it starts again at the first slide.
    await switcher.getByRole("radio", { name: "Gallery" }).check();
    await expect(slide(page, `1 of ${FULL.photos}`)).toBeInViewport({ ratio: 0.9 });

    await switcher.getByRole("radio", { name: "Interior" }).check();
    await expect(page.getByRole("img", { name: `Interior of ${FULL.name}` })).toBeVisible();
    const first = page.locator(".panel-interior details").first();
    await first.locator("summary").click();
    await expect(first.getByText(FULL.interiorHotspot)).toBeVisible();
    await expectNoAxeViolations(page);

    await switcher.getByRole("radio", { name: "Gallery" }).check();
    await page.getByRole("button", { name: "Full screen" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);

    // A car without a walkaround offers no Walkaround.
    await openCar(page, SPIN_TENANT, NO_WALKAROUND);
    await expectModes(page, ["Spin", "Gallery", "Interior"]);
    await expect(switcher.getByRole("radio", { name: "Spin" })).toBeChecked();
  });
});
