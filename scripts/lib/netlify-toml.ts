/** What the local tools read from netlify.toml, so local runs and builds see what production does. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";

export const NETLIFY_TOML = path.join(import.meta.dirname, "../../netlify.toml");

/** One `[[headers]]` table of netlify.toml, or one path block of a `_headers` file. */
export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

interface NetlifyConfig {
  headers?: HeaderRule[];
  images?: { remote_images?: string[] };
}

const parse = (netlifyToml: string) => parseToml(netlifyToml) as NetlifyConfig;

export const readNetlifyToml = (): string => readFileSync(NETLIFY_TOML, "utf8");

/**
 * The headers netlify.toml gives every page (`for = "/*"`: the security headers every tenant
 * shares; each tenant's Content-Security-Policy is in its `_headers`, scripts/lib/page-headers.ts).
 */
export function siteWideHeaders(netlifyToml: string): Record<string, string> {
  return Object.assign(
    {},
    ...(parse(netlifyToml).headers ?? []).filter((rule) => rule.for === "/*").map((rule) => rule.values),
  );
}

/**
 * A `_headers` file (Netlify's format): a path line, then its headers indented as `Name: value`;
 * `#` starts a comment.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ for: line.trim(), values: {} });
      continue;
    }
    const colon = line.indexOf(":");
    const rule = rules.at(-1);
    if (rule && colon > 0) rule.values[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** Netlify's path patterns (`/*`, `/_astro/*`, `/cars/:slug`) are URL patterns over the path. */
function matches(pattern: string, pathname: string): boolean {
  try {
    return new URLPattern({ pathname: pattern }).test({ pathname });
  } catch {
    return false;
  }
}

/** Lower-cased header names and values of the rules matching `pathname`; a later rule wins. */
function valuesFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const rule of rules.filter((candidate) => matches(candidate.for, pathname))) {
    for (const [name, value] of Object.entries(rule.values)) values[name.toLowerCase()] = String(value);
  }
  return values;
}

/** netlify.toml's `[[headers]]` tables. */
export function netlifyTomlHeaderRules(netlifyToml: string): HeaderRule[] {
  return parse(netlifyToml).headers ?? [];
}

/**
 * The headers Netlify adds to a static file at `pathname`: the matching rules of the publish
 * folder's `_headers` and of netlify.toml, netlify.toml winning where both name the same header
 * (Netlify's own merge rule).
 */
export function staticFileHeaders(
  tomlRules: readonly HeaderRule[],
  headersFileRules: readonly HeaderRule[],
  pathname: string,
): Record<string, string> {
  return { ...valuesFor(headersFileRules, pathname), ...valuesFor(tomlRules, pathname) };
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
