/**
 * Local stand-in for the Netlify Image CDN (`/.netlify/images?url=…&w=…&q=…`): resizes a site's
 * own image, or a photo on one of its image hosts, with sharp, in WebP when the browser accepts it
 * (else JPEG), and caches the result on disk keyed by the image's content, so the same photo on
 * several tenants is encoded once. Not AVIF: on this hardware it takes ~850 ms an image against
 * WebP's ~35 ms, and for these photos WebP came out smaller; Netlify's own CDN negotiates formats
 * in production.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { parseImageRequest } from "./media";

const TYPES = { webp: "image/webp", jpeg: "image/jpeg" } as const;

/** sha1 of a file's bytes, remembered while the file's size and mtime stay the same. */
const digests = new Map<string, { stamp: string; digest: string }>();
function contentDigest(file: string): string {
  const { size, mtimeMs } = statSync(file);
  const stamp = `${size}:${mtimeMs}`;
  const known = digests.get(file);
  if (known?.stamp === stamp) return known.digest;
  const digest = createHash("sha1").update(readFileSync(file)).digest("hex");
  digests.set(file, { stamp, digest });
  return digest;
}

/** The longest a photo host may take, and the largest original it may send. */
const REMOTE_TIMEOUT_MS = 10_000;
const REMOTE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The original of a photo on one of the tenant's image hosts, fetched once and kept on disk by
 * URL (feed photo URLs do not change content), or an error response as the CDN would send it.
 */
async function remoteOriginal(url: string, cacheDir: string): Promise<string | Response> {
  const file = path.join(cacheDir, "remote", createHash("sha1").update(url).digest("hex"));
  if (existsSync(file)) return file;
  let response: globalThis.Response;
  try {
    response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
  } catch (error) {
    return Response.json({ error: `Could not fetch ${url}: ${(error as Error).message}` }, { status: 502 });
  }
  if (response.status === 404) return Response.json({ error: `Image not found: ${url}` }, { status: 404 });
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !type.startsWith("image/")) {
    return Response.json(
      { error: `${url} answered ${response.status} ${type || "without a content type"}, not an image` },
      { status: 502 },
    );
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > REMOTE_MAX_BYTES) {
    return Response.json(
      { error: `${url} is larger than ${REMOTE_MAX_BYTES / 1024 / 1024} MB` },
      { status: 502 },
    );
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return file;
}

/**
 * Answers `/.netlify/images?url=…&w=…&q=…` for one tenant: `siteRoot` is its built site,
 * `imageHosts` the origins (site.json `image_hosts`) whose photos it may fetch.
 */
export async function imageCdnResponse(
  request: Request,
  siteRoot: string,
  cacheDir: string,
  imageHosts: readonly string[] = [],
): Promise<Response> {
  const parsed = parseImageRequest(new URL(request.url), imageHosts);
  if (!parsed.ok) return Response.json({ error: parsed.error }, { status: 400 });
  let file: string;
  if (parsed.remote) {
    const original = await remoteOriginal(parsed.path, cacheDir);
    if (original instanceof Response) return original;
    file = original;
  } else {
    file = path.join(siteRoot, parsed.path);
    if (!file.startsWith(siteRoot + path.sep) || !existsSync(file)) {
      return Response.json({ error: `Image not found: ${parsed.path}` }, { status: 404 });
    }
  }
  if (file.endsWith(".svg")) {
    return new Response(readFileSync(file), {
      headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=604800" },
    });
  }
  const accept = request.headers.get("accept") ?? "";
  const format = accept.includes("image/webp") ? "webp" : "jpeg";
  const key = createHash("sha1")
    .update(`${contentDigest(file)}|${parsed.width}|${parsed.quality}|${format}`)
    .digest("hex");
  const cached = path.join(cacheDir, `${key}.${format}`);
  if (!existsSync(cached)) {
    mkdirSync(cacheDir, { recursive: true });
    let output: Buffer;
    try {
      output = await sharp(file)
        .resize({ width: parsed.width, withoutEnlargement: true })
        .toFormat(format, { quality: parsed.quality })
        .toBuffer();
    } catch (error) {
      return Response.json(
        { error: `Not an image sharp can read: ${(error as Error).message}` },
        { status: 502 },
      );
    }
    writeFileSync(cached, output);
  }
  return new Response(readFileSync(cached), {
    headers: { "content-type": TYPES[format], "cache-control": "public, max-age=604800", vary: "Accept" },
  });
}
