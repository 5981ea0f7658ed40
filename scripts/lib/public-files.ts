/**
 * public/ reaches each tenant's site as hard links, not copies: Vite copies the folder file by file
 * into every Astro build (about 0.6 s and 15 MB a tenant for the sample photos), while a link costs
 * a directory entry. scripts/lib/build-tenants/ points Astro at an empty public folder
 * (TENANT_PUBLIC_DIR, astro.config.mjs) and links public/ into the build afterwards.
 */
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/**
 * Links every file under `from` into the same place under `to`, copying where the file system
 * refuses a link (another device, or no hard links). A file the build already wrote wins, as it
 * does over a public/ file of the same name in Astro. Returns how many files were placed.
 */
export function linkPublicFiles(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  let placed = 0;
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      linkSync(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EXDEV" && code !== "EPERM" && code !== "EMLINK" && code !== "ENOTSUP") throw error;
      copyFileSync(source, target);
    }
    placed++;
  }
  return placed;
}

/**
 * Writes a file under public/ whole or not at all: a new file renamed over the old. Built sites
 * hold public/ files as links, so rewriting one in place would change sites already published.
 */
export function replaceFile(file: string, data: Buffer | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const next = `${file}.${process.pid}.next`;
  writeFileSync(next, data);
  renameSync(next, file);
}
