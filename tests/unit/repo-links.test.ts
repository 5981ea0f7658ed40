/**
 * The repository stands alone: a clone has everything its files point at. No file names a folder
 * beside the repository, every relative link in its Markdown resolves inside it, and every
 * `docs/architecture.md §N` a comment cites is a section of that page.
 */
import { type Dirent, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(".");

/** Generated or installed folders, not the repository's own files. */
const SKIPPED =
  /^(node_modules|\.git|dist.*|\.cache.*|reports.*|\.data.*|\.astro|test-results|playwright-report)$/;

/** Every file of the repository, relative to its root. */
function repositoryFiles(dir = ROOT): string[] {
  return (readdirSync(dir, { withFileTypes: true }) as Dirent[]).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return dir === ROOT && SKIPPED.test(entry.name) ? [] : repositoryFiles(full);
    }
    return entry.isFile() ? [path.relative(ROOT, full)] : [];
  });
}

describe("the repository stands alone", () => {
  const files = repositoryFiles();

  it("has no file that points at a folder beside it", () => {
    // Spelt in two parts so that this file does not name it itself.
    const outside = Buffer.from(["..", "shared"].join("/"));
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => readFileSync(path.join(ROOT, file)).includes(outside))).toEqual([]);
  });

  it("resolves every relative link of its Markdown inside the repository", () => {
    // A tenant's pages (the samples' and the e2e fixtures') are site content: their links are the
    // site's own paths (/service), not files of the repository.
    const markdown = files.filter(
      (file) =>
        file.endsWith(".md") &&
        !file.startsWith("tenants/") &&
        !/^tests\/fixtures\/e2e-tenants\/[^/]+\/pages\//.test(file),
    );
    expect(markdown).toEqual(expect.arrayContaining(["README.md", "SECURITY.md", "docs/architecture.md"]));
    const broken: string[] = [];
    for (const file of markdown) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^(https?:|mailto:|#)/.test(target)) continue;
        const resolved = path.resolve(path.dirname(path.join(ROOT, file)), target.split("#")[0] as string);
        if (!resolved.startsWith(`${ROOT}${path.sep}`) || !existsSync(resolved)) {
          broken.push(`${file}: ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("cites only sections that docs/architecture.md has", () => {
    const page = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const sections = new Set([...page.matchAll(/^## (\d+)\. /gm)].map((match) => match[1]));
    expect([...sections]).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    const cited: string[] = [];
    const missing: string[] = [];
    for (const file of files.filter((name) => /\.(ts|tsx|mjs|js|astro|md)$|^\.ci\//.test(name))) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const [, first, last] of text.matchAll(/docs\/architecture\.md §(\d+)(?:[–-](\d+))?/g)) {
        for (const section of [first, last].filter(Boolean) as string[]) {
          cited.push(section);
          if (!sections.has(section)) missing.push(`${file}: §${section}`);
        }
      }
    }
    expect(cited.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
