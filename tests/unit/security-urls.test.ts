/**
 * Addresses from a tenant's files and its stock feed end up in href and src attributes, and theme
 * values end up inside a <style>: only https:, a path on the site (and, in links, mailto:/tel:) and
 * font-family-safe text get through; anything else quarantines the car or fails the config.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { publishFeed } from "~/features/stock/feed.server";
import { ConfigError, parseWithFriendlyErrors } from "~/tenant/errors";
import { listTenantSlugs, loadLocations, loadOffers, loadSite } from "~/tenant/load";
import { siteSchema } from "~/tenant/schema";
import { locationsFileSchema } from "~/tenant/schemas/locations";
import { offersFileSchema } from "~/tenant/schemas/offers";
import { makeSite, NOW } from "./helpers";

const FIXTURES = path.resolve("tests/fixtures/tenants");

const goodCar = {
  id: 1000,
  slug: "2021-mazda-cx-5-1000",
  name: "2021 Mazda CX-5",
  year: 2021,
  make: "Mazda",
  model: "CX-5",
  price: 32990,
  status: "in_stock",
  car_type: "used",
  dealership_id: 901,
  created_at: "2026-01-02T00:00:00Z",
  images: [{ url: "/media/sample/cx-5-front.jpg", thumb: { url: "/media/sample/thumbs/cx-5-front.jpg" } }],
};

/** The feed-report messages of one car row, or null when it was published. */
function quarantineMessages(row: Record<string, unknown>): string | null {
  const { cars, report } = publishFeed({ cars: [row] }, makeSite(), NOW);
  if (cars.length === 1) return null;
  expect(report.quarantined).toHaveLength(1);
  return report.quarantined[0]?.messages.join("\n") ?? "";
}

/** The friendly error of a site.json, or null when it is valid. */
function siteError(overrides: Record<string, unknown>): string | null {
  const base = JSON.parse(readFileSync(path.join(FIXTURES, "fixture-motors", "site.json"), "utf8"));
  try {
    parseWithFriendlyErrors(siteSchema, { ...base, ...overrides }, "tenants/fixture-motors/site.json");
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe("script URLs from the feed", () => {
  it("quarantines a row whose History Report file is javascript:, naming file", () => {
    expect(quarantineMessages({ ...goodCar, file: "javascript:alert(1)" })).toMatch(
      /^file: must be a path on this site \(like \/media\/photo\.jpg\) or an https:\/\/ address \(got "javascript:alert\(1\)"\)/m,
    );
  });

  it("quarantines a row whose video_url is a data: URL, naming video_url", () => {
    expect(quarantineMessages({ ...goodCar, video_url: "data:video/mp4;base64,AAAA" })).toMatch(
      /^video_url: must be a path on this site .* or an https:\/\/ address/m,
    );
  });

  it.each([
    ["images[0].url", { images: [{ url: "javascript:alert(1)" }] }],
    [
      "images[0].thumb.url",
      { images: [{ url: "/media/a.jpg", thumb: { url: "data:image/png;base64,AA" } }] },
    ],
    ["thumbnails[1]", { thumbnails: ["/media/a.jpg", "javascript:alert(1)"] }],
    ["primary_image_url", { primary_image_url: "http://photos.example.com.au/a.jpg" }],
    ["external_video_url", { external_video_url: "//evil.example.com/embed" }],
    ["walkaround_videos[0]", { walkaround_videos: ["vbscript:msgbox(1)"] }],
    ["videos[0]", { videos: ["data:text/html,<script>alert(1)</script>"] }],
    ["spin_images[0]", { spin_images: ["/\\evil.example.com/spin-1.jpg"] }],
    ["spin_interior_image", { spin_interior_image: "/\t/evil.example.com/dash.jpg" }],
    ["path", { path: "javascript:alert(document.cookie)" }],
    ["file", { file: " JavaScript:alert(1)" }],
    ["file", { file: "https://reports.example.com.au/\nx" }],
  ])("quarantines a row with a bad %s", (field, override) => {
    const messages = quarantineMessages({ ...goodCar, ...override });
    expect(messages).not.toBeNull();
    expect(messages).toContain(`${field}: must be a path on this site`);
  });

  it("publishes https addresses, site paths (the sample photos under /media/sample) and blank optional fields", () => {
    expect(
      quarantineMessages({
        ...goodCar,
        file: "https://reports.example.com.au/history/1000.pdf",
        video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        external_video_url: "",
        primary_image_url: "/media/sample/cx-5-front.jpg",
        thumbnails: ["/media/sample/thumbs/cx-5-front.jpg"],
        walkaround_videos: ["", "/media/sample/walkaround.mp4"],
        spin_images: ["https://photos.example.com.au/spin/01.jpg", "/media/sample/spin/02.jpg"],
        spin_interior_image: "/media/sample/interior-dash.jpg",
        path: "/cars/2021-mazda-cx-5-1000",
      }),
    ).toBeNull();
  });

  it("never lets mailto: or tel: stand in for a photo or a video", () => {
    expect(quarantineMessages({ ...goodCar, primary_image_url: "mailto:a@example.com" })).toMatch(
      /^primary_image_url: /m,
    );
    expect(quarantineMessages({ ...goodCar, video_url: "tel:0730000000" })).toMatch(/^video_url: /m);
  });
});

describe("script URLs in site.json", () => {
  it("fails a site whose menu href is javascript:, naming the field", () => {
    const message = siteError({ navigation: [{ label: "Home", href: "javascript:alert(1)" }] });
    expect(message).toContain("tenants/fixture-motors/site.json is invalid");
    expect(message).toMatch(
      /navigation\[0\]\.href: must be a path on this site \(like \/finance\), an https:\/\/ address, or a mailto: or tel: link \(got "javascript:alert\(1\)"\)/,
    );
  });

  it.each([
    [
      "navigation[0].children[0].href",
      { navigation: [{ label: "Cars", href: "/", children: [{ label: "X", href: "//evil.example.com" }] }] },
    ],
    ["logo.url", { logo: { url: "data:image/svg+xml,<svg onload=alert(1)>", width: 1, height: 1 } }],
    ["logo.url", { logo: { url: "mailto:a@example.com", width: 1, height: 1 } }],
    ["social.facebook", { social: { facebook: "javascript:alert(1)" } }],
    ["social.youtube", { social: { youtube: "http://www.youtube.com/@dealer" } }],
    ["vdp_config.web_chat_url", { vdp_config: { web_chat_url: "http://chat.example.com.au" } }],
    [
      "vdp_config.promo_popup.image",
      { vdp_config: { promo_popup: { id: "p", title: "T", image: "javascript:alert(1)" } } },
    ],
    [
      "vdp_config.promo_popup.link.href",
      {
        vdp_config: {
          promo_popup: { id: "p", title: "T", link: { label: "Go", href: "javascript:alert(1)" } },
        },
      },
    ],
    [
      "search.custom_button.href",
      { search: { custom_button: { label: "Go", href: "javascript:alert('{id}')" } } },
    ],
    ["search.clear_filters_href", { search: { clear_filters_href: "data:text/html,hi" } }],
    [
      "search.fixed_lists[0].href",
      { search: { fixed_lists: [{ title: "Cheap", filter: "price < 1", href: "//evil.example.com" }] } },
    ],
  ])("fails a site with a bad %s", (field, override) => {
    const message = siteError(override);
    expect(message).not.toBeNull();
    expect(message).toContain(`  - ${field}: must be`);
  });

  it("lets menus and promo buttons call or email the dealer, and keeps https links and site paths", () => {
    expect(
      siteError({
        navigation: [
          { label: "Call us", href: "tel:+61730000000" },
          { label: "Email us", href: "mailto:sales@example.com.au?subject=Hello" },
          { label: "Group", href: "https://www.group.example.com.au/" },
          { label: "Service", href: "/service", children: [{ label: "Book", href: "/service#book" }] },
        ],
        vdp_config: {
          web_chat_url: "https://chat.example.com.au/",
          promo_popup: {
            id: "p",
            title: "T",
            image: "/media/sample/promo.jpg",
            link: { label: "Call", href: "tel:0730000000" },
          },
        },
        search: { custom_button: { label: "Reserve", href: "/cars/{slug}/checkout" } },
        social: { facebook: "https://www.facebook.com/dealer" },
      }),
    ).toBeNull();
  });

  it.each([
    [
      "/search/new-used-and-demo-cars?range[price]=1001:20000",
      "/search/new-used-and-demo-cars?range%5Bprice%5D=1001:20000",
    ],
    ["/search/used-cars?range%5Bprice%5D=1001:20000", "/search/used-cars?range%5Bprice%5D=1001:20000"],
    ["/service?note=book a service#top", "/service?note=book%20a%20service#top"],
    ["/offers?discount=10%", "/offers?discount=10%25"],
    ["/cars/{slug}/checkout", "/cars/{slug}/checkout"],
    ["https://www.group.example.com.au/a|b", "https://www.group.example.com.au/a%7Cb"],
    ["tel:+61 7 3000 0000", "tel:+61%207%203000%200000"],
  ])("writes the link %s as valid HTML: %s", (href, written) => {
    const site = siteSchema.parse({ ...makeSite(), navigation: [{ label: "Link", href }] });
    expect(site.navigation?.[0]?.href).toBe(written);
  });

  it.each([
    ["[0].image_url", [{ id: 1, name: "Offer", image_url: "javascript:alert(1)" }]],
    [
      "[0].image_or_model_image.url",
      [{ id: 1, name: "Offer", image_or_model_image: { url: "data:image/png;base64,AA" } }],
    ],
    [
      "[0].model.override_url",
      [{ id: 1, name: "Offer", model: { name: "X", slug: "x", override_url: "javascript:alert(1)" } }],
    ],
  ])("fails offers.json with a bad %s", (field, offers) => {
    expect(() => parseWithFriendlyErrors(offersFileSchema, offers, "offers.json")).toThrow(
      `  - ${field}: must be a path on this site`,
    );
  });

  it.each([
    ["[0].image", { image: "javascript:alert(1)" }],
    ["[0].address.place_url", { address: { place_url: "javascript:alert(1)" } }],
  ])("fails locations.json with a bad %s", (field, override) => {
    const [location] = JSON.parse(
      readFileSync(path.join(FIXTURES, "fixture-motors", "locations.json"), "utf8"),
    );
    const broken = {
      ...location,
      ...override,
      address: { ...location.address, ...(override as { address?: object }).address },
    };
    expect(() => parseWithFriendlyErrors(locationsFileSchema, [broken], "locations.json")).toThrow(
      `  - ${field}: must be a path on this site`,
    );
  });

  it("every committed tenant and fixture tenant still validates (site.json, locations, offers)", () => {
    for (const dir of [path.resolve("tenants"), FIXTURES]) {
      for (const slug of listTenantSlugs(dir).filter((slug) => slug !== "broken-config")) {
        const site = loadSite(dir, slug);
        loadLocations(dir, site);
        loadOffers(dir, site);
      }
    }
    expect(
      readdirSync("tenants").filter((slug) => existsSync(path.join("tenants", slug, "site.json"))),
    ).not.toEqual([]);
  });
});

describe("theme values that reach CSS", () => {
  it.each([
    ["theme.font_body", { font_body: "Arial; } body { display: none" }],
    ["theme.font_body", { font_body: "Arial</style><script>alert(1)</script>" }],
    ["theme.font_heading", { font_heading: 'Georgia, url("https://evil.example.com/x")' }],
    ["theme.font_heading", { font_heading: '"Unclosed, serif' }],
    ["theme.font_heading", { font_heading: "Georgia\\3b color:red" }],
  ])("fails a site whose %s is not a plain font list", (field, theme) => {
    expect(siteError({ theme })).toMatch(
      new RegExp(`  - ${field.replace(".", "\\.")}: must be a font list like "Segoe UI", Arial, sans-serif`),
    );
  });

  it("accepts font stacks with quoted and unquoted names", () => {
    expect(
      siteError({
        theme: {
          font_body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
          font_heading: "'Trebuchet MS', Georgia2, serif",
        },
      }),
    ).toBeNull();
  });

  it("the default theme passes its own rule", () => {
    expect(
      siteSchema.parse(JSON.parse(readFileSync(path.join(FIXTURES, "fixture-motors", "site.json"), "utf8")))
        .theme.font_body,
    ).toContain("system-ui");
  });
});
