/**
 * GET /api/car-pdf?slug= (spec §7 "car PDF fetch by slug returns file blob"): a one-page A4 PDF of
 * a published car (first photo, name, price, key specs, dealer details) named `{slug}.pdf`. A car
 * whose photo cannot be had still gets its PDF, without it.
 *
 * No image library: a deployed function asks the site's image CDN for the photo as a JPEG sized for
 * the sheet (`sheetPhotoUrl`) and embeds it as it comes. pdf-lib embeds JPEG and PNG itself, so
 * locally, and when the CDN will not serve a photo, the original is embedded as it is when it is one
 * of those. sharp would put libvips (about 19 MB) into the function's bundle.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { z } from "zod";
import type { Car } from "~/features/stock/car.schema";
import type { Db } from "~/lib/db/db.server";
import { FUNCTION_HEADERS, json, methodNotAllowed } from "~/lib/http.server";
import { clientIp, clientKey } from "~/server/client";
import { clock } from "~/server/clock";
import { type CallContext, fieldErrors, guarded, resolveTenant } from "~/server/context";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";
import type { TenantData } from "~/tenant/tenant.server";
import { type CarFields, carFields, findCarIn } from "./car-fields";
import { CALL_ERRORS } from "./http.server";

/** How many spec rows the sheet lists (the page's key information plus the next most useful). */
export const PDF_SPEC_ROWS = 14;
export const PDF_FEATURES = 8;
const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
const PHOTO_TIMEOUT_MS = 5000;
/** The photo's box on the sheet, at about 150 dpi: what the image CDN is asked for. */
const SHEET_PHOTO = { width: 1200, height: 800, quality: 80 } as const;

export const carPdfQuerySchema = z
  .object({
    slug: z.string({ error: "is required" }).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a vehicle slug"),
  })
  .strict();

export const CAR_PDF_LIMITS = {
  /** A shopper prints a few cars; every sheet costs a photo fetch and a resize, so a script can't have hundreds. */
  rateLimit: { hits: 30, windowMs: 60_000 } satisfies RateLimit,
  tooMany: (seconds: number) =>
    `You've downloaded a lot of vehicle PDFs in a short time. Please try again in ${seconds} seconds.`,
};

export interface CarPdfOptions extends CallContext {
  /** Where requests are counted per client; without one (tests of the sheet itself) nothing is. */
  db?: () => Promise<Db>;
  rateLimit?: RateLimit;
  /** Folders a site-relative photo path is looked up in, in order (public files, then the build). */
  assetRoots?: (tenant: string) => string[];
  /**
   * Origin a site-relative photo is fetched from when no folder has it: a deployed function's
   * bundle holds no photos, the site itself does. Netlify sets `URL`; locally there is none.
   */
  siteOrigin?: string | null;
  fetchImpl?: typeof fetch;
  now?: () => Date;
}

export function defaultAssetRoots(tenant: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return [path.resolve("public"), path.resolve(env.DIST_DIR || "dist", tenant)];
}

/** The photo's bytes, or null when it cannot be had (the PDF is still made). */
export async function readPhoto(
  url: string,
  roots: readonly string[],
  fetchImpl: typeof fetch = fetch,
  siteOrigin: string | null = null,
): Promise<Buffer | null> {
  if (url.startsWith("https://")) {
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(PHOTO_TIMEOUT_MS) });
      if (!response.ok) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      return bytes.byteLength <= PHOTO_MAX_BYTES ? bytes : null;
    } catch {
      return null;
    }
  }
  if (!url.startsWith("/") || url.startsWith("//") || url.includes("..")) return null;
  const relative = decodeURIComponent(url.split(/[?#]/)[0] ?? "");
  for (const root of roots) {
    const file = path.join(root, relative);
    if (file.startsWith(root + path.sep) && existsSync(file)) return readFileSync(file);
  }
  if (siteOrigin?.startsWith("https://")) return readPhoto(new URL(url, siteOrigin).href, [], fetchImpl);
  return null;
}

/**
 * The site's image CDN address of `photo` (a site path or a feed URL) as a JPEG cropped to the
 * sheet's photo box (Netlify Image CDN parameters; `fm=jpg` because pdf-lib embeds JPEG, not WebP).
 */
export function sheetPhotoUrl(photo: string, siteOrigin: string): string {
  const query = new URLSearchParams({
    url: photo,
    w: String(SHEET_PHOTO.width),
    h: String(SHEET_PHOTO.height),
    fit: "cover",
    fm: "jpg",
    q: String(SHEET_PHOTO.quality),
  });
  return `${new URL("/.netlify/images", siteOrigin).href}?${query}`;
}

type PhotoFormat = "jpg" | "png";

/** JPEG and PNG by their signatures: the two formats pdf-lib can embed. */
function photoFormat(bytes: Uint8Array): PhotoFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, index) => bytes[index] === byte)) return "png";
  return null;
}

/**
 * The photo for the sheet: through the image CDN when the site has an https origin (deployed),
 * else (or when the CDN refuses it, e.g. a feed host missing from netlify.toml's remote_images)
 * the original, from the site's files or its URL. Null when neither gives a JPEG or PNG.
 */
export async function sheetPhoto(
  photo: string,
  roots: readonly string[],
  fetchImpl: typeof fetch = fetch,
  siteOrigin: string | null = null,
): Promise<Buffer | null> {
  if (siteOrigin?.startsWith("https://")) {
    const resized = await readPhoto(sheetPhotoUrl(photo, siteOrigin), [], fetchImpl);
    if (resized && photoFormat(resized)) return resized;
  }
  const original = await readPhoto(photo, roots, fetchImpl, siteOrigin);
  return original && photoFormat(original) ? original : null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
/** Nothing but the footer line is drawn below this. */
const FOOTER_TOP = 48;

function hexColor(hex: string) {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex;
  const value = Number.parseInt(full.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/** The standard PDF fonts speak WinAnsi only: accents are folded, anything else is dropped. */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, " ")]
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const folded = char.normalize("NFD").replace(/\p{M}/gu, "");
      return [...folded].every((part) => supported.has(part.codePointAt(0) ?? 0)) ? folded : "";
    })
    .join("")
    .trim();
}

/** A word wider than the line (a URL) is cut into pieces that fit. */
function pieces(font: PDFFont, word: string, size: number, width: number): string[] {
  if (font.widthOfTextAtSize(word, size) <= width) return [word];
  const parts: string[] = [];
  let part = "";
  for (const char of word) {
    if (part && font.widthOfTextAtSize(part + char, size) > width) {
      parts.push(part);
      part = "";
    }
    part += char;
  }
  if (part) parts.push(part);
  return parts;
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").flatMap((w) => pieces(font, w, size, width))) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws wrapped text from `y` downwards and returns the y below it. */
function paragraph(
  page: PDFPage,
  text: string,
  at: {
    x: number;
    y: number;
    width: number;
    size: number;
    font: PDFFont;
    color?: ReturnType<typeof rgb>;
    gap?: number;
  },
): number {
  let y = at.y;
  for (const line of wrap(at.font, printable(at.font, text), at.size, at.width)) {
    y -= at.size;
    page.drawText(line, { x: at.x, y, size: at.size, font: at.font, color: at.color ?? rgb(0.1, 0.1, 0.1) });
    y -= at.gap ?? at.size * 0.35;
  }
  return y;
}

export async function buildCarPdf(
  data: TenantData,
  car: Car,
  photo: Buffer | null,
  now: Date,
): Promise<Uint8Array> {
  const fields: CarFields = carFields(data, car);
  const { site } = data;
  const pdf = await PDFDocument.create();
  pdf.setTitle(printableTitle(fields.name));
  pdf.setAuthor(site.name);
  pdf.setSubject(`${fields.name} at ${site.name}`);
  pdf.setCreator(site.name);
  pdf.setCreationDate(now);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const left = PAGE.margin;
  const width = PAGE.width - PAGE.margin * 2;
  const primary = hexColor(site.theme.primary);
  const onPrimary = hexColor(site.theme.on_primary);
  const accent = hexColor(site.theme.accent);
  const muted = hexColor(site.theme.muted);

  // Dealer band.
  const band = 54;
  page.drawRectangle({ x: 0, y: PAGE.height - band, width: PAGE.width, height: band, color: primary });
  page.drawText(printable(fonts.bold, site.name), {
    x: left,
    y: PAGE.height - band / 2 - 7,
    size: 18,
    font: fonts.bold,
    color: onPrimary,
  });
  const host = printable(fonts.regular, new URL(site.url).host);
  page.drawText(host, {
    x: PAGE.width - PAGE.margin - fonts.regular.widthOfTextAtSize(host, 10),
    y: PAGE.height - band / 2 - 4,
    size: 10,
    font: fonts.regular,
    color: onPrimary,
  });

  let y = PAGE.height - band - 22;
  y = paragraph(page, fields.name, { x: left, y, width, size: 20, font: fonts.bold, gap: 4 });
  const subtitle = [
    fields.badge,
    fields.car_type_label,
    fields.stocknum ? `Stock no. ${fields.stocknum}` : null,
  ]
    .filter(Boolean)
    .join("  |  ");
  if (subtitle)
    y = paragraph(page, subtitle, { x: left, y: y - 2, width, size: 10, font: fonts.regular, color: muted });

  // Price, with the was-price struck through beside it.
  y -= 24;
  const priceText = printable(fonts.bold, fields.sold ? `${fields.price_text}  (Sold)` : fields.price_text);
  page.drawText(priceText, { x: left, y, size: 22, font: fonts.bold, color: accent });
  if (fields.was_price_text) {
    const was = printable(fonts.regular, fields.was_price_text);
    const x = left + fonts.bold.widthOfTextAtSize(priceText, 22) + 12;
    const wasWidth = fonts.regular.widthOfTextAtSize(was, 12);
    page.drawText(was, { x, y: y + 2, size: 12, font: fonts.regular, color: muted });
    page.drawLine({ start: { x, y: y + 6 }, end: { x: x + wasWidth, y: y + 6 }, thickness: 1, color: muted });
  }
  y -= 16;

  const format = photo ? photoFormat(photo) : null;
  if (photo && format) {
    // A photo whose bytes are damaged past its signature leaves the sheet without it.
    const image = await (format === "jpg" ? pdf.embedJpg(photo) : pdf.embedPng(photo)).catch(() => null);
    if (image) {
      const height = Math.min(width * (image.height / image.width), 320);
      const drawnWidth = height * (image.width / image.height);
      y -= height;
      page.drawImage(image, { x: left + (width - drawnWidth) / 2, y, width: drawnWidth, height });
      y -= 18;
    }
  }

  // Two columns: key specifications, and the dealer with features under it.
  const gutter = 24;
  const column = (width - gutter) / 2;
  const top = y;
  let specY = heading(page, "Key specifications", left, top, fonts, primary);
  for (const row of fields.specs.slice(0, PDF_SPEC_ROWS)) {
    const valueLines = wrap(fonts.bold, printable(fonts.bold, row.value), 10, column - 110);
    const rowHeight = 8 + valueLines.length * 12;
    // Rows that would run into the footer are left for the web page.
    if (specY - rowHeight < FOOTER_TOP) break;
    page.drawText(printable(fonts.regular, row.label), {
      x: left,
      y: specY - 10,
      size: 10,
      font: fonts.regular,
      color: muted,
    });
    valueLines.forEach((line, index) => {
      page.drawText(line, { x: left + 110, y: specY - 10 - index * 12, size: 10, font: fonts.bold });
    });
    specY -= rowHeight;
    page.drawLine({
      start: { x: left, y: specY + 2 },
      end: { x: left + column, y: specY + 2 },
      thickness: 0.5,
      color: rgb(0.85, 0.86, 0.88),
    });
  }

  const right = left + column + gutter;
  let dealerY = heading(page, "Dealer", right, top, fonts, primary);
  dealerY = paragraph(page, fields.dealer.name, {
    x: right,
    y: dealerY,
    width: column,
    size: 11,
    font: fonts.bold,
  });
  if (fields.dealer.address) {
    dealerY = paragraph(page, fields.dealer.address, {
      x: right,
      y: dealerY,
      width: column,
      size: 10,
      font: fonts.regular,
    });
  }
  if (fields.dealer.phone) {
    dealerY = paragraph(page, `Phone ${fields.dealer.phone}`, {
      x: right,
      y: dealerY - 2,
      width: column,
      size: 11,
      font: fonts.bold,
      color: primary,
    });
  }
  dealerY = paragraph(page, fields.url, {
    x: right,
    y: dealerY - 2,
    width: column,
    size: 8,
    font: fonts.regular,
    color: muted,
  });

  if (fields.features.length > 0) {
    dealerY = heading(page, "Features", right, dealerY - 14, fonts, primary);
    for (const feature of fields.features.slice(0, PDF_FEATURES)) {
      if (dealerY - 14 < FOOTER_TOP) break;
      dealerY = paragraph(page, `- ${feature}`, {
        x: right,
        y: dealerY,
        width: column,
        size: 9,
        font: fonts.regular,
      });
    }
  }

  const footer = printable(
    fonts.regular,
    `${site.name}  |  ${fields.url}  |  Printed ${now.toLocaleDateString("en-AU", { timeZone: "Australia/Brisbane", day: "numeric", month: "short", year: "numeric" })}`,
  );
  page.drawText(footer, { x: left, y: 24, size: 8, font: fonts.regular, color: muted });
  return pdf.save();
}

function printableTitle(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "");
}

function heading(
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  fonts: Fonts,
  color: ReturnType<typeof rgb>,
): number {
  page.drawText(printable(fonts.bold, text), { x, y: y - 12, size: 12, font: fonts.bold, color });
  return y - 22;
}

export function createCarPdfHandler(options: CarPdfOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const assetRoots = options.assetRoots ?? ((tenant: string) => defaultAssetRoots(tenant));
  const siteOrigin = options.siteOrigin === undefined ? (process.env.URL ?? null) : options.siteOrigin;
  const rateLimit = options.rateLimit ?? CAR_PDF_LIMITS.rateLimit;
  return (req) =>
    guarded("car-pdf", async () => {
      if (req.method !== "GET") return methodNotAllowed("GET");
      const resolved = resolveTenant(req, options);
      if (!resolved.ok) return resolved.response;
      if (options.db) {
        const bucket = `car-pdf:${resolved.tenant}:${clientKey(clientIp(req))}`;
        const limit = await hitRateLimit(await options.db(), bucket, rateLimit, now());
        if (!limit.allowed) {
          return json({ error: CAR_PDF_LIMITS.tooMany(limit.retryAfterSeconds) }, 429, {
            "retry-after": String(limit.retryAfterSeconds),
          });
        }
      }
      const query = carPdfQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
      if (!query.success) {
        return json({ error: "Invalid PDF request.", fields: fieldErrors(query.error.issues) }, 400);
      }
      const car = findCarIn(resolved.data, { slug: query.data.slug });
      if (!car) return json({ error: CALL_ERRORS.unknownCar }, 404);
      const first = carFields(resolved.data, car).image.url;
      const photo = first
        ? await sheetPhoto(first, assetRoots(resolved.tenant), options.fetchImpl, siteOrigin)
        : null;
      const bytes = await buildCarPdf(resolved.data, car, photo, now());
      return new Response(new Uint8Array(bytes), {
        headers: {
          ...FUNCTION_HEADERS,
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="${car.slug}.pdf"`,
          "content-length": String(bytes.byteLength),
          "cache-control": "private, max-age=300",
        },
      });
    });
}
