/**
 * public/ reaches each tenant's site as hard links (scripts/lib/public-files.ts): every file, in
 * its folder, one copy on disk, and never over a file the build wrote.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { linkPublicFiles, replaceFile } from "../../scripts/lib/public-files";

function tree(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

describe("linkPublicFiles", () => {
  it("links every public file into the site, nested folders included, without a second copy", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "public-files-"));
    const from = path.join(dir, "public");
    const to = path.join(dir, "site");
    tree(from, { "robots.txt": "ok", "media/logos/a.svg": "<svg/>", "media/sample/deep/b.jpg": "jpg" });
    tree(to, { "index.html": "<h1>home</h1>" });
    expect(linkPublicFiles(from, to)).toBe(3);
    for (const file of ["robots.txt", "media/logos/a.svg", "media/sample/deep/b.jpg"]) {
      expect(readFileSync(path.join(to, file), "utf8")).toBe(readFileSync(path.join(from, file), "utf8"));
      expect(statSync(path.join(to, file)).ino, file).toBe(statSync(path.join(from, file)).ino);
    }
    expect(readFileSync(path.join(to, "index.html"), "utf8")).toBe("<h1>home</h1>");
  });

  it("keeps a file the build wrote at the same path", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "public-files-"));
    tree(path.join(dir, "public"), { "404.html": "public", "logo.svg": "<svg/>" });
    tree(path.join(dir, "site"), { "404.html": "built" });
    expect(linkPublicFiles(path.join(dir, "public"), path.join(dir, "site"))).toBe(1);
    expect(readFileSync(path.join(dir, "site/404.html"), "utf8")).toBe("built");
  });

  it("places nothing when there is no public folder", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "public-files-"));
    expect(linkPublicFiles(path.join(dir, "missing"), path.join(dir, "site"))).toBe(0);
  });
});

describe("replaceFile", () => {
  it("redraws a public file without touching the copy a built site links to", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "public-files-"));
    tree(path.join(dir, "public"), { "media/sample/car.jpg": "old photo" });
    linkPublicFiles(path.join(dir, "public"), path.join(dir, "site"));
    replaceFile(path.join(dir, "public/media/sample/car.jpg"), "new photo");
    expect(readFileSync(path.join(dir, "public/media/sample/car.jpg"), "utf8")).toBe("new photo");
    expect(readFileSync(path.join(dir, "site/media/sample/car.jpg"), "utf8")).toBe("old photo");
    expect(readdirSync(path.join(dir, "public/media/sample"))).toEqual(["car.jpg"]);
  });
});
