/**
 * Colours: the paint buckets the photos are drawn in, shading, and WCAG contrast.
 */
import { at, clamp } from "../util";

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Multiplies a colour's channels (factor > 1 brightens towards white). */
export function shade(hex: string, factor: number): string {
  const rgb = hexToRgb(hex);
  if (factor <= 1) return rgbToHex(rgb.map((v) => v * factor) as Rgb);
  const t = Math.min(1, factor - 1);
  return rgbToHex(rgb.map((v) => v + (255 - v) * t) as Rgb);
}

export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => at(x, i) + (at(y, i) - at(x, i)) * t) as Rgb);
}

/** WCAG relative luminance and contrast ratio (used to pick readable theme colours). */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b2] = hexToRgb(hex).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Paint buckets the photo set is drawn in; every colour name in the catalogue maps to one. */
export const PAINTS = {
  white: "#eceef0",
  silver: "#b4b9bf",
  grey: "#5f656c",
  black: "#1b1e22",
  blue: "#1d4f91",
  red: "#b0141d",
} as const;

export type Paint = keyof typeof PAINTS;
