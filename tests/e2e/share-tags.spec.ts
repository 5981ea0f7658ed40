/**
 * Search engines and link previews, over every page the test build wrote for the group tenant
 * (its 72 cars include three identical Pajero Sports): no two car pages share a title, and every
 * page carries the share tags a preview needs, with an absolute picture address.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_ENV } from "../../playwright.config";
import { expect, test } from "./support";

const SLUG = "sunstate-motor-group";
const ORIGIN = "https://www.sunstate-motor-group.example.com.au";
const SITE = path.resolve(E2E_ENV.DIST_DIR, SLUG);

/** Every HTML page under the tenant's output, by its path on the site. */
function pages(dir = SITE): { path: string; html: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    if (!entry.name.endsWith(".html")) return [];
    return [{ path: `/${path.relative(SITE, full)}`, html: readFileSync(full, "utf8") }];
  });
}

const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(head(html))?.[1] ?? null;
function meta(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(head(html));
  return tag ? (tag[1] as string) : null;
}

test("no two car pages of the group share a title; identical cars are told apart by stock number", () => {
  const cars = pages(path.join(SITE, "cars")).filter((page) =>
    /^\/cars\/[^/]+\/index\.html$/.test(page.path),
  );
  expect(cars.length).toBeGreaterThanOrEqual(60);
  const titles = cars.map((page) => title(page.html));
  expect(titles.filter((t) => t === null)).toEqual([]);
  const seen = new Map<string, string[]>();
  for (const [i, t] of titles.entries())
    seen.set(t as string, [...(seen.get(t as string) ?? []), cars[i]?.path ?? ""]);
  expect([...seen].filter(([, paths]) => paths.length > 1)).toEqual([]);
  const pajeros = titles.filter((t) => t?.startsWith("2026 Mitsubishi Pajero Sport GLS 4WD")).sort();
  expect(pajeros).toEqual([
    "2026 Mitsubishi Pajero Sport GLS 4WD, Stock SMID30051",
    "2026 Mitsubishi Pajero Sport GLS 4WD, Stock SMIN30050",
    "2026 Mitsubishi Pajero Sport GLS 4WD, Stock SMIN30052",
  ]);
  // Within 60 characters where possible: only a name too long for it passes 60, and then the title
  // is the name and stock number alone.
  expect(titles.filter((t) => (t?.length ?? 0) > 60).sort()).toEqual([
    "2017 Mitsubishi Triton GLX Club Cab Chassis 4x4, Stock SMIU30017",
    "2026 Mitsubishi Outlander Exceed Tourer PHEV, Stock SMID30010",
  ]);
});

test("every page of the group has og:title, og:description, og:url, an absolute og:image and a twitter:card", () => {
  const all = pages();
  expect(all.length).toBeGreaterThan(100);
  const missing = all.flatMap((page) =>
    ["og:title", "og:description", "og:url", "og:image", "twitter:card"]
      .filter((key) => !meta(page.html, key))
      .map((key) => `${page.path}: ${key}`),
  );
  expect(missing).toEqual([]);
  const relative = all.filter((page) => !/^https:\/\//.test(meta(page.html, "og:image") ?? ""));
  expect(relative.map((page) => page.path)).toEqual([]);
  // A page without its own picture shares the group's logo.
  const contact = all.find((page) => page.path === "/contact-us/index.html");
  expect(meta(contact?.html ?? "", "og:image")).toBe(`${ORIGIN}/media/logos/sunstate-motor-group.svg`);
  expect(meta(contact?.html ?? "", "twitter:card")).toBe("summary");
});
