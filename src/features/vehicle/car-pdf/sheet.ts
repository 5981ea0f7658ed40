/** The one-page A4 sheet: dealer band, name, price, photo, key specifications, dealer and features. */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import type { Car } from "~/tenant/schemas/car";
import type { TenantData } from "~/tenant/tenant.server";
import { type CarFields, carFields } from "../car-fields";
import { type Fonts, heading, hexColor, paragraph, printable, printableTitle, wrap } from "./layout";
import { photoFormat } from "./photo.server";

/** How many spec rows the sheet lists (the page's key information plus the next most useful). */
export const PDF_SPEC_ROWS = 14;
export const PDF_FEATURES = 8;

const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
/** Nothing but the footer line is drawn below this. */
const FOOTER_TOP = 48;

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
