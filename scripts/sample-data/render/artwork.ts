/**
 * Offer banners, location photos and the history report PDF.
 */
import type { Site } from "~/tenant/schema";
import { at, round1 } from "../util";
import { type BodyKind, bodyModel } from "./bodies";
import { PAINTS, type Paint, shade } from "./colour";
import { drawCar } from "./draw-car";
import { EXTERIOR_VIEWS } from "./photo-set";
import { backdropSvg, frameCamera } from "./scene";

const FONT = "Arial, Helvetica, 'Liberation Sans', 'DejaVu Sans', sans-serif";

/** The site.json theme colours a banner or a location photo is drawn in. */
type ArtTheme = Pick<Site["theme"], "primary" | "on_primary">;

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function wrapText(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (`${line} ${word}`.trim().length > max && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export function offerBannerSvg(o: {
  title: string;
  category: string;
  theme: ArtTheme;
  kind: BodyKind;
  paint: Paint;
}): string {
  const w = 1200;
  const h = 600;
  const model = bodyModel(o.kind);
  const cam = frameCamera(model, EXTERIOR_VIEWS.front, 640, 470, false);
  const defs: string[] = [];
  const car = drawCar(model, PAINTS[o.paint], cam, defs);
  const lines = wrapText(o.title, 22);
  const text = lines
    .map(
      (line, i) =>
        `<text x="60" y="${190 + i * 58}" font-family="${FONT}" font-size="50" font-weight="700" fill="${o.theme.on_primary}">${esc(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="ob" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${o.theme.primary}"/><stop offset="1" stop-color="${shade(o.theme.primary, 0.55)}"/></linearGradient><radialGradient id="spot" cx="0.72" cy="0.62" r="0.45"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>${defs.join("")}</defs>
<rect width="${w}" height="${h}" fill="url(#ob)"/><rect width="${w}" height="${h}" fill="url(#spot)"/>
<path d="M600 ${h} L${w} 330 L${w} ${h} Z" fill="#000" opacity="0.12"/>
<text x="60" y="110" font-family="${FONT}" font-size="24" letter-spacing="3" fill="${o.theme.on_primary}" opacity="0.85">${esc(o.category.toUpperCase())}</text>${text}
<g transform="translate(540 110)"><ellipse cx="320" cy="${round1(cam.cy + 14)}" rx="290" ry="34" fill="#000" opacity="0.3"/>${car}</g></svg>`;
}

export function locationPhotoSvg(o: { name: string; theme: ArtTheme; rv: boolean }): string {
  const sign = esc(o.name.toUpperCase());
  const cars = (["suv", "ute", "hatch"] as const).map((kind, i) => {
    const model = bodyModel(o.rv ? ((["caravan", "motorhome", "camper"] as const)[i] ?? "caravan") : kind);
    const cam = frameCamera(model, -30 + i * 10, 360, 240, false);
    const defs: string[] = [];
    const car = drawCar(model, PAINTS[(["white", "silver", "red"] as const)[i] ?? "white"], cam, defs);
    return `<g transform="translate(${60 + i * 370} 520)"><defs>${defs.join("")}</defs>${car}</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">${backdropSvg("yard", 1200, 800, 600)}
<rect x="120" y="190" width="960" height="410" fill="#eef0f2"/><rect x="120" y="170" width="960" height="70" fill="${o.theme.primary}"/>
<text x="600" y="218" text-anchor="middle" font-family="${FONT}" font-size="34" font-weight="700" letter-spacing="2" fill="${o.theme.on_primary}">${sign}</text>
<rect x="160" y="270" width="880" height="300" fill="#9fbdd6"/><rect x="160" y="270" width="880" height="300" fill="#1d2630" opacity="0.25"/>
${Array.from({ length: 7 }, (_, i) => `<rect x="${160 + i * 146}" y="270" width="8" height="300" fill="#d5d9de"/>`).join("")}
<rect x="540" y="420" width="120" height="180" fill="#5b6672"/>
${cars.join("")}</svg>`;
}

/** A one-page PDF (hand-written objects, offsets computed) used as the sample history report. */
export function historyReportPdf(): Buffer {
  const lines = [
    "Vehicle History Report (sample)",
    "",
    "PPSR: No security interest registered",
    "Written-off register: Not recorded",
    "Stolen register: Not recorded",
    "Odometer: Consistent with service history",
    "",
    "This is a sample document for demonstration purposes.",
  ];
  const content = `BT /F1 22 Tf 60 770 Td (${at(lines, 0)}) Tj /F1 13 Tf ${lines
    .slice(1)
    .map((l) => `0 -24 Td (${l}) Tj`)
    .join(" ")} ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
