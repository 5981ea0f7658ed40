/**
 * netlify.toml's redirects and headers, as Netlify applies them, against what the local server
 * (`npm start`, scripts/lib/app.ts) answers, so the two can not drift. netlify.toml is read by
 * Netlify's config package (@netlify/config); Netlify's own engines say what production answers:
 * @netlify/redirects (its redirect matcher, netlify-redirector) and @netlify/headers. Each rule is
 * tried with a request it matches, carrying an extra query parameter (Netlify forwards the query
 * string of a redirect whose target has none).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HeadersHandler } from "@netlify/headers";
import { RedirectsHandler } from "@netlify/redirects";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../scripts/lib/app";
import { type NetlifyConfig, netlifyConfig } from "../../scripts/lib/netlify-build";
import { headersFileFor } from "../../scripts/lib/page-headers";
import { makeSite } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SLUG = "test-motors";
const HOST = `${SLUG}.localhost:4321`;
const EXTRA_QUERY = "utm_source=newsletter";

/**
 * A request path a netlify.toml `from`/`for` pattern matches, with values real links carry: an
 * `:id` is a number, other placeholders a slug, a trailing splat a file.
 */
function samplePath(pattern: string): string {
  return pattern
    .replace(/:([a-z_]+)/gi, (_all, name: string) =>
      /id$/i.test(name) ? "5501" : `sample-${name.toLowerCase()}`,
    )
    .replace(/\*$/, "sample/file.html");
}

describe("netlify.toml's redirects and headers: Netlify and the local server answer alike", () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "netlify-routing-"));
  const distDir = path.join(scratch, "dist");
  const siteDir = path.join(distDir, SLUG);
  let config: NetlifyConfig;
  let app: Awaited<ReturnType<typeof createApp>>;
  let redirects: RedirectsHandler;

  beforeAll(async () => {
    config = await netlifyConfig(ROOT);
    // A tiny built site: the pages the rules point at, a file under each [[headers]] path and the
    // build's _headers.
    const files: Record<string, string> = {
      "index.html": "<!doctype html><title>Home</title>",
      "404.html": "<!doctype html><title>Not found</title>",
      "checkout-journey/index.html": "<!doctype html><title>Checkout</title>",
      "pages/eofy-sale/index.html": "<!doctype html><title>EOFY Sale</title>",
      _headers: headersFileFor(makeSite()),
    };
    for (const rule of config.headers)
      files[samplePath(rule.for).slice(1) || "index.html"] ??= `file for ${rule.for}`;
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
      writeFileSync(path.join(siteDir, file), text);
    }
    const functionsDir = path.join(scratch, "functions");
    mkdirSync(functionsDir);
    app = await createApp({
      distDir,
      functionsDir,
      port: 4321,
      cacheDir: path.join(scratch, "cache"),
      tenant: SLUG,
    });
    redirects = new RedirectsHandler({
      configRedirects: config.redirects as never,
      jwtRoleClaim: "",
      jwtSecret: "",
      projectDir: siteDir,
      publicDir: siteDir,
    });
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Netlify's static file for a request, as its CDN finds one (the path, or its index.html). */
  const staticFile = async (request: Request) => {
    const pathname = decodeURIComponent(new URL(request.url).pathname);
    for (const candidate of [pathname, path.join(pathname, "index.html")]) {
      const file = path.join(siteDir, candidate);
      if (file.startsWith(siteDir) && existsSync(file) && statSync(file).isFile())
        return async () => new Response(readFileSync(file), { status: 200 });
    }
    return undefined;
  };

  /** What Netlify answers: the matching rule applied the way its local engine applies it. */
  async function netlifyAnswer(url: string): Promise<Response> {
    const request = new Request(url);
    const match = await redirects.match(request);
    const answer = match ? await redirects.handle(request, match, staticFile) : undefined;
    if (answer) return answer;
    const file = await staticFile(request);
    return file ? file() : new Response("Not found", { status: 404 });
  }

  /** Status, resolved Location (path and query) and, for a rewrite, the page served. */
  async function summary(response: Response) {
    const location = response.headers.get("location");
    const target = location ? new URL(location, "http://localhost") : null;
    return {
      status: response.status,
      location: target ? `${target.pathname}${target.search}` : null,
      body: response.status === 200 ? await response.text() : null,
    };
  }

  it("reads the redirect rules through Netlify's config package", () => {
    expect(config.redirects.length).toBeGreaterThan(0);
    for (const rule of config.redirects) expect(rule.from.startsWith("/")).toBe(true);
  });

  it("answers every [[redirects]] rule's request with the status, Location and page Netlify would", async () => {
    const answers = [];
    for (const rule of config.redirects) {
      const query = new URLSearchParams(
        Object.entries(rule.query ?? {}).map(([name, value]) => [name, value.replace(/^:/, "sample-")]),
      );
      query.append(...(EXTRA_QUERY.split("=") as [string, string]));
      const pathAndQuery = `${samplePath(rule.from)}?${query}`;
      const netlify = await summary(await netlifyAnswer(`http://localhost${pathAndQuery}`));
      const local = await summary(
        await app.request(`http://localhost${pathAndQuery}`, { headers: { host: HOST } }),
      );
      answers.push({
        rule: `${rule.from} -> ${rule.to} (${rule.status})`,
        request: pathAndQuery,
        netlify,
        local,
      });
    }
    expect(answers.map(({ rule, request, local }) => ({ rule, request, answer: local }))).toEqual(
      answers.map(({ rule, request, netlify }) => ({ rule, request, answer: netlify })),
    );
  });

  it("sends every [[headers]] rule's headers on a file it matches, as Netlify would (with the site's _headers)", async () => {
    const netlify = new HeadersHandler({
      configHeaders: config.headers as never,
      projectDir: distDir,
      publishDir: SLUG,
      logger: console as never,
    });
    for (const rule of config.headers) {
      const file = samplePath(rule.for);
      const expected = await netlify.apply(new Request(`http://localhost${file}`));
      const response = await app.request(`http://localhost${file}`, { headers: { host: HOST } });
      expect(response.status, file).toBe(200);
      const sent = Object.fromEntries(
        Object.keys(expected).map((name) => [name.toLowerCase(), response.headers.get(name)]),
      );
      const wanted = Object.fromEntries(
        Object.entries(expected).map(([name, value]) => [name.toLowerCase(), value]),
      );
      expect({ file, headers: sent }).toEqual({ file, headers: wanted });
    }
  });
});
