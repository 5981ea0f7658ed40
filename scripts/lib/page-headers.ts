/**
 * Each tenant's page Content-Security-Policy, written by the build into dist/<slug>/_headers.
 *
 * Why a file per tenant: connect-src names the site itself and its own search host (site.json
 * `search_service.host`), and netlify.toml is one file for every tenant's Netlify site. Netlify
 * reads `_headers` from the publish folder (dist/current is a copy of dist/<slug>), and the local
 * server reads the same file, so both send the same policy. netlify.toml keeps the headers every
 * tenant shares and must not set a Content-Security-Policy for pages: where both name a header,
 * Netlify takes netlify.toml's, which would silently undo this one.
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Site } from "~/tenant/schema";
import {
  type HeaderRule,
  netlifyTomlHeaderRules,
  parseHeadersFile,
  readNetlifyToml,
  staticFileHeaders,
} from "./netlify-toml";

export const HEADERS_FILE = "_headers";

/**
 * Frames the pages embed: the location map (src/features/locations/locations.ts mapEmbedUrl) and
 * videos (src/features/media/viewer.ts embeddableVideoUrl).
 */
const FRAME_SOURCES = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://www.openstreetmap.org",
];

/** The parts of site.json the policy reads. */
type PolicySite = Pick<Site, "search_service" | "spin_viewer">;

/**
 * The policy of every page of `site`. Scripts keep 'unsafe-inline' for now: Astro inlines its island
 * loader and small page scripts (about ten distinct ones per site), which hashes could replace.
 * A site with a third-party 360° viewer (site.json `spin_viewer`) may frame its host, and reach it
 * once to learn whether it answers before framing it (src/features/media/ui/spin-embed.client.ts);
 * no other tenant's pages may.
 */
export function pageContentSecurityPolicy(site: PolicySite): string {
  const searchHost = site.search_service ? new URL(site.search_service.host).origin : null;
  const spinHost = site.spin_viewer ? new URL(site.spin_viewer.url.replace("{code}", "x")).origin : null;
  return [
    "default-src 'self'",
    // Feed photos come from the dealer's photo hosts, whichever those are.
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self' 'unsafe-inline'",
    `connect-src ${["'self'", searchHost, spinHost].filter(Boolean).join(" ")}`,
    `frame-src ${[...FRAME_SOURCES, spinHost].filter(Boolean).join(" ")}`,
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** The `_headers` file of a tenant's site. */
export function headersFileFor(site: PolicySite): string {
  return `# Written by the build (scripts/lib/page-headers.ts); netlify.toml holds the shared headers.\n/*\n  Content-Security-Policy: ${pageContentSecurityPolicy(site)}\n`;
}

export function writeHeadersFile(siteDir: string, site: PolicySite): void {
  writeFileSync(path.join(siteDir, HEADERS_FILE), headersFileFor(site));
}

/**
 * What the local server adds to an answer, as Netlify does: for a static file, the matching rules of
 * netlify.toml and of the tenant's `_headers` (re-read when a rebuild replaces it); nothing for a
 * function's answer (functions set their own) or the image CDN's.
 */
export function localStaticHeaders(
  distDir: string,
  functionPaths: readonly string[],
  netlifyToml: string = readNetlifyToml(),
): (slug: string | null, pathname: string) => Record<string, string> {
  const tomlRules = netlifyTomlHeaderRules(netlifyToml);
  const functionPatterns = functionPaths.map((pattern) => new URLPattern({ pathname: pattern }));
  const files = new Map<string, { mtimeMs: number; rules: HeaderRule[] }>();
  const fileRules = (slug: string): HeaderRule[] => {
    const file = path.join(distDir, slug, HEADERS_FILE);
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return [];
    const cached = files.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.rules;
    const rules = parseHeadersFile(readFileSync(file, "utf8"));
    files.set(file, { mtimeMs, rules });
    return rules;
  };
  return (slug, pathname) => {
    const fromFunction =
      pathname.startsWith("/api/") ||
      pathname.startsWith("/.netlify/") ||
      functionPatterns.some((pattern) => pattern.test({ pathname }));
    if (fromFunction) return {};
    return staticFileHeaders(tomlRules, slug ? fileRules(slug) : [], pathname);
  };
}
