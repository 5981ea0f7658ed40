/**
 * The pages a shopper lands on look finished at the widths people browse at: a phone (390 px), a
 * tablet or small laptop (1024 px) and the common desktop widths (1280, 1366, 1440 px). On every
 * fixture tenant's home, search and vehicle pages, at each width: nothing scrolls sideways, no
 * header link wraps onto a second line (the header shows its Menu button instead), the logo keeps
 * its size, and no text runs out of its box. One page load per page, resized through the widths.
 */
import type { Page } from "@playwright/test";
import { expect, TENANTS, tenantData, tenantUrl, test } from "./support";

const WIDTHS = [390, 1024, 1280, 1366, 1440] as const;

/** A vehicle page per tenant with the most on it: photos, comments, finance, the map. */
const VEHICLES: Record<string, string> = {
  "bayside-nissan": "2026-nissan-x-trail-st-2wd-550021",
  "harbourside-toyota": "2024-toyota-c-hr-koba-hybrid-110011",
  "outback-caravans": "2022-jayco-journey-outback-19-61-5-440013",
  "sunstate-motor-group": "2026-mazda-mazda3-g25-astina-330030",
  "westside-auto": "2022-hyundai-i30-active-220006",
};

/** Each page, with what it is for: that must start on the first screen, not under an empty gap. */
const PAGES = {
  home: { path: () => "/", lead: "h1" },
  search: { path: () => "/search/new-used-and-demo-cars", lead: "#search-results [data-car-id]" },
  vehicle: { path: (slug: string) => `/cars/${VEHICLES[slug]}`, lead: "h1" },
} as const;

/** The logo is never drawn narrower than 100 px, or than its own width when that is smaller. */
const LOGO_MIN = 100;

interface Layout {
  /** Whether the header shows its Menu button (else its row of links). */
  menu: boolean;
  /** What a dealer would see as broken, each naming the element. */
  problems: string[];
}

/** Measures the page as laid out now; runs in the browser. */
function measureLayout({ logoMin, lead }: { logoMin: number; lead: string }): Layout {
  const named = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const classes = [...el.classList]
      .filter((name) => !name.startsWith("astro-"))
      .map((name) => `.${name}`)
      .join("");
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${classes}>${text ? ` "${text}"` : ""}`;
  };
  const shown = (el: Element) =>
    el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  /** Whether an ancestor clips this element's overflow (a carousel's track, a scroller). */
  const clipped = (el: Element) => {
    for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== "visible") return true;
    }
    return false;
  };
  const problems: string[] = [];
  const width = window.innerWidth;
  const all = [...document.body.querySelectorAll("*")];

  const main = document.querySelector(lead);
  const top = main?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY;
  if (top >= window.innerHeight)
    problems.push(`${lead} starts below the first screen (at ${Math.round(top)} px)`);

  if (document.documentElement.scrollWidth > width) {
    const wide = all.filter(
      (el) => shown(el) && el.getBoundingClientRect().right > width + 1 && !clipped(el),
    );
    // The innermost elements that stick out furthest are the culprits; their ancestors only contain them.
    const right = (el: Element) => el.getBoundingClientRect().right;
    const culprits = wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .sort((a, b) => right(b) - right(a));
    problems.push(
      `the page scrolls sideways (${document.documentElement.scrollWidth} px wide): ${culprits
        .slice(0, 3)
        .map(named)
        .join(", ")}`,
    );
  }

  const header = document.querySelector(".site-header");
  const menuButton = header?.querySelector(".menu-toggle");
  const menu = Boolean(menuButton && shown(menuButton));
  const bar = header?.querySelector(".bar");
  for (const item of header?.querySelectorAll(".nav-list > li > a, .nav-list > li > details > summary") ??
    []) {
    if (!shown(item)) continue;
    const range = document.createRange();
    range.selectNodeContents(item);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    if (lines.size > 1) problems.push(`header link on ${lines.size} lines: ${named(item)}`);
    if (!menu && bar && item.getBoundingClientRect().right > bar.getBoundingClientRect().right + 1)
      problems.push(`header link past the header's edge: ${named(item)}`);
  }
  const logo = header?.querySelector(".logo img");
  const logoWidth = logo?.getBoundingClientRect().width ?? 0;
  if (logoWidth < logoMin - 0.5) problems.push(`logo ${logoWidth.toFixed(1)} px wide, under ${logoMin} px`);

  for (const el of all) {
    if (!(el instanceof HTMLElement) || !shown(el)) continue;
    const style = getComputedStyle(el);
    if (style.display === "inline" || style.overflowX !== "visible") continue;
    const ownText = [...el.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "",
    );
    if (ownText && el.scrollWidth > el.clientWidth + 1)
      problems.push(`text runs out of its box (${el.scrollWidth} px in ${el.clientWidth} px): ${named(el)}`);
  }
  return { menu, problems };
}

/** The header shows its row of links from this width up on every fixture tenant, and Menu below. */
const ROW_FROM = 1280;

async function checkWidths(page: Page, slug: string, name: keyof typeof PAGES) {
  const logo = tenantData(slug).site.logo as { width: number };
  const measure = { logoMin: Math.min(LOGO_MIN, logo.width), lead: PAGES[name].lead };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The header's script settles the row or Menu in the frame after a resize: poll until it has.
    await expect
      .poll(() => page.evaluate(measureLayout, measure), {
        message: `${slug} ${name} page at ${width} px`,
        timeout: 3_000,
      })
      .toEqual({ menu: width < ROW_FROM, problems: [] });
  }
}

for (const slug of TENANTS) {
  for (const name of Object.keys(PAGES) as (keyof typeof PAGES)[]) {
    test(`${slug} ${name} page: no sideways scroll, header on one line, logo full size, no text overflow at ${WIDTHS.join(", ")} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      const response = await page.goto(tenantUrl(slug, PAGES[name].path(slug)));
      expect(response?.status(), `${slug} ${name} page answers`).toBe(200);
      if (name === "search")
        await expect(page.locator("#search-results")).toHaveAttribute("aria-busy", "false");
      await checkWidths(page, slug, name);
    });
  }
}

test("the header's switch to Menu follows the tenant's own links", async ({ page }) => {
  // At 1150 px (in the suite's browser and fonts) bayside-nissan's eight short links fit beside its
  // logo and phone; sunstate-motor-group's eight, with "Special Offers" and "Dealerships", do not.
  await page.setViewportSize({ width: 1150, height: 900 });
  await page.goto(tenantUrl("bayside-nissan", "/"));
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stock" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  await page.goto(tenantUrl("sunstate-motor-group", "/"));
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
});
