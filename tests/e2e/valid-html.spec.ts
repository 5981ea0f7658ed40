/**
 * Valid HTML on every page: the W3C Nu HTML Checker (vnu-jar) reads one page of every route kind
 * the test build wrote for each fixture tenant, and the not-found page its server answers with, and
 * any error fails the test with the tenant, page, line and message. Browsers forgive broken markup; search engines, assistive
 * technology and the next developer do not always. The checker runs on Java; without Java the test
 * fails and says what to install (it never passes unchecked), and the same run checks a planted
 * invalid page, which it must report.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { E2E_ENV } from "../../playwright.config";
import { expect, TENANTS, tenantGet, test } from "./support";

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const DIST = path.resolve(E2E_ENV.DIST_DIR);
/** A page with a known error (tests/fixtures/detectors), checked in the same run: the checker must report it. */
const PLANTED = path.resolve(import.meta.dirname, "../fixtures/detectors/invalid-page.html");

/**
 * One page of every route kind each tenant has, as literals from the fixture tenants: the check
 * fails if the build stops writing one of them, so a missing page cannot pass as a valid one.
 */
const COMMON = [
  "/",
  "/search/new-used-and-demo-cars",
  "/search/used-cars",
  "/contact-us",
  "/finance-enquiry",
  "/apply-for-finance",
  "/finance-pre-approval",
  "/personalised/finance",
  "/book-test-drive",
  "/sell-my-car",
  "/service",
  "/careers",
  "/trade-in",
  "/checkout-journey",
  "/sign-in",
  "/dealer-locator",
  "/special-offers",
  "/brands",
  "/compare",
  "/favourites",
  "/watchlist",
  "/finance",
  "/about-us",
  "/privacy-policy",
  "/pages/unsubscribe",
  "/success",
  "/print",
  "/404.html",
];
const ROUTES: Record<string, string[]> = {
  "bayside-nissan": [
    "/cars/2026-nissan-x-trail-st-2wd-550021",
    "/cars/2020-kia-seltos-sport-2wd-550000",
    "/search/nissan",
    "/search/nissan/x-trail",
    "/nissan/overview",
    "/x-trail",
    "/offers/5501",
    "/blog",
    "/blog/vehicle-reviews",
    "/blog/vehicle-reviews/2026-nissan-navara-pro-4x-review",
    // /eofy is served from this page (a rewrite), so it is checked once.
    "/pages/eofy-sale",
    "/contact-us/bayside-nissan-moorabbin",
  ],
  "harbourside-toyota": [
    "/cars/2024-toyota-c-hr-koba-hybrid-110011",
    "/cars/2026-toyota-bz4x-fwd-110000",
    // A spin_code without frames: Spin is the provider's viewer (site.json spin_viewer).
    "/cars/2026-toyota-hilux-gr-sport-double-cab-4x4-110046",
    "/toyota/overview",
    "/hilux",
    "/offers/1101",
    "/blog/vehicle-reviews/toyota-hilux-sr5-review",
    "/spin-to-win",
    "/my-garage",
    "/online-payment",
    "/capped-price-servicing",
    "/roadside-assist",
  ],
  "outback-caravans": [
    "/cars/2022-jayco-journey-outback-19-61-5-440013",
    "/cars/2018-jayco-starcraft-17-55-4-440003",
    "/avida/overview",
    "/journey",
    "/offers/4401",
  ],
  "sunstate-motor-group": [
    "/cars/2026-mazda-mazda3-g25-astina-330030",
    "/cars/2022-mitsubishi-pajero-sport-exceed-4wd-330003",
    "/mitsubishi/overview",
    "/cx-5",
    "/offers/3301",
    "/pages/eofy-sale",
    "/my-garage",
    "/contact-us/sunstate-kia-southport",
    "/fleet",
    "/diamond-advantage",
  ],
  "westside-auto": [
    "/cars/2022-hyundai-i30-active-220006",
    "/cars/2019-ford-everest-platinum-v6-4wd-220011",
    "/spin-to-win",
  ],
};

/** The file the test build wrote for a page's address (`/a` → `a/index.html`). */
function builtFile(slug: string, address: string): string {
  return path.join(DIST, slug, address.endsWith(".html") ? address : path.join(address, "index.html"));
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
}

/** The checker's errors for these files (its JSON report goes to stderr; exit 1 means errors). */
async function validate(files: string[]): Promise<VnuMessage[]> {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error || java.status !== 0)
    throw new Error(
      "The HTML validator (vnu-jar) needs a Java runtime (11 or newer) and `java` is not on PATH: " +
        "install one, e.g. `apt-get install -y default-jre-headless`.",
    );
  let stderr: string;
  try {
    ({ stderr } = await promisify(execFile)(
      "java",
      ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    ));
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    if (failed.code !== 1 || !failed.stderr) throw error;
    stderr = failed.stderr;
  }
  return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
}

// One checker run for all tenants: the Java start-up and warm-up are most of its cost.
test("one page of every route kind on every fixture tenant is valid HTML (W3C Nu HTML Checker)", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const served = mkdtempSync(path.join(tmpdir(), "valid-html-"));
  try {
    const pages = new Map<string, string>();
    for (const slug of TENANTS) {
      for (const address of [...COMMON, ...(ROUTES[slug] ?? [])]) {
        const file = builtFile(slug, address);
        expect(existsSync(file), `${slug} has a page at ${address}`).toBe(true);
        pages.set(file, `${slug} ${address}`);
      }
      // What the server answers for an address with no page: a shopper's mistyped link.
      const notFound = await tenantGet(request, slug, "/no-such-page");
      expect(notFound.status()).toBe(404);
      const file = path.join(served, `${slug}-no-such-page.html`);
      writeFileSync(file, await notFound.text());
      pages.set(file, `${slug} /no-such-page (served, 404)`);
    }

    pages.set(PLANTED, "planted");
    const errors = (await validate([...pages.keys()]))
      .filter((message) => message.type === "error" || message.subType === "fatal")
      .map((message) => {
        const page = pages.get((message.url ?? "").replace(/^file:/, "")) ?? message.url;
        return `${page} line ${message.lastLine ?? "?"}: ${message.message}`;
      });
    // A checker that ran on nothing, or reports nothing, would pass every page: it must see this one.
    expect(errors.filter((error) => error.startsWith("planted "))).toEqual([
      "planted line 10: Duplicate ID “price”.",
    ]);
    const real = errors.filter((error) => !error.startsWith("planted "));
    expect(real, `${real.length} HTML errors on ${pages.size - 1} pages`).toEqual([]);
  } finally {
    rmSync(served, { recursive: true, force: true });
  }
});
