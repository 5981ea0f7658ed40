import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "~/tenant/errors";
import { listTenantSlugs, loadLocations, loadSite } from "~/tenant/load";
import { siteSchema } from "~/tenant/schema";
import { siteImageProblems } from "~/tenant/site-assets";
import { makeSite } from "./helpers";

const FIXTURES = path.resolve("tests/fixtures/tenants");

function configError(slug: string): ConfigError {
  try {
    loadSite(FIXTURES, slug);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`${slug} loaded without error`);
}

describe("tenant config (site.json)", () => {
  it("lists tenant folders that hold a site.json", () => {
    expect(listTenantSlugs(FIXTURES)).toEqual(["broken-config", "fixture-motors", "hostile-feed"]);
  });

  it("applies the spec's per-site defaults", () => {
    const site = loadSite(FIXTURES, "fixture-motors");
    expect(site.search.cards_per_page).toBe(21);
    expect(site.sold_window_days).toBe(3);
    expect(site.specifications).toEqual({
      just_arrived_days: 8,
      just_arrived_tag_name: "New Arrival",
      sold_tag_name: "Just Sold",
    });
    expect(site.default_state).toBe("qld");
    expect(site.no_price_text).toBe("Enquire for price.");
    expect(site.default_viewer_mode).toBe("spinner");
    expect(site.opt_in).toEqual({
      visible: true,
      default_checked: true,
      text: "Yes, I would like to subscribe to receive latest offers & product updates.",
    });
    expect(site.reserve_deposit).toBe(200);
    expect(site.feed_guard_min_share).toBe(0.5);
  });

  it("names the file, each bad field and what is allowed", () => {
    const error = configError("broken-config");
    expect(error.file).toBe(path.join(FIXTURES, "broken-config", "site.json"));
    const text = error.message;
    expect(text).toContain("broken-config/site.json is invalid");
    expect(text).toMatch(
      /template: "boutique" is not allowed; use one of "franchise", "independent", "group", "caravan"/,
    );
    expect(text).toMatch(/theme\.primary: must be a hex colour like #1a2b3c \(got "blue"\)/);
    expect(text).toMatch(/sold_window_days: .*14.* \(got 30\)/);
    expect(text).toMatch(/tagline: is required/);
    expect(text).toMatch(/unknown field "colour"/);
  });

  it.each([
    [{ sold_window_days: -1 }, "sold_window_days"],
    [{ sold_window_days: 15 }, "sold_window_days"],
    [{ feed: "http://insecure.example.com/feed.json" }, "feed"],
    [{ slug: "Bad Slug" }, "slug"],
    [{ search: { cards_per_page: 0 } }, "search.cards_per_page"],
  ])("rejects %j at %s", (override, field) => {
    const base = loadSite(FIXTURES, "fixture-motors");
    const result = siteSchema.safeParse({ ...base, ...override });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(field);
  });

  it.each([
    "../other-tenant/stock.json",
    "feeds/../../x.json",
    "/etc/passwd",
    "~/stock.json",
    "\\\\server\\x.json",
  ])("refuses the feed %s, a file outside the tenant folder", (feed) => {
    const base = loadSite(FIXTURES, "fixture-motors");
    const result = siteSchema.safeParse({ ...base, feed });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["feed", 'must be a file inside the tenant folder, like "stock.json" (no leading / or ~, no ..)'],
    ]);
  });

  it("accepts an https feed URL and a sold window of 0 and 14", () => {
    const base = loadSite(FIXTURES, "fixture-motors");
    for (const override of [
      { feed: "https://feeds.example.com/stock.json" },
      { feed: "feeds/stock..json" },
      { sold_window_days: 0 },
      { sold_window_days: 14 },
    ]) {
      expect(siteSchema.safeParse({ ...base, ...override }).success).toBe(true);
    }
  });

  it.each([
    ["http://photos.example.com.au", "must be an https:// origin (http:// only for localhost)"],
    [
      "https://photos.example.com.au/stock/",
      "must be an origin, without a path: https://images.example.com.au",
    ],
    ["photos.example.com.au", "must be an https:// origin like https://images.example.com.au"],
    ["ftp://photos.example.com.au", "must be an https:// origin (http:// only for localhost)"],
  ])("refuses the image host %s: %s", (host, message) => {
    const base = loadSite(FIXTURES, "fixture-motors");
    const result = siteSchema.safeParse({ ...base, image_hosts: [host] });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toContainEqual([
      "image_hosts.0",
      message,
    ]);
  });

  it("keeps image hosts as origins: https anywhere, http on this machine for local stand-ins", () => {
    const base = loadSite(FIXTURES, "fixture-motors");
    expect(base.image_hosts).toEqual(["https://photos.fixture-feed.example.com.au"]);
    const parsed = siteSchema.parse({
      ...base,
      image_hosts: ["https://Photos.Example.com.au/", "http://127.0.0.1:8123", "http://localhost:9000"],
    });
    expect(parsed.image_hosts).toEqual([
      "https://photos.example.com.au",
      "http://127.0.0.1:8123",
      "http://localhost:9000",
    ]);
    const { image_hosts: _, ...withoutHosts } = base;
    expect(siteSchema.parse(withoutHosts).image_hosts).toEqual([]);
  });

  it("refuses a slug that does not match its folder", () => {
    expect(() => loadSite(path.resolve("tests/fixtures"), "tenants")).toThrow();
  });

  it("loads the locations site.json names", () => {
    const site = loadSite(FIXTURES, "fixture-motors");
    expect(loadLocations(FIXTURES, site).map((location) => location.id)).toEqual([9001]);
    expect(() =>
      loadLocations(FIXTURES, { ...site, locations: [{ id: 1, location_type: "sales" }] }),
    ).toThrow(/locations: ids 1 are not in locations.json/);
  });
});

describe("site.json's images (the logo, also the favicon, and the promo popup's)", () => {
  const onDisk = (relative: string) =>
    statSync(path.resolve("public", relative), { throwIfNoEntry: false })?.isFile() ?? false;

  it("accepts a site path that is a file under public/, looked up decoded", () => {
    const seen: string[] = [];
    const site = makeSite({
      logo: { url: "/media/logos/Smith%20Motors.svg?v=2", width: 200, height: 48 },
      vdp_config: { promo_popup: { id: "spring", title: "Spring sale", image: "/media/promos/spring.jpg" } },
    });
    expect(siteImageProblems(site, (relative) => seen.push(relative) > 0)).toEqual([]);
    expect(seen).toEqual(["media/logos/Smith Motors.svg", "media/promos/spring.jpg"]);
  });

  it("names the field, the file it looked for and the fix when a site path is missing", () => {
    const site = makeSite({
      logo: { url: "/media/logos/example-motor.svg", width: 200, height: 48 },
      vdp_config: { promo_popup: { id: "spring", title: "Spring sale", image: "/media/promos/spring.jpg" } },
    });
    expect(siteImageProblems(site, onDisk)).toEqual([
      'logo.url: "/media/logos/example-motor.svg" is not a file under public/ (looked for ' +
        "public/media/logos/example-motor.svg); add the file there, or set logo.url to a file that is",
      'vdp_config.promo_popup.image: "/media/promos/spring.jpg" is not a file under public/ (looked for ' +
        "public/media/promos/spring.jpg); add the file there, or set vdp_config.promo_popup.image to a " +
        "file that is",
    ]);
  });

  it("accepts an https image on one of the site's image_hosts and names any other host", () => {
    const logo = { url: "https://cdn.example-motors.com.au/logo.svg", width: 200, height: 48 };
    const listed = makeSite({ logo, image_hosts: ["https://cdn.example-motors.com.au"] });
    expect(siteImageProblems(listed, () => false)).toEqual([]);
    expect(siteImageProblems(makeSite({ logo }), () => true)).toEqual([
      'logo.url: "https://cdn.example-motors.com.au/logo.svg" is on https://cdn.example-motors.com.au, ' +
        'which is not in image_hosts; add "https://cdn.example-motors.com.au" to image_hosts (and to ' +
        "netlify.toml's [images] remote_images), or put the file under public/ and set logo.url to its path",
    ]);
  });

  it("holds for every sample tenant and every fixture tenant the builds use", () => {
    const checked: string[] = [];
    for (const dir of ["tenants", "tests/fixtures/e2e-tenants", "tests/fixtures/tenants"]) {
      for (const slug of listTenantSlugs(path.resolve(dir))) {
        if (slug === "broken-config") continue; // its site.json is broken on purpose
        expect(siteImageProblems(loadSite(path.resolve(dir), slug), onDisk), `${dir}/${slug}`).toEqual([]);
        checked.push(slug);
      }
    }
    expect(checked).toHaveLength(12);
    expect(existsSync(path.resolve("public/media/logos/example-motors.svg"))).toBe(true);
  });
});
