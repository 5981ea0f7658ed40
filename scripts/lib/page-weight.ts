/**
 * Page weight as a browser pays it: gzip bytes of a built page's HTML (CSS is inlined), its
 * stylesheets, and every script it loads, following islands' component and renderer URLs and
 * their static imports and the workers they start (the search engine's); the "everything it can
 * load" figure also follows dynamic `import()`s (a dialog's lead form, loaded when the dialog opens).
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

const STATIC_IMPORT = /(?:import|from)\s*"(\.\/[^"]+\.js)"/g;
const ANY_IMPORT = /(?:import|from)\s*\(?\s*["'`](\.\/[^"'`]+\.js)["'`]/g;
/** A worker a chunk starts: Vite writes `new Worker(new URL(`/_astro/x.js`, import.meta.url), …)`. */
const WORKER = /new Worker\(\s*new URL\(\s*["'`]([^"'`]+\.js)["'`]/g;

/**
 * Every chunk a set of entry scripts pulls in through static imports (`import"./x.js"`,
 * `from"./x.js"`) and the workers they start, and with `dynamic` through `import(`./x.js`)` too.
 */
function withImports(siteRoot: string, entries: Iterable<string>, dynamic = false): Set<string> {
  const scripts = new Set(entries);
  for (const file of scripts) {
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(dynamic ? ANY_IMPORT : STATIC_IMPORT)) {
      const dep = path.resolve(path.dirname(file), match[1] as string);
      if (existsSync(dep)) scripts.add(dep);
    }
    for (const match of code.matchAll(WORKER)) {
      const url = match[1] as string;
      const dep = url.startsWith("/") ? assetPath(siteRoot, url) : path.resolve(path.dirname(file), url);
      if (dep && existsSync(dep)) scripts.add(dep);
    }
  }
  return scripts;
}

const sumGzip = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gz(readFileSync(file)), 0);

/**
 * `js` is everything the page can load; `initialJs` is what loads without the shopper doing
 * anything: module scripts and islands hydrated on load or idle. Islands hydrated when visible
 * (below the fold, or inside a dialog until it opens) are left out of the initial figure.
 */
export function pageWeight(
  siteRoot: string,
  pagePath: string,
): { html: number; css: number; js: number; initialJs: number; workerJs: number } {
  const html = readFileSync(path.join(siteRoot, pagePath, "index.html"), "utf8");
  const all: string[] = [];
  const initial: string[] = [];
  for (const match of html.matchAll(/(?:src|component-url|renderer-url)="([^"]+\.js)"/g)) {
    const file = assetPath(siteRoot, match[1] as string);
    if (file) all.push(file);
  }
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) {
    const file = assetPath(siteRoot, match[1] as string);
    if (file) initial.push(file);
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = match[0];
    if (/\sclient="visible"/.test(tag)) continue;
    for (const url of tag.matchAll(/(?:component-url|renderer-url)="([^"]+\.js)"/g)) {
      const file = assetPath(siteRoot, url[1] as string);
      if (file) initial.push(file);
    }
  }
  let css = 0;
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) {
    const file = assetPath(siteRoot, match[1] as string);
    if (file) css += gz(readFileSync(file));
  }
  // Small component scripts are inlined into the page by Astro: they run at load, so they count too.
  const inline = [...html.matchAll(/<script type="module"(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] as string)
    .join("\n");
  const inlineJs = inline ? gz(inline) : 0;
  const everything = withImports(siteRoot, all, true);
  return {
    html: gz(html),
    css,
    js: sumGzip(everything) + inlineJs,
    initialJs: sumGzip(withImports(siteRoot, initial)) + inlineJs,
    // Of `js`, what runs in workers, off the page's main thread.
    workerJs: sumGzip([...everything].filter((file) => /\.worker-[\w-]+\.js$/.test(file))),
  };
}
