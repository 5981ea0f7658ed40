/**
 * Every package the project's own code imports is declared in package.json. One that arrives only
 * as another package's dependency works until that package drops or moves it, and a fresh
 * `npm ci` then breaks with nothing in the diff to say why.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const DECLARED = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
const BUILTIN = new Set(builtinModules);
/**
 * Imported on purpose through the package that owns them: the copy must be that package's own,
 * which a second declaration could pin differently.
 */
const THROUGH_OWNER: Record<string, string> = {
  vite: "Astro's and Vitest's bundler: its plugin types and build must be theirs",
  "algoliasearch-helper": "instantsearch.js's search state, as the page runs it",
  "chrome-launcher": "Lighthouse's browser launcher, for the browser bench",
};

/** The package a bare specifier names (`@scope/name/deep` → `@scope/name`), or null for anything else. */
function packageOf(specifier: string): string | null {
  if (/^(?:\.|\/|~\/|node:|astro:|virtual:)/.test(specifier) || specifier.includes("?")) return null;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
  return BUILTIN.has(name) ? null : name;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?|astro)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The packages a file imports (for .astro, its frontmatter and scripts: preProcessFile reads imports anywhere). */
function packagesOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.flatMap(({ fileName }) => packageOf(fileName) ?? []);
}

describe("declared dependencies", () => {
  it.each([
    ["@netlify/dev-utils", "@netlify/dev-utils"],
    ["@netlify/dev-utils/deep/file.js", "@netlify/dev-utils"],
    ["nodemailer/lib/mailer", "nodemailer"],
    ["node:fs", null],
    ["fs", null],
    ["~/server/clock", null],
    ["./local", null],
    ["astro:content", null],
  ])("%s names the package %j", (specifier, name) => expect(packageOf(specifier)).toBe(name));

  it("every package src/, scripts/ and tests/ import is in package.json", () => {
    const files = ["src", "scripts", "tests"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    files.push(
      ...["astro.config.mjs", "playwright.config.ts", "vitest.config.ts"].map((f) => path.join(ROOT, f)),
    );
    const undeclared = files.flatMap((file) =>
      packagesOf(file)
        .filter((name) => !DECLARED.has(name) && !(name in THROUGH_OWNER))
        .map((name) => `${path.relative(ROOT, file)}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });
});
