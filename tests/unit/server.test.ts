/** The local server (`npm start`): routing by Host, functions, 404s and the image CDN stand-in. */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { parse as parseToml } from "smol-toml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_PAGE } from "~/features/checkout/checkout";
import { cdnImage, cdnSrcset, parseImageRequest } from "~/features/media/media";
import { createApp, tenantFromHost } from "../../scripts/lib/app";
import { hostsNetlifyRefuses, siteWideHeaders } from "../../scripts/lib/netlify-toml";

let app: Awaited<ReturnType<typeof createApp>>;
let work: string;
/** A stand-in for a feed's photo host (site.json `image_hosts`), counting what it is asked for. */
let photoHost: Server;
let photoOrigin: string;
const photoRequests: string[] = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "serve-test-"));
  const site = path.join(work, "dist/alpha-motors");
  mkdirSync(path.join(site, "cars/a-car"), { recursive: true });
  mkdirSync(path.join(site, "media"), { recursive: true });
  writeFileSync(path.join(site, "index.html"), "<h1>Alpha home</h1>");
  writeFileSync(path.join(site, "cars/a-car/index.html"), "<h1>A car</h1>");
  writeFileSync(path.join(site, "404.html"), "<h1>Alpha not found</h1>");
  mkdirSync(path.join(site, "checkout-journey"), { recursive: true });
  writeFileSync(path.join(site, "checkout-journey/index.html"), "<h1>Reserve or buy online</h1>");
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c03" } })
    .jpeg()
    .toFile(path.join(site, "media/car.jpg"));
  // A second tenant showing the very same photo (sample tenants share theirs).
  const gamma = path.join(work, "dist/gamma-motors");
  mkdirSync(path.join(gamma, "media"), { recursive: true });
  writeFileSync(path.join(gamma, "index.html"), "<h1>Gamma home</h1>");
  copyFileSync(path.join(site, "media/car.jpg"), path.join(gamma, "media/car.jpg"));
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#06c" } })
    .jpeg()
    .toBuffer();
  photoHost = createServer((request, response) => {
    photoRequests.push(request.url ?? "");
    if (request.url === "/stock/photo.jpg")
      response.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    else if (request.url === "/stock/page.jpg")
      response.writeHead(200, { "content-type": "text/html" }).end("<p>");
    else if (request.url === "/stock/moved.jpg")
      response.writeHead(302, { location: "/stock/photo.jpg" }).end();
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => photoHost.listen(0, "127.0.0.1", resolve));
  photoOrigin = `http://127.0.0.1:${(photoHost.address() as AddressInfo).port}`;
  app = await createApp({
    distDir: path.join(work, "dist"),
    functionsDir: path.resolve("src/functions"),
    port: 4321,
    cacheDir: path.join(work, "cache"),
    imageHosts: (slug) => (slug === "alpha-motors" ? [photoOrigin] : []),
  });
});

afterAll(() => new Promise<void>((resolve) => photoHost.close(() => resolve())));

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

  it.each([
    "/cars/a-car/checkout",
    "/cars/a-car/checkout/",
    "/cars/a-car/buy-online",
    "/checkout-journey?car_id=a-car",
  ])("%s serves the checkout page (netlify.toml rewrites the same way)", async (pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Reserve or buy online");
  });

  it("netlify.toml rewrites each car's checkout addresses to the checkout page, keeping the address", () => {
    const toml = parseToml(readFileSync("netlify.toml", "utf8")) as {
      redirects: { from: string; to: string; status: number }[];
    };
    for (const from of ["/cars/:slug/checkout", "/cars/:slug/buy-online"])
      expect(toml.redirects).toContainEqual({ from, to: `${CHECKOUT_PAGE}/`, status: 200 });
  });

  it.each(["/cars/a-car/checkout/extra", "/cars/A-Car/checkout", "/cars/checkout"])(
    "%s is not a checkout address",
    async (pathname) => expect((await get(pathname)).status).toBe(404),
  );

  it("sends netlify.toml's site-wide headers on pages and 404s", async () => {
    const expected = siteWideHeaders(readFileSync("netlify.toml", "utf8"));
    expect(expected["X-Content-Type-Options"]).toBe("nosniff");
    for (const response of [await get("/cars/a-car"), await get("/cars/gone")]) {
      for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name)).toBe(value);
    }
  });

  it.each([
    [[], ["https://photos.example.com.au"]],
    [["https://photos\\.example\\.com\\.au/.*"], []],
    [["https://photos\\.example\\.com\\.au/stock/.*"], ["https://photos.example.com.au"]],
    [["https://.*\\.example\\.com\\.au/.*"], []],
  ])("netlify.toml remote_images %j refuses %j of https://photos.example.com.au", (patterns, refused) => {
    const toml = `[images]\n  remote_images = ${JSON.stringify(patterns)}\n`;
    expect(hostsNetlifyRefuses(toml, ["https://photos.example.com.au"])).toEqual(refused);
  });

  it("netlify.toml lets the image CDN fetch every sample tenant's image hosts", () => {
    const toml = readFileSync("netlify.toml", "utf8");
    for (const slug of readdirSync("tenants")) {
      const site = JSON.parse(readFileSync(path.join("tenants", slug, "site.json"), "utf8"));
      expect(hostsNetlifyRefuses(toml, site.image_hosts ?? []), slug).toEqual([]);
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

  it("resizes a feed photo on the tenant's image host, fetching the original once", async () => {
    const url = `${photoOrigin}/stock/photo.jpg`;
    const hosts = [photoOrigin];
    const accept = { accept: "image/webp,*/*" };
    const small = await get(cdnImage(url, 320, 75, hosts), undefined, accept);
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);
    const large = await get(cdnImage(url, 960, 75, hosts), undefined, accept);
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(960);
    expect(photoRequests.filter((request) => request === "/stock/photo.jpg")).toHaveLength(1);
    // Another tenant does not list the host: the CDN refuses to fetch it for that site.
    const other = await get(cdnImage(url, 320, 75, hosts), "gamma-motors.localhost:4321");
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({
      error: "url must be a site-relative image path or a photo on this site's image hosts (none)",
    });
  });

  it.each([
    ["/stock/gone.jpg", 404, "Image not found: "],
    ["/stock/page.jpg", 502, "answered 200 text/html, not an image"],
    ["/stock/moved.jpg", 502, "Could not fetch "],
  ])("answers a photo host's %s with %i", async (pathname, status, message) => {
    const response = await get(cdnImage(`${photoOrigin}${pathname}`, 320, 75, [photoOrigin]));
    expect(response.status).toBe(status);
    expect((await response.json()).error).toContain(message);
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
      remote: false,
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
  it.each([
    ["/our-location/some-place", "/contact-us/some-place"],
    ["/locations/some-place/", "/contact-us/some-place"],
  ])("redirects %s to %s, as netlify.toml does", async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
    const toml = parseToml(readFileSync("netlify.toml", "utf8")) as {
      redirects: { from: string; to: string; status: number }[];
    };
    expect(toml.redirects).toContainEqual({
      from: `${from.split("/").slice(0, 2).join("/")}/:slug`,
      to: "/contact-us/:slug",
      status: 301,
    });
  });

  it("redirects a manufacturer's offer link /offers/{manufacturer}/{id} to /offers/{id}, as netlify.toml does", async () => {
    const response = await get("/offers/nissan/5501");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/offers/5501");
    const toml = parseToml(readFileSync("netlify.toml", "utf8")) as {
      redirects: { from: string; to: string; status: number }[];
    };
    expect(toml.redirects).toContainEqual({
      from: "/offers/:manufacturer/:id",
      to: "/offers/:id",
      status: 301,
    });
    expect((await get("/offers/nissan/special")).status).toBe(404);
  });

  it.each(["/locations", "/our-location/", "/locations/a/b", "/locations/Bad_Slug"])(
    "%s is not an old location link",
    async (pathname) => {
      expect((await get(pathname)).status).toBe(404);
    },
  );

  it("redirects /models?body= to the refined search, as netlify.toml does", async () => {
    const response = await get("/models?body=suv");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(
      "/search/new-used-and-demo-cars?refinementList%5Bbody%5D%5B0%5D=suv",
    );
  });
});
