/**
 * Stock syndication: the image sitemap and the ad platforms' feeds, read back with libxml2 (a real
 * XML parser) and an RFC 4180 reader, so escaping is checked the way the platforms read it.
 */
import { XmlDocument } from "libxml2-wasm";
import { describe, expect, it } from "vitest";
import { absolutePhotoUrls } from "~/features/media/media";
import { sitemapXml } from "~/features/syndication/sitemap";
import { makeCar } from "./helpers";

const SITE_URL = "https://www.test-motors.example.com.au";
const NS = {
  s: "http://www.sitemaps.org/schemas/sitemap/0.9",
  image: "http://www.google.com/schemas/sitemap-image/1.1",
};

/** Every text of `xpath` in `xml`, parsed by libxml2. */
function texts(xml: string, xpath: string, namespaces: Record<string, string>): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    return doc.find(xpath, namespaces).map((node) => node.content);
  } finally {
    doc.dispose();
  }
}

describe("image sitemap", () => {
  const car = makeCar({
    slug: "2022-toyota-corolla-ascent-sport-1",
    images: [
      { url: "/media/cars/1.jpg" },
      { url: "https://images.feedhost.example.com.au/car.jpg?w=1600&h=900" },
      { url: "https://video.feedhost.example.com.au/walk.mp4", video: true },
    ],
  });

  it("lists a car page's photos as absolute image:loc, videos left out, & escaped", () => {
    const xml = sitemapXml(
      [
        { loc: "/", lastmod: "2026-06-15" },
        { loc: `/cars/${car.slug}`, lastmod: "2026-06-01", images: absolutePhotoUrls(car, SITE_URL) },
      ],
      SITE_URL,
    );
    expect(texts(xml, "/s:urlset/s:url/s:loc", NS)).toEqual([
      "https://www.test-motors.example.com.au/",
      "https://www.test-motors.example.com.au/cars/2022-toyota-corolla-ascent-sport-1",
    ]);
    expect(texts(xml, "/s:urlset/s:url[2]/image:image/image:loc", NS)).toEqual([
      "https://www.test-motors.example.com.au/media/cars/1.jpg",
      "https://images.feedhost.example.com.au/car.jpg?w=1600&h=900",
    ]);
    expect(texts(xml, "/s:urlset/s:url[1]/image:image", NS)).toEqual([]);
    expect(xml).toContain("car.jpg?w=1600&amp;h=900");
  });

  it("never lists the image-not-found picture of a car without photos", () => {
    expect(absolutePhotoUrls(makeCar({ images: [] }), SITE_URL)).toEqual([]);
    expect(absolutePhotoUrls(makeCar({ images: [], primary_image_url: "/media/p.jpg" }), SITE_URL)).toEqual([
      "https://www.test-motors.example.com.au/media/p.jpg",
    ]);
  });
});
