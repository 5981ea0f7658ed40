/**
 * The README's map ("Where the code for X lives") takes a newcomer from a spec rule to its file in
 * one step, so every path it names must exist. A name that does not start at the root lives beside
 * the cell's first path.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function mapPaths(readme: string): string[] {
  const section = readme.split("\n## Where the code for X lives\n")[1]?.split("\n## ")[0] ?? "";
  const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| ---"));
  return rows.slice(1).flatMap((row) => {
    const cell = row.split("|")[2] ?? "";
    const names = [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");
    const full = (name: string) => /^(src|scripts|tests|docs)\//.test(name);
    const base = path.dirname(names.find(full) ?? ".");
    return names.map((name) => (full(name) ? name : path.join(base, name)));
  });
}

it("names only paths that exist", () => {
  const paths = mapPaths(readFileSync(path.join(ROOT, "README.md"), "utf8"));
  expect(paths.length).toBeGreaterThan(60);
  expect(paths.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
});
