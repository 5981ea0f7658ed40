/** What the local tools read from netlify.toml, so local runs and builds see what production does. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";

export const NETLIFY_TOML = path.join(import.meta.dirname, "../../netlify.toml");

interface NetlifyConfig {
  headers?: { for: string; values: Record<string, string> }[];
  images?: { remote_images?: string[] };
}

const parse = (netlifyToml: string) => parseToml(netlifyToml) as NetlifyConfig;

export const readNetlifyToml = (): string => readFileSync(NETLIFY_TOML, "utf8");

/**
 * The headers netlify.toml gives every page (`for = "/*"`: the Content-Security-Policy and the other
 * security headers), so local runs and the browser tests see what production enforces.
 */
export function siteWideHeaders(netlifyToml: string): Record<string, string> {
  return Object.assign(
    {},
    ...(parse(netlifyToml).headers ?? []).filter((rule) => rule.for === "/*").map((rule) => rule.values),
  );
}

/**
 * Image hosts (site.json `image_hosts`) that the Netlify Image CDN would refuse: none of
 * `[images] remote_images` (regular expressions over the whole photo URL) lets its photos through.
 */
export function hostsNetlifyRefuses(netlifyToml: string, hosts: readonly string[]): string[] {
  const patterns = (parse(netlifyToml).images?.remote_images ?? []).map(
    (pattern) => new RegExp(`^(?:${pattern})$`),
  );
  return hosts.filter((host) => !patterns.some((pattern) => pattern.test(`${host}/photo.jpg`)));
}
