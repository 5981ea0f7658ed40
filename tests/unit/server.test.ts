/** The local server (`npm start`): routing by Host, functions, 404s and the image CDN stand-in. */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { mapEmbedUrl } from "~/features/locations/locations";
import { cdnImage, cdnSrcset, parseImageRequest } from "~/features/media/media";
import { embeddableVideoUrl } from "~/features/media/viewer";
import { createApp, siteWideHeaders, tenantFromHost } from "../../scripts/lib/app";

let app: Awaited<ReturnType<typeof createApp>>;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "serve-test-"));
  const site = path.join(work, "dist/alpha-motors");
  mkdirSync(path.join(site, "cars/a-car"), { recursive: true });
  mkdirSync(path.join(site, "media"), { recursive: true });
  writeFileSync(path.join(site, "index.html"), "<h1>Alpha home</h1>");
  writeFileSync(path.join(site, "cars/a-car/index.html"), "<h1>A car</h1>");
  writeFileSync(path.join(site, "404.html"), "<h1>Alpha not found</h1>");
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c03" } })
    .jpeg()
    .toFile(path.join(site, "media/car.jpg"));
  // A second tenant showing the very same photo (sample tenants share theirs).
  const gamma = path.join(work, "dist/gamma-motors");
  mkdirSync(path.join(gamma, "media"), { recursive: true });
  writeFileSync(path.join(gamma, "index.html"), "<h1>Gamma home</h1>");
  copyFileSync(path.join(site, "media/car.jpg"), path.join(gamma, "media/car.jpg"));
  app = await createApp({
    distDir: path.join(work, "dist"),
    functionsDir: path.resolve("src/functions"),
    port: 4321,
    cacheDir: path.join(work, "cache"),
  });
});

const get = (pathname: string, host = "alpha-motors.localhost:4321", headers: Record<string, string> = {}) =>
  app.request(`http://localhost:4321${pathname}`, { headers: { host, ...headers } });

describe("local server", () => {
  it.each([
    ["alpha-motors.localhost:4321", "alpha-motors"],
    ["Alpha-Motors.localhost", "alpha-motors"],
    ["localhost:4321", null],
    ["example.com", null],
  ])("reads the tenant from Host %s", (host, slug) => expect(tenantFromHost(host)).toBe(slug));

  it("serves a tenant's pages by Host, directory paths included", async () => {
    expect(await (await get("/")).text()).toContain("Alpha home");
    const car = await get("/cars/a-car");
    expect(car.status).toBe(200);
    expect(await car.text()).toContain("A car");
  });

  it("sends netlify.toml's site-wide headers (Content-Security-Policy and the rest) on pages and 404s", async () => {
    const expected = siteWideHeaders(readFileSync("netlify.toml", "utf8"));
    expect(expected["Content-Security-Policy"]).toMatch(/^default-src 'self'/);
    for (const response of [await get("/cars/a-car"), await get("/cars/gone")]) {
      for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name)).toBe(value);
    }
  });

  it("the Content-Security-Policy lets the pages' frames load: the location map and embedded videos", () => {
    const csp = siteWideHeaders(readFileSync("netlify.toml", "utf8"))["Content-Security-Policy"] ?? "";
    const frameSources = /frame-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    for (const frame of [
      mapEmbedUrl(-27.47, 153.02),
      embeddableVideoUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
      embeddableVideoUrl("https://vimeo.com/76979871"),
    ]) {
      expect(frameSources).toContain(new URL(frame ?? "").origin);
    }
  });

  it("answers unknown paths with the tenant's 404 page and status", async () => {
    const response = await get("/cars/gone");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Alpha not found");
  });

  it("lists built tenants on plain localhost and says when a tenant is unknown", async () => {
    const index = await (await get("/", "localhost:4321")).text();
    expect(index).toContain('href="http://alpha-motors.localhost:4321/"');
    const unknown = await get("/", "beta-motors.localhost:4321");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('No site called "beta-motors" has been built');
  });

  it("runs functions under /api on the tenant's origin", async () => {
    const health = await get("/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    const post = await app.request("http://localhost/api/health", {
      method: "POST",
      headers: { host: "alpha-motors.localhost" },
    });
    expect(post.status).toBe(405);
    const missing = await get("/api/nothing-here");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found" });
  });

  it("resizes images like the Netlify Image CDN, in WebP when accepted", async () => {
    const response = await get(cdnImage("/media/car.jpg", 320), undefined, { accept: "image/webp,*/*" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(213);
    const jpeg = await get(cdnImage("/media/car.jpg", 2400));
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it("encodes a photo several tenants share once, in WebP even where AVIF is accepted", async () => {
    const cached = () => readdirSync(path.join(work, "cache/images")).length;
    const accept = { accept: "image/avif,image/webp,*/*" };
    const first = await get(cdnImage("/media/car.jpg", 200), undefined, accept);
    expect(first.headers.get("content-type")).toBe("image/webp");
    const before = cached();
    const other = await get(cdnImage("/media/car.jpg", 200), "gamma-motors.localhost:4321", accept);
    expect(other.status).toBe(200);
    expect(cached()).toBe(before);
    expect(Buffer.from(await other.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
  });

  it.each([
    ["/.netlify/images?url=/media/car.jpg&w=0", 400],
    ["/.netlify/images?url=/media/car.jpg&w=99999", 400],
    ["/.netlify/images?url=/media/car.jpg&q=101", 400],
    ["/.netlify/images?url=https://evil.example/x.jpg", 400],
    ["/.netlify/images?url=/../../etc/passwd", 400],
    ["/.netlify/images?url=/media/missing.jpg", 404],
  ])("rejects %s with %i", async (pathname, status) => {
    expect((await get(pathname)).status).toBe(status);
  });
});

describe("image CDN URLs", () => {
  it("uses the spec's defaults of width 640 and quality 75", () => {
    expect(cdnImage("/media/a b.jpg")).toBe("/.netlify/images?url=%2Fmedia%2Fa%20b.jpg&w=640&q=75");
    expect(parseImageRequest(new URL("http://x/.netlify/images?url=/a.jpg"))).toEqual({
      ok: true,
      path: "/a.jpg",
      width: 640,
      quality: 75,
    });
  });

  it("leaves SVGs and off-site images alone", () => {
    expect(cdnImage("/media/logo.svg")).toBe("/media/logo.svg");
    expect(cdnImage("https://cdn.example.com/a.jpg")).toBe("https://cdn.example.com/a.jpg");
    expect(cdnSrcset("/media/logo.svg", [320])).toBeUndefined();
    expect(cdnSrcset("/a.jpg", [320, 640])).toBe(
      "/.netlify/images?url=%2Fa.jpg&w=320&q=75 320w, /.netlify/images?url=%2Fa.jpg&w=640&q=75 640w",
    );
  });
});

describe("old links", () => {
  it("redirects /models?body= to the refined search, as netlify.toml does", async () => {
    const response = await get("/models?body=suv");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(
      "/search/new-used-and-demo-cars?refinementList%5Bbody%5D%5B0%5D=suv",
    );
  });
});
