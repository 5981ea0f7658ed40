import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { E2E_ENV, E2E_NOW, E2E_PORT } from "../../playwright.config";

/** The fixture tenants the test server builds: the five sample dealers' set-ups with small, fixed stock. */
const TENANTS_DIR = path.resolve(E2E_ENV.TENANTS_DIR);

/** Every fixture tenant (a folder with a site.json). */
export const TENANTS = readdirSync(TENANTS_DIR).filter((slug) =>
  existsSync(path.join(TENANTS_DIR, slug, "site.json")),
);

/** Each sample tenant with a promo popup, with its popup's id (spec: dismissal persists per site). */
const PROMOS = TENANTS.flatMap((slug) => {
  const id = JSON.parse(readFileSync(path.join(TENANTS_DIR, slug, "site.json"), "utf8")).vdp_config
    ?.promo_popup?.id;
  return id
    ? [{ origin: new URL(tenantUrl(slug)).origin, key: `promo-dismissed:${slug}`, value: String(id) }]
    : [];
});

/**
 * Playwright's `test`, where every page starts with each sample site's promo popup already
 * dismissed (the popup is modal and would cover the page); tests of the popup itself opt out with
 * `test.use({ promoDismissed: false })`. An init script rather than a `storageState` with origins:
 * Playwright fills those by loading each origin in a page first, which cost about 1 s a test here.
 */
export const test = base.extend<{ promoDismissed: boolean }>({
  promoDismissed: [true, { option: true }],
  context: async ({ context, promoDismissed }, use) => {
    // Every page lives at the suite's instant, as the build and the functions do; time passes from
    // there, and a test moves it on with `page.clock` instead of waiting.
    await context.clock.install({ time: E2E_NOW });
    if (promoDismissed)
      await context.addInitScript((promos) => {
        const promo = promos.find(({ origin }) => origin === location.origin);
        try {
          if (promo && localStorage.getItem(promo.key) === null) localStorage.setItem(promo.key, promo.value);
        } catch {
          // Storage refused (e.g. an opaque origin): nothing to dismiss.
        }
      }, PROMOS);
    await use(context);
  },
});
export { expect };

export function tenantUrl(slug: string, pathname = "/"): string {
  return `http://${slug}.localhost:${E2E_PORT}${pathname}`;
}

/**
 * A request to a tenant outside the browser: Node does not resolve `*.localhost`, so it goes to
 * localhost with the tenant's Host header (as `curl -H 'Host: …'` would).
 */
export function tenantGet(
  request: APIRequestContext,
  slug: string,
  pathname: string,
  options: { maxRedirects?: number } = {},
) {
  return request.get(`http://localhost:${E2E_PORT}${pathname}`, {
    headers: { host: `${slug}.localhost:${E2E_PORT}` },
    ...options,
  });
}

/**
 * axe-core's own build, run in the page. (@axe-core/playwright opens a second page for every
 * analysis to merge frame results: about 4 s a call on this machine against 0.8 s here, and the
 * suite runs a hundred. The only frames on our pages are third-party maps and videos, which are
 * not ours to audit; axe still checks the frame elements themselves, e.g. their titles.)
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Every WCAG 2.1 A/AA violation axe finds on the page (or inside `include`), readably. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // A string is evaluated as is (not through eval), so the site's CSP does not stand in the way.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, include }) => {
      type Violation = { id: string; help: string; nodes: { target: string[] }[] };
      const { axe } = window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> };
      };
      const results = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
        iframes: false,
      });
      return results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes
            .map((node) => node.target.join(" "))
            .slice(0, 3)
            .join(", ")})`,
      );
    },
    { tags: WCAG_TAGS, include },
  );
}

/** axe-core, WCAG 2.1 A/AA: zero violations, with a readable failure message. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}

/** The Lighthouse-grade basics every page must hold. */
export async function expectPageBasics(page: Page, canonicalOrigin: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "en-AU");
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^.{30,}$/);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical?.startsWith(canonicalOrigin)).toBe(true);
  const images = await page.locator("img").evaluateAll((imgs) =>
    imgs.map((img) => ({
      src: img.getAttribute("src"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
      top: img.getBoundingClientRect().top + window.scrollY,
    })),
  );
  for (const image of images) {
    expect(image.width, `${image.src} has width`).toBeTruthy();
    expect(image.height, `${image.src} has height`).toBeTruthy();
    // Anything starting well below the first screen must be lazy.
    if (image.top > 1500) expect(image.loading, `${image.src} below the fold is lazy`).toBe("lazy");
  }
  // JavaScript never blocks the first paint: external scripts are modules, async or deferred
  // (islands and small component scripts); their weight is measured by `npm run bench`.
  const blocking = await page
    .locator("script[src]:not([type='module']):not([async]):not([defer])")
    .evaluateAll((scripts) => scripts.map((script) => script.getAttribute("src")));
  expect(blocking, "render-blocking scripts").toEqual([]);
}

/**
 * A fixture file as parsed JSON. Tests find cars, names and ids in it; what a shopper must see is
 * written in the test as a literal, never computed from it.
 */
// biome-ignore lint/suspicious/noExplicitAny: fixture JSON holds whatever the fixture holds
export type FixtureJson = any;

/** A fixture tenant's site.json and its feed's cars by slug. */
export function tenantData(slug: string): { site: FixtureJson; cars: Map<string, FixtureJson> } {
  const read = (file: string) => JSON.parse(readFileSync(path.join(TENANTS_DIR, slug, file), "utf8"));
  const cars = new Map<string, FixtureJson>();
  for (const car of read("stock.json").cars as FixtureJson[]) cars.set(car.slug, car);
  return { site: read("site.json"), cars };
}

/** Layout shifts since the page loaded not caused by the shopper (CLS), each with the elements that moved. */
export async function unexpectedShifts(
  page: Page,
  settleMs = 500,
): Promise<{ value: number; moved: string[] }[]> {
  return page.evaluate(
    (settleMs) =>
      new Promise((resolve) => {
        const shifts: { value: number; moved: string[] }[] = [];
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[])
            if (!entry.hadRecentInput)
              shifts.push({
                value: entry.value,
                moved: entry.sources.map(({ node }) => {
                  const element = node instanceof Element ? node : node?.parentElement;
                  const name = element ? `${element.tagName}.${element.className}` : "?";
                  return element === node ? name : `text in ${name}: ${node?.textContent?.slice(0, 40)}`;
                }),
              });
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(shifts), settleMs);
      }),
    settleMs,
  );
}

/** Fills a vehicle dialog's lead form as a shopper would: contact details, a dealership and comments where asked, the terms. */
export async function fillDialogContact(dialog: Locator) {
  await dialog.getByLabel("First name").fill("Jordan");
  await dialog.getByLabel("Last name").fill("Lee");
  await dialog.getByLabel("Email").fill("jordan@example.com");
  await dialog.getByLabel("Phone").fill("0412 345 678");
  const dealership = dialog.getByLabel(/^Dealership/);
  if ((await dealership.count()) && !(await dealership.inputValue()))
    await dealership.selectOption({ index: 1 });
  const comments = dialog.getByLabel(/^Comments/);
  if ((await comments.count()) && !(await comments.inputValue()))
    await comments.fill("Is it still available?");
  const terms = dialog.getByLabel("I agree to the terms of use");
  if (await terms.count()) await terms.check();
}

/** Opens a lead dialog from the vehicle page's price card and returns it once its form is ready. */
export async function openLeadDialog(page: Page, button: string, dialogName: string): Promise<Locator> {
  await page
    .getByRole("complementary", { name: "Price and contact" })
    .getByRole("button", { name: button })
    .click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog.locator("[data-lead-form]")).toHaveAttribute("data-state", "ready");
  return dialog;
}

/** Opens a car's vehicle page and waits for its heading. */
export async function openCarPage(page: Page, slug: string, car: { slug: string; name: string }) {
  await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
  await expect(page.getByRole("heading", { level: 1, name: car.name })).toBeVisible();
}

/**
 * A mobile number no other test is likely to use (codes are rate-limited per number). 0412 is an
 * allocated mobile range: libphonenumber refuses unallocated ones such as 0496.
 */
export function freshMobile(): { typed: string; e164: string; shown: string } {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return {
    typed: `0412${digits}`,
    e164: `+61412${digits}`,
    shown: `0412 ${digits.slice(0, 3)} ${digits.slice(3)}`,
  };
}

/** The last code texted to a number (the local SMS adapter's outbox file). */
export async function codeFor(e164: string): Promise<string> {
  const file = path.resolve(E2E_ENV.DATA_DIR, "sms-outbox.jsonl");
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = readFileSync(file, "utf8").trim().split("\n");
      const message = lines
        .map((line) => JSON.parse(line) as { to: string; body: string })
        .filter((m) => m.to === e164)
        .at(-1);
      code = /^(\d{6}) is your /.exec(message?.body ?? "")?.[1];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** Signs in on /sign-in as a shopper would: number, Send code, the texted code, Sign in. */
export async function signInWithCode(page: Page, mobile: ReturnType<typeof freshMobile>) {
  await page.getByLabel("Mobile number").fill(mobile.typed);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${mobile.shown}.`)).toBeVisible({ timeout: 15_000 });
  await page.getByLabel("6-digit code").fill(await codeFor(mobile.e164));
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The sign-in routes' `type`s and the reason /sign-in gives for each (spec §4). */
type SignInType =
  | "watchlist"
  | "checkout"
  | "trade-in"
  | "finance"
  | "car-finance"
  | "spin-to-win"
  | "online-payment"
  | "my-garage";

const SIGN_IN_REASONS: Record<SignInType | "default", string> = {
  watchlist: "Sign in to save cars to your watchlist and see them on any device.",
  checkout: "Sign in to reserve or buy a car online.",
  "trade-in": "Sign in to value your trade-in.",
  finance: "Sign in to apply for finance.",
  "car-finance": "Sign in to apply for finance.",
  "spin-to-win": "Sign in to spin to win.",
  "online-payment": "Sign in to make an online payment.",
  "my-garage": "Sign in to see your garage.",
  default: "Sign in with your mobile number. We'll text you a code; there is no password.",
};

/**
 * Spec §4 gated routes as a shopper meets them: the footer link on the home page leads to
 * /sign-in with the route's type, `redirect` the route and `back` the home page, and the reason
 * shown; after the texted code the shopper lands on the route, signed in. Returns their mobile.
 */
export async function footerLinkThroughSignIn(
  page: Page,
  slug: string,
  route: { link: string; type: SignInType; path: string },
): Promise<ReturnType<typeof freshMobile>> {
  await page.goto(tenantUrl(slug));
  await page.getByRole("contentinfo").getByRole("link", { name: route.link, exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
    type: route.type,
    redirect: route.path,
    back: "/",
  });
  await expect(page.getByText(SIGN_IN_REASONS[route.type])).toBeVisible();
  const mobile = freshMobile();
  await signInWithCode(page, mobile);
  await expect(page).toHaveURL(new RegExp(`${route.path}/?$`));
  await expect(page.getByText(`Signed in as ${mobile.shown}.`)).toBeVisible();
  return mobile;
}

/** The page's schema.org Car (its first JSON-LD block). */
export const jsonLd = async (page: Page) =>
  JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");

/**
 * Keeps every dataLayer push of this tab across navigations (a form pushes its event, then leaves
 * for /success); `recorded` reads them back.
 */
const LOG_KEY = "e2e:dataLayer";
export async function recordDataLayer(page: Page) {
  await page.addInitScript((key) => {
    const layer: Record<string, unknown>[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...entries) => {
      const log = JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown[];
      sessionStorage.setItem(key, JSON.stringify([...log, ...entries]));
      return push(...entries);
    };
    window.dataLayer = layer;
  }, LOG_KEY);
}
export const recorded = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as Record<string, unknown>[],
    LOG_KEY,
  );
