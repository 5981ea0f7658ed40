/**
 * Page weight as a browser pays it: gzip bytes of a built page's HTML (CSS is inlined), its
 * stylesheets, and every script it loads, following islands' component and renderer URLs and
 * their static imports.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const gz = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;

function assetPath(siteRoot: string, url: string): string | null {
  if (!url.startsWith("/") || url.startsWith("//")) return null;
  const file = path.join(siteRoot, url.split("?")[0] as string);
  return existsSync(file) ? file : null;
}

export function pageWeight(siteRoot: string, pagePath: string): { html: number; css: number; js: number } {
  const html = readFileSync(path.join(siteRoot, pagePath, "index.html"), "utf8");
  const scripts = new Set<string>();
  for (const match of html.matchAll(/(?:src|component-url|renderer-url)="([^"]+\.js)"/g)) {
    const file = assetPath(siteRoot, match[1] as string);
    if (file) scripts.add(file);
  }
  // Static imports between chunks: `import"./x.js"`, `from"./x.js"`.
  for (const file of scripts) {
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/(?:import|from)\s*"(\.\/[^"]+\.js)"/g)) {
      const dep = path.resolve(path.dirname(file), match[1] as string);
      if (existsSync(dep)) scripts.add(dep);
    }
  }
  let css = 0;
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) {
    const file = assetPath(siteRoot, match[1] as string);
    if (file) css += gz(readFileSync(file));
  }
  let js = 0;
  for (const file of scripts) js += gz(readFileSync(file));
  return { html: gz(html), css, js };
}
