/**
 * The browser tests state what a shopper must see as literals from the spec and the fixture
 * tenants; a test that imports the rule it checks agrees with a wrong rule. So no file under
 * tests/e2e may import the product (src/) or the sample generator (scripts/), however the import
 * is spelt: TypeScript's own resolver follows the `~/` alias, relative paths, re-exports, dynamic
 * imports and require() to the file they name.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const E2E_DIR = path.join(ROOT, "tests/e2e");
const FORBIDDEN = ["src", "scripts"].map((dir) => path.join(ROOT, dir) + path.sep);

const config = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile).config,
  ts.sys,
  ROOT,
);

/** Every module a source file names: imports, exports from, import types, import() and require(). */
function specifiers(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  const found = info.importedFiles.map((file) => file.fileName);
  // preProcessFile sees require("…") and import("…") only with literal arguments; so do we, and a
  // computed one is refused outright below.
  return found;
}

/**
 * The product files a test file's imports reach, as paths relative to the project, following
 * imports through the project's other files (a shared helper that imports src/ counts too).
 */
function productImports(file: string, text: string, seen = new Set<string>([file])): string[] {
  if (/\b(?:require|import)\s*\(\s*[^'"`\s)]/.test(text))
    return [`${path.relative(ROOT, file)}: computed import`];
  return specifiers(text).flatMap((specifier) => {
    const resolved = ts.resolveModuleName(specifier, file, config.options, ts.sys).resolvedModule;
    const target = resolved?.resolvedFileName && path.resolve(resolved.resolvedFileName);
    if (!target || resolved.isExternalLibraryImport || seen.has(target)) return [];
    if (FORBIDDEN.some((dir) => target.startsWith(dir))) return [path.relative(ROOT, target)];
    seen.add(target);
    return productImports(target, readFileSync(target, "utf8"), seen);
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the browser tests do not import the code they check", () => {
  it.each([
    ['import { formatMoney } from "~/features/stock/stock";', ["src/features/stock/stock.ts"]],
    ['import { formatMoney } from "../../src/features/stock/stock";', ["src/features/stock/stock.ts"]],
    ['export { EOFY_PATH } from "~/features/offers/eofy";', ["src/features/offers/eofy.ts"]],
    ['import type { Car } from "~/features/stock/car.schema";', ["src/features/stock/car.schema.ts"]],
    ['const m = await import("~/lib/dates");', ["src/lib/dates.ts"]],
    ['const m = require("../../scripts/sample-data");', ["scripts/sample-data/index.ts"]],
    ['const name = "~/lib/dates"; await import(name);', ["tests/e2e/probe.spec.ts: computed import"]],
    ['import { expect } from "@playwright/test";', []],
    ['import { readFileSync } from "node:fs";', []],
    ['import { test } from "./support";', []],
    ['import { E2E_PORT } from "../../playwright.config";', []],
  ])("%s reaches %j", (source, reached) => {
    expect(productImports(path.join(E2E_DIR, "probe.spec.ts"), source)).toEqual(reached);
  });

  it("no file under tests/e2e reaches src/ or scripts/", () => {
    const files = filesUnder(E2E_DIR);
    expect(files.length).toBeGreaterThan(10);
    const offending = files.flatMap((file) =>
      productImports(file, readFileSync(file, "utf8")).map(
        (target) => `${path.relative(ROOT, file)} -> ${target}`,
      ),
    );
    expect(offending).toEqual([]);
  });
});
