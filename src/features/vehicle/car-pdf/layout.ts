/** Text on a PDF page: the standard fonts' characters, wrapping, paragraphs and headings. */
import { type PDFFont, type PDFPage, rgb } from "pdf-lib";

export function hexColor(hex: string) {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex;
  const value = Number.parseInt(full.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/** The standard PDF fonts speak WinAnsi only: accents are folded, anything else is dropped. */
export function printable(font: PDFFont, text: string): string {
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

export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
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

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws wrapped text from `y` downwards and returns the y below it. */
export function paragraph(
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

export function printableTitle(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "");
}

export function heading(
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
