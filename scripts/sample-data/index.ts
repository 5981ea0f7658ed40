/**
 * Deterministic sample data: the stock feed of the five sample tenants plus the photos their cars
 * and offers point at, drawn locally as SVG and encoded with sharp. Everything else a sample tenant
 * is made of (site.json, locations, offers, reviews, pages, blog) is committed under tenants/ and
 * is the source: the generator reads it and never writes it.
 *
 * Everything time-relative is computed from `now`; with the same `now` (and seed) the output is
 * byte-identical. The photos are a finite shared set (body × colour × view, interiors, details,
 * spin frames) referenced by many cars, so re-runs only render what is missing.
 *
 * CLI: `npx tsx scripts/sample-data.ts` writes each sample tenant's stock.json into ./tenants
 * (TENANTS_DIR) and renders missing photos into ./public/media/sample.
 */

import { closeSync, existsSync, openSync, readSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { Location } from "~/features/locations/location.schema";
import { type Offer, offersFileSchema } from "~/features/offers/offer.schema";
import type { Car } from "~/features/stock/car.schema";
import { fnv1a } from "~/lib/hash";
import { loadSite, readJsonFile } from "~/tenant/load";
import type { FinanceProvider, Site, SiteInput } from "~/tenant/schema";
import { replaceFile } from "./lib/public-files";

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`index ${index} out of range (${list.length})`);
  return value;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

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
function shade(hex: string, factor: number): string {
  const rgb = hexToRgb(hex);
  if (factor <= 1) return rgbToHex(rgb.map((v) => v * factor) as Rgb);
  const t = Math.min(1, factor - 1);
  return rgbToHex(rgb.map((v) => v + (255 - v) * t) as Rgb);
}

function mix(a: string, b: string, t: number): string {
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

// ---------------------------------------------------------------------------------------------
// 3D car drawing: an extruded side profile with per-height width taper, projected with a
// perspective camera. Good enough to read as a car in every view, including the 24-frame spin.
// ---------------------------------------------------------------------------------------------

type V3 = [number, number, number];
type Pt = [number, number];

type Material = "paint" | "glass" | "trim" | "alloy" | "tonneau" | "cabin" | "canvas" | "chrome" | "dark";

/** A profile vertex (x forward, y up, metres) and the material of the edge to the next vertex. */
interface ProfilePoint {
  x: number;
  y: number;
  m: Material;
}

/** A separate extruded box-like part (tray, drawbar, roof rail, canvas bag). */
interface Part {
  profile: ProfilePoint[];
  /** Half width of the part. */
  hw: number;
  /** Centre of the part across the car (0 = centreline). */
  zc: number;
  side: Material;
  /** Draw only from the side faces (thin parts like rails). */
  mirrored?: boolean;
}

interface SideFeature {
  pts: Pt[];
  fill: string;
  /** Outward offset from the body surface, metres. */
  out?: number;
  opacity?: number;
  stroke?: string;
  strokeWidth?: number;
  /** A polyline (not closed, not filled). */
  line?: boolean;
}

interface EndFeature {
  /** (y, z) points on the front or rear face, z as a share of the local half width (-1…1). */
  pts: Pt[];
  fill: string;
  mirror?: boolean;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
}

interface BodyModel {
  length: number;
  width: number;
  height: number;
  belt: number;
  roofTaper: number;
  cornerLen: number;
  cornerTaper: number;
  wheelR: number;
  wheelW: number;
  wheelX: number[];
  /** Dual rear wheels etc. are out of scope; caravans use 1 or 2 axles. */
  rim: "alloy" | "dark" | "steel";
  profile: ProfilePoint[];
  parts: Part[];
  /** Side features in paint colour space ("paint" is replaced by the paint colour). */
  side: SideFeature[];
  front: EndFeature[];
  rear: EndFeature[];
  /** Greenhouse outline for the side windows. */
  windows: Pt[][];
  /** Pillars drawn over the windows. */
  pillars: Pt[][];
  /** Where the paint's shoulder highlight runs. */
  shoulder: Pt[];
  /** Overrides the default body-width rule (motorhome: narrow cab, wide box). */
  widthAt?: (x: number, y: number) => number;
}

const P = (x: number, y: number, m: Material = "paint"): ProfilePoint => ({ x, y, m });

function halfWidth(model: BodyModel, x: number, y: number): number {
  if (model.widthAt) return model.widthAt(x, y);
  let h = model.width / 2;
  if (y > model.belt)
    h -= model.roofTaper * Math.min(1, (y - model.belt) / Math.max(0.01, model.height - model.belt));
  const ax = Math.abs(x) - (model.length / 2 - model.cornerLen);
  if (ax > 0) h -= model.cornerTaper * Math.min(1.3, ax / model.cornerLen) ** 2;
  if (y < 0.3) h -= 0.03;
  return h;
}

/** x of the front-most (dir 1) or rear-most (dir -1) point of the profile at height y. */
function endX(profile: ProfilePoint[], y: number, dir: 1 | -1): number {
  let best = dir === 1 ? -Infinity : Infinity;
  for (let i = 0; i < profile.length; i++) {
    const a = at(profile, i);
    const b = at(profile, (i + 1) % profile.length);
    if ((a.y - y) * (b.y - y) > 0 || a.y === b.y) continue;
    const t = (y - a.y) / (b.y - a.y);
    const x = a.x + (b.x - a.x) * t;
    best = dir === 1 ? Math.max(best, x) : Math.min(best, x);
  }
  return Number.isFinite(best) ? best : 0;
}

interface Camera {
  yaw: number;
  pitch: number;
  dist: number;
  scale: number;
  cx: number;
  cy: number;
}

class Projector {
  private readonly cy: number;
  private readonly sy: number;
  private readonly cp: number;
  private readonly sp: number;
  constructor(private readonly cam: Camera) {
    const yaw = (cam.yaw * Math.PI) / 180;
    const pitch = (cam.pitch * Math.PI) / 180;
    this.cy = Math.cos(yaw);
    this.sy = Math.sin(yaw);
    this.cp = Math.cos(pitch);
    this.sp = Math.sin(pitch);
  }
  /** Rotates a world vector into camera space (camera on +z looking at the origin). */
  rotate([x, y, z]: V3): V3 {
    const x1 = x * this.cy + z * this.sy;
    const z1 = -x * this.sy + z * this.cy;
    return [x1, y * this.cp - z1 * this.sp, y * this.sp + z1 * this.cp];
  }
  depth(p: V3): number {
    return this.rotate(p)[2];
  }
  project(p: V3): Pt {
    const [x, y, z] = this.rotate(p);
    const k = this.cam.dist / (this.cam.dist - z);
    return [this.cam.cx + this.cam.scale * x * k, this.cam.cy - this.cam.scale * y * k];
  }
  /** Whether a surface at `p` with outward normal `n` faces the camera. */
  faces(p: V3, n: V3): boolean {
    const q = this.rotate(p);
    const m = this.rotate(n);
    return m[0] * -q[0] + m[1] * -q[1] + m[2] * (this.cam.dist - q[2]) > 0;
  }
  /** Lambert + a little specular, light from upper left front of the camera. */
  light(n: V3): number {
    const [x, y, z] = this.rotate(n);
    const len = Math.hypot(x, y, z) || 1;
    const l: V3 = [-0.38, 0.78, 0.5];
    const ll = Math.hypot(...l);
    const d = (x * l[0] + y * l[1] + z * l[2]) / (len * ll);
    const h: V3 = [l[0] / ll, l[1] / ll + 0, l[2] / ll + 1];
    const hl = Math.hypot(...h);
    const s = Math.max(0, (x * h[0] + y * h[1] + z * h[2]) / (len * hl)) ** 24;
    return 0.7 + 0.4 * Math.max(0, d) + 0.45 * s;
  }
}

const poly = (pts: Pt[]) => pts.map(([x, y]) => `${round1(x)},${round1(y)}`).join(" ");

function convexHull(points: Pt[]): Pt[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pt[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(at(lower, lower.length - 2), at(lower, lower.length - 1), p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = at(pts, i);
    while (upper.length >= 2 && cross(at(upper, upper.length - 2), at(upper, upper.length - 1), p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

const MATERIAL_BASE: Record<Exclude<Material, "paint">, string> = {
  glass: "#1a232c",
  trim: "#2b2e32",
  alloy: "#aeb3b8",
  tonneau: "#24272a",
  cabin: "#3b3531",
  canvas: "#cfc3a5",
  chrome: "#d5d9dd",
  dark: "#202326",
};

interface Drawn {
  depth: number;
  svg: string;
}

let gradientSeq = 0;

function surfaceColour(material: Material, paint: string, intensity: number, up: number): string {
  if (material === "glass")
    return mix(shade(MATERIAL_BASE.glass, 0.9 + 0.2 * intensity), "#7f9db8", 0.18 + 0.3 * up);
  const base = material === "paint" ? paint : MATERIAL_BASE[material];
  return shade(base, intensity);
}

/** Draws one car body into SVG markup for the given camera. */
export function drawCar(model: BodyModel, paint: string, cam: Camera, defs: string[]): string {
  const pj = new Projector(cam);
  const items: Drawn[] = [];
  const hw = (x: number, y: number) => halfWidth(model, x, y);
  const sideSign: 1 | -1 = pj.faces([0, model.height / 2, 0], [0, 0, 1]) ? 1 : -1;
  const frontSeen = pj.faces([model.length / 2, 0.6, 0], [1, 0, 0]);
  const rearSeen = pj.faces([-model.length / 2, 0.6, 0], [-1, 0, 0]);
  const sideN: V3 = [0, 0, sideSign];
  const sideStrength = Math.abs(pj.rotate(sideN)[2]);
  const sideVisible = sideStrength > 0.06;

  const extrude = (profile: ProfilePoint[], width: (x: number, y: number) => number, zc: number) => {
    for (let i = 0; i < profile.length; i++) {
      const a = at(profile, i);
      const b = at(profile, (i + 1) % profile.length);
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len = Math.hypot(dx, dy);
      if (len < 1e-6) continue;
      const n: V3 = [dy / len, -dx / len, 0];
      const wa = width(a.x, a.y);
      const wb = width(b.x, b.y);
      const quad: V3[] = [
        [a.x, a.y, zc + wa],
        [b.x, b.y, zc + wb],
        [b.x, b.y, zc - wb],
        [a.x, a.y, zc - wa],
      ];
      const mid: V3 = [(a.x + b.x) / 2, (a.y + b.y) / 2, zc];
      if (!pj.faces(mid, n)) continue;
      const col = surfaceColour(a.m, paint, pj.light(n), Math.max(0, n[1]));
      const pts = quad.map((p) => pj.project(p));
      const fill = a.m === "glass" ? "url(#glassStrip)" : col;
      items.push({
        depth: pj.depth(mid),
        svg: `<polygon points="${poly(pts)}" fill="${fill}" stroke="${col}" stroke-width="0.8"/>`,
      });
    }
  };

  // Far wheels first: the body hides most of them.
  const wheels = (sign: 1 | -1) =>
    model.wheelX.map((wx) => ({
      depth: pj.depth([wx, model.wheelR, sign * (model.width / 2 - 0.12)]),
      svg: drawWheel(model, pj, wx, sign, defs),
    }));
  const farWheels = wheels(-sideSign as 1 | -1);
  const nearWheels = wheels(sideSign);

  extrude(model.profile, hw, 0);
  for (const part of model.parts) {
    extrude(part.profile, () => part.hw, part.zc);
    const zs = part.zc + sideSign * part.hw;
    if (pj.faces([part.profile[0]?.x ?? 0, part.profile[0]?.y ?? 0, zs], sideN)) {
      const pts = part.profile.map((p) => pj.project([p.x, p.y, zs]));
      const c = surfaceColour(part.side, paint, pj.light(sideN), 0);
      const cx = part.profile.reduce((s, p) => s + p.x, 0) / part.profile.length;
      const cyv = part.profile.reduce((s, p) => s + p.y, 0) / part.profile.length;
      items.push({
        depth: pj.depth([cx, cyv, zs]),
        svg: `<polygon points="${poly(pts)}" fill="${c}" stroke="${shade(c, 0.8)}" stroke-width="0.8"/>`,
      });
    }
  }

  const endGroup = (features: EndFeature[], dir: 1 | -1) => {
    const out: string[] = [];
    for (const f of features) {
      const variants = f.mirror ? [1, -1] : [1];
      for (const s of variants) {
        const pts = f.pts.map(([y, zf]) => {
          const x = endX(model.profile, y, dir);
          return pj.project([x + dir * 0.012, y, s * zf * halfWidth(model, x, y)]);
        });
        out.push(
          `<polygon points="${poly(pts)}" fill="${f.fill}"${f.opacity === undefined ? "" : ` opacity="${f.opacity}"`}${
            f.stroke ? ` stroke="${f.stroke}" stroke-width="${f.strokeWidth ?? 1}"` : ""
          }/>`,
        );
      }
    }
    return out.join("");
  };
  const endDepth = (features: EndFeature[], dir: 1 | -1) => {
    const ys = features.flatMap((f) => f.pts.map((p) => p[0]));
    const y = ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : 0.6;
    return pj.depth([endX(model.profile, y, dir) + dir * 0.3, y, 0]);
  };
  if (frontSeen && model.front.length)
    items.push({ depth: endDepth(model.front, 1), svg: endGroup(model.front, 1) });
  if (rearSeen && model.rear.length)
    items.push({ depth: endDepth(model.rear, -1), svg: endGroup(model.rear, -1) });
  if (!sideVisible) items.push(...nearWheels);
  items.sort((a, b) => a.depth - b.depth);

  defs.push(
    `<linearGradient id="glassStrip" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#62788c"/><stop offset="0.5" stop-color="#26323d"/><stop offset="1" stop-color="#111820"/></linearGradient>`,
  );
  const out: string[] = farWheels.map((w) => w.svg);
  out.push(...items.map((i) => i.svg));

  if (sideVisible) {
    const onSide = (x: number, y: number, outBy = 0): V3 => [x, y, sideSign * (hw(x, y) + outBy)];
    const sidePts = model.profile.map((p) => pj.project(onSide(p.x, p.y)));
    const lit = clamp(pj.light(sideN), 0.86, 1.1);
    const base = shade(paint, lit);
    const gid = `g${gradientSeq++}`;
    // Tall flat sides (caravans, motorhomes) keep their colour; car doors darken towards the sill.
    const [top, low] = model.height > 2.5 ? [1.06, 0.9] : [1.12, 0.7];
    defs.push(
      `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(base, top)}"/><stop offset="0.42" stop-color="${base}"/><stop offset="0.62" stop-color="${shade(base, 0.95)}"/><stop offset="1" stop-color="${shade(base, low)}"/></linearGradient>`,
    );
    out.push(
      `<polygon points="${poly(sidePts)}" fill="url(#${gid})" stroke="${shade(base, 0.75)}" stroke-width="0.8"/>`,
    );

    const feature = (f: SideFeature) => {
      const pts = f.pts.map(([x, y]) => pj.project(onSide(x, y, f.out ?? 0.004)));
      const fill = f.fill === "paint" ? base : f.fill;
      const attrs = `${f.opacity === undefined ? "" : ` opacity="${f.opacity}"`}${
        f.stroke ? ` stroke="${f.stroke}" stroke-width="${f.strokeWidth ?? 1}"` : ""
      }`;
      return f.line
        ? `<polyline points="${poly(pts)}" fill="none" stroke="${fill}" stroke-width="${f.strokeWidth ?? 1.5}" stroke-linecap="round"${f.opacity === undefined ? "" : ` opacity="${f.opacity}"`}/>`
        : `<polygon points="${poly(pts)}" fill="${fill}"${attrs}/>`;
    };
    // Wheel arches: dark openings around each wheel, cut at the sill.
    const sill = Math.min(...model.profile.map((p) => p.y)) + 0.02;
    for (const wx of model.wheelX) {
      const r = model.wheelR + 0.07;
      const arch: Pt[] = [];
      for (let t = 0; t <= 32; t++) {
        const a = Math.PI * (t / 32);
        const y = model.wheelR + r * Math.sin(a);
        if (y >= sill) arch.push([wx + r * Math.cos(a), y]);
      }
      if (arch.length > 2) out.push(feature({ pts: arch, fill: "#121416" }));
    }
    const gl = `w${gradientSeq++}`;
    defs.push(
      `<linearGradient id="${gl}" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="#5d7488"/><stop offset="0.45" stop-color="#1f2a35"/><stop offset="1" stop-color="#0e1318"/></linearGradient>`,
    );
    for (const w of model.windows) out.push(feature({ pts: w, fill: `url(#${gl})`, out: 0.006 }));
    for (const p of model.pillars) out.push(feature({ pts: p, fill: "#15191d", out: 0.008 }));
    // A soft reflection streak across the glass.
    for (const w of model.windows) {
      const xs = w.map((p) => p[0]);
      const ys = w.map((p) => p[1]);
      const x0 = Math.min(...xs);
      const x1 = Math.max(...xs);
      const y0 = Math.min(...ys);
      const y1 = Math.max(...ys);
      if (x1 - x0 < 0.3) continue;
      const streak: Pt[] = [
        [x0 + (x1 - x0) * 0.42, y1 - 0.02],
        [x0 + (x1 - x0) * 0.62, y1 - 0.02],
        [x0 + (x1 - x0) * 0.45, y0 + 0.03],
        [x0 + (x1 - x0) * 0.25, y0 + 0.03],
      ];
      out.push(feature({ pts: streak, fill: "#ffffff", opacity: 0.07, out: 0.009 }));
    }
    if (model.shoulder.length > 1) {
      out.push(feature({ pts: model.shoulder, fill: "#ffffff", line: true, opacity: 0.35, strokeWidth: 2 }));
    }
    out.push(...model.side.map(feature));
    out.push(...nearWheels.map((w) => w.svg));
  }
  return out.join("");
}

function drawWheel(model: BodyModel, pj: Projector, wx: number, sign: 1 | -1, defs: string[]): string {
  const r = model.wheelR;
  const zo = sign * (model.width / 2 - 0.07);
  const outerVisible = pj.faces([wx, r, zo], [0, 0, sign]);
  // Seen from outside only the outer shoulder of the tread shows; the rest is inside the arch.
  const zi = zo - sign * (outerVisible ? model.wheelW * 0.35 : model.wheelW);
  const ring = (radius: number, z: number, n = 28): Pt[] =>
    Array.from({ length: n }, (_, i) => {
      const a = (i / n) * Math.PI * 2;
      return pj.project([wx + radius * Math.cos(a), r + radius * Math.sin(a), z]);
    });
  const outer = ring(r, zo);
  const inner = ring(r, zi);
  const parts = [`<polygon points="${poly(convexHull([...outer, ...inner]))}" fill="#17191b"/>`];
  if (!outerVisible) {
    parts.push(`<polygon points="${poly(inner)}" fill="#1f2224"/>`);
    return parts.join("");
  }
  parts.push(`<polygon points="${poly(outer)}" fill="#26292c"/>`);
  const rimR = r * 0.66;
  const rimCol = model.rim === "dark" ? "#4a4f55" : model.rim === "steel" ? "#c9ccce" : "#cfd4d9";
  const gid = `r${gradientSeq++}`;
  defs.push(
    `<linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(rimCol, 1.25)}"/><stop offset="0.6" stop-color="${rimCol}"/><stop offset="1" stop-color="${shade(rimCol, 0.6)}"/></linearGradient>`,
  );
  const zr = zo + sign * 0.005;
  parts.push(`<polygon points="${poly(ring(rimR, zr, 32))}" fill="url(#${gid})"/>`);
  // Spoke windows show the dark brake disc behind the rim.
  const spokes = model.rim === "steel" ? 8 : model.rim === "dark" ? 6 : 5;
  const gap = model.rim === "steel" ? 0.18 : 0.32;
  for (let s = 0; s < spokes; s++) {
    const a0 = (s / spokes) * Math.PI * 2 + 0.3;
    const a1 = a0 + ((Math.PI * 2) / spokes) * (1 - gap);
    const win: Pt[] = [];
    const r0 = model.rim === "steel" ? rimR * 0.55 : rimR * 0.3;
    const r1 = model.rim === "steel" ? rimR * 0.75 : rimR * 0.86;
    for (let t = 0; t <= 4; t++) {
      const a = a0 + ((a1 - a0) * t) / 4;
      win.push(pj.project([wx + r1 * Math.cos(a), r + r1 * Math.sin(a), zr + sign * 0.002]));
    }
    for (let t = 4; t >= 0; t--) {
      const a = a0 + ((a1 - a0) * t) / 4 + 0.12;
      win.push(pj.project([wx + r0 * Math.cos(a), r + r0 * Math.sin(a), zr + sign * 0.002]));
    }
    parts.push(`<polygon points="${poly(win)}" fill="#2d3135"/>`);
  }
  parts.push(
    `<polygon points="${poly(ring(rimR * 0.2, zr + sign * 0.01, 12))}" fill="${shade(rimCol, 0.8)}"/>`,
  );
  return parts.join("");
}

// ---------------------------------------------------------------------------------------------
// Body models (metres; x forward, y up). Each is a plausible average of its class.
// ---------------------------------------------------------------------------------------------

const LINE = "#0b0d0f";
const HEADLAMP = "#e4ebf2";
const TAIL = "#a3111a";

/** Door shut lines, handles, mirror and the side parts of the lamps shared by most passenger cars. */
function carSide(o: {
  doors: number[][];
  handles: number[];
  handleY: number;
  mirror: [number, number];
  head: Pt[];
  tail: Pt[];
  sill: [number, number, number];
  extra?: SideFeature[];
}): SideFeature[] {
  const [mx, my] = o.mirror;
  return [
    ...o.doors.map((d) => ({
      pts: pts(...d),
      fill: LINE,
      line: true,
      opacity: 0.45,
      strokeWidth: 1.6,
    })),
    ...o.handles.map((x) => ({
      pts: [
        [x, o.handleY],
        [x - 0.2, o.handleY],
        [x - 0.2, o.handleY - 0.035],
        [x, o.handleY - 0.035],
      ] as Pt[],
      fill: "#1e2124",
      opacity: 0.55,
    })),
    {
      pts: [
        [o.sill[0], o.sill[2]],
        [o.sill[1], o.sill[2]],
        [o.sill[1], o.sill[2] + 0.08],
        [o.sill[0], o.sill[2] + 0.08],
      ],
      fill: "#202326",
      opacity: 0.85,
    },
    {
      pts: [
        [mx, my],
        [mx + 0.02, my + 0.13],
        [mx - 0.22, my + 0.14],
        [mx - 0.26, my + 0.02],
      ],
      fill: "paint",
      out: 0.1,
      stroke: "#15181b",
      strokeWidth: 1,
    },
    { pts: o.head, fill: HEADLAMP, stroke: "#3a3f44", strokeWidth: 1 },
    { pts: o.tail, fill: TAIL, stroke: "#4a0a0e", strokeWidth: 1 },
    ...(o.extra ?? []),
  ];
}

function passengerFront(o: {
  lampY: [number, number];
  lampZ: [number, number];
  grille: [number, number, number];
  plateY: number;
  intake?: [number, number, number];
  fog?: boolean;
}): EndFeature[] {
  const [ly0, ly1] = o.lampY;
  const [lz0, lz1] = o.lampZ;
  const [gy0, gy1, gz] = o.grille;
  const features: EndFeature[] = [
    {
      pts: [
        [gy0, -gz * 0.92],
        [gy1, -gz],
        [gy1, gz],
        [gy0, gz * 0.92],
      ],
      fill: "#14171a",
      stroke: "#6b7075",
      strokeWidth: 1,
    },
    {
      pts: [
        [ly0, lz0],
        [ly1, lz0 - 0.03],
        [ly1, lz1],
        [ly0 + 0.02, lz1 + 0.02],
      ],
      fill: HEADLAMP,
      mirror: true,
      stroke: "#30353a",
      strokeWidth: 1,
    },
    {
      pts: [
        [ly1 - 0.025, lz0 + 0.02],
        [ly1 - 0.01, lz0 + 0.02],
        [ly1 - 0.01, lz1 - 0.02],
        [ly1 - 0.025, lz1 - 0.02],
      ],
      fill: "#ffffff",
      mirror: true,
    },
    {
      pts: [
        [(gy0 + gy1) / 2 - 0.03, -0.07],
        [(gy0 + gy1) / 2 + 0.03, -0.07],
        [(gy0 + gy1) / 2 + 0.03, 0.07],
        [(gy0 + gy1) / 2 - 0.03, 0.07],
      ],
      fill: "#c9ced3",
    },
    {
      pts: [
        [o.plateY, -0.25],
        [o.plateY + 0.11, -0.25],
        [o.plateY + 0.11, 0.25],
        [o.plateY, 0.25],
      ],
      fill: "#f3f3ee",
      stroke: "#24272a",
      strokeWidth: 1.2,
    },
  ];
  if (o.intake) {
    const [iy0, iy1, iz] = o.intake;
    features.splice(1, 0, {
      pts: [
        [iy0, -iz * 0.9],
        [iy1, -iz],
        [iy1, iz],
        [iy0, iz * 0.9],
      ],
      fill: "#1c1f22",
    });
  }
  if (o.fog) {
    features.push({
      pts: [
        [o.plateY - 0.02, 0.78],
        [o.plateY + 0.05, 0.78],
        [o.plateY + 0.05, 0.92],
        [o.plateY - 0.02, 0.92],
      ],
      fill: "#d8dde2",
      mirror: true,
    });
  }
  return features;
}

function passengerRear(o: {
  lampY: [number, number];
  lampZ: [number, number];
  plateY: number;
  lowY?: number;
}): EndFeature[] {
  const [ly0, ly1] = o.lampY;
  const [lz0, lz1] = o.lampZ;
  const features: EndFeature[] = [
    {
      pts: [
        [ly0, lz0],
        [ly1, lz0],
        [ly1, lz1],
        [ly0, lz1 - 0.02],
      ],
      fill: TAIL,
      mirror: true,
      stroke: "#4a0a0e",
      strokeWidth: 1,
    },
    {
      pts: [
        [ly0 + 0.03, lz0 + 0.05],
        [ly1 - 0.03, lz0 + 0.05],
        [ly1 - 0.03, lz0 + 0.12],
        [ly0 + 0.03, lz0 + 0.12],
      ],
      fill: "#e8e8e8",
      mirror: true,
      opacity: 0.8,
    },
    {
      pts: [
        [o.plateY, -0.25],
        [o.plateY + 0.11, -0.25],
        [o.plateY + 0.11, 0.25],
        [o.plateY, 0.25],
      ],
      fill: "#f3f3ee",
      stroke: "#24272a",
      strokeWidth: 1.2,
    },
    {
      pts: [
        [o.plateY + 0.16, -0.06],
        [o.plateY + 0.2, -0.06],
        [o.plateY + 0.2, 0.06],
        [o.plateY + 0.16, 0.06],
      ],
      fill: "#c9ced3",
    },
  ];
  if (o.lowY !== undefined) {
    features.push({
      pts: [
        [o.lowY, -0.8],
        [o.lowY + 0.1, -0.84],
        [o.lowY + 0.1, 0.84],
        [o.lowY, 0.8],
      ],
      fill: "#1c1f22",
    });
  }
  return features;
}

function sedanModel(): BodyModel {
  return {
    length: 4.88,
    width: 1.84,
    height: 1.445,
    belt: 0.98,
    roofTaper: 0.2,
    cornerLen: 0.6,
    cornerTaper: 0.14,
    wheelR: 0.34,
    wheelW: 0.23,
    wheelX: [1.42, -1.41],
    rim: "alloy",
    profile: [
      P(2.36, 0.24, "trim"),
      P(2.43, 0.4),
      P(2.45, 0.58),
      P(2.4, 0.7),
      P(2.25, 0.77),
      P(1.25, 0.92),
      P(1.05, 0.955, "glass"),
      P(0.28, 1.4),
      P(0.05, 1.445),
      P(-0.65, 1.435),
      P(-0.92, 1.39, "glass"),
      P(-1.72, 1.07),
      P(-2.25, 1.03),
      P(-2.4, 0.95),
      P(-2.44, 0.62),
      P(-2.42, 0.4, "trim"),
      P(-2.35, 0.24, "trim"),
      P(-1.95, 0.2, "trim"),
      P(1.95, 0.2, "trim"),
    ],
    parts: [],
    windows: [
      [
        [1.0, 0.985],
        [0.3, 1.36],
        [-0.62, 1.365],
        [-1.3, 1.025],
      ],
    ],
    pillars: [
      [
        [-0.06, 0.99],
        [0.02, 0.99],
        [0.02, 1.37],
        [-0.06, 1.37],
      ],
      [
        [-0.92, 1.0],
        [-0.87, 1.0],
        [-0.87, 1.2],
        [-0.92, 1.2],
      ],
    ],
    shoulder: [
      [2.2, 0.76],
      [1.0, 0.86],
      [-1.5, 0.9],
      [-2.35, 0.9],
    ],
    side: carSide({
      doors: [
        [1.0, 0.98, 1.02, 0.6, 0.98, 0.24],
        [-0.04, 0.98, -0.04, 0.24],
        [-1.0, 1.0, -1.04, 0.66, -0.96, 0.58],
      ],
      handles: [0.28, -0.78],
      handleY: 0.87,
      mirror: [0.98, 0.97],
      head: [
        [2.02, 0.755],
        [2.33, 0.715],
        [2.42, 0.63],
        [2.2, 0.66],
      ],
      tail: [
        [-2.39, 0.94],
        [-2.0, 0.98],
        [-2.06, 0.9],
        [-2.41, 0.84],
      ],
      sill: [0.95, -0.97, 0.2],
    }),
    front: passengerFront({
      lampY: [0.6, 0.71],
      lampZ: [0.6, 0.97],
      grille: [0.4, 0.6, 0.5],
      plateY: 0.28,
      intake: [0.24, 0.36, 0.75],
      fog: true,
    }),
    rear: passengerRear({ lampY: [0.84, 0.96], lampZ: [0.55, 0.98], plateY: 0.62, lowY: 0.26 }),
  };
}

// ---------------------------------------------------------------------------------------------
// Scenes: backdrop, shadow, car
// ---------------------------------------------------------------------------------------------

export type Backdrop = "showroom" | "yard" | "studio" | "outback";

function backdropSvg(kind: Backdrop, w: number, h: number, horizon: number): string {
  if (kind === "studio") {
    return `<defs><radialGradient id="bgS" cx="0.5" cy="0.42" r="0.8"><stop offset="0" stop-color="#fbfbfc"/><stop offset="0.7" stop-color="#e3e6ea"/><stop offset="1" stop-color="#c9ced4"/></radialGradient><linearGradient id="flS" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe2e6" stop-opacity="0"/><stop offset="1" stop-color="#c3c8ce"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bgS)"/><rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#flS)"/>`;
  }
  if (kind === "showroom") {
    const lines: string[] = [];
    const vx = w / 2;
    for (let i = -12; i <= 12; i++) {
      const x = vx + i * 170;
      lines.push(`<line x1="${vx + i * 30}" y1="${horizon}" x2="${x}" y2="${h}"/>`);
    }
    for (let k = 1; k < 8; k++) {
      const y = horizon + (h - horizon) * (k / 8) ** 1.7;
      lines.push(`<line x1="0" y1="${round1(y)}" x2="${w}" y2="${round1(y)}"/>`);
    }
    const lights = Array.from({ length: 6 }, (_, i) => {
      const x = 110 + i * 196;
      return `<ellipse cx="${x}" cy="58" rx="28" ry="6" fill="#fffbe8"/><ellipse cx="${x}" cy="70" rx="70" ry="30" fill="#ffffff" opacity="0.18"/>`;
    }).join("");
    return `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9dde2"/><stop offset="1" stop-color="#f2f4f6"/></linearGradient><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c4c9cf"/><stop offset="1" stop-color="#eef0f2"/></linearGradient></defs>
<rect width="${w}" height="${horizon}" fill="url(#wall)"/>
<rect width="${w}" height="46" fill="#2b3036"/>${lights}
<rect x="60" y="120" width="${w - 120}" height="${horizon - 150}" fill="#e9eef3" stroke="#c5ccd3" stroke-width="3"/>
${Array.from({ length: 5 }, (_, i) => `<line x1="${60 + ((w - 120) / 5) * (i + 1)}" y1="120" x2="${60 + ((w - 120) / 5) * (i + 1)}" y2="${horizon - 30}" stroke="#c5ccd3" stroke-width="6"/>`).join("")}
<rect x="60" y="120" width="${w - 120}" height="${horizon - 150}" fill="#b9d3e8" opacity="0.35"/>
<rect y="${horizon - 30}" width="${w}" height="30" fill="#b8bec5"/>
<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#floor)"/>
<g stroke="#aeb4bb" stroke-width="1.2" opacity="0.55">${lines.join("")}</g>`;
  }
  if (kind === "outback") {
    return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3f86c8"/><stop offset="1" stop-color="#cfe4f2"/></linearGradient><linearGradient id="dirt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c98455"/><stop offset="1" stop-color="#9a5531"/></linearGradient></defs>
<rect width="${w}" height="${horizon}" fill="url(#sky)"/>
<ellipse cx="260" cy="120" rx="120" ry="26" fill="#ffffff" opacity="0.7"/><ellipse cx="330" cy="108" rx="80" ry="22" fill="#ffffff" opacity="0.8"/><ellipse cx="930" cy="160" rx="140" ry="22" fill="#ffffff" opacity="0.6"/>
<path d="M0 ${horizon - 40} Q 200 ${horizon - 90} 420 ${horizon - 50} T 820 ${horizon - 60} T ${w} ${horizon - 45} V ${horizon} H 0 Z" fill="#a07a5a" opacity="0.7"/>
${[90, 180, 1010, 1120].map((x, i) => `<rect x="${x - 4}" y="${horizon - 110 + i * 6}" width="8" height="${100 - i * 6}" fill="#e7e1d6"/><ellipse cx="${x}" cy="${horizon - 120 + i * 6}" rx="${48 - i * 3}" ry="34" fill="#5d7447"/><ellipse cx="${x + 26}" cy="${horizon - 100 + i * 6}" rx="34" ry="24" fill="#6f8755"/>`).join("")}
<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#dirt)"/>
<path d="M0 ${h - 60} Q ${w / 2} ${h - 110} ${w} ${h - 50}" stroke="#b87148" stroke-width="18" fill="none" opacity="0.5"/>`;
  }
  // yard: outdoor dealer yard with bunting, building and asphalt.
  const bunting = Array.from({ length: 24 }, (_, i) => {
    const x = i * 52 + 10;
    const colours = ["#d4202c", "#f2c500", "#1d4f91", "#ffffff"];
    return `<polygon points="${x},64 ${x + 36},${64 + Math.sin(i) * 4} ${x + 18},96" fill="${at(colours, i % 4)}"/>`;
  }).join("");
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f93d1"/><stop offset="1" stop-color="#d6e9f6"/></linearGradient><linearGradient id="asph" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8b9096"/><stop offset="1" stop-color="#5a5f64"/></linearGradient></defs>
<rect width="${w}" height="${horizon}" fill="url(#sky)"/>
<ellipse cx="200" cy="150" rx="110" ry="24" fill="#ffffff" opacity="0.75"/><ellipse cx="980" cy="110" rx="150" ry="28" fill="#ffffff" opacity="0.65"/>
<rect x="640" y="${horizon - 180}" width="560" height="180" fill="#e6e8ea"/><rect x="640" y="${horizon - 190}" width="560" height="26" fill="#3a4047"/>
<rect x="680" y="${horizon - 140}" width="480" height="110" fill="#9fbdd6" opacity="0.8"/>
${Array.from({ length: 5 }, (_, i) => `<line x1="${680 + i * 96}" y1="${horizon - 140}" x2="${680 + i * 96}" y2="${horizon - 30}" stroke="#e6e8ea" stroke-width="5"/>`).join("")}
${[40, 140, 250, 360, 470].map((x) => `<ellipse cx="${x}" cy="${horizon - 60}" rx="70" ry="70" fill="#4b6b3f"/><ellipse cx="${x + 40}" cy="${horizon - 40}" rx="50" ry="48" fill="#5c7f4c"/>`).join("")}
<line x1="0" y1="64" x2="${w}" y2="64" stroke="#555" stroke-width="1.5"/>${bunting}
<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#asph)"/>
<g stroke="#eef0f2" stroke-width="5" opacity="0.7">${[-500, -150, 200, 550, 900, 1250, 1600].map((x) => `<line x1="${x / 2 + 300}" y1="${horizon + 6}" x2="${x}" y2="${h}"/>`).join("")}</g>`;
}

/** Ground shadow from the projected footprint, with darker patches under the tyres. */
function shadowSvg(model: BodyModel, cam: Camera): string {
  const pj = new Projector(cam);
  const hw = model.width / 2 + 0.08;
  const l = model.length / 2 + 0.05;
  const parts = model.parts.flatMap((p) => p.profile.map((q) => q.x));
  const xmin = Math.min(-l, ...parts);
  const xmax = Math.max(l, ...parts);
  const corners = [
    pj.project([xmin, 0, -hw]),
    pj.project([xmax, 0, -hw]),
    pj.project([xmax, 0, hw]),
    pj.project([xmin, 0, hw]),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const rx = (Math.max(...xs) - Math.min(...xs)) / 2 + 6;
  const ry = (Math.max(...ys) - Math.min(...ys)) / 2 + 8;
  const tyres = model.wheelX
    .flatMap((wx) => [1, -1].map((s) => pj.project([wx, 0, s * (model.width / 2 - 0.18)])))
    .map(
      ([x, y]) =>
        `<ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(model.wheelR * cam.scale * 0.6)}" ry="${round1(model.wheelR * cam.scale * 0.12)}" fill="url(#shT)"/>`,
    )
    .join("");
  return `<defs><radialGradient id="shB"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.55" stop-color="#000" stop-opacity="0.4"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient><radialGradient id="shT"><stop offset="0" stop-color="#000" stop-opacity="0.7"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><ellipse cx="${round1(cx)}" cy="${round1(cy)}" rx="${round1(rx)}" ry="${round1(ry)}" fill="url(#shB)"/>${tyres}`;
}

/** Projected extent of a model at a yaw, with scale 1 and the origin at (0, 0). */
function extent(
  model: BodyModel,
  yaw: number,
  pitch: number,
): { minX: number; maxX: number; minY: number; maxY: number } {
  const pj = new Projector({ yaw, pitch, dist: CAMERA_DIST, scale: 1, cx: 0, cy: 0 });
  const pts: Pt[] = [];
  const add = (x: number, y: number, z: number) => pts.push(pj.project([x, y, z]));
  for (const p of model.profile) for (const s of [1, -1]) add(p.x, p.y, s * halfWidth(model, p.x, p.y));
  for (const part of model.parts)
    for (const p of part.profile) for (const s of [1, -1]) add(p.x, p.y, part.zc + s * part.hw);
  for (const wx of model.wheelX) for (const s of [1, -1]) add(wx, 0, (s * model.width) / 2);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

const CAMERA_DIST = 12;
const PITCH = 8;

/** A camera that frames the car in a w × h picture, or a fixed frame for every yaw (spin). */
function frameCamera(model: BodyModel, yaw: number, w: number, h: number, fixed: boolean): Camera {
  const yaws = fixed ? Array.from({ length: 24 }, (_, i) => i * 15) : [yaw];
  const ext = yaws.map((y) => extent(model, y, PITCH));
  const minX = Math.min(...ext.map((e) => e.minX));
  const maxX = Math.max(...ext.map((e) => e.maxX));
  const minY = Math.min(...ext.map((e) => e.minY));
  const maxY = Math.max(...ext.map((e) => e.maxY));
  const side = extent(model, 0, PITCH);
  const sideScale = (w * 0.8) / (side.maxX - side.minX);
  const scale = Math.min((w * 0.8) / (maxX - minX), (h * 0.6) / (maxY - minY), sideScale * 1.3);
  return {
    yaw,
    pitch: PITCH,
    dist: CAMERA_DIST,
    scale,
    cx: w / 2 - (scale * (minX + maxX)) / 2,
    cy: h * 0.8 - scale * maxY + (h * 0.6 - scale * (maxY - minY)) / 2,
  };
}

export function carSceneSvg(o: {
  model: BodyModel;
  paint: string;
  yaw: number;
  backdrop: Backdrop;
  fixedFrame?: boolean;
  w?: number;
  h?: number;
}): string {
  const w = o.w ?? 1200;
  const h = o.h ?? 800;
  const cam = frameCamera(o.model, o.yaw, w, h, o.fixedFrame ?? false);
  const defs: string[] = [];
  const car = drawCar(o.model, o.paint, cam, defs);
  const horizon = Math.round(clamp(cam.cy - cam.scale * 1.1, h * 0.38, h * 0.62));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${backdropSvg(o.backdrop, w, h, horizon)}${shadowSvg(o.model, cam)}<defs>${defs.join("")}</defs>${car}</svg>`;
}

/** Flat [x0, y0, x1, y1, …] to points. */
function pts(...values: number[]): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i + 1 < values.length; i += 2) out.push([at(values, i), at(values, i + 1)]);
  return out;
}
const rect = (x0: number, y0: number, x1: number, y1: number): Pt[] => pts(x0, y0, x1, y0, x1, y1, x0, y1);
/** A rectangle profile, counter-clockwise seen from +z like every profile. */
const box = (x0: number, y0: number, x1: number, y1: number, m: Material): ProfilePoint[] => [
  P(x1, y0, m),
  P(x1, y1, m),
  P(x0, y1, m),
  P(x0, y0, m),
];

function hatchModel(): BodyModel {
  return {
    length: 4.37,
    width: 1.79,
    height: 1.43,
    belt: 0.96,
    roofTaper: 0.19,
    cornerLen: 0.55,
    cornerTaper: 0.13,
    wheelR: 0.33,
    wheelW: 0.22,
    wheelX: [1.33, -1.31],
    rim: "alloy",
    profile: [
      P(2.12, 0.24, "trim"),
      P(2.18, 0.4),
      P(2.2, 0.56),
      P(2.15, 0.68),
      P(1.98, 0.76),
      P(1.1, 0.9),
      P(0.92, 0.93, "glass"),
      P(0.15, 1.38),
      P(-0.05, 1.43),
      P(-1.32, 1.425),
      P(-1.5, 1.37, "glass"),
      P(-2.02, 1.04),
      P(-2.14, 0.96),
      P(-2.19, 0.62),
      P(-2.18, 0.4, "trim"),
      P(-2.12, 0.24, "trim"),
      P(-1.7, 0.2, "trim"),
      P(1.7, 0.2, "trim"),
    ],
    parts: [],
    windows: [pts(0.88, 0.965, 0.17, 1.345, -1.24, 1.36, -1.62, 1.03)],
    pillars: [rect(-0.24, 0.97, -0.16, 1.36), pts(-1.1, 1.0, -1.0, 1.0, -1.18, 1.36, -1.3, 1.36)],
    shoulder: pts(1.95, 0.74, 0.9, 0.85, -1.4, 0.9, -2.1, 0.92),
    side: carSide({
      doors: [
        [0.9, 0.96, 0.93, 0.6, 0.9, 0.24],
        [-0.2, 0.97, -0.2, 0.24],
        [-1.08, 0.99, -1.12, 0.68, -0.98, 0.58],
      ],
      handles: [0.12, -0.86],
      handleY: 0.86,
      mirror: [0.88, 0.95],
      head: pts(1.78, 0.74, 2.1, 0.7, 2.18, 0.62, 1.95, 0.64),
      tail: pts(-2.13, 0.97, -1.82, 1.0, -1.86, 0.92, -2.17, 0.86),
      sill: [0.88, -0.9, 0.2],
    }),
    front: passengerFront({
      lampY: [0.58, 0.69],
      lampZ: [0.6, 0.97],
      grille: [0.36, 0.56, 0.5],
      plateY: 0.25,
      intake: [0.22, 0.33, 0.75],
      fog: true,
    }),
    rear: passengerRear({ lampY: [0.86, 0.97], lampZ: [0.6, 0.98], plateY: 0.58, lowY: 0.25 }),
  };
}

const roofRails = (x0: number, x1: number, y: number, z: number): Part[] =>
  [1, -1].map((s) => ({
    profile: [
      P(x0, y - 0.01, "dark"),
      P(x0 - 0.05, y + 0.06, "dark"),
      P(x1 + 0.05, y + 0.05, "dark"),
      P(x1, y - 0.02, "dark"),
    ],
    hw: 0.025,
    zc: s * z,
    side: "dark" as Material,
  }));

function suvModel(): BodyModel {
  return {
    length: 4.6,
    width: 1.855,
    height: 1.69,
    belt: 1.08,
    roofTaper: 0.16,
    cornerLen: 0.6,
    cornerTaper: 0.14,
    wheelR: 0.37,
    wheelW: 0.24,
    wheelX: [1.38, -1.31],
    rim: "alloy",
    profile: [
      P(2.22, 0.3, "trim"),
      P(2.28, 0.5),
      P(2.3, 0.72),
      P(2.24, 0.88),
      P(2.05, 0.95),
      P(1.25, 1.05),
      P(1.1, 1.08, "glass"),
      P(0.35, 1.62),
      P(0.15, 1.68),
      P(-1.75, 1.66),
      P(-1.98, 1.6, "glass"),
      P(-2.22, 1.22),
      P(-2.28, 1.08),
      P(-2.3, 0.7),
      P(-2.28, 0.45, "trim"),
      P(-2.2, 0.3, "trim"),
      P(-1.8, 0.26, "trim"),
      P(1.8, 0.26, "trim"),
    ],
    parts: roofRails(0.1, -1.7, 1.69, 0.64),
    windows: [pts(1.05, 1.1, 0.38, 1.58, -1.7, 1.6, -1.95, 1.2, -1.95, 1.14)],
    pillars: [rect(-0.28, 1.1, -0.19, 1.6), pts(-1.22, 1.12, -1.12, 1.12, -1.2, 1.6, -1.3, 1.6)],
    shoulder: pts(2.0, 0.93, 1.0, 1.0, -1.5, 1.05, -2.2, 1.07),
    side: carSide({
      doors: [
        [1.08, 1.08, 1.1, 0.7, 1.03, 0.3],
        [-0.24, 1.1, -0.24, 0.3],
        [-1.2, 1.12, -1.2, 0.8, -0.88, 0.66],
      ],
      handles: [0.1, -0.9],
      handleY: 0.98,
      mirror: [1.05, 1.08],
      head: pts(1.9, 0.93, 2.2, 0.89, 2.28, 0.8, 2.05, 0.82),
      tail: pts(-2.27, 1.1, -1.98, 1.13, -2.0, 1.03, -2.29, 0.99),
      sill: [1.0, -0.9, 0.27],
      extra: [{ pts: rect(1.0, 0.27, -0.92, 0.42), fill: "#26292c", opacity: 0.9 }],
    }),
    front: passengerFront({
      lampY: [0.8, 0.9],
      lampZ: [0.55, 0.97],
      grille: [0.5, 0.78, 0.55],
      plateY: 0.36,
      intake: [0.32, 0.46, 0.8],
      fog: true,
    }),
    rear: passengerRear({ lampY: [0.98, 1.1], lampZ: [0.5, 0.98], plateY: 0.78, lowY: 0.32 }),
  };
}

function utePrefix(): ProfilePoint[] {
  return [
    P(2.6, 0.38, "trim"),
    P(2.66, 0.55),
    P(2.68, 0.85),
    P(2.62, 1.02),
    P(2.4, 1.1),
    P(1.45, 1.2),
    P(1.3, 1.22, "glass"),
    P(0.55, 1.75),
    P(0.35, 1.81),
  ];
}

const uteFront = (): EndFeature[] => [
  ...passengerFront({
    lampY: [0.92, 1.03],
    lampZ: [0.55, 0.97],
    grille: [0.62, 0.95, 0.58],
    plateY: 0.44,
    intake: [0.4, 0.56, 0.82],
    fog: true,
  }),
  { pts: pts(0.38, -0.9, 0.43, -0.9, 0.43, 0.9, 0.38, 0.9), fill: "#c9ced3" },
];

function uteModel(): BodyModel {
  return {
    length: 5.33,
    width: 1.855,
    height: 1.815,
    belt: 1.22,
    roofTaper: 0.15,
    cornerLen: 0.6,
    cornerTaper: 0.12,
    wheelR: 0.39,
    wheelW: 0.26,
    wheelX: [1.65, -1.435],
    rim: "dark",
    profile: [
      ...utePrefix(),
      P(-0.72, 1.8),
      P(-0.8, 1.76),
      P(-0.84, 1.27, "tonneau"),
      P(-2.62, 1.27),
      P(-2.66, 1.22),
      P(-2.68, 0.62),
      P(-2.64, 0.45, "trim"),
      P(-2.55, 0.36, "trim"),
      P(-2.0, 0.33, "trim"),
      P(2.0, 0.33, "trim"),
    ],
    parts: [
      {
        profile: [
          P(-0.92, 1.27, "dark"),
          P(-0.92, 1.62, "dark"),
          P(-1.02, 1.62, "dark"),
          P(-1.02, 1.27, "dark"),
        ],
        hw: 0.86,
        zc: 0,
        side: "dark",
      },
    ],
    windows: [pts(1.25, 1.25, 0.57, 1.71, -0.7, 1.72, -0.72, 1.27)],
    pillars: [rect(0.02, 1.25, 0.1, 1.72)],
    shoulder: pts(2.45, 1.06, 1.3, 1.14, -0.8, 1.17, -2.62, 1.2),
    side: carSide({
      doors: [
        [1.3, 1.22, 1.32, 0.85, 1.2, 0.36],
        [0.06, 1.24, 0.06, 0.36],
        [-0.78, 1.26, -0.78, 0.4],
      ],
      handles: [0.6, -0.35],
      handleY: 1.12,
      mirror: [1.25, 1.22],
      head: pts(2.3, 1.08, 2.6, 1.04, 2.66, 0.94, 2.4, 0.96),
      tail: rect(-2.67, 0.85, -2.6, 1.2),
      sill: [1.2, -1.0, 0.33],
      extra: [{ pts: pts(-0.9, 1.245, -2.6, 1.245), fill: "#111", line: true, opacity: 0.6, strokeWidth: 2 }],
    }),
    front: uteFront(),
    rear: [
      ...passengerRear({ lampY: [0.85, 1.2], lampZ: [0.86, 0.99], plateY: 0.5, lowY: 0.38 }),
      { pts: pts(0.98, -0.3, 1.04, -0.3, 1.04, 0.3, 0.98, 0.3), fill: "#1d2023" },
    ],
  };
}

function cabChassisModel(): BodyModel {
  return {
    length: 5.3,
    width: 1.8,
    height: 1.8,
    belt: 1.22,
    roofTaper: 0.14,
    cornerLen: 0.6,
    cornerTaper: 0.12,
    wheelR: 0.37,
    wheelW: 0.24,
    wheelX: [1.65, -1.435],
    rim: "steel",
    profile: [
      ...utePrefix(),
      P(-0.05, 1.8),
      P(-0.12, 1.75),
      P(-0.16, 0.45, "trim"),
      P(-0.3, 0.4, "trim"),
      P(2.0, 0.35, "trim"),
    ],
    widthAt: (x, y) => {
      let h = 0.9;
      if (y > 1.22) h -= 0.14 * Math.min(1, (y - 1.22) / 0.58);
      const ax = x - 2.05;
      if (ax > 0) h -= 0.12 * Math.min(1.3, ax / 0.6) ** 2;
      return h;
    },
    parts: [
      { profile: box(-2.6, 0.52, -0.22, 0.82, "dark"), hw: 0.42, zc: 0, side: "dark" },
      { profile: box(-2.7, 0.86, -0.24, 1.22, "alloy"), hw: 0.97, zc: 0, side: "alloy" },
      { profile: box(-0.42, 1.22, -0.26, 1.78, "alloy"), hw: 0.9, zc: 0, side: "alloy" },
    ],
    windows: [pts(1.25, 1.25, 0.57, 1.71, -0.02, 1.72, -0.05, 1.27)],
    pillars: [],
    shoulder: pts(2.45, 1.06, 1.3, 1.14, -0.1, 1.17),
    side: carSide({
      doors: [
        [1.3, 1.22, 1.32, 0.85, 1.2, 0.4],
        [-0.1, 1.24, -0.1, 0.45],
      ],
      handles: [0.15],
      handleY: 1.12,
      mirror: [1.25, 1.22],
      head: pts(2.3, 1.08, 2.6, 1.04, 2.66, 0.94, 2.4, 0.96),
      tail: rect(-0.14, 1.0, -0.12, 1.01),
      sill: [1.2, -0.1, 0.36],
    }),
    front: uteFront(),
    rear: [],
  };
}

function wagonModel(): BodyModel {
  return {
    length: 4.87,
    width: 1.84,
    height: 1.52,
    belt: 1.0,
    roofTaper: 0.18,
    cornerLen: 0.6,
    cornerTaper: 0.14,
    wheelR: 0.35,
    wheelW: 0.23,
    wheelX: [1.42, -1.33],
    rim: "alloy",
    profile: [
      P(2.38, 0.26, "trim"),
      P(2.43, 0.44),
      P(2.45, 0.62),
      P(2.4, 0.74),
      P(2.22, 0.82),
      P(1.3, 0.96),
      P(1.12, 0.99, "glass"),
      P(0.35, 1.46),
      P(0.15, 1.51),
      P(-1.95, 1.48),
      P(-2.12, 1.42, "glass"),
      P(-2.36, 1.08),
      P(-2.42, 0.98),
      P(-2.44, 0.64),
      P(-2.42, 0.42, "trim"),
      P(-2.35, 0.26, "trim"),
      P(-1.9, 0.22, "trim"),
      P(1.9, 0.22, "trim"),
    ],
    parts: roofRails(0.2, -1.85, 1.52, 0.62),
    windows: [pts(1.07, 1.02, 0.38, 1.42, -1.88, 1.43, -2.15, 1.09)],
    pillars: [rect(-0.12, 1.02, -0.04, 1.43), pts(-1.12, 1.04, -1.04, 1.04, -1.04, 1.43, -1.12, 1.43)],
    shoulder: pts(2.2, 0.8, 1.0, 0.9, -1.5, 0.95, -2.4, 0.97),
    side: carSide({
      doors: [
        [1.08, 1.0, 1.1, 0.64, 1.02, 0.26],
        [-0.08, 1.01, -0.08, 0.26],
        [-1.08, 1.03, -1.1, 0.7, -0.95, 0.6],
      ],
      handles: [0.3, -0.8],
      handleY: 0.89,
      mirror: [1.05, 1.0],
      head: pts(2.05, 0.8, 2.36, 0.76, 2.42, 0.68, 2.2, 0.7),
      tail: pts(-2.41, 1.06, -2.08, 1.1, -2.1, 1.0, -2.43, 0.96),
      sill: [1.0, -0.92, 0.22],
    }),
    front: passengerFront({
      lampY: [0.64, 0.76],
      lampZ: [0.6, 0.97],
      grille: [0.42, 0.64, 0.52],
      plateY: 0.3,
      intake: [0.26, 0.38, 0.76],
      fog: true,
    }),
    rear: passengerRear({ lampY: [0.92, 1.06], lampZ: [0.55, 0.98], plateY: 0.66, lowY: 0.28 }),
  };
}

function vanModel(): BodyModel {
  return {
    length: 5.27,
    width: 1.95,
    height: 1.99,
    belt: 1.18,
    roofTaper: 0.08,
    cornerLen: 0.5,
    cornerTaper: 0.12,
    wheelR: 0.35,
    wheelW: 0.22,
    wheelX: [1.74, -1.47],
    rim: "steel",
    profile: [
      P(2.58, 0.3, "trim"),
      P(2.63, 0.55),
      P(2.63, 0.85),
      P(2.55, 0.98),
      P(2.25, 1.08),
      P(1.85, 1.16),
      P(1.7, 1.19, "glass"),
      P(1.05, 1.9),
      P(0.85, 1.98),
      P(-2.5, 1.98),
      P(-2.6, 1.92),
      P(-2.64, 1.2),
      P(-2.64, 0.55),
      P(-2.6, 0.4, "trim"),
      P(-2.52, 0.3, "trim"),
      P(-2.0, 0.26, "trim"),
      P(2.0, 0.26, "trim"),
    ],
    parts: [],
    windows: [pts(1.65, 1.21, 1.08, 1.84, 0.55, 1.85, 0.55, 1.22)],
    pillars: [],
    shoulder: pts(2.4, 1.04, 1.6, 1.14, -2.6, 1.16),
    side: carSide({
      doors: [
        [1.62, 1.2, 1.38, 0.82, 1.34, 0.3],
        [0.5, 1.9, 0.5, 0.3],
        [-0.85, 1.9, -0.85, 0.3],
      ],
      handles: [0.8, 0.35],
      handleY: 1.06,
      mirror: [1.62, 1.2],
      head: pts(2.35, 1.06, 2.6, 1.0, 2.63, 0.9, 2.4, 0.92),
      tail: rect(-2.65, 0.8, -2.58, 1.3),
      sill: [1.3, -1.05, 0.26],
      extra: [
        { pts: pts(-0.85, 1.55, -2.55, 1.55), fill: "#1a1c1e", line: true, opacity: 0.6, strokeWidth: 3 },
      ],
    }),
    front: passengerFront({
      lampY: [0.85, 0.98],
      lampZ: [0.58, 0.97],
      grille: [0.55, 0.84, 0.55],
      plateY: 0.34,
      intake: [0.3, 0.46, 0.8],
    }),
    rear: [
      ...passengerRear({ lampY: [0.8, 1.3], lampZ: [0.86, 0.99], plateY: 0.6, lowY: 0.3 }),
      { pts: pts(1.35, -0.86, 1.86, -0.84, 1.86, 0.84, 1.35, 0.86), fill: "#1c252e" },
    ],
  };
}

function coupeModel(): BodyModel {
  return {
    length: 4.27,
    width: 1.775,
    height: 1.31,
    belt: 0.9,
    roofTaper: 0.22,
    cornerLen: 0.55,
    cornerTaper: 0.14,
    wheelR: 0.33,
    wheelW: 0.24,
    wheelX: [1.29, -1.29],
    rim: "dark",
    profile: [
      P(2.08, 0.2, "trim"),
      P(2.14, 0.36),
      P(2.15, 0.52),
      P(2.08, 0.62),
      P(1.85, 0.7),
      P(0.9, 0.84),
      P(0.75, 0.87, "glass"),
      P(-0.05, 1.27),
      P(-0.25, 1.31),
      P(-0.75, 1.29),
      P(-1.0, 1.22, "glass"),
      P(-1.72, 0.98),
      P(-2.05, 0.95),
      P(-2.12, 0.88),
      P(-2.14, 0.58),
      P(-2.12, 0.36, "trim"),
      P(-2.05, 0.2, "trim"),
      P(-1.6, 0.17, "trim"),
      P(1.6, 0.17, "trim"),
    ],
    parts: [],
    windows: [pts(0.72, 0.9, -0.03, 1.23, -0.72, 1.24, -1.25, 0.96)],
    pillars: [rect(-0.76, 0.93, -0.7, 1.23)],
    shoulder: pts(1.85, 0.68, 0.6, 0.8, -1.3, 0.86, -2.1, 0.9),
    side: carSide({
      doors: [
        [0.72, 0.9, 0.75, 0.5, 0.7, 0.2],
        [-0.72, 0.92, -0.72, 0.25],
      ],
      handles: [-0.45],
      handleY: 0.8,
      mirror: [0.7, 0.88],
      head: pts(1.78, 0.68, 2.06, 0.63, 2.13, 0.55, 1.9, 0.58),
      tail: pts(-2.1, 0.92, -1.8, 0.94, -1.85, 0.86, -2.13, 0.84),
      sill: [0.9, -0.9, 0.17],
    }),
    front: passengerFront({
      lampY: [0.52, 0.62],
      lampZ: [0.6, 0.97],
      grille: [0.24, 0.46, 0.6],
      plateY: 0.26,
    }),
    rear: passengerRear({ lampY: [0.78, 0.9], lampZ: [0.5, 0.98], plateY: 0.5, lowY: 0.2 }),
  };
}

function convertibleModel(): BodyModel {
  const coupe = coupeModel();
  return {
    ...coupe,
    height: 1.2,
    profile: [
      P(2.08, 0.2, "trim"),
      P(2.14, 0.36),
      P(2.15, 0.52),
      P(2.08, 0.62),
      P(1.85, 0.7),
      P(0.9, 0.84),
      P(0.75, 0.87, "glass"),
      P(0.2, 1.17, "trim"),
      P(0.12, 1.16, "trim"),
      P(0.14, 0.92, "cabin"),
      P(-1.05, 0.92),
      P(-1.15, 0.95),
      P(-2.05, 0.95),
      P(-2.12, 0.88),
      P(-2.14, 0.58),
      P(-2.12, 0.36, "trim"),
      P(-2.05, 0.2, "trim"),
      P(-1.6, 0.17, "trim"),
      P(1.6, 0.17, "trim"),
    ],
    parts: [1, -1].map((s) => ({
      profile: [
        P(-0.5, 0.92, "cabin"),
        P(-0.58, 1.18, "cabin"),
        P(-0.78, 1.18, "cabin"),
        P(-0.74, 0.92, "cabin"),
      ],
      hw: 0.13,
      zc: s * 0.38,
      side: "cabin" as Material,
    })),
    windows: [],
    pillars: [],
  };
}

function peopleMoverModel(): BodyModel {
  return {
    length: 5.155,
    width: 1.995,
    height: 1.775,
    belt: 1.1,
    roofTaper: 0.17,
    cornerLen: 0.6,
    cornerTaper: 0.14,
    wheelR: 0.36,
    wheelW: 0.24,
    wheelX: [1.55, -1.535],
    rim: "alloy",
    profile: [
      P(2.5, 0.28, "trim"),
      P(2.56, 0.48),
      P(2.58, 0.68),
      P(2.52, 0.82),
      P(2.3, 0.92),
      P(1.55, 1.05),
      P(1.38, 1.08, "glass"),
      P(0.55, 1.7),
      P(0.3, 1.77),
      P(-2.2, 1.75),
      P(-2.42, 1.66, "glass"),
      P(-2.55, 1.18),
      P(-2.58, 1.05),
      P(-2.58, 0.62),
      P(-2.55, 0.42, "trim"),
      P(-2.48, 0.28, "trim"),
      P(-2.0, 0.24, "trim"),
      P(2.0, 0.24, "trim"),
    ],
    parts: roofRails(0.2, -2.1, 1.77, 0.7),
    windows: [pts(1.33, 1.11, 0.58, 1.66, -2.18, 1.68, -2.42, 1.16)],
    pillars: [
      rect(0.11, 1.11, 0.2, 1.67),
      rect(-1.3, 1.12, -1.21, 1.68),
      pts(-2.0, 1.13, -1.92, 1.13, -1.95, 1.68, -2.04, 1.68),
    ],
    shoulder: pts(2.3, 0.9, 1.4, 1.0, -1.5, 1.06, -2.55, 1.07),
    side: carSide({
      doors: [
        [1.35, 1.1, 1.36, 0.7, 1.15, 0.28],
        [0.15, 1.12, 0.15, 0.28],
        [-1.25, 1.14, -1.25, 0.75, -1.08, 0.62],
      ],
      handles: [0.55, -0.1],
      handleY: 0.98,
      mirror: [1.33, 1.09],
      head: pts(2.1, 0.9, 2.5, 0.84, 2.57, 0.74, 2.3, 0.76),
      tail: pts(-2.57, 1.15, -2.3, 1.2, -2.3, 1.05, -2.58, 1.0),
      sill: [1.12, -1.1, 0.24],
      extra: [{ pts: pts(-1.3, 1.12, -2.35, 1.12), fill: "#111", line: true, opacity: 0.5, strokeWidth: 2 }],
    }),
    front: passengerFront({
      lampY: [0.7, 0.82],
      lampZ: [0.58, 0.97],
      grille: [0.45, 0.72, 0.65],
      plateY: 0.3,
      intake: [0.28, 0.42, 0.8],
      fog: true,
    }),
    rear: passengerRear({ lampY: [1.0, 1.14], lampZ: [0.5, 0.98], plateY: 0.7, lowY: 0.3 }),
  };
}

function motorhomeModel(): BodyModel {
  return {
    length: 7.2,
    width: 2.35,
    height: 3.02,
    belt: 1.35,
    roofTaper: 0,
    cornerLen: 0.4,
    cornerTaper: 0.05,
    wheelR: 0.36,
    wheelW: 0.22,
    wheelX: [2.45, -1.25],
    rim: "steel",
    widthAt: (x, y) => {
      if (x > 2.5 && y < 2.1) {
        let h = 1.02;
        const ax = x - 3.2;
        if (ax > 0) h -= 0.14 * Math.min(1.3, ax / 0.4) ** 2;
        return h;
      }
      return x < -3.4 || x > 2.9 ? 1.12 : 1.17;
    },
    profile: [
      P(3.52, 0.32, "trim"),
      P(3.6, 0.55, "trim"),
      P(3.6, 0.78),
      P(3.52, 0.98),
      P(3.25, 1.12),
      P(3.05, 1.18, "glass"),
      P(2.55, 2.02),
      P(3.05, 2.25),
      P(3.15, 2.55),
      P(3.0, 2.92),
      P(2.7, 3.02),
      P(-3.45, 3.02),
      P(-3.6, 2.9),
      P(-3.62, 0.62),
      P(-3.58, 0.42, "trim"),
      P(-3.4, 0.36, "trim"),
      P(-3.3, 0.34, "trim"),
      P(3.3, 0.34, "trim"),
    ],
    parts: [],
    windows: [
      pts(3.0, 1.25, 2.62, 1.95, 2.2, 1.95, 2.2, 1.3),
      rect(0.3, 1.6, 1.35, 2.2),
      rect(-2.6, 1.65, -1.55, 2.25),
      rect(2.4, 2.4, 2.9, 2.7),
    ],
    pillars: [],
    shoulder: [],
    side: [
      { pts: pts(3.3, 0.95, -3.6, 0.78, -3.6, 0.98, 3.3, 1.1), fill: "#2e5f8a" },
      { pts: pts(3.3, 1.14, -3.6, 1.02, -3.6, 1.08, 3.3, 1.18), fill: "#9aa5b1" },
      { pts: rect(-0.85, 0.5, -0.2, 2.35), fill: "#e3e6e9", stroke: "#8a939c", strokeWidth: 1.5 },
      { pts: rect(-0.72, 1.65, -0.33, 2.15), fill: "#2a3440" },
      { pts: rect(-0.32, 1.2, -0.26, 1.32), fill: "#444" },
      { pts: rect(-2.9, 0.55, -2.2, 1.0), fill: "#dfe2e5", stroke: "#9aa3ab", strokeWidth: 1.2 },
      { pts: rect(0.6, 0.55, 1.3, 0.9), fill: "#dfe2e5", stroke: "#9aa3ab", strokeWidth: 1.2 },
      { pts: pts(2.9, 2.82, -3.3, 2.82, -3.3, 2.92, 2.9, 2.92), fill: "#6b7178", out: 0.08 },
      { pts: pts(2.95, 1.2, 2.97, 0.85, 2.9, 0.34), fill: LINE, line: true, opacity: 0.45, strokeWidth: 1.6 },
      { pts: pts(2.2, 1.3, 2.2, 0.4), fill: LINE, line: true, opacity: 0.45, strokeWidth: 1.6 },
      {
        pts: pts(2.98, 1.22, 3.0, 1.38, 2.78, 1.4, 2.74, 1.26),
        fill: "#1e2124",
        out: 0.12,
      },
      { pts: pts(3.3, 1.1, 3.55, 1.0, 3.6, 0.9, 3.35, 0.95), fill: HEADLAMP, stroke: "#333", strokeWidth: 1 },
      { pts: rect(-3.63, 0.7, -3.5, 1.15), fill: TAIL },
    ],
    front: [
      ...passengerFront({
        lampY: [0.88, 1.0],
        lampZ: [0.6, 0.97],
        grille: [0.6, 0.86, 0.5],
        plateY: 0.4,
        intake: [0.36, 0.5, 0.8],
      }),
      { pts: pts(2.4, -0.6, 2.62, -0.6, 2.62, 0.6, 2.4, 0.6), fill: "#1c252e" },
    ],
    rear: [
      { pts: pts(0.7, 0.8, 1.2, 0.8, 1.2, 0.97, 0.7, 0.97), fill: TAIL, mirror: true },
      { pts: pts(0.55, -0.2, 0.66, -0.2, 0.66, 0.2, 0.55, 0.2), fill: "#f3f3ee", stroke: "#222" },
      { pts: pts(1.9, -0.5, 2.5, -0.5, 2.5, 0.5, 1.9, 0.5), fill: "#1c252e" },
      { pts: pts(0.9, -0.25, 1.6, -0.25, 1.6, 0.25, 0.9, 0.25), fill: "#2d3135", opacity: 0.9 },
    ],
  };
}

function caravanModel(): BodyModel {
  return {
    length: 6.5,
    width: 2.4,
    height: 2.95,
    belt: 3,
    roofTaper: 0,
    cornerLen: 0.3,
    cornerTaper: 0.04,
    wheelR: 0.36,
    wheelW: 0.22,
    wheelX: [0.42, -0.42],
    rim: "alloy",
    profile: [
      P(3.22, 0.62),
      P(3.26, 2.4),
      P(3.1, 2.8),
      P(2.8, 2.95),
      P(-3.0, 2.95),
      P(-3.25, 2.8),
      P(-3.3, 2.5),
      P(-3.3, 0.62, "trim"),
    ],
    parts: [
      { profile: box(3.2, 0.42, 4.9, 0.56, "dark"), hw: 0.1, zc: 0, side: "dark" },
      { profile: box(3.22, 0.6, 3.7, 1.25, "alloy"), hw: 1.0, zc: 0, side: "alloy" },
      { profile: box(4.35, 0.05, 4.45, 0.5, "dark"), hw: 0.05, zc: 0, side: "dark" },
      { profile: box(-3.4, 0.5, -3.3, 0.62, "dark"), hw: 1.1, zc: 0, side: "dark" },
    ],
    windows: [rect(1.7, 1.5, 2.6, 2.2), rect(-1.6, 1.55, -0.6, 2.2), rect(-3.0, 1.55, -2.3, 2.1)],
    pillars: [],
    shoulder: [],
    side: [
      { pts: pts(3.22, 1.22, -3.3, 0.92, -3.3, 1.08, 3.22, 1.36), fill: "#3b4a5a" },
      { pts: pts(3.22, 1.42, -3.3, 1.14, -3.3, 1.19, 3.22, 1.47), fill: "#9aa5b1" },
      { pts: rect(0.9, 0.7, 1.5, 2.55), fill: "#e3e6e9", stroke: "#8a939c", strokeWidth: 1.5 },
      { pts: rect(1.02, 1.8, 1.38, 2.3), fill: "#2a3440" },
      { pts: rect(2.3, 0.72, 2.9, 1.05), fill: "#dfe2e5", stroke: "#9aa3ab", strokeWidth: 1.2 },
      { pts: rect(-2.9, 0.72, -2.2, 1.05), fill: "#dfe2e5", stroke: "#9aa3ab", strokeWidth: 1.2 },
      { pts: pts(2.8, 2.7, -2.9, 2.7, -2.9, 2.8, 2.8, 2.8), fill: "#6b7178", out: 0.08 },
      { pts: rect(3.1, 0.65, 3.22, 0.75), fill: "#e8a33d" },
      { pts: rect(-3.31, 0.65, -3.2, 0.75), fill: TAIL },
      { pts: rect(-1.0, 0.62, 1.0, 0.66), fill: "#222", opacity: 0.7 },
    ],
    front: [
      { pts: pts(1.7, -0.62, 2.3, -0.6, 2.3, 0.6, 1.7, 0.62), fill: "#1c252e" },
      { pts: pts(0.65, -0.95, 1.2, -0.95, 1.2, 0.95, 0.65, 0.95), fill: "#c3c8cd", stroke: "#8a939c" },
      { pts: pts(2.6, 0.8, 2.66, 0.8, 2.66, 0.9, 2.6, 0.9), fill: "#f1f1f1", mirror: true },
      { pts: pts(1.36, -0.98, 1.42, -0.98, 1.42, 0.98, 1.36, 0.98), fill: "#3b4a5a" },
    ],
    rear: [
      { pts: pts(0.68, 0.72, 0.92, 0.72, 0.92, 0.95, 0.68, 0.95), fill: TAIL, mirror: true },
      { pts: pts(0.7, -0.2, 0.82, -0.2, 0.82, 0.2, 0.7, 0.2), fill: "#f3f3ee", stroke: "#222" },
      { pts: pts(1.6, -0.55, 2.3, -0.55, 2.3, 0.55, 1.6, 0.55), fill: "#1c252e" },
      { pts: pts(1.0, -0.3, 1.5, -0.3, 1.5, 0.3, 1.0, 0.3), fill: "#26292c" },
      { pts: pts(1.36, -0.98, 1.42, -0.98, 1.42, 0.98, 1.36, 0.98), fill: "#3b4a5a" },
    ],
  };
}

function camperModel(): BodyModel {
  return {
    length: 2.7,
    width: 1.9,
    height: 1.55,
    belt: 2,
    roofTaper: 0,
    cornerLen: 0.2,
    cornerTaper: 0.03,
    wheelR: 0.4,
    wheelW: 0.26,
    wheelX: [0],
    rim: "dark",
    profile: [P(1.3, 0.55), P(1.32, 1.25, "canvas"), P(-1.32, 1.25), P(-1.3, 0.55, "trim")],
    parts: [
      { profile: box(-1.25, 1.25, 1.25, 1.52, "canvas"), hw: 0.9, zc: 0, side: "canvas" },
      { profile: box(1.3, 0.45, 3.1, 0.58, "dark"), hw: 0.08, zc: 0, side: "dark" },
      { profile: box(1.3, 0.58, 1.8, 1.02, "alloy"), hw: 0.85, zc: 0, side: "alloy" },
      { profile: box(2.7, 0.05, 2.78, 0.48, "dark"), hw: 0.04, zc: 0, side: "dark" },
    ],
    windows: [],
    pillars: [],
    shoulder: [],
    side: [
      { pts: rect(0.5, 0.7, 1.2, 1.15), fill: "#2b2f33", stroke: "#777", strokeWidth: 1.2 },
      { pts: rect(-1.2, 0.7, -0.5, 1.15), fill: "#2b2f33", stroke: "#777", strokeWidth: 1.2 },
      { pts: rect(-1.3, 1.18, 1.3, 1.25), fill: "#c9ced3" },
      { pts: rect(-1.31, 0.6, -1.2, 0.7), fill: TAIL },
    ],
    front: [],
    rear: [
      { pts: pts(0.62, 0.7, 0.82, 0.7, 0.82, 0.92, 0.62, 0.92), fill: TAIL, mirror: true },
      { pts: pts(0.64, -0.2, 0.76, -0.2, 0.76, 0.2, 0.64, 0.2), fill: "#f3f3ee", stroke: "#222" },
      { pts: pts(0.82, -0.38, 1.2, -0.4, 1.2, 0.4, 0.82, 0.38), fill: "#1d2023" },
    ],
  };
}

/** Body shapes the photo set is drawn in (spec body types plus caravan shapes). */
export const BODY_KINDS = [
  "sedan",
  "hatch",
  "suv",
  "ute",
  "wagon",
  "van",
  "coupe",
  "convertible",
  "peopleMover",
  "cabChassis",
  "motorhome",
  "caravan",
  "camper",
] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

const BODY_BUILDERS: Record<BodyKind, () => BodyModel> = {
  sedan: sedanModel,
  hatch: hatchModel,
  suv: suvModel,
  ute: uteModel,
  wagon: wagonModel,
  van: vanModel,
  coupe: coupeModel,
  convertible: convertibleModel,
  peopleMover: peopleMoverModel,
  cabChassis: cabChassisModel,
  motorhome: motorhomeModel,
  caravan: caravanModel,
  camper: camperModel,
};

export function bodyModel(kind: BodyKind): BodyModel {
  return BODY_BUILDERS[kind]();
}

// ---------------------------------------------------------------------------------------------
// Interiors and details (2D compositions; trim colour varies)
// ---------------------------------------------------------------------------------------------

export const TRIMS = { black: "#2b2c2f", grey: "#74777c", beige: "#c9b595" } as const;
export type Trim = keyof typeof TRIMS;

const svgOpen = (w = 1200, h = 800) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;

/** A stylised infotainment map screen in the box (x, y, w, h). */
function screenUi(x: number, y: number, w: number, h: number): string {
  const roads = [
    `M${x} ${y + h * 0.7} L${x + w} ${y + h * 0.45}`,
    `M${x + w * 0.3} ${y} L${x + w * 0.45} ${y + h}`,
    `M${x + w * 0.7} ${y} Q ${x + w * 0.6} ${y + h * 0.5} ${x + w} ${y + h * 0.9}`,
  ];
  const icons = Array.from({ length: 4 }, (_, i) => {
    const colours = ["#34c759", "#0a84ff", "#ff9f0a", "#ff375f"];
    return `<rect x="${x + 8}" y="${y + 10 + i * (h / 4.4)}" width="${w * 0.12}" height="${w * 0.12}" rx="${w * 0.025}" fill="${at(colours, i)}"/>`;
  }).join("");
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.03}" fill="#e9efe6"/>
<rect x="${x}" y="${y}" width="${w * 0.17}" height="${h}" fill="#1c1f24"/>${icons}
<g stroke="#ffffff" stroke-width="${w * 0.035}" fill="none" stroke-linecap="round">${roads.map((d) => `<path d="${d}"/>`).join("")}</g>
<path d="M${x + w * 0.3} ${y + h * 0.85} L${x + w * 0.42} ${y + h * 0.66} L${x + w * 0.8} ${y + h * 0.5}" stroke="#2f7cf6" stroke-width="${w * 0.03}" fill="none" stroke-linecap="round"/>
<circle cx="${x + w * 0.42}" cy="${y + h * 0.66}" r="${w * 0.03}" fill="#2f7cf6" stroke="#fff" stroke-width="3"/>
<rect x="${x + w * 0.2}" y="${y + h * 0.04}" width="${w * 0.45}" height="${h * 0.14}" rx="6" fill="#ffffff" opacity="0.9"/>
<rect x="${x + w * 0.23}" y="${y + h * 0.08}" width="${w * 0.3}" height="${h * 0.05}" rx="3" fill="#6b7280"/>`;
}

function gauge(cx: number, cy: number, r: number, value: number, colour: string): string {
  const ticks = Array.from({ length: 11 }, (_, i) => {
    const a = Math.PI * (0.75 + (1.5 * i) / 10);
    return `<line x1="${round1(cx + Math.cos(a) * r * 0.82)}" y1="${round1(cy + Math.sin(a) * r * 0.82)}" x2="${round1(cx + Math.cos(a) * r * 0.95)}" y2="${round1(cy + Math.sin(a) * r * 0.95)}" stroke="#dfe6ee" stroke-width="3"/>`;
  }).join("");
  const a = Math.PI * (0.75 + 1.5 * value);
  const arcEnd = [cx + Math.cos(a) * r, cy + Math.sin(a) * r];
  const start = [cx + Math.cos(Math.PI * 0.75) * r, cy + Math.sin(Math.PI * 0.75) * r];
  const large = value > 0.66 ? 1 : 0;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#0c1117" stroke="#3a4350" stroke-width="4"/>${ticks}
<path d="M${round1(at(start, 0))} ${round1(at(start, 1))} A ${r} ${r} 0 ${large} 1 ${round1(at(arcEnd, 0))} ${round1(at(arcEnd, 1))}" stroke="${colour}" stroke-width="7" fill="none"/>
<line x1="${cx}" y1="${cy}" x2="${round1(cx + Math.cos(a) * r * 0.78)}" y2="${round1(cy + Math.sin(a) * r * 0.78)}" stroke="#ff4d3d" stroke-width="5" stroke-linecap="round"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.12}" fill="#2b323b"/>`;
}

function outsideView(horizon: number): string {
  return `<defs><linearGradient id="osky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6aa6da"/><stop offset="1" stop-color="#dcecf7"/></linearGradient></defs>
<rect width="1200" height="${horizon + 40}" fill="url(#osky)"/>
${[80, 220, 360, 980, 1120].map((x) => `<ellipse cx="${x}" cy="${horizon - 30}" rx="80" ry="60" fill="#587b49"/>`).join("")}
<rect x="500" y="${horizon - 110}" width="420" height="110" fill="#eceef0"/><rect x="500" y="${horizon - 118}" width="420" height="18" fill="#3a4047"/>
<rect x="530" y="${horizon - 85}" width="360" height="70" fill="#9fbdd6"/>
<rect y="${horizon}" width="1200" height="60" fill="#8b9096"/>`;
}

function seatShape(x: number, y: number, w: number, h: number, trim: string, id: string): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(trim, 0.75)}"/><stop offset="0.5" stop-color="${shade(trim, 1.08)}"/><stop offset="1" stop-color="${shade(trim, 0.7)}"/></linearGradient></defs>
<path d="M${x + w * 0.08} ${y + h} L${x} ${y + h * 0.25} Q ${x + w * 0.02} ${y + h * 0.12} ${x + w * 0.2} ${y + h * 0.1} L${x + w * 0.8} ${y + h * 0.1} Q ${x + w * 0.98} ${y + h * 0.12} ${x + w} ${y + h * 0.25} L${x + w * 0.92} ${y + h} Z" fill="url(#${id})"/>
<rect x="${x + w * 0.25}" y="${y - h * 0.22}" width="${w * 0.5}" height="${h * 0.28}" rx="${w * 0.12}" fill="url(#${id})"/>
<rect x="${x + w * 0.4}" y="${y + h * 0.03}" width="5" height="${h * 0.08}" fill="#999"/><rect x="${x + w * 0.6 - 5}" y="${y + h * 0.03}" width="5" height="${h * 0.08}" fill="#999"/>
<g stroke="${shade(trim, 0.55)}" stroke-width="3" fill="none" opacity="0.7"><path d="M${x + w * 0.3} ${y + h * 0.2} L${x + w * 0.33} ${y + h * 0.95}"/><path d="M${x + w * 0.7} ${y + h * 0.2} L${x + w * 0.67} ${y + h * 0.95}"/></g>`;
}

export function interiorSvg(view: "dash" | "seats" | "rear-seats" | "cargo", trimName: Trim): string {
  const trim = TRIMS[trimName];
  const dark = "#1d1f22";
  if (view === "dash") {
    const wheel = (cx: number, cy: number, r: number) =>
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#16181b" stroke-width="38"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#2e3136" stroke-width="30"/>
<path d="M${cx - r} ${cy + 10} L${cx - 70} ${cy + 20} L${cx + 70} ${cy + 20} L${cx + r} ${cy + 10} L${cx + r} ${cy + 50} L${cx + 60} ${cy + 60} L${cx + 40} ${cy + r} L${cx - 40} ${cy + r} L${cx - 60} ${cy + 60} L${cx - r} ${cy + 50} Z" fill="#24272b"/>
<ellipse cx="${cx}" cy="${cy + 25}" rx="80" ry="62" fill="#2f3338"/><ellipse cx="${cx}" cy="${cy + 25}" rx="28" ry="16" fill="#b8bec5"/>
<circle cx="${cx - 120}" cy="${cy + 35}" r="9" fill="#5b6470"/><circle cx="${cx + 120}" cy="${cy + 35}" r="9" fill="#5b6470"/>`;
    return `${svgOpen()}${outsideView(300)}
<path d="M0 0 L140 0 L330 330 L0 420 Z" fill="${dark}"/><path d="M1200 0 L1060 0 L870 330 L1200 420 Z" fill="${dark}"/>
<rect x="0" y="0" width="1200" height="40" fill="${dark}"/>
<path d="M0 330 Q 600 250 1200 330 L1200 800 L0 800 Z" fill="#26282c"/>
<path d="M0 420 Q 600 360 1200 420 L1200 470 Q 600 410 0 470 Z" fill="${trim}" opacity="0.85"/>
<rect x="445" y="300" width="290" height="175" rx="14" fill="#0d0f12"/>${screenUi(455, 310, 270, 155)}
<rect x="730" y="330" width="250" height="110" rx="20" fill="#0b0d10"/>${gauge(800, 385, 44, 0.35, "#38bdf8")}${gauge(910, 385, 44, 0.2, "#a3e635")}
${[230, 330, 780, 990].map((x) => `<rect x="${x}" y="470" width="${x > 700 ? 110 : 80}" height="44" rx="8" fill="#15171a"/><g stroke="#3b3f45" stroke-width="4">${[0, 1, 2].map((k) => `<line x1="${x + 8}" y1="${480 + k * 12}" x2="${x + (x > 700 ? 102 : 72)}" y2="${480 + k * 12}"/>`).join("")}</g>`).join("")}
<path d="M470 520 L730 520 L780 800 L420 800 Z" fill="#202226"/>
<rect x="510" y="540" width="180" height="40" rx="8" fill="#2d3035"/>${[0, 1, 2, 3].map((i) => `<circle cx="${540 + i * 40}" cy="560" r="11" fill="#3d4148"/>`).join("")}
<rect x="575" y="620" width="50" height="90" rx="18" fill="#3a3d42"/><rect x="567" y="600" width="66" height="40" rx="14" fill="#b7bcc2"/>
${seatShape(40, 600, 340, 300, trim, "sL")}
${wheel(860, 560, 190)}
</svg>`;
  }
  if (view === "seats") {
    return `${svgOpen()}${outsideView(260)}
<path d="M0 0 L180 0 L300 300 L0 360 Z" fill="${dark}"/><path d="M1200 0 L1020 0 L900 300 L1200 360 Z" fill="${dark}"/>
<path d="M0 300 Q 600 230 1200 300 L1200 800 L0 800 Z" fill="#26282c"/>
<rect x="480" y="285" width="240" height="130" rx="12" fill="#0d0f12"/>${screenUi(490, 295, 220, 110)}
${seatShape(140, 330, 360, 470, trim, "sA")}${seatShape(700, 330, 360, 470, trim, "sB")}
<path d="M520 560 L680 560 L700 800 L500 800 Z" fill="${shade(trim, 0.6)}"/><rect x="540" y="580" width="120" height="60" rx="10" fill="#1c1e21"/>
<path d="M0 520 L120 470 L140 800 L0 800 Z" fill="${shade(trim, 0.8)}"/><path d="M1200 520 L1080 470 L1060 800 L1200 800 Z" fill="${shade(trim, 0.8)}"/>
</svg>`;
  }
  if (view === "rear-seats") {
    const backs = [0, 1, 2]
      .map((i) => {
        const x = 250 + i * 240;
        return `<path d="M${x} 640 L${x - 10} 330 Q ${x + 110} 300 ${x + 230} 330 L${x + 220} 640 Z" fill="url(#rb)" stroke="${shade(trim, 0.6)}" stroke-width="3"/>
<rect x="${x + 60}" y="250" width="110" height="80" rx="26" fill="url(#rb)"/>
<g stroke="${shade(trim, 0.55)}" stroke-width="3" opacity="0.7"><line x1="${x + 60}" y1="360" x2="${x + 64}" y2="620"/><line x1="${x + 170}" y1="360" x2="${x + 166}" y2="620"/></g>`;
      })
      .join("");
    return `${svgOpen()}<defs><linearGradient id="rb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(trim, 1.12)}"/><stop offset="1" stop-color="${shade(trim, 0.78)}"/></linearGradient></defs>
<rect width="1200" height="800" fill="#3a3d42"/>
<rect x="120" y="60" width="960" height="300" rx="30" fill="#9fb9cf"/><rect x="120" y="60" width="960" height="300" rx="30" fill="#1d2630" opacity="0.55"/>
<rect x="0" y="0" width="1200" height="70" fill="#2c2f33"/>
<path d="M0 330 L1200 330 L1200 800 L0 800 Z" fill="${shade(trim, 0.7)}"/>
${backs}
<path d="M200 640 L1000 640 L1060 800 L140 800 Z" fill="url(#rb)" stroke="${shade(trim, 0.6)}" stroke-width="3"/>
<rect x="0" y="300" width="120" height="500" fill="#1e2023"/><rect x="1080" y="300" width="120" height="500" fill="#1e2023"/>
</svg>`;
  }
  return `${svgOpen()}<defs><linearGradient id="cf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a2c30"/><stop offset="1" stop-color="#1a1b1e"/></linearGradient><linearGradient id="cb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(trim, 1.05)}"/><stop offset="1" stop-color="${shade(trim, 0.75)}"/></linearGradient></defs>
<rect width="1200" height="800" fill="#d9dde2"/>
<path d="M80 60 L1120 60 L1160 760 L40 760 Z" fill="#16181b"/>
<path d="M200 140 L1000 140 L1010 430 L190 430 Z" fill="#1f2a35"/>
<path d="M170 300 L1030 300 L1050 520 L150 520 Z" fill="url(#cb)"/>
${[0, 1].map((i) => `<line x1="${440 + i * 320}" y1="300" x2="${445 + i * 320}" y2="520" stroke="${shade(trim, 0.55)}" stroke-width="4"/>`).join("")}
<path d="M150 520 L1050 520 L1130 740 L70 740 Z" fill="url(#cf)"/>
<g stroke="#35383d" stroke-width="2" opacity="0.6">${Array.from({ length: 9 }, (_, i) => `<line x1="${200 + i * 100}" y1="525" x2="${120 + i * 120}" y2="738"/>`).join("")}</g>
<rect x="520" y="700" width="160" height="24" rx="6" fill="#3a3d42"/>
<rect x="60" y="740" width="1080" height="60" fill="#2b2d31"/>
</svg>`;
}

export function wheelDetailSvg(paint: string, rim: "alloy" | "dark" | "steel"): string {
  const rimCol = rim === "dark" ? "#4a4f55" : rim === "steel" ? "#d0d3d5" : "#cfd4d9";
  const cx = 600;
  const cy = 470;
  const spokes = rim === "steel" ? 8 : rim === "dark" ? 6 : 5;
  const windows = Array.from({ length: spokes }, (_, s) => {
    const a0 = (s / spokes) * Math.PI * 2 - Math.PI / 2 + 0.25;
    const a1 = a0 + ((Math.PI * 2) / spokes) * (rim === "steel" ? 0.75 : 0.62);
    const r0 = rim === "steel" ? 120 : 70;
    const r1 = rim === "steel" ? 165 : 200;
    const p = (a: number, r: number) => `${round1(cx + Math.cos(a) * r)},${round1(cy + Math.sin(a) * r)}`;
    return `<polygon points="${[p(a0, r1), p((a0 + a1) / 2, r1 + 4), p(a1, r1), p(a1 - 0.08, r0), p(a0 + 0.1, r0)].join(" ")}" fill="#24272b"/>`;
  }).join("");
  const nuts = Array.from({ length: 5 }, (_, i) => {
    const a = (i / 5) * Math.PI * 2;
    return `<circle cx="${round1(cx + Math.cos(a) * 38)}" cy="${round1(cy + Math.sin(a) * 38)}" r="8" fill="#8d939a"/>`;
  }).join("");
  return `${svgOpen()}<defs><linearGradient id="pp" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(paint, 1.15)}"/><stop offset="1" stop-color="${shade(paint, 0.75)}"/></linearGradient><radialGradient id="rim" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="${shade(rimCol, 1.3)}"/><stop offset="1" stop-color="${shade(rimCol, 0.7)}"/></radialGradient></defs>
<rect width="1200" height="800" fill="#8b9096"/><rect y="700" width="1200" height="100" fill="#5d6166"/>
<path d="M1000 600 A 400 400 0 0 0 200 600 Z" fill="#141618"/>
<path d="M0 0 L1200 0 L1200 600 L1000 600 A 400 400 0 0 0 200 600 L0 600 Z" fill="url(#pp)"/>
<path d="M1000 600 A 400 400 0 0 0 200 600" stroke="#15171a" stroke-width="40" fill="none"/>
<rect x="0" y="595" width="1200" height="12" fill="#25282b"/>
<ellipse cx="${cx}" cy="${cy + 250}" rx="320" ry="22" fill="#000" opacity="0.35"/>
<circle cx="${cx}" cy="${cy}" r="290" fill="#1b1d1f"/><circle cx="${cx}" cy="${cy}" r="268" fill="none" stroke="#2a2d30" stroke-width="10"/>
<circle cx="${cx}" cy="${cy}" r="215" fill="url(#rim)"/>
<circle cx="${cx}" cy="${cy}" r="150" fill="#6f7479"/>
${windows}<path d="M${cx + 70} ${cy - 170} A 184 184 0 0 1 ${cx + 150} ${cy - 106} L${cx + 118} ${cy - 84} A 144 144 0 0 0 ${cx + 55} ${cy - 133} Z" fill="#c0262d"/><circle cx="${cx}" cy="${cy}" r="62" fill="${shade(rimCol, 0.85)}"/>${nuts}<circle cx="${cx}" cy="${cy}" r="20" fill="${shade(rimCol, 0.6)}"/>
</svg>`;
}

export function cabinDetailSvg(view: "screen" | "cluster" | "engine"): string {
  if (view === "screen") {
    return `${svgOpen()}<rect width="1200" height="800" fill="#24272b"/><path d="M0 620 Q 600 560 1200 620 L1200 800 L0 800 Z" fill="#1b1d20"/>
<rect x="170" y="110" width="860" height="500" rx="34" fill="#050607"/>${screenUi(200, 140, 800, 440)}
${[0, 1, 2, 3, 4].map((i) => `<rect x="${260 + i * 150}" y="660" width="110" height="50" rx="12" fill="#33363b"/>`).join("")}</svg>`;
  }
  if (view === "cluster") {
    return `${svgOpen()}<rect width="1200" height="800" fill="#1f2124"/>
<path d="M80 180 Q 600 60 1120 180 L1120 640 Q 600 700 80 640 Z" fill="#06080b"/>
${gauge(350, 400, 190, 0.42, "#38bdf8")}${gauge(850, 400, 190, 0.25, "#a3e635")}
<rect x="520" y="300" width="160" height="200" rx="16" fill="#111820" stroke="#2d3642" stroke-width="3"/>
<rect x="545" y="330" width="110" height="14" rx="6" fill="#38bdf8"/><rect x="545" y="360" width="80" height="10" rx="5" fill="#64748b"/><rect x="545" y="390" width="95" height="10" rx="5" fill="#64748b"/>
<path d="M560 470 L640 470 L600 420 Z" fill="#a3e635"/>
<path d="M0 800 L0 700 Q 600 620 1200 700 L1200 800 Z" fill="#2c2f33"/></svg>`;
  }
  return `${svgOpen()}<rect width="1200" height="800" fill="#3b3e42"/>
<path d="M0 0 L1200 0 L1100 120 L100 120 Z" fill="#d3d6d9"/>
<rect x="300" y="220" width="600" height="360" rx="40" fill="#1c1e21"/><rect x="360" y="270" width="480" height="260" rx="28" fill="#2b2e32"/>
${[0, 1, 2, 3].map((i) => `<rect x="${410 + i * 105}" y="300" width="70" height="200" rx="10" fill="#34383d"/>`).join("")}
<rect x="940" y="300" width="200" height="170" rx="12" fill="#202225"/><rect x="960" y="280" width="40" height="30" fill="#c0262d"/><rect x="1080" y="280" width="40" height="30" fill="#1f2937"/>
<circle cx="200" cy="330" r="50" fill="#e7c64b"/><circle cx="200" cy="330" r="28" fill="#c7a21f"/>
<circle cx="200" cy="520" r="42" fill="#2f6fb5"/><circle cx="200" cy="520" r="22" fill="#1f4e8c"/>
<rect x="100" y="640" width="1000" height="80" rx="20" fill="#26282c"/>
<path d="M0 800 L0 700 L100 640 L1100 640 L1200 700 L1200 800 Z" fill="#2a2c30"/></svg>`;
}

export function caravanInteriorSvg(view: "lounge" | "bed" | "bathroom"): string {
  const wall = "#efe9df";
  const cabinet = "#8a6a4f";
  const gloss = "#f4f2ee";
  const fabric = "#5b6b7a";
  const window = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="#7fb0d9"/><rect x="${x}" y="${y + h * 0.6}" width="${w}" height="${h * 0.4}" fill="#c98455"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="#1d2630" opacity="0.25"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="none" stroke="#d9d4cb" stroke-width="10"/>`;
  const overheads = `<rect x="0" y="0" width="1200" height="40" fill="#faf8f4"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="${i * 240 + 6}" y="40" width="228" height="130" rx="8" fill="${i % 2 ? gloss : cabinet}" stroke="#6b533e" stroke-width="2"/><rect x="${i * 240 + 90}" y="150" width="60" height="8" rx="4" fill="#b8b2a8"/>`).join("")}`;
  if (view === "lounge") {
    return `${svgOpen()}<rect width="1200" height="800" fill="${wall}"/>${overheads}
${window(120, 220, 420, 200)}
<rect x="60" y="430" width="560" height="90" rx="20" fill="${fabric}"/><rect x="60" y="510" width="560" height="120" rx="16" fill="${shade(fabric, 0.85)}"/>
<rect x="230" y="470" width="250" height="24" rx="6" fill="#d8cfc2"/><rect x="345" y="494" width="22" height="200" fill="#a7a29a"/>
<rect x="700" y="400" width="500" height="400" fill="${gloss}"/><rect x="700" y="390" width="500" height="26" fill="#d6d0c6"/>
<rect x="760" y="340" width="150" height="50" rx="6" fill="#2b2e32"/>${[0, 1, 2, 3].map((i) => `<circle cx="${790 + (i % 2) * 60}" cy="${352 + Math.floor(i / 2) * 26}" r="9" fill="#555"/>`).join("")}
<rect x="960" y="344" width="180" height="46" rx="10" fill="#c9ced3"/><rect x="1040" y="300" width="8" height="50" fill="#9aa0a6"/>
${[0, 1, 2].map((i) => `<rect x="${720 + i * 160}" y="440" width="150" height="160" rx="8" fill="${cabinet}"/><rect x="${780 + i * 160}" y="455" width="40" height="6" rx="3" fill="#d1c7b8"/>`).join("")}
<rect x="0" y="700" width="1200" height="100" fill="#b9a68c"/></svg>`;
  }
  if (view === "bed") {
    return `${svgOpen()}<rect width="1200" height="800" fill="${wall}"/>${overheads}
${window(40, 230, 200, 170)}${window(960, 230, 200, 170)}
<rect x="260" y="250" width="680" height="230" rx="24" fill="${cabinet}"/>
<rect x="230" y="470" width="740" height="250" rx="30" fill="#fbfaf7"/><rect x="230" y="560" width="740" height="160" rx="26" fill="${fabric}"/>
<rect x="300" y="430" width="260" height="110" rx="40" fill="#ffffff" stroke="#e5e0d8" stroke-width="4"/><rect x="640" y="430" width="260" height="110" rx="40" fill="#ffffff" stroke="#e5e0d8" stroke-width="4"/>
<rect x="60" y="470" width="160" height="200" rx="10" fill="${gloss}" stroke="#d6d0c6" stroke-width="3"/><rect x="980" y="470" width="160" height="200" rx="10" fill="${gloss}" stroke="#d6d0c6" stroke-width="3"/>
<rect x="0" y="720" width="1200" height="80" fill="#b9a68c"/></svg>`;
  }
  return `${svgOpen()}<rect width="1200" height="800" fill="${wall}"/>${overheads}
<rect x="80" y="200" width="420" height="520" rx="10" fill="#dfe8ee" stroke="#b9c4cc" stroke-width="6"/><rect x="100" y="220" width="380" height="480" fill="#9fc3dc" opacity="0.35"/>
<circle cx="290" cy="260" r="40" fill="#c9ced3"/><rect x="280" y="190" width="20" height="60" fill="#9aa0a6"/>
<rect x="600" y="200" width="360" height="240" rx="12" fill="#cfe0ea" stroke="#b9c4cc" stroke-width="6"/>
<rect x="560" y="470" width="460" height="40" rx="8" fill="#f7f5f0"/><ellipse cx="780" cy="490" rx="90" ry="16" fill="#dfe3e6"/>
<rect x="560" y="510" width="460" height="210" rx="6" fill="${cabinet}"/><rect x="1050" y="520" width="130" height="200" rx="40" fill="#fafafa" stroke="#d6d6d6" stroke-width="3"/>
<rect x="0" y="720" width="1200" height="80" fill="#b9a68c"/></svg>`;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: tiny, fast, good enough for sample data, and identical on every platform. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return at(list, Math.floor(this.next() * list.length));
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return at(entries, entries.length - 1)[0];
  }
  sample<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [at(copy, j), at(copy, i)];
    }
    return copy.slice(0, Math.max(0, n));
  }
  chars(alphabet: string, n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += alphabet.charAt(Math.floor(this.next() * alphabet.length));
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Vehicle catalogue (Australian market; prices are current drive-away in AUD)
// ---------------------------------------------------------------------------------------------

type Fuel = "Petrol" | "Premium" | "Diesel" | "Hybrid" | "Electric" | "Plug-in Hybrid";
type Drive = "FWD" | "RWD" | "AWD" | "4WD";
type GearType = "Automatic" | "Manual" | "CVT" | "DCT" | "Reduction Gear";

interface Engine {
  litres: number;
  cyl: number | null;
  fuel: Fuel;
  induction: string;
  kw: number;
  torque: number;
  cons: number | null;
  gears: number;
  gear: GearType;
  drive: Drive;
}

const E = (
  litres: number,
  cyl: number | null,
  fuel: Fuel,
  induction: string,
  kw: number,
  torque: number,
  cons: number | null,
  gears: number,
  gear: GearType,
  drive: Drive,
): Engine => ({ litres, cyl, fuel, induction, kw, torque, cons, gears, gear, drive });

const EV = (kw: number, torque: number, drive: Drive): Engine =>
  E(0, null, "Electric", "Electric", kw, torque, null, 1, "Reduction Gear", drive);

export type SimpleBody =
  | "sedan"
  | "hatch"
  | "suv"
  | "ute"
  | "wagon"
  | "van"
  | "coupe"
  | "convertible"
  | "peopleMover"
  | "cabChassis"
  | "motorhome"
  | "caravan"
  | "camperTrailer";

interface CaravanSpec {
  length: number;
  width: number;
  tare: number;
  atm: number;
  axle: "Single" | "Tandem";
  sleeps: number;
}

interface ModelDef {
  make: string;
  model: string;
  body: SimpleBody;
  image: BodyKind;
  /** First and last model years sold in Australia. */
  years: [number, number];
  series: [number, string][];
  /** [badge, drive-away price when new, engine index]. */
  badges: [string, number, number][];
  engines: Engine[];
  seats: number;
  doors: number;
  dims: [number, number, number];
  gvm: number;
  fuelcap: number | null;
  tow: number;
  ancap: number | null;
  config: string;
  colours: [string, Paint][];
  item?: "car" | "caravan" | "motorhome" | "camper trailer";
  caravan?: CaravanSpec;
  /** Interior trim most badges come with. */
  trim?: Trim;
}

/** Last model year of a model still on sale. */
const STILL_SOLD = 2100;
const TOYOTA_COLOURS: [string, Paint][] = [
  ["Glacier White", "white"],
  ["Frosted White", "white"],
  ["Silver Pearl", "silver"],
  ["Graphite", "grey"],
  ["Eclipse Black", "black"],
  ["Saturn Blue", "blue"],
  ["Feverish Red", "red"],
];
const NISSAN_COLOURS: [string, Paint][] = [
  ["Ivory Pearl", "white"],
  ["Polar White", "white"],
  ["Brilliant Silver", "silver"],
  ["Gun Metallic", "grey"],
  ["Diamond Black", "black"],
  ["Caspian Blue", "blue"],
  ["Scarlet Ember", "red"],
];
const WORK_COLOURS: [string, Paint][] = [
  ["White", "white"],
  ["Arctic White", "white"],
  ["Silver Metallic", "silver"],
];
/** Colour names to the paint bucket they are photographed in. */
function paintOf(name: string): Paint {
  const l = name.toLowerCase();
  if (/black|ebony|jet|phantom|midnight|onyx|obsidian/.test(l)) return "black";
  if (/blue|navy|sapphire|aqua|ocean|lucid|indigo/.test(l)) return "blue";
  if (/red|ruby|crimson|flame|magma/.test(l)) return "red";
  if (/white|ivory|snow/.test(l)) return "white";
  if (/silver|platinum|titanium|sonic|quicksilver/.test(l)) return "silver";
  return "grey";
}
const c = (...names: string[]): [string, Paint][] => names.map((n) => [n, paintOf(n)]);

const PALETTES: Record<string, [string, Paint][]> = {
  "@toyota": TOYOTA_COLOURS,
  "@nissan": NISSAN_COLOURS,
  "@work": WORK_COLOURS,
};
const FUEL_CODES: Record<string, Fuel> = {
  Petrol: "Petrol",
  Premium: "Premium",
  Diesel: "Diesel",
  Hybrid: "Hybrid",
  PHEV: "Plug-in Hybrid",
};
const GEAR_CODES: Record<string, GearType> = {
  Automatic: "Automatic",
  Manual: "Manual",
  CVT: "CVT",
  DCT: "DCT",
  Reduction: "Reduction Gear",
};
const INDUCTION_CODES: Record<string, string> = {
  Aspirated: "Aspirated",
  Turbo: "Turbo",
  TwinTurbo: "Twin Turbo",
};
const DRIVES: readonly Drive[] = ["FWD", "RWD", "AWD", "4WD"];
const CAR_BODIES = [
  "sedan",
  "hatch",
  "suv",
  "ute",
  "wagon",
  "van",
  "coupe",
  "convertible",
  "peopleMover",
  "cabChassis",
] as const satisfies readonly (SimpleBody & BodyKind)[];
const TRIM_NAMES = Object.keys(TRIMS) as Trim[];

function code<T>(table: Record<string, T> | readonly T[], key: string | undefined, line: string): T {
  const value = Array.isArray(table) ? table.find((v) => v === key) : (table as Record<string, T>)[key ?? ""];
  if (value === undefined) throw new Error(`catalogue: unknown "${key}" in: ${line}`);
  return value;
}

function numberIn(text: string | undefined, line: string): number {
  const n = Number(text);
  if (text === undefined || text === "" || Number.isNaN(n))
    throw new Error(`catalogue: "${text}" is not a number in: ${line}`);
  return n;
}

function parseEngine(spec: string, line: string): Engine {
  const t = spec.trim().split(/\s+/);
  if (t[0] === "EV") return EV(numberIn(t[1], line), numberIn(t[2], line), code(DRIVES, t[3], line));
  const [size = "", fuel, induction, kw, nm, cons, gears, gear, drive] = t;
  const [litres, cyl] = size.split("/");
  return E(
    numberIn(litres, line),
    numberIn(cyl, line),
    code(FUEL_CODES, fuel, line),
    code(INDUCTION_CODES, induction, line),
    numberIn(kw, line),
    numberIn(nm, line),
    numberIn(cons, line),
    numberIn(gears, line),
    code(GEAR_CODES, gear, line),
    code(DRIVES, drive, line),
  );
}

/** One model per line; the field order is documented on CATALOGUE. */
function parseCatalogue(text: string): ModelDef[] {
  return text
    .trim()
    .split("\n")
    .map((line): ModelDef => {
      const f = line.split(" | ").map((field) => field.trim());
      if (f.length < 12) throw new Error(`catalogue: expected 12 or 13 fields in: ${line}`);
      const [
        make = "",
        model = "",
        body,
        years = "",
        series = "",
        badges = "",
        engines = "",
        seatsDoors = "",
        dims = "",
        specs = "",
        config = "",
        colours = "",
        trim,
      ] = f;
      const [from, to] = years.split("-");
      const [seats, doors] = seatsDoors.split("/");
      const [gvm, fuelcap, tow, ancap] = specs.split(" ");
      const kind = code(CAR_BODIES, body, line);
      return {
        make,
        model,
        body: kind,
        image: kind,
        years: [numberIn(from, line), to ? numberIn(to, line) : STILL_SOLD],
        series:
          series === "-"
            ? []
            : series.split(", ").map((s) => {
                const [name = "", year] = s.split("@");
                return [numberIn(year, line), name];
              }),
        badges: badges.split("; ").map((b) => {
          const m = /^(.+) (\d+) #(\d+)$/.exec(b);
          if (!m) throw new Error(`catalogue: badge "${b}" in: ${line}`);
          return [m[1] ?? "", numberIn(m[2], line), numberIn(m[3], line)];
        }),
        engines: engines.split("; ").map((e) => parseEngine(e, line)),
        seats: numberIn(seats, line),
        doors: numberIn(doors, line),
        dims: dims.split("x").map((d) => numberIn(d, line)) as [number, number, number],
        gvm: numberIn(gvm, line),
        fuelcap: fuelcap === "-" ? null : numberIn(fuelcap, line),
        tow: numberIn(tow, line),
        ancap: ancap === "-" ? null : numberIn(ancap, line),
        config,
        colours: PALETTES[colours] ?? c(...colours.split(", ")),
        ...(trim ? { trim: code(TRIM_NAMES, trim, line) } : {}),
      };
    });
}

/**
 * Passenger vehicles, one model per line:
 * make | model | body | first[-last] model year | series@from, … | badge price #engine; … |
 * engines, "litres/cylinders fuel induction kW Nm L/100km gears gearbox drive" or "EV kW Nm drive"; … |
 * seats/doors | length x width x height (mm) | GVM, fuel tank, braked towing, ANCAP ("-" for none) |
 * body configuration | colours (a @palette or a list) | interior trim (optional)
 */
const CATALOGUE: ModelDef[] = parseCatalogue(`
Toyota | Yaris | hatch | 2011 | NCP130R@2011, MXPA10R@2020 | Ascent Sport 27500 #0; SX Hybrid 33000 #1; ZR Hybrid 36000 #1 | 1.5/3 Petrol Aspirated 88 145 5.4 1 CVT FWD; 1.5/3 Hybrid Aspirated 85 120 3.3 1 CVT FWD | 5/5 | 3940x1695x1505 | 1485 40 0 5 | Hatchback | @toyota
Toyota | Yaris Cross | suv | 2020 | MXPB10R@2020 | GX 2WD 32000 #0; GXL Hybrid 2WD 37500 #1; Urban Hybrid AWD 42500 #2 | 1.5/3 Petrol Aspirated 88 145 5.4 1 CVT FWD; 1.5/3 Hybrid Aspirated 85 120 3.8 1 CVT FWD; 1.5/3 Hybrid Aspirated 85 120 4 1 CVT AWD | 5/5 | 4180x1765x1590 | 1680 36 400 5 | Wagon | @toyota
Toyota | Corolla | hatch | 2012 | ZRE182R@2012, MZEA12R@2018, ZWE219R@2023 | Ascent Sport Hybrid 33500 #1; SX Hybrid 37800 #1; ZR Hybrid 42900 #1; Ascent Sport 30500 #0 | 2/4 Petrol Aspirated 126 202 6 10 CVT FWD; 1.8/4 Hybrid Aspirated 103 142 4 1 CVT FWD | 5/5 | 4375x1790x1435 | 1780 43 450 5 | Hatchback | @toyota
Toyota | Corolla | sedan | 2019 | ZWE211R@2019 | Ascent Sport Hybrid 34500 #0; SX Hybrid 38500 #0; ZR Hybrid 43500 #0 | 1.8/4 Hybrid Aspirated 103 142 3.9 1 CVT FWD | 5/4 | 4630x1780x1435 | 1790 43 450 5 | Sedan | @toyota
Toyota | Camry | sedan | 2011 | ASV50R@2011, AXVH71R@2018, AXVH80R@2025 | Ascent Hybrid 43000 #0; SX Hybrid 50500 #0; SL Hybrid 54500 #0 | 2.5/4 Hybrid Aspirated 165 221 4.2 1 CVT FWD | 5/4 | 4915x1840x1445 | 2100 50 1200 5 | Sedan | @toyota | grey
Toyota | C-HR | suv | 2017 | NGX10R@2017, MAXH10R@2024 | GXL Hybrid 46000 #0; Koba Hybrid 53500 #0; GR Sport Hybrid 56500 #0 | 2/4 Hybrid Aspirated 145 206 4.2 1 CVT FWD | 5/5 | 4362x1832x1558 | 1980 43 725 5 | Wagon | @toyota
Toyota | RAV4 | suv | 2012 | ASA44R@2012, AXAH52R@2019, AXAH64R@2026 | GX 2WD 41500 #0; GXL Hybrid 2WD 47000 #1; XSE Hybrid AWD 54500 #2; Cruiser Hybrid AWD 56000 #2; Edge Hybrid AWD 59500 #2 | 2/4 Petrol Aspirated 127 203 6.5 10 CVT FWD; 2.5/4 Hybrid Aspirated 160 221 4.7 1 CVT FWD; 2.5/4 Hybrid Aspirated 163 221 4.8 1 CVT AWD | 5/5 | 4600x1855x1685 | 2230 55 1500 5 | Wagon | @toyota
Toyota | Kluger | suv | 2014 | GSU55R@2014, AXUH78R@2021 | GX Hybrid AWD 63000 #0; GXL Hybrid AWD 71500 #0; Grande Hybrid AWD 84500 #0 | 2.5/4 Hybrid Turbo 184 242 5.6 1 CVT AWD | 7/5 | 4966x1930x1755 | 2620 65 2000 5 | Wagon | @toyota | beige
Toyota | LandCruiser Prado | suv | 2011 | GDJ150R@2011, GDJ250R@2024 | GX 76000 #0; GXL 84000 #0; VX 95000 #0; Kakadu 106000 #0 | 2.8/4 Diesel Turbo 150 500 7.6 8 Automatic 4WD | 7/5 | 4925x1980x1850 | 3140 110 3500 5 | Wagon | @toyota
Toyota | LandCruiser | suv | 2022 | FJA300R@2022 | GX 98000 #0; GXL 110000 #0; VX 121000 #0; Sahara 138000 #0; GR Sport 149000 #0 | 3.3/6 Diesel TwinTurbo 227 700 8.9 10 Automatic 4WD | 7/5 | 4980x1980x1950 | 3280 110 3500 - | Wagon | @toyota | beige
Toyota | LandCruiser 70 | cabChassis | 2011 | VDJ79R@2011, GDJ79R@2024 | Workmate Single Cab Chassis 79000 #0; GXL Single Cab Chassis 86500 #0 | 2.8/4 Diesel Turbo 150 500 9.6 6 Automatic 4WD | 3/2 | 5230x1870x1955 | 3510 130 3500 - | Cab Chassis | @work
Toyota | HiLux | ute | 2011 | KUN26R@2011, GUN126R@2015, GUN136R@2026 | Workmate Double Cab 4x2 43000 #0; SR Double Cab 4x4 58500 #1; SR5 Double Cab 4x4 64500 #1; Rogue Double Cab 4x4 74000 #1; GR Sport Double Cab 4x4 81000 #1 | 2.4/4 Diesel Turbo 110 400 7.2 6 Automatic RWD; 2.8/4 Diesel Turbo 150 500 8 6 Automatic 4WD | 5/4 | 5325x1855x1815 | 3050 80 3500 5 | Double Cab Pick Up | @toyota
Toyota | HiLux | cabChassis | 2015 | GUN126R@2015 | Workmate Single Cab Chassis 4x2 36000 #0; SR Single Cab Chassis 4x4 53000 #1 | 2.4/4 Diesel Turbo 110 400 7.4 6 Manual RWD; 2.8/4 Diesel Turbo 150 500 8.2 6 Automatic 4WD | 3/2 | 5330x1800x1800 | 2810 80 3500 5 | Cab Chassis | @work
Toyota | HiAce | van | 2011 | KDH201R@2011, GDH300R@2019 | LWB Van 53000 #0; SLWB Van 58500 #0 | 2.8/4 Diesel Turbo 130 450 8.4 6 Automatic RWD | 3/4 | 5265x1950x1990 | 3300 70 1900 5 | Van | @work
Toyota | GR86 | coupe | 2022 | ZN8R@2022 | GT 49000 #0; GTS 54500 #1 | 2.4/4 Premium Aspirated 174 250 9.5 6 Manual RWD; 2.4/4 Premium Aspirated 174 250 8.8 6 Automatic RWD | 4/2 | 4265x1775x1310 | 1700 50 0 - | Coupe | Halo White, Ice Silver, Magnetite Grey, Crystal Black, Bright Blue, Ignition Red
Toyota | bZ4X | suv | 2022 | XEAM10R@2022 | FWD 52000 #0; AWD 60000 #1 | EV 150 266 FWD; EV 160 337 AWD | 5/5 | 4690x1860x1650 | 2465 - 750 5 | Wagon | @toyota
Toyota | Granvia | peopleMover | 2019 | GDH303R@2019 | 8 Seat 73000 #0; VX 6 Seat 86500 #0 | 2.8/4 Diesel Turbo 130 450 8 6 Automatic RWD | 8/5 | 5300x1970x1990 | 3300 70 1500 5 | Wagon | Glacier White, Silver Pearl, Graphite, Eclipse Black | beige
Nissan | Navara | ute | 2015 | D23@2015, D23 MY21@2021, D27@2026 | SL Dual Cab 4x4 56000 #0; ST Dual Cab 4x4 59500 #0; ST-X Dual Cab 4x4 65500 #0; PRO-4X Dual Cab 4x4 69500 #0; PRO-4X Warrior 77500 #0 | 2.3/4 Diesel TwinTurbo 140 450 7 7 Automatic 4WD | 5/4 | 5260x1850x1840 | 3150 80 3500 5 | Double Cab Pick Up | @nissan
Nissan | X-Trail | suv | 2014 | T32@2014, T33@2022 | ST 2WD 42000 #0; ST-L 4WD 50000 #1; Ti e-POWER e-4ORCE 61000 #2; Ti-L e-POWER e-4ORCE 65500 #2 | 2.5/4 Petrol Aspirated 135 244 7.4 7 CVT FWD; 2.5/4 Petrol Aspirated 135 244 7.8 7 CVT AWD; 1.5/3 Hybrid Turbo 157 525 6.1 1 Reduction AWD | 5/5 | 4680x1840x1725 | 2245 55 2000 5 | Wagon | @nissan
Nissan | Qashqai | suv | 2014 | J11@2014, J12@2022 | ST 37500 #0; ST+ 41000 #0; Ti 48500 #0; Ti e-POWER 55000 #1 | 1.3/4 Premium Turbo 110 250 6.1 1 CVT FWD; 1.5/3 Hybrid Turbo 140 330 5.3 1 Reduction FWD | 5/5 | 4425x1835x1625 | 1935 55 1200 5 | Wagon | @nissan
Nissan | Patrol | suv | 2013 | Y62@2013, Y62 Series 5@2020 | Ti 91000 #0; Ti-L 106000 #0; Warrior 111000 #0 | 5.6/8 Premium Aspirated 298 560 14.4 7 Automatic 4WD | 8/5 | 5175x1995x1940 | 3500 140 3500 - | Wagon | @nissan | beige
Nissan | Pathfinder | suv | 2013 | R52@2013, R53@2022 | ST 2WD 59000 #0; ST-L 4WD 67500 #1; Ti 4WD 77000 #1; Ti-L 4WD 83500 #1 | 3.5/6 Petrol Aspirated 202 340 10.5 9 Automatic FWD; 3.5/6 Petrol Aspirated 202 340 10.5 9 Automatic 4WD | 8/5 | 5004x1978x1805 | 2700 74 2700 5 | Wagon | @nissan
Nissan | Juke | suv | 2020 | F16@2020 | ST 33000 #0; ST+ 35500 #0; Ti 41000 #0 | 1/3 Petrol Turbo 86 180 5.8 7 DCT FWD | 5/5 | 4210x1800x1595 | 1690 46 1250 5 | Wagon | @nissan
Nissan | LEAF | hatch | 2019 | ZE1@2019 | LEAF 51000 #0; e+ 61500 #1 | EV 110 320 FWD; EV 160 340 FWD | 5/5 | 4490x1790x1540 | 1995 - 0 5 | Hatchback | @nissan
Nissan | Z | coupe | 2023 | RZ34@2023 | Manual 81000 #0; Auto 83000 #1; NISMO 101000 #1 | 3/6 Premium TwinTurbo 298 475 10.8 6 Manual RWD; 3/6 Premium TwinTurbo 298 475 10.2 9 Automatic RWD | 2/2 | 4380x1845x1315 | 1880 62 0 - | Coupe | Everest White, Brilliant Silver, Boulder Grey, Black Diamond, Seiran Blue, Passion Red
Nissan | Ariya | suv | 2024 | FE0@2024 | Engage 61000 #0; Evolve 68000 #0; Evolve e-4ORCE 81000 #1 | EV 160 300 FWD; EV 225 600 AWD | 5/5 | 4595x1850x1660 | 2500 - 1500 5 | Wagon | @nissan
Mazda | Mazda2 | hatch | 2011 | DE@2011, DJ@2015 | G15 Pure 26500 #0; G15 GT 30500 #0 | 1.5/4 Petrol Aspirated 82 144 5.3 6 Automatic FWD | 5/5 | 4065x1695x1495 | 1485 44 900 4 | Hatchback | Snowflake White Pearl, Sonic Silver, Machine Grey, Jet Black, Deep Crystal Blue, Soul Red Crystal
Mazda | Mazda3 | hatch | 2011 | BL@2011, BM@2014, BP@2019 | G20 Pure 33500 #0; G20 Evolve 36000 #0; G25 GT 42000 #1; G25 Astina 45500 #1 | 2/4 Petrol Aspirated 114 200 6.2 6 Automatic FWD; 2.5/4 Petrol Aspirated 139 252 6.6 6 Automatic FWD | 5/5 | 4460x1795x1435 | 1830 51 1200 5 | Hatchback | Snowflake White Pearl, Sonic Silver, Machine Grey, Jet Black, Deep Crystal Blue, Soul Red Crystal
Mazda | CX-30 | suv | 2020 | DM@2020 | G20 Pure 36500 #0; G25 Touring 42500 #1; G25 Astina 48500 #1 | 2/4 Petrol Aspirated 114 200 6.3 6 Automatic FWD; 2.5/4 Petrol Aspirated 139 252 6.6 6 Automatic AWD | 5/5 | 4395x1795x1540 | 1940 51 1200 5 | Wagon | Snowflake White Pearl, Sonic Silver, Machine Grey, Jet Black, Deep Crystal Blue, Soul Red Crystal
Mazda | CX-5 | suv | 2012 | KE@2012, KF@2017, KG@2026 | G20 Maxx 38000 #0; G25 Maxx Sport 44500 #1; G25 Touring 48000 #1; G35 Akera 57500 #2 | 2/4 Petrol Aspirated 115 200 6.9 6 Automatic FWD; 2.5/4 Petrol Aspirated 140 252 7.4 6 Automatic AWD; 2.5/4 Petrol Turbo 170 420 8.2 6 Automatic AWD | 5/5 | 4575x1845x1680 | 2175 58 1800 5 | Wagon | Snowflake White Pearl, Sonic Silver, Machine Grey, Jet Black, Deep Crystal Blue, Soul Red Crystal
Mazda | CX-60 | suv | 2023 | KH@2023 | G40e Evolve 64000 #0; D50e GT 75000 #1; P50e Azami 88000 #2 | 3.3/6 Petrol Turbo 209 450 7.4 8 Automatic AWD; 3.3/6 Diesel Turbo 187 550 4.9 8 Automatic AWD; 2.5/4 PHEV Aspirated 241 500 2.1 8 Automatic AWD | 5/5 | 4740x1890x1685 | 2550 58 2500 5 | Wagon | Rhodium White, Sonic Silver, Machine Grey, Jet Black, Deep Crystal Blue, Soul Red Crystal | beige
Mazda | BT-50 | ute | 2011 | UP@2011, TF@2021 | XT Dual Cab 4x4 57000 #0; XTR Dual Cab 4x4 63000 #0; GT Dual Cab 4x4 67500 #0; Thunder 75000 #0 | 3/4 Diesel Turbo 140 450 8 6 Automatic 4WD | 5/4 | 5280x1870x1790 | 3100 76 3500 5 | Double Cab Pick Up | Ice White, Ingot Silver, Concrete Grey, True Black, Gunblue, Red Mica
Mazda | MX-5 | convertible | 2011 | NC@2011, ND@2015 | Roadster 46000 #0; Roadster GT 51500 #0 | 2/4 Premium Aspirated 135 205 6.9 6 Manual RWD | 2/2 | 3915x1735x1235 | 1250 45 0 5 | Convertible | Sonic Silver, Jet Black, Soul Red Crystal
Hyundai | i30 | hatch | 2011 | GD@2011, PD@2017 | Active 29500 #0; Elite 33500 #0; N Line Premium 41000 #1 | 2/4 Petrol Aspirated 120 203 6.9 1 CVT FWD; 1.6/4 Petrol Turbo 150 265 7 7 DCT FWD | 5/5 | 4340x1795x1455 | 1830 50 1300 5 | Hatchback | Polar White, Typhoon Silver, Amazon Grey, Phantom Black, Intense Blue, Lava Orange
Hyundai | i30 | sedan | 2021 | CN7@2021 | Active 31000 #0; Elite 35000 #0; N Line Premium 42000 #1 | 2/4 Petrol Aspirated 110 180 6.1 1 CVT FWD; 1.6/4 Petrol Turbo 150 265 7 7 DCT FWD | 5/4 | 4710x1825x1420 | 1780 47 1200 5 | Sedan | Polar White, Typhoon Silver, Amazon Grey, Phantom Black, Intense Blue
Hyundai | Tucson | suv | 2015 | TL@2015, NX4@2021 | Tucson 2WD 39500 #0; Elite 2WD 44000 #0; Hybrid Elite AWD 53000 #1; N Line Premium AWD 58500 #2 | 2/4 Petrol Aspirated 115 192 8.1 6 Automatic FWD; 1.6/4 Hybrid Turbo 173 367 5.2 6 Automatic AWD; 2/4 Diesel Turbo 137 416 6.3 8 Automatic AWD | 5/5 | 4640x1865x1665 | 2250 54 1900 5 | Wagon | White Cream, Shimmering Silver, Amazon Grey, Phantom Black, Teal Blue, Engine Red
Hyundai | Kona | suv | 2017 | OS@2017, SX2@2023 | Kona 2WD 35000 #0; Hybrid Premium 45500 #1; Electric Premium Extended Range 65000 #2 | 2/4 Petrol Aspirated 110 180 6.6 1 CVT FWD; 1.6/4 Hybrid Aspirated 104 265 3.9 6 DCT FWD; EV 160 255 FWD | 5/5 | 4355x1825x1575 | 1960 50 1300 5 | Wagon | Atlas White, Ecotronic Grey, Abyss Black, Ultimate Red
Hyundai | Santa Fe | suv | 2012 | DM@2012, TM@2018, MX5@2024 | Santa Fe AWD 58500 #0; Elite Hybrid AWD 66000 #1; Calligraphy Hybrid AWD 79000 #1 | 2.5/4 Petrol Turbo 206 422 8.7 8 DCT AWD; 1.6/4 Hybrid Turbo 172 367 5.6 6 Automatic AWD | 7/5 | 4830x1900x1780 | 2650 67 1650 5 | Wagon | Creamy White, Titan Grey, Abyss Black, Ocean Indigo | beige
Hyundai | Staria | peopleMover | 2021 | US4@2021 | Staria 2WD 58000 #0; Highlander AWD 72500 #1 | 3.5/6 Petrol Aspirated 200 331 10.5 8 Automatic FWD; 2.2/4 Diesel Turbo 130 430 8.2 8 Automatic AWD | 8/5 | 5253x1997x1990 | 3010 75 2500 - | Wagon | Creamy White, Moonlight Blue, Abyss Black, Shimmering Silver
Hyundai | IONIQ 5 | suv | 2022 | NE@2022 | Dynamiq RWD 66000 #0; Epiq AWD 82000 #1 | EV 168 350 RWD; EV 239 605 AWD | 5/5 | 4655x1890x1605 | 2480 - 1600 5 | Wagon | Atlas White, Cyber Grey, Abyss Black, Lucid Blue
Kia | Picanto | hatch | 2015 | TA@2015, JA@2017 | S 19500 #0; GT-Line 23000 #0 | 1.25/4 Petrol Aspirated 62 122 5.8 4 Automatic FWD | 4/5 | 3595x1595x1485 | 1400 35 0 - | Hatchback | Clear White, Sparkling Silver, Astro Grey, Aurora Black, Signal Red
Kia | Cerato | hatch | 2013-2024 | YD@2013, BD@2019 | S 28500 #0; Sport 31500 #0; GT 39500 #1 | 2/4 Petrol Aspirated 112 192 6.8 6 Automatic FWD; 1.6/4 Petrol Turbo 150 265 7.1 7 DCT FWD | 5/5 | 4510x1800x1440 | 1800 50 1100 5 | Hatchback | Clear White, Steel Grey, Aurora Black, Gravity Blue, Runway Red
Kia | Seltos | suv | 2020 | SP2@2020 | S 2WD 33000 #0; Sport+ 2WD 38500 #0; GT-Line AWD 45500 #1 | 2/4 Petrol Aspirated 110 180 6.8 1 CVT FWD; 1.6/4 Petrol Turbo 146 265 7.6 8 Automatic AWD | 5/5 | 4385x1800x1620 | 1840 50 1300 5 | Wagon | Clear White, Steel Grey, Aurora Black, Neptune Blue, Pluton Blue
Kia | Sportage | suv | 2011 | SL@2011, QL@2016, NQ5@2022 | S 2WD 37500 #0; SX 2WD 41000 #0; GT-Line Hybrid AWD 57000 #1; GT-Line Diesel AWD 56000 #2 | 2/4 Petrol Aspirated 115 192 8.1 6 Automatic FWD; 1.6/4 Hybrid Turbo 169 350 5.3 6 Automatic AWD; 2/4 Diesel Turbo 137 416 6.3 8 Automatic AWD | 5/5 | 4660x1865x1680 | 2250 54 1900 5 | Wagon | Clear White, Steel Grey, Aurora Black, Vesta Blue, Fusion Red
Kia | Sorento | suv | 2015 | UM@2015, MQ4@2020 | S Petrol 2WD 52000 #0; Sport+ Diesel AWD 61500 #1; GT-Line PHEV AWD 83000 #2 | 3.5/6 Petrol Aspirated 200 332 9.7 8 Automatic FWD; 2.2/4 Diesel Turbo 148 440 6.1 8 DCT AWD; 1.6/4 PHEV Turbo 195 350 1.6 6 Automatic AWD | 7/5 | 4815x1900x1700 | 2610 67 2000 5 | Wagon | Snow White Pearl, Silky Silver, Gravity Grey, Aurora Black, Mineral Blue | beige
Kia | Carnival | peopleMover | 2015 | YP@2015, KA4@2021 | S 56000 #0; Sport+ 64000 #1; GT-Line Hybrid 82000 #2 | 3.5/6 Petrol Aspirated 216 355 9.6 8 Automatic FWD; 2.2/4 Diesel Turbo 148 440 6.5 8 Automatic FWD; 1.6/4 Hybrid Turbo 180 367 6.4 6 Automatic FWD | 8/5 | 5155x1995x1775 | 2735 72 2000 5 | Wagon | Clear White, Panthera Metal, Astra Blue, Aurora Black, Ceramic Silver
Kia | EV6 | suv | 2022 | CV@2022 | Air RWD 70000 #0; GT-Line AWD 84000 #1 | EV 168 350 RWD; EV 239 605 AWD | 5/5 | 4695x1890x1550 | 2470 - 1600 5 | Wagon | Snow White Pearl, Steel Grey, Aurora Black, Yacht Blue, Runway Red
Kia | Tasman | ute | 2025 | TK@2025 | SX Dual Cab 4x4 58000 #0; X-Line Dual Cab 4x4 67000 #0; X-Pro Dual Cab 4x4 78000 #0 | 2.2/4 Diesel Turbo 154 441 8.1 8 Automatic 4WD | 5/4 | 5410x1930x1870 | 3250 80 3500 - | Double Cab Pick Up | Clear White, Interstellar Grey, Aurora Black, Denim Blue
Ford | Ranger | ute | 2011 | PX@2011, PX MkII@2015, PX MkIII@2018, PY@2022 | XL Double Cab 4x4 57000 #0; XLT Double Cab 4x4 66500 #1; Sport Double Cab 4x4 69500 #1; Wildtrak V6 Double Cab 4x4 78500 #2; Raptor 95000 #3 | 2/4 Diesel Turbo 125 405 7.4 6 Automatic 4WD; 2/4 Diesel TwinTurbo 154 500 7.6 10 Automatic 4WD; 3/6 Diesel Turbo 184 600 8.4 10 Automatic 4WD; 3/6 Premium TwinTurbo 292 583 11.5 10 Automatic 4WD | 5/4 | 5370x1918x1884 | 3280 80 3500 5 | Double Cab Pick Up | Arctic White, Aluminium Silver, Meteor Grey, Shadow Black, Blue Lightning, True Red
Ford | Ranger | cabChassis | 2011 | PX@2011, PY@2022 | XL Single Cab Chassis 4x2 41000 #0; XL Single Cab Chassis 4x4 50500 #0 | 2/4 Diesel Turbo 125 405 7.2 6 Automatic 4WD | 3/2 | 5370x1918x1815 | 3280 80 3500 5 | Cab Chassis | Arctic White, Aluminium Silver
Ford | Everest | suv | 2015 | UA@2015, UB@2022 | Ambiente 4WD 61000 #0; Trend 4WD 70000 #0; Sport V6 4WD 76000 #1; Platinum V6 4WD 86500 #1 | 2/4 Diesel TwinTurbo 154 500 7.1 10 Automatic 4WD; 3/6 Diesel Turbo 184 600 8.6 10 Automatic 4WD | 7/5 | 4914x1923x1842 | 3190 80 3500 5 | Wagon | Arctic White, Aluminium Silver, Meteor Grey, Shadow Black, Blue Lightning
Ford | Puma | suv | 2020 | JK@2020 | Puma 35500 #0; ST-Line 38500 #0; ST-Line V 42000 #0 | 1/3 Premium Turbo 92 170 5.3 7 DCT FWD | 5/5 | 4207x1805x1537 | 1740 42 1200 5 | Wagon | Frozen White, Moondust Silver, Magnetic Grey, Agate Black, Desert Island Blue, Fantastic Red
Ford | Mustang | coupe | 2016 | FM@2016, S650@2024 | EcoBoost Fastback 69500 #0; GT Fastback 85000 #1 | 2.3/4 Premium Turbo 233 448 10.1 10 Automatic RWD; 5/8 Premium Aspirated 341 550 13.1 10 Automatic RWD | 4/2 | 4811x1916x1397 | 2175 61 0 3 | Coupe | Oxford White, Iconic Silver, Carbonized Grey, Shadow Black, Atlas Blue, Race Red
Ford | Mustang | convertible | 2016 | FM@2016, S650@2024 | GT Convertible 92000 #0 | 5/8 Premium Aspirated 341 550 13.4 10 Automatic RWD | 4/2 | 4811x1916x1397 | 2250 61 0 3 | Convertible | Iconic Silver, Shadow Black, Race Red
Ford | Transit Custom | van | 2014 | VN@2014, VO@2024 | 320S SWB Van 55000 #0; 340L LWB Van 60500 #0 | 2/4 Diesel Turbo 125 390 7.2 6 Automatic FWD | 3/4 | 5050x2032x1980 | 3200 70 2000 5 | Van | Frozen White, Moondust Silver
Mitsubishi | Triton | ute | 2011 | MN@2011, MQ@2015, MR@2019, MV@2024 | GLX Double Cab 4x4 51500 #0; GLX+ Double Cab 4x4 56000 #0; GLS Double Cab 4x4 61000 #0; GSR Double Cab 4x4 66500 #0 | 2.4/4 Diesel TwinTurbo 150 470 7.7 6 Automatic 4WD | 5/4 | 5320x1865x1795 | 3150 75 3500 5 | Double Cab Pick Up | White Diamond, Sterling Silver, Graphite Grey, Jet Black, Blade Silver, Red Diamond
Mitsubishi | Triton | cabChassis | 2011 | MN@2011, MV@2024 | GLX Single Cab Chassis 4x2 37500 #0; GLX Club Cab Chassis 4x4 49500 #0 | 2.4/4 Diesel Turbo 135 430 7.6 6 Manual 4WD | 3/2 | 5300x1865x1780 | 3100 75 3500 5 | Cab Chassis | White Solid, Sterling Silver
Mitsubishi | Outlander | suv | 2013 | ZJ@2013, ZL@2018, ZM@2022 | ES 2WD 41000 #0; LS AWD 46500 #1; Aspire PHEV 62500 #2; Exceed Tourer PHEV 72000 #2 | 2.5/4 Petrol Aspirated 135 245 7.5 1 CVT FWD; 2.5/4 Petrol Aspirated 135 245 7.7 1 CVT AWD; 2.4/4 PHEV Aspirated 185 450 1.5 1 Reduction AWD | 7/5 | 4710x1862x1745 | 2410 55 2000 5 | Wagon | White Diamond, Sterling Silver, Titanium Grey, Black Diamond, Cosmic Blue, Red Diamond
Mitsubishi | ASX | suv | 2011 | XA@2011, XD@2020 | ES 30500 #0; LS 33500 #0; Exceed 39000 #0 | 2/4 Petrol Aspirated 110 197 7.6 1 CVT FWD | 5/5 | 4365x1810x1640 | 1870 63 1300 5 | Wagon | White Solid, Sterling Silver, Titanium Grey, Black Pearl, Lightning Blue, Red Diamond
Mitsubishi | Pajero Sport | suv | 2016 | QF@2016 | GLX 4WD 53000 #0; GLS 4WD 59500 #0; Exceed 4WD 64500 #0 | 2.4/4 Diesel Turbo 133 430 8 8 Automatic 4WD | 7/5 | 4825x1815x1835 | 2710 68 3100 5 | Wagon | White Diamond, Sterling Silver, Graphite Grey, Black Pearl
Volkswagen | Golf | hatch | 2011 | Mk6@2011, Mk7@2013, Mk8@2021 | Life 40500 #0; R-Line 46000 #0; GTI 62000 #1; R 73500 #2 | 1.4/4 Premium Turbo 110 250 5.8 8 Automatic FWD; 2/4 Premium Turbo 195 370 7 7 DCT FWD; 2/4 Premium Turbo 245 420 7.6 7 DCT AWD | 5/5 | 4284x1789x1456 | 1870 50 1500 5 | Hatchback | Pure White, Reflex Silver, Moonstone Grey, Deep Black Pearl, Atlantic Blue, Kings Red
Volkswagen | T-Roc | suv | 2020 | A1@2020 | CityLife 39000 #0; R-Line 49500 #1 | 1.4/4 Premium Turbo 110 250 6 8 Automatic FWD; 2/4 Premium Turbo 140 320 7.2 7 DCT AWD | 5/5 | 4234x1819x1573 | 1860 50 1700 5 | Wagon | Pure White, Reflex Silver, Indium Grey, Deep Black Pearl, Ravenna Blue, Kings Red
Volkswagen | Tiguan | suv | 2011 | 5N@2011, AD1@2016, CT1@2025 | 110TSI Life 47500 #0; 162TSI Elegance 62000 #1; 162TSI R-Line 66000 #1 | 1.5/4 Premium Turbo 110 250 6.4 7 DCT FWD; 2/4 Premium Turbo 162 350 8.1 7 DCT AWD | 5/5 | 4539x1859x1656 | 2220 58 2500 5 | Wagon | Pure White, Reflex Silver, Platinum Grey, Deep Black Pearl, Atlantic Blue, Kings Red | grey
Volkswagen | Amarok | ute | 2011 | 2H@2011, NF@2023 | Core Dual Cab 4x4 60500 #0; Life Dual Cab 4x4 66000 #0; Style V6 Dual Cab 4x4 79500 #1; Aventura V6 90000 #1 | 2/4 Diesel TwinTurbo 154 500 7.6 10 Automatic 4WD; 3/6 Diesel Turbo 184 600 8.9 10 Automatic 4WD | 5/4 | 5350x1910x1884 | 3280 80 3500 5 | Double Cab Pick Up | Candy White, Reflex Silver, Indium Grey, Deep Black Pearl, Ravenna Blue
Volkswagen | Multivan | peopleMover | 2016 | T6@2016, T7@2022 | Life LWB 80000 #0; Energetic eHybrid LWB 96000 #1 | 2/4 Premium Turbo 150 350 8 7 DCT FWD; 1.4/4 PHEV Turbo 160 350 1.8 6 DCT FWD | 7/5 | 5173x1941x1903 | 2990 45 2000 5 | Wagon | Candy White, Reflex Silver, Indium Grey, Deep Black Pearl
Holden | Commodore | sedan | 2011-2020 | VE II@2011, VF@2013, VF II@2015, ZB@2018 | Evoke 38000 #0; SV6 44000 #0; SS-V Redline 56000 #1 | 3.6/6 Petrol Aspirated 210 350 9.3 6 Automatic RWD; 6.2/8 Premium Aspirated 304 570 12.6 6 Automatic RWD | 5/4 | 4964x1898x1471 | 2220 71 2100 5 | Sedan | Heron White, Nitrate Silver, Prussian Steel, Phantom Black, Slipstream Blue, Red Hot
Holden | Commodore | wagon | 2011-2017 | VE II@2011, VF@2013, VF II@2015 | Evoke Sportwagon 40000 #0; SV6 Sportwagon 46000 #0 | 3.6/6 Petrol Aspirated 210 350 9.6 6 Automatic RWD | 5/5 | 4897x1898x1497 | 2290 71 2100 5 | Wagon | Heron White, Nitrate Silver, Prussian Steel, Phantom Black
Holden | Colorado | ute | 2012-2020 | RG@2012 | LS Crew Cab 4x4 50000 #0; LTZ Crew Cab 4x4 56000 #0; Z71 Crew Cab 4x4 60000 #0 | 2.8/4 Diesel Turbo 147 500 8.6 6 Automatic 4WD | 5/4 | 5361x1872x1800 | 3150 76 3500 5 | Crew Cab Pickup | Summit White, Nitrate Silver, Son of a Gun Grey, Mineral Black, Absolute Red
Subaru | Outback | wagon | 2011 | 4GEN@2011, 5GEN@2015, 6GEN@2021 | AWD 45500 #0; AWD Sport 50500 #0; AWD Touring 55000 #0 | 2.5/4 Petrol Aspirated 138 245 7.3 8 CVT AWD | 5/5 | 4870x1875x1675 | 2300 63 2000 5 | Wagon | Crystal White, Ice Silver, Magnetite Grey, Crystal Black, Storm Grey, Autumn Green
Subaru | Forester | suv | 2011 | SH@2011, SJ@2013, SK@2018, SL@2025 | 2.5i 40500 #0; 2.5i Premium 44500 #0; Hybrid S 54500 #1 | 2.5/4 Petrol Aspirated 136 239 7.4 7 CVT AWD; 2/4 Hybrid Aspirated 110 196 6.7 7 CVT AWD | 5/5 | 4640x1815x1730 | 2120 63 1800 5 | Wagon | Crystal White, Ice Silver, Magnetite Grey, Crystal Black, Horizon Blue
Honda | CR-V | suv | 2013 | RM@2013, RW@2017, RS@2023 | VTi 44000 #0; VTi L AWD 53000 #0; e:HEV RS 60000 #1 | 1.5/4 Petrol Turbo 140 240 7.3 1 CVT AWD; 2/4 Hybrid Aspirated 135 335 5.3 1 Reduction AWD | 5/5 | 4705x1865x1680 | 2250 57 1500 5 | Wagon | Platinum White, Lunar Silver, Meteoroid Grey, Crystal Black, Canyon River Blue
Honda | Civic | hatch | 2016 | FK@2016, FL@2022 | VTi-LX 39000 #0; e:HEV LX 52000 #1; Type R 75000 #2 | 1.5/4 Premium Turbo 131 240 6.3 1 CVT FWD; 2/4 Hybrid Aspirated 135 315 4.2 1 Reduction FWD; 2/4 Premium Turbo 235 420 9.2 6 Manual FWD | 5/5 | 4560x1802x1415 | 1820 47 0 5 | Hatchback | Platinum White, Lunar Silver, Sonic Grey, Crystal Black, Rallye Red
Isuzu | D-MAX | ute | 2012 | TF@2012, RG@2020 | SX Crew Cab 4x4 55000 #0; LS-U Crew Cab 4x4 62000 #0; X-TERRAIN Crew Cab 4x4 70000 #0 | 3/4 Diesel Turbo 140 450 8 6 Automatic 4WD | 5/4 | 5280x1870x1790 | 3100 76 3500 5 | Crew Cab Pickup | Mineral White, Mercury Silver, Obsidian Grey, Basalt Black, Cobalt Blue, Magnetic Red
Isuzu | D-MAX | cabChassis | 2012 | TF@2012 | SX Single Cab Chassis 4x4 47000 #0 | 3/4 Diesel Turbo 140 450 8.2 6 Manual 4WD | 3/2 | 5280x1870x1790 | 3100 76 3500 5 | Cab Chassis | Splash White, Mercury Silver
Isuzu | MU-X | suv | 2013 | UC@2013, RJ@2021 | LS-M 4x4 57000 #0; LS-T 4x4 67000 #0 | 3/4 Diesel Turbo 140 450 8.3 6 Automatic 4WD | 7/5 | 4850x1870x1825 | 2800 80 3500 5 | Wagon | Mineral White, Mercury Silver, Obsidian Grey, Basalt Black, Cobalt Blue
Tesla | Model 3 | sedan | 2019 | MY19@2019, Highland@2024 | Rear-Wheel Drive 58000 #0; Long Range AWD 70000 #1 | EV 208 420 RWD; EV 366 493 AWD | 5/4 | 4720x1850x1441 | 2200 - 1000 5 | Sedan | Pearl White, Quicksilver, Stealth Grey, Solid Black, Deep Blue, Ultra Red
Tesla | Model Y | suv | 2022 | MY22@2022, Juniper@2025 | Rear-Wheel Drive 62000 #0; Long Range AWD 72000 #1 | EV 220 420 RWD; EV 378 510 AWD | 5/5 | 4751x1921x1624 | 2430 - 1600 5 | Wagon | Pearl White, Quicksilver, Stealth Grey, Solid Black, Deep Blue, Ultra Red
BYD | Atto 3 | suv | 2022 | MY23@2022 | Standard Range 45500 #0; Extended Range 49500 #0 | EV 150 310 FWD | 5/5 | 4455x1875x1615 | 2200 - 0 5 | Wagon | Ski White, Boulder Grey, Cosmos Black, Surf Blue, Parkour Red
BYD | Shark 6 | ute | 2025 | MY25@2025 | Premium Dual Cab 60000 #0 | 1.5/4 PHEV Turbo 321 650 2 1 Reduction 4WD | 5/4 | 5457x1971x1925 | 3200 60 2500 5 | Double Cab Pick Up | Glacier White, Fossil Grey, Blue Grey, Black
MG | ZS | suv | 2018 | AZS1@2018, AZS2@2025 | Vibe 26000 #0; Excite 28500 #0; Essence Hybrid+ 35000 #1 | 1.5/4 Petrol Aspirated 82 141 6.9 4 Automatic FWD; 1.5/4 Hybrid Aspirated 165 465 4.5 3 Automatic FWD | 5/5 | 4323x1809x1653 | 1720 48 500 5 | Wagon | Dover White, Regal Silver, Dynamic Grey, Pebble Black, Clipper Blue, Diamond Red
MG | MG4 | hatch | 2023 | EH32@2023 | Excite 51 39000 #0; Essence 64 46000 #0 | EV 125 250 RWD | 5/5 | 4287x1836x1504 | 2050 - 0 5 | Hatchback | Dover White, Holborn Blue, Camden Grey, Pebble Black, Diamond Red
Suzuki | Swift | hatch | 2011 | FZ@2011, AZ@2017, AZH@2024 | GL 24000 #0; GLX Hybrid 29000 #1 | 1.2/4 Petrol Aspirated 61 113 4.8 1 CVT FWD; 1.2/3 Hybrid Aspirated 61 112 4 1 CVT FWD | 5/5 | 3860x1735x1495 | 1380 37 1000 - | Hatchback | Pure White Pearl, Premium Silver, Mineral Grey, Super Black Pearl, Frontier Blue, Burning Red
Suzuki | Jimny | suv | 2018 | JB74@2018 | Lite 32000 #0; Jimny 35500 #1 | 1.5/4 Petrol Aspirated 75 130 6.4 5 Manual 4WD; 1.5/4 Petrol Aspirated 75 130 6.9 4 Automatic 4WD | 4/3 | 3645x1645x1720 | 1435 40 1300 3 | Hardtop | White, Silky Silver, Medium Grey, Bluish Black Pearl, Kinetic Yellow
Mercedes-Benz | C-Class | sedan | 2014 | W205@2014, W206@2022 | C200 82000 #0; C300 95000 #0 | 2/4 Premium Turbo 150 300 7.1 9 Automatic RWD | 5/4 | 4751x1820x1438 | 2230 66 1800 5 | Sedan | Polar White, Iridium Silver, Graphite Grey, Obsidian Black, Spectral Blue | beige
Mercedes-Benz | GLC | suv | 2016 | X253@2016, X254@2023 | GLC 300 4MATIC 105000 #0; GLC 200 89000 #0 | 2/4 Premium Turbo 190 400 7.8 9 Automatic AWD | 5/5 | 4716x1890x1640 | 2550 62 2500 5 | Wagon | Polar White, High-Tech Silver, Graphite Grey, Obsidian Black, Cavansite Blue | beige
BMW | 3 Series | sedan | 2012 | F30@2012, G20@2019 | 320i M Sport 78000 #0; 330i M Sport 88000 #0 | 2/4 Premium Turbo 135 300 6.4 8 Automatic RWD | 5/4 | 4713x1827x1440 | 2100 59 1600 5 | Sedan | Alpine White, Mineral White, Skyscraper Grey, Black Sapphire, Portimao Blue, Melbourne Red | black
Lexus | RX | suv | 2016 | AL20@2016, ALH10@2023 | RX350h Luxury 96000 #0; RX500h F Sport 125000 #0 | 2.5/4 Hybrid Aspirated 184 239 5 1 CVT AWD | 5/5 | 4890x1920x1695 | 2690 65 2000 5 | Wagon | Sonic Quartz, Sonic Titanium, Graphite Black, Deep Blue Mica, Red Mica | beige
Jeep | Wrangler | suv | 2012 | JK@2012, JL@2018 | Unlimited Sport S 78000 #0; Unlimited Rubicon 95000 #0 | 2/4 Premium Turbo 200 400 9.6 8 Automatic 4WD | 5/5 | 4882x1894x1838 | 2710 81 2495 1 | Softtop | Bright White, Billet Silver, Granite Crystal, Black, Hydro Blue, Firecracker Red
GWM | Ute Cannon | ute | 2021 | NPW@2021 | Cannon 4x4 42000 #0; Cannon-X 4x4 48500 #0 | 2/4 Diesel Turbo 120 400 9.4 8 Automatic 4WD | 5/4 | 5410x1934x1886 | 3150 78 3000 5 | Double Cab Pick Up | Pearl White, Sapphire Blue, Pitch Black, Crystal Black, Ayers Grey
LDV | T60 Max | ute | 2021 | SK8C@2021 | Pro Dual Cab 4x4 44000 #0; Luxe Dual Cab 4x4 50000 #0 | 2/4 Diesel TwinTurbo 160 500 8.8 8 Automatic 4WD | 5/4 | 5365x1900x1809 | 3050 75 3000 5 | Double Cab Pick Up | Blanc White, Aurora Silver, Meteor Grey, Obsidian Black, Formula Red
Skoda | Octavia | wagon | 2014 | NE@2014, NX@2021 | 110TSI Style Wagon 45000 #0; RS Wagon 58000 #1 | 1.4/4 Premium Turbo 110 250 5.8 8 Automatic FWD; 2/4 Premium Turbo 180 370 6.8 7 DCT FWD | 5/5 | 4689x1829x1468 | 2020 50 1600 5 | Wagon | Moon White, Brilliant Silver, Quartz Grey, Black Magic, Race Blue, Velvet Red
`);

type RvRow = readonly [
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  "Single" | "Tandem",
  number,
];
type RvItem = "caravan" | "motorhome" | "camper trailer";
const RV_SHAPE: Record<
  RvItem,
  { body: SimpleBody; image: BodyKind; height: number; config: string; colours: string[] }
> = {
  caravan: {
    body: "caravan",
    image: "caravan",
    height: 2950,
    config: "Caravan",
    colours: ["White", "Silver Composite"],
  },
  motorhome: { body: "motorhome", image: "motorhome", height: 3100, config: "Motorhome", colours: ["White"] },
  "camper trailer": {
    body: "camperTrailer",
    image: "camper",
    height: 1550,
    config: "Camper Trailer",
    colours: ["Charcoal Grey", "Gunmetal"],
  },
};

/** Rows: make, model, floor plan (badge), price, body length, width (mm), tare, ATM (kg), axles, sleeps. */
function rvModels(item: RvItem, rows: readonly RvRow[]): ModelDef[] {
  const shape = RV_SHAPE[item];
  const motorhome = item === "motorhome";
  return rows.map(([make, model, badge, price, length, width, tare, atm, axle, sleeps]) => ({
    make,
    model,
    body: shape.body,
    image: shape.image,
    years: [motorhome ? 2016 : 2015, STILL_SOLD],
    series: [],
    badges: [[badge, price, 0]],
    // Motorhomes are built on a van chassis named in the floor plan.
    engines: motorhome
      ? [
          E(
            badge.includes("Iveco") ? 3.0 : badge.includes("Sprinter") ? 2.0 : 2.2,
            4,
            "Diesel",
            "Turbo",
            132,
            380,
            11.5,
            9,
            "Automatic",
            badge.includes("Fiat") ? "FWD" : "RWD",
          ),
        ]
      : [],
    seats: motorhome ? 4 : 0,
    doors: motorhome ? 3 : item === "caravan" ? 1 : 0,
    dims: [length, width, shape.height],
    gvm: atm,
    fuelcap: motorhome ? 90 : null,
    tow: motorhome ? 2000 : 0,
    ancap: null,
    config: shape.config,
    colours: c(...shape.colours),
    item,
    caravan: { length, width, tare, atm, axle, sleeps },
  }));
}

const RV_CATALOGUE: ModelDef[] = [
  ...rvModels("caravan", [
    ["Jayco", "Journey", "Outback 21.66-3", 96000, 6550, 2390, 2290, 2900, "Tandem", 4],
    ["Jayco", "Journey", "Outback 19.61-5", 89000, 5950, 2390, 2150, 2800, "Tandem", 3],
    ["Jayco", "Starcraft", "17.55-4", 62000, 5250, 2390, 1690, 2200, "Single", 2],
    ["Jayco", "Silverline", "21.65-3 Outback", 119000, 6550, 2390, 2590, 3300, "Tandem", 4],
    ["New Age", "Manta Ray", "21E Off-Road", 112000, 6400, 2400, 2620, 3300, "Tandem", 2],
    ["New Age", "Big Red", "22E Off-Road", 128000, 6700, 2480, 2850, 3500, "Tandem", 4],
    ["Lotus", "Trooper", "19'6\" Family", 124000, 5950, 2450, 2700, 3300, "Tandem", 5],
    ["Lotus", "Off Grid", "21'6\" Tandem", 149000, 6550, 2480, 2980, 3500, "Tandem", 2],
    ["Avan", "Aspire", "555 Pop Top", 69000, 5550, 2290, 1650, 2100, "Single", 2],
    ["Coromal", "Element", "E542", 59000, 5420, 2350, 1590, 2000, "Single", 2],
    ["Roadstar", "Safari Wanderer", "20'6\" Off-Road", 105000, 6250, 2450, 2550, 3300, "Tandem", 4],
  ]),
  ...rvModels("motorhome", [
    ["Jayco", "Conquest", "FA.25-4 Fiat Ducato", 189000, 7500, 2400, 3650, 4495, "Single", 4],
    ["Avida", "Birdsville", "C7944SL Iveco Daily", 229000, 7900, 2450, 4150, 4495, "Single", 2],
    ["Avida", "Esperance", "C7334SL Fiat Ducato", 174000, 7300, 2400, 3600, 4250, "Single", 2],
    ["Sunliner", "Switch", "S5 Fiat Ducato", 199000, 7000, 2350, 3500, 4250, "Single", 2],
    ["Sunliner", "Habitat", "H4 Mercedes-Benz Sprinter", 248000, 7600, 2400, 3900, 4490, "Single", 4],
  ]),
  ...rvModels("camper trailer", [
    ["MDC", "XT12", "Off-Road Forward Fold", 29500, 3900, 1900, 1150, 1750, "Single", 4],
    ["Ezytrail", "Stirling", "GT Off-Road", 27500, 4100, 1950, 1120, 1700, "Single", 4],
    ["Stoney Creek", "Deluxe", "Rear Fold", 33500, 4300, 1950, 1250, 1800, "Single", 2],
    ["Jayco", "Swan", "Outback Camper", 41500, 4460, 2050, 1150, 1600, "Single", 6],
  ]),
];

// ---------------------------------------------------------------------------------------------
// The photo set: which (body × paint × view) files exist, and the URLs cars point at
// ---------------------------------------------------------------------------------------------

export const MEDIA_BASE = "/media/sample";
const ALL_PAINTS: Paint[] = ["white", "silver", "grey", "black", "blue", "red"];

/** Paints each body is photographed in; other colours fall back to the nearest bucket. */
export const BODY_PAINTS: Record<BodyKind, Paint[]> = {
  sedan: ALL_PAINTS,
  hatch: ALL_PAINTS,
  suv: ALL_PAINTS,
  ute: ALL_PAINTS,
  wagon: ["white", "silver", "grey", "blue"],
  van: ["white", "silver"],
  coupe: ["red", "white", "black", "blue"],
  convertible: ["red", "black", "silver"],
  peopleMover: ["white", "silver", "grey", "black"],
  cabChassis: ["white", "silver"],
  motorhome: ["white"],
  caravan: ["white", "silver"],
  camper: ["grey"],
};

/** 24-frame spin sets (franchise tenant's most common new-car combinations). */
export const SPIN_COMBOS: [BodyKind, Paint][] = [
  ["suv", "white"],
  ["suv", "silver"],
  ["suv", "black"],
  ["ute", "white"],
  ["ute", "grey"],
  ["hatch", "white"],
  ["hatch", "red"],
  ["sedan", "white"],
];
export const SPIN_FRAMES = 24;
const SPIN_START_YAW = -38;

export const EXTERIOR_VIEWS = { front: -38, side: 0, rear: 40, "head-on": -90 } as const;
type ExteriorView = keyof typeof EXTERIOR_VIEWS;
const RIM_OF: Record<BodyKind, "alloy" | "dark" | "steel"> = Object.fromEntries(
  BODY_KINDS.map((k) => [k, bodyModel(k).rim]),
) as Record<BodyKind, "alloy" | "dark" | "steel">;

const PAINT_FALLBACK: Record<Paint, Paint[]> = {
  white: ["white", "silver", "grey"],
  silver: ["silver", "white", "grey"],
  grey: ["grey", "silver", "black"],
  black: ["black", "grey", "blue"],
  blue: ["blue", "grey", "black"],
  red: ["red", "black", "white"],
};

export function photoPaint(kind: BodyKind, paint: Paint): Paint {
  const available = BODY_PAINTS[kind];
  return PAINT_FALLBACK[paint].find((p) => available.includes(p)) ?? at(available, 0);
}

/** Which backdrop a combination is photographed on (fixed per combination, like a real yard). */
function backdropFor(kind: BodyKind, paint: Paint): Backdrop {
  if (kind === "caravan" || kind === "camper" || kind === "motorhome") return "outback";
  return fnv1a(`${kind}-${paint}`) % 3 === 0 ? "yard" : "showroom";
}

const exteriorFile = (kind: BodyKind, paint: Paint, view: ExteriorView) => `${kind}-${paint}-${view}.jpg`;
const spinFile = (kind: BodyKind, paint: Paint, frame: number) =>
  `spin/${kind}-${paint}-${String(frame).padStart(2, "0")}.jpg`;
const url = (file: string) => `${MEDIA_BASE}/${file}`;
const thumbUrl = (file: string) => `${MEDIA_BASE}/thumbs/${file}`;
export const HISTORY_REPORT_URL = `${MEDIA_BASE}/history-report.pdf`;

/** A still photo with its thumbnail, as the feed carries it. */
type FeedImage = {
  url: string;
  thumb: { url: string };
  video?: boolean;
};
const still = (file: string): FeedImage => ({ url: url(file), thumb: { url: thumbUrl(file) } });

/** A car's gallery in shooting order: exterior first, then cabin and details. */
function galleryFiles(kind: BodyKind, paint: Paint, trim: Trim, electric: boolean): string[] {
  const p = photoPaint(kind, paint);
  const exterior = (["front", "side", "rear", "head-on"] as const).map((v) => exteriorFile(kind, p, v));
  const wheel = `detail-wheel-${RIM_OF[kind]}-${kind === "caravan" || kind === "camper" || kind === "motorhome" ? "white" : p}.jpg`;
  if (kind === "caravan")
    return [...exterior, "caravan-lounge.jpg", "caravan-bed.jpg", "caravan-bathroom.jpg", wheel];
  if (kind === "camper") return [...exterior, wheel];
  if (kind === "motorhome") {
    return [
      ...exterior,
      "caravan-lounge.jpg",
      "caravan-bed.jpg",
      "caravan-bathroom.jpg",
      "interior-grey-dash.jpg",
      wheel,
      "detail-cluster.jpg",
    ];
  }
  return [
    ...exterior,
    `interior-${trim}-dash.jpg`,
    `interior-${trim}-seats.jpg`,
    `interior-${trim}-rear-seats.jpg`,
    `interior-${trim}-cargo.jpg`,
    wheel,
    "detail-screen.jpg",
    "detail-cluster.jpg",
    ...(electric ? [] : ["detail-engine.jpg"]),
  ];
}

// ---------------------------------------------------------------------------------------------
// Identifiers: VIN (valid ISO 3779 / North American check digit), plates, NVIC
// ---------------------------------------------------------------------------------------------

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The position-9 check digit of a 17-character VIN ("X" for 10). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin.charAt(i).toUpperCase();
    const value = /\d/.test(ch) ? Number(ch) : VIN_VALUES[ch];
    if (value === undefined) throw new Error(`invalid VIN character ${ch}`);
    sum += value * at(VIN_WEIGHTS, i);
  }
  const r = sum % 11;
  return r === 10 ? "X" : String(r);
}

export function isValidVin(vin: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) && vin.charAt(8) === vinCheckDigit(vin);
}

/** Model-year code (VIN position 10), 30-year cycle without I, O, Q, U, Z, 0. */
function vinYear(year: number): string {
  const codes = "ABCDEFGHJKLMNPRSTVWXY123456789";
  return codes.charAt((((year - 2010) % 30) + 30) % 30);
}

const WMI: Record<string, string[]> = {
  Toyota: ["JTN", "JTM", "JTE", "MR0"],
  Nissan: ["JN1", "JN8", "MNT"],
  Mazda: ["JM0", "MM0"],
  Hyundai: ["KMH", "KMF"],
  Kia: ["KNA", "KND"],
  Ford: ["MPB", "6FP", "WF0"],
  Mitsubishi: ["MMA", "JMF"],
  Volkswagen: ["WVW", "WVG", "WV1"],
  Holden: ["6G1", "MMU"],
  Subaru: ["JF1", "JF2"],
  Honda: ["MRH", "JHM"],
  Isuzu: ["MPA"],
  Tesla: ["LRW", "5YJ"],
  BYD: ["LGX", "LC0"],
  MG: ["LSJ"],
  Suzuki: ["JS3", "MA3"],
  "Mercedes-Benz": ["W1K", "WDD", "W1N"],
  BMW: ["WBA"],
  Lexus: ["JTJ", "JTH"],
  Jeep: ["1C4"],
  GWM: ["LGW"],
  LDV: ["LSF"],
  Skoda: ["TMB"],
};

function makeVin(
  rng: Rng,
  make: string,
  badge: string,
  year: number,
  serial: number,
  trailer: boolean,
): string {
  const wmi = trailer
    ? "6T9"
    : badge.includes("Fiat")
      ? "ZFA"
      : badge.includes("Iveco")
        ? "ZCF"
        : badge.includes("Sprinter")
          ? "WDB"
          : rng.pick(WMI[make] ?? ["6U9"]);
  const body = `${wmi}${rng.chars(VIN_CHARS, 5)}0${vinYear(year)}${rng.chars(VIN_CHARS, 1)}${String(serial % 1_000_000).padStart(6, "0")}`;
  return `${body.slice(0, 8)}${vinCheckDigit(body)}${body.slice(9)}`;
}

const PLATE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const DIGITS = "0123456789";

/** A registration plate in the state's standard passenger (or trailer) series. */
function makePlate(rng: Rng, state: string, trailer: boolean): string {
  const letters = (n: number) => rng.chars(PLATE_LETTERS, n);
  const digits = (n: number) => rng.chars(DIGITS, n);
  switch (state) {
    case "QLD":
      return trailer ? `${digits(3)}U${letters(2)}` : `${digits(3)}${letters(3)}`;
    case "NSW":
      return trailer ? `T${letters(1)}${digits(2)}${letters(2)}` : `${letters(2)}${digits(2)}${letters(2)}`;
    case "VIC":
      return trailer ? `${letters(1)}${digits(5)}` : `${digits(1)}${letters(2)}${digits(1)}${letters(2)}`;
    case "WA":
      return trailer ? `1T${letters(2)}${digits(3)}` : `1${letters(3)}${digits(3)}`;
    default:
      return `${letters(3)}${digits(3)}`;
  }
}

function makeNvic(rng: Rng, year: number): string {
  return `${rng.chars("0123456789ABCDEFGHJKLMNPRSTUVWXYZ", 4)}${String(year % 100).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Finance
// ---------------------------------------------------------------------------------------------

/** Standard amortisation: the periodic repayment that clears `principal` less a final `balloon`. */
function repayment(
  principal: number,
  ratePct: number,
  periodsPerYear: number,
  periods: number,
  balloon: number,
): number {
  const r = ratePct / 100 / periodsPerYear;
  if (r === 0) return (principal - balloon) / periods;
  const pv = principal - balloon / (1 + r) ** periods;
  return (pv * r) / (1 - (1 + r) ** -periods);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const PROVIDER_NAMES: Record<FinanceProvider, string> = {
  youx: "YouX",
  taurus: "Taurus Finance",
  "360 Finance": "360 Finance",
  AusLoans: "AusLoans",
  Manual: "Dealer Finance",
  Angle: "Angle Auto Finance",
  Powertorque: "Powertorque Finance",
  "Nissan Finance": "Nissan Financial Services",
};

function financeLenders(
  provider: FinanceProvider,
  rng: Rng,
  o: { price: number; carType: string; age: number },
): Record<string, Record<string, unknown>> | null {
  if (o.price <= 500) return null;
  let rate: number;
  switch (provider) {
    case "Nissan Finance":
      rate =
        o.carType === "new"
          ? rng.pick([1.99, 2.99, 4.99, 5.99])
          : o.carType === "demo"
            ? rng.pick([5.99, 6.99])
            : rng.pick([8.99, 9.49, 9.99, 10.99]);
      break;
    case "Angle":
      rate = round2(rng.range(8.49, 10.99));
      break;
    case "360 Finance":
      rate = round2(rng.range(9.49, 13.99));
      break;
    case "taurus":
      rate = round2(rng.range(7.99, 11.99) + (o.age > 8 ? 2 : 0));
      break;
    case "Powertorque":
      rate = round2(rng.range(8.95, 10.95));
      break;
    default:
      rate = 9.99;
  }
  const comparisonRate = round2(rate + rng.range(0.3, 1.3));
  const establishmentFees =
    provider === "taurus" ? 1360.5 : provider === "360 Finance" ? 1300 : provider === "Powertorque" ? 395 : 0;
  const deposit = Math.round(o.price * 0.1);
  const balloon = rng.chance(0.3) ? Math.round(o.price * 0.3) : 0;
  const principal = o.price - deposit + establishmentFees;
  const paymentMonth = round2(repayment(principal, rate, 12, 60, balloon));
  const paymentWeek = Math.round(repayment(principal, rate, 52, 260, balloon));
  const totalPayable = round2(paymentMonth * 60 + balloon);
  const weekly = provider !== "Nissan Finance";
  const headline = weekly ? `$${paymentWeek} per week` : `$${paymentMonth.toFixed(2)} per month`;
  const disclaimer =
    `Estimated repayments of ${headline} are based on a 5 year secured consumer loan, a $${deposit.toLocaleString("en-AU")} (10.0%) deposit` +
    `${balloon ? ` and a 30% final payment of $${balloon.toLocaleString("en-AU")}` : ""}, at ${rate.toFixed(2)}% p.a. ` +
    `(comparison rate ${comparisonRate.toFixed(2)}% p.a.). Comparison rate based on a 5 year secured loan of $30,000. ` +
    "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate. " +
    `Fees, charges and lending criteria apply. Finance provided by ${PROVIDER_NAMES[provider]}.`;
  const ineligible = rng.chance(0.03);
  return {
    [provider]: {
      disclaimer,
      termYears: 5,
      term60: paymentMonth,
      termWeeks: 260,
      termMonths: 60,
      interestRate: rate,
      comparisonRate: ineligible ? null : comparisonRate,
      establishmentFees,
      deposit,
      paymentWeek: weekly ? paymentWeek : null,
      paymentMonth,
      totalPayable,
      balloon,
      financeProvider: PROVIDER_NAMES[provider],
    },
  };
}

const round100 = (n: number) => Math.round(n / 100) * 100;

/** Autograb's national and state average market prices around a car's price; a quarter well under. */
function marketAverages(rng: Rng, price: number) {
  const under = rng.chance(0.25);
  const state = under ? price + rng.int(15, 60) * 100 : round100(price * rng.range(0.92, 1.08));
  return { average_market_price: round100(state * rng.range(0.97, 1.04)), state_average_market_price: state };
}

/**
 * An Autogauge result (spec §3): the market range of similar cars around the state average, where
 * the price sits in it (fill 1 at the bottom of the range: the better the deal, the fuller), and
 * how sure Autograb is. About one in seven has too few similar listings to be sure (confidence at
 * or under 0.2), and cars priced over the range fall outside the gauge's display rule.
 */
function autogaugeSample(
  rng: Rng,
  o: { price: number; stateAverage: number; vehicle: string; state: string },
) {
  const spread = rng.range(0.06, 0.14);
  const min = round100(o.stateAverage * (1 - spread));
  const max = round100(o.stateAverage * (1 + spread));
  const thin = rng.chance(0.15);
  const listings = thin ? rng.int(1, 4) : rng.int(8, 64);
  const confidence = round2(thin ? rng.range(0.05, 0.2) : Math.min(0.97, 0.45 + listings / 120));
  const fill = round2(clamp((max - o.price) / (max - min), 0, 1));
  return {
    fill,
    listing_price: o.price,
    market_range_min: min,
    market_range_max: max,
    confidence,
    description: `Compared with ${listings} similar ${o.vehicle} ${listings === 1 ? "listing" : "listings"} in ${o.state} over the last 90 days.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Sample tenants
// ---------------------------------------------------------------------------------------------

type State = "QLD" | "NSW" | "VIC" | "WA";
type CarKind = "new" | "demo" | "used";
type HoursKind = "sales" | "sales-late" | "service" | "parts" | "caravan" | "service-ford" | "parts-ford";

interface DealershipDef {
  id: number;
  slug: string;
  name: string;
  makes: string[];
  prefix: string;
  rating: number;
  reviews: number;
}

interface LocationDef {
  id: number;
  name: string;
  type: "sales" | "service" | "parts" | "service-and-parts";
  dealership: number;
  street: string;
  city: string;
  state: State;
  postcode: string;
  lat: number;
  long: number;
  phone: string;
  hours: HoursKind;
  primary?: boolean;
  visible?: boolean;
  subtype?: string[];
  manufacturers?: string[];
  /** Holds stock (cars are placed at sales locations with this flag). */
  stock?: boolean;
}

export interface TenantProfile {
  slug: string;
  name: string;
  state: State;
  seed: number;
  count: number;
  idBase: number;
  dealerships: DealershipDef[];
  locations: LocationDef[];
  mix: [CarKind, number][];
  /** Share of used cars that are the dealership's own makes (the rest are trade-ins of any make). */
  ownMakeUsed: number;
  /** Restrict trade-ins to these makes (default: every make in the catalogue). */
  usedMakes?: string[];
  rv?: boolean;
  spin?: boolean;
  autograb?: boolean;
  /** Autogauge results (and market averages where Autograb gave none) on used cars. */
  autogauge?: boolean;
  reserve?: boolean;
  certified?: "toyota" | "any";
  youx?: boolean;
  privateSellers?: boolean;
  suburbs?: [string, string][];
}

const L = (
  id: number,
  name: string,
  type: LocationDef["type"],
  dealership: number,
  address: [string, string, State, string, number, number],
  phone: string,
  hours: HoursKind,
  extra: Partial<LocationDef> = {},
): LocationDef => {
  const [street, city, state, postcode, lat, long] = address;
  return {
    id,
    name,
    type,
    dealership,
    street,
    city,
    state,
    postcode,
    lat,
    long,
    phone,
    hours,
    stock: type === "sales",
    ...extra,
  };
};

export const SAMPLE_TENANTS: TenantProfile[] = [
  {
    slug: "harbourside-toyota",
    name: "Harbourside Toyota",
    state: "QLD",
    seed: 1101,
    count: 250,
    idBase: 110000,
    dealerships: [
      {
        id: 101,
        slug: "harbourside-toyota",
        name: "Harbourside Toyota",
        makes: ["Toyota"],
        prefix: "HT",
        rating: 4.7,
        reviews: 1284,
      },
    ],
    locations: [
      L(
        1101,
        "Harbourside Toyota Hamilton",
        "sales",
        101,
        ["75 Kingsford Smith Drive", "Hamilton", "QLD", "4007", -27.4386, 153.0647],
        "(07) 5550 1100",
        "sales-late",
        { primary: true, manufacturers: ["Toyota"] },
      ),
      L(
        1104,
        "Harbourside Toyota Pre-Owned Nundah",
        "sales",
        101,
        ["1180 Sandgate Road", "Nundah", "QLD", "4012", -27.4007, 153.0605],
        "(07) 5550 1140",
        "sales",
        { subtype: ["buying"], manufacturers: ["Toyota"] },
      ),
      L(
        1102,
        "Harbourside Toyota Service Centre",
        "service",
        101,
        ["18 Hercules Street", "Hamilton", "QLD", "4007", -27.4352, 153.0664],
        "(07) 5550 1120",
        "service",
        { manufacturers: ["Toyota"] },
      ),
      L(
        1103,
        "Harbourside Toyota Genuine Parts",
        "parts",
        101,
        ["20 Hercules Street", "Hamilton", "QLD", "4007", -27.4349, 153.0668],
        "(07) 5550 1130",
        "parts",
        { manufacturers: ["Toyota"] },
      ),
    ],
    mix: [
      ["new", 48],
      ["demo", 10],
      ["used", 42],
    ],
    ownMakeUsed: 0.85,
    spin: true,
    reserve: true,
    certified: "toyota",
  },
  {
    slug: "westside-auto",
    name: "Westside Auto",
    state: "WA",
    seed: 2201,
    count: 300,
    idBase: 220000,
    dealerships: [
      {
        id: 201,
        slug: "westside-auto",
        name: "Westside Auto",
        makes: [],
        prefix: "WA",
        rating: 4.5,
        reviews: 642,
      },
    ],
    locations: [
      L(
        2101,
        "Westside Auto Osborne Park",
        "sales",
        201,
        ["412 Scarborough Beach Road", "Osborne Park", "WA", "6017", -31.9006, 115.8125],
        "(08) 5550 2100",
        "sales",
        { primary: true },
      ),
      L(
        2102,
        "Westside Auto Cannington",
        "sales",
        201,
        ["1377 Albany Highway", "Cannington", "WA", "6107", -32.0167, 115.934],
        "(08) 5550 2120",
        "sales",
      ),
      L(
        2103,
        "Westside Auto Service & Parts",
        "service-and-parts",
        201,
        ["14 Hutton Street", "Osborne Park", "WA", "6017", -31.8989, 115.8161],
        "(08) 5550 2130",
        "service",
      ),
    ],
    mix: [
      ["new", 1.5],
      ["demo", 1.5],
      ["used", 97],
    ],
    ownMakeUsed: 0,
    autograb: true,
    autogauge: true,
    youx: true,
    privateSellers: true,
    suburbs: [
      ["Joondalup", "6027"],
      ["Scarborough", "6019"],
      ["Midland", "6056"],
      ["Rockingham", "6168"],
      ["Fremantle", "6160"],
      ["Morley", "6062"],
    ],
  },
  {
    slug: "sunstate-motor-group",
    name: "Sunstate Motor Group",
    state: "QLD",
    seed: 3301,
    count: 1500,
    idBase: 330000,
    dealerships: [
      {
        id: 301,
        slug: "sunstate-mazda",
        name: "Sunstate Mazda",
        makes: ["Mazda"],
        prefix: "SMZ",
        rating: 4.6,
        reviews: 812,
      },
      {
        id: 302,
        slug: "sunstate-hyundai",
        name: "Sunstate Hyundai",
        makes: ["Hyundai"],
        prefix: "SHY",
        rating: 4.4,
        reviews: 535,
      },
      {
        id: 303,
        slug: "sunstate-kia",
        name: "Sunstate Kia",
        makes: ["Kia"],
        prefix: "SKI",
        rating: 4.7,
        reviews: 927,
      },
      {
        id: 304,
        slug: "sunstate-ford",
        name: "Sunstate Ford",
        makes: ["Ford"],
        prefix: "SFD",
        rating: 4.3,
        reviews: 388,
      },
      {
        id: 305,
        slug: "sunstate-mitsubishi",
        name: "Sunstate Mitsubishi",
        makes: ["Mitsubishi"],
        prefix: "SMI",
        rating: 4.5,
        reviews: 451,
      },
      {
        id: 306,
        slug: "sunstate-volkswagen",
        name: "Sunstate Volkswagen",
        makes: ["Volkswagen"],
        prefix: "SVW",
        rating: 4.6,
        reviews: 296,
      },
    ],
    locations: [
      L(
        3101,
        "Sunstate Mazda Springwood",
        "sales",
        301,
        ["3386 Pacific Highway", "Springwood", "QLD", "4127", -27.6125, 153.1287],
        "(07) 5550 3100",
        "sales-late",
        { primary: true, manufacturers: ["Mazda"] },
      ),
      L(
        3102,
        "Sunstate Mazda Service",
        "service",
        301,
        ["5 Dennis Road", "Springwood", "QLD", "4127", -27.6141, 153.1301],
        "(07) 5550 3110",
        "service",
        { manufacturers: ["Mazda"] },
      ),
      L(
        3103,
        "Sunstate Used Cars Logan",
        "sales",
        301,
        ["3525 Pacific Highway", "Slacks Creek", "QLD", "4127", -27.6288, 153.1339],
        "(07) 5550 3120",
        "sales",
        { subtype: ["buying"] },
      ),
      L(
        3201,
        "Sunstate Hyundai Maroochydore",
        "sales",
        302,
        ["102 Maroochydore Road", "Maroochydore", "QLD", "4558", -26.659, 153.088],
        "(07) 5550 3200",
        "sales",
        { manufacturers: ["Hyundai"] },
      ),
      L(
        3202,
        "Sunstate Hyundai Service & Parts",
        "service-and-parts",
        302,
        ["7 Wises Road", "Maroochydore", "QLD", "4558", -26.6604, 153.0851],
        "(07) 5550 3210",
        "service",
        { manufacturers: ["Hyundai"] },
      ),
      L(
        3301,
        "Sunstate Kia Southport",
        "sales",
        303,
        ["66 Ferry Road", "Southport", "QLD", "4215", -27.979, 153.404],
        "(07) 5550 3300",
        "sales-late",
        { manufacturers: ["Kia"] },
      ),
      L(
        3302,
        "Sunstate Gold Coast Service Centre",
        "service",
        303,
        ["12 Lawrence Drive", "Nerang", "QLD", "4211", -27.9891, 153.3437],
        "(07) 5550 3310",
        "service",
        { manufacturers: ["Kia", "Hyundai"] },
      ),
      L(
        3401,
        "Sunstate Ford Tweed",
        "sales",
        304,
        ["20 Minjungbal Drive", "Tweed Heads South", "NSW", "2486", -28.196, 153.544],
        "(07) 5550 3400",
        "sales",
        { manufacturers: ["Ford"] },
      ),
      L(
        3402,
        "Sunstate Ford Service",
        "service",
        304,
        ["22 Minjungbal Drive", "Tweed Heads South", "NSW", "2486", -28.1964, 153.5446],
        "(07) 5550 3410",
        "service-ford",
        { manufacturers: ["Ford"] },
      ),
      L(
        3403,
        "Sunstate Ford Parts",
        "parts",
        304,
        ["24 Minjungbal Drive", "Tweed Heads South", "NSW", "2486", -28.1968, 153.5451],
        "(07) 5550 3420",
        "parts-ford",
        { manufacturers: ["Ford"] },
      ),
      L(
        3501,
        "Sunstate Mitsubishi Toowoomba",
        "sales",
        305,
        ["650 Ruthven Street", "Toowoomba City", "QLD", "4350", -27.572, 151.953],
        "(07) 5550 3500",
        "sales",
        { manufacturers: ["Mitsubishi"] },
      ),
      L(
        3601,
        "Sunstate Volkswagen Ballina",
        "sales",
        306,
        ["14 Kerr Street", "Ballina", "NSW", "2478", -28.866, 153.56],
        "(02) 5550 3600",
        "sales",
        { manufacturers: ["Volkswagen"] },
      ),
      L(
        3602,
        "Sunstate Volkswagen Lismore (closed)",
        "sales",
        306,
        ["88 Union Street", "South Lismore", "NSW", "2480", -28.8167, 153.2667],
        "(02) 5550 3610",
        "sales",
        { visible: false, stock: false, manufacturers: ["Volkswagen"] },
      ),
    ],
    mix: [
      ["new", 45],
      ["demo", 12],
      ["used", 43],
    ],
    ownMakeUsed: 0.45,
    autogauge: true,
    certified: "any",
  },
  {
    slug: "outback-caravans",
    name: "Outback Caravans",
    state: "QLD",
    seed: 4401,
    count: 120,
    idBase: 440000,
    dealerships: [
      {
        id: 401,
        slug: "outback-caravans",
        name: "Outback Caravans",
        makes: ["Jayco", "New Age", "Lotus", "Avida", "Sunliner"],
        prefix: "OC",
        rating: 4.8,
        reviews: 233,
      },
    ],
    locations: [
      L(
        4101,
        "Outback Caravans Toowoomba",
        "sales",
        401,
        ["277 Anzac Avenue", "Harristown", "QLD", "4350", -27.5805, 151.93],
        "(07) 5550 4100",
        "caravan",
        { primary: true, manufacturers: ["Jayco", "New Age", "Lotus", "Avida", "Sunliner"] },
      ),
      L(
        4103,
        "Outback Caravans Dalby",
        "sales",
        401,
        ["58 Drayton Street", "Dalby", "QLD", "4405", -27.183, 151.264],
        "(07) 5550 4130",
        "caravan",
      ),
      L(
        4102,
        "Outback Caravans Service & Repairs",
        "service-and-parts",
        401,
        ["9 Carroll Street", "Wilsonton", "QLD", "4350", -27.544, 151.918],
        "(07) 5550 4120",
        "service",
      ),
    ],
    mix: [
      ["new", 55],
      ["used", 45],
    ],
    ownMakeUsed: 0.6,
    rv: true,
  },
  {
    slug: "bayside-nissan",
    name: "Bayside Nissan",
    state: "VIC",
    seed: 5501,
    count: 200,
    idBase: 550000,
    dealerships: [
      {
        id: 501,
        slug: "bayside-nissan",
        name: "Bayside Nissan",
        makes: ["Nissan"],
        prefix: "BN",
        rating: 4.6,
        reviews: 718,
      },
    ],
    locations: [
      L(
        5101,
        "Bayside Nissan Moorabbin",
        "sales",
        501,
        ["950 Nepean Highway", "Moorabbin", "VIC", "3189", -37.941, 145.042],
        "(03) 5550 5100",
        "sales",
        { primary: true, manufacturers: ["Nissan"] },
      ),
      L(
        5102,
        "Bayside Nissan Service",
        "service",
        501,
        ["21 Chesterville Road", "Cheltenham", "VIC", "3192", -37.955, 145.06],
        "(03) 5550 5110",
        "service",
        { manufacturers: ["Nissan"] },
      ),
      L(
        5103,
        "Bayside Nissan Parts",
        "parts",
        501,
        ["23 Chesterville Road", "Cheltenham", "VIC", "3192", -37.9553, 145.0604],
        "(03) 5550 5120",
        "parts",
        { manufacturers: ["Nissan"] },
      ),
    ],
    mix: [
      ["new", 50],
      ["demo", 12],
      ["used", 38],
    ],
    ownMakeUsed: 0.55,
  },
];

/** A generic multi-make dealer for benchmark tenants of any size. */
export function benchProfile(slug: string, count: number): TenantProfile {
  return {
    slug,
    name: `Bench Motors ${count.toLocaleString("en-AU")}`,
    state: "QLD",
    seed: fnv1a(slug),
    count,
    idBase: 900000,
    dealerships: [
      {
        id: 901,
        slug: `${slug}-toyota`,
        name: "Bench Toyota",
        makes: ["Toyota"],
        prefix: "BT",
        rating: 4.5,
        reviews: 400,
      },
      {
        id: 902,
        slug: `${slug}-mazda`,
        name: "Bench Mazda",
        makes: ["Mazda"],
        prefix: "BM",
        rating: 4.4,
        reviews: 300,
      },
      {
        id: 903,
        slug: `${slug}-used`,
        name: "Bench Used Cars",
        makes: [],
        prefix: "BU",
        rating: 4.2,
        reviews: 150,
      },
    ],
    locations: [
      L(
        9001,
        "Bench Toyota Springwood",
        "sales",
        901,
        ["1 Pacific Highway", "Springwood", "QLD", "4127", -27.61, 153.13],
        "(07) 5550 9001",
        "sales",
        { primary: true },
      ),
      L(
        9002,
        "Bench Mazda Springwood",
        "sales",
        902,
        ["3 Pacific Highway", "Springwood", "QLD", "4127", -27.611, 153.131],
        "(07) 5550 9002",
        "sales",
      ),
      L(
        9003,
        "Bench Used Cars Logan",
        "sales",
        903,
        ["5 Pacific Highway", "Slacks Creek", "QLD", "4127", -27.63, 153.134],
        "(07) 5550 9003",
        "sales",
      ),
      L(
        9004,
        "Bench Service Centre",
        "service-and-parts",
        901,
        ["7 Dennis Road", "Springwood", "QLD", "4127", -27.614, 153.13],
        "(07) 5550 9004",
        "service",
      ),
    ],
    mix: [
      ["new", 40],
      ["demo", 10],
      ["used", 50],
    ],
    ownMakeUsed: 0.4,
  };
}

// ---------------------------------------------------------------------------------------------
// Stock generation
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const DAY_S = 86_400;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/['"]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

const FUEL_TEXT: Record<Fuel, [string, string]> = {
  Petrol: ["Petrol", "Unleaded Petrol"],
  Premium: ["Petrol", "Premium Unleaded Petrol"],
  Diesel: ["Diesel", "Diesel"],
  Hybrid: ["Hybrid", "Hybrid Petrol/Electric"],
  Electric: ["Electric", "Electric"],
  "Plug-in Hybrid": ["Plug-in Hybrid", "Plug-in Hybrid Petrol/Electric"],
};
const DRIVE_TEXT: Record<Drive, string> = {
  FWD: "Front Wheel Drive",
  RWD: "Rear Wheel Drive",
  AWD: "All Wheel Drive",
  "4WD": "Four Wheel Drive",
};

function transText(e: Engine): string {
  switch (e.gear) {
    case "Manual":
      return `${e.gears} Speed Manual`;
    case "CVT":
      return "Continuous Variable Transmission";
    case "DCT":
      return `${e.gears} Speed Sports Automatic Dual Clutch`;
    case "Reduction Gear":
      return "1 Speed Reduction Gear";
    default:
      return `${e.gears} Speed Automatic`;
  }
}

const EQUIPMENT = [
  "Autonomous Emergency Braking",
  "Reversing Camera",
  "Apple CarPlay",
  "Android Auto",
  "Bluetooth Connectivity",
  "Cruise Control",
  "Air Conditioning",
  "Lane Keep Assist",
  "Blind Spot Monitor",
  "Rear Cross Traffic Alert",
  "Adaptive Cruise Control",
  "Keyless Entry",
  "Push Button Start",
  "Dual-Zone Climate Control",
  "Satellite Navigation",
  "Alloy Wheels",
  "LED Headlights",
  "Power Folding Mirrors",
  "Rear Parking Sensors",
  "Front Parking Sensors",
  "Digital Radio (DAB+)",
  "Tyre Pressure Monitoring",
  "Traffic Sign Recognition",
  "Driver Attention Alert",
  "Electric Parking Brake",
  "Rain-Sensing Wipers",
  "Wireless Phone Charger",
  "Heated Front Seats",
  "Leather-Accented Upholstery",
  "Power Tailgate",
  "360-Degree Camera",
  "Head-Up Display",
  "Sunroof",
  "Premium Sound System",
  "Ventilated Front Seats",
];
const UTE_EQUIPMENT = [
  "Tow Bar",
  "Tub Liner",
  "Side Steps",
  "Rear Differential Lock",
  "Downhill Assist Control",
  "Trailer Sway Control",
  "Bull Bar",
  "Snorkel",
];
const EV_EQUIPMENT = [
  "Regenerative Braking",
  "DC Fast Charging",
  "Vehicle-to-Load (V2L)",
  "Heat Pump",
  "Scheduled Charging",
];
const RV_EQUIPMENT = [
  "Solar Panels 2 x 200W",
  "Lithium Battery 200Ah",
  "Ensuite with Shower and Toilet",
  "Queen Island Bed",
  "Diesel Heater",
  "Front Load Washing Machine",
  "Roll-Out Awning",
  "Outdoor Kitchen",
  "2 x 95L Fresh Water Tanks",
  "Grey Water Tank",
  "Reversing Camera",
  "Independent Off-Road Suspension",
  "Electric Brakes",
  "Gas Bottle Holders x2",
  "Microwave",
  "Three-Way Fridge 184L",
  "LED Lighting Throughout",
  "12V Sockets and USB Ports",
  "TV Mount with Antenna",
  "Stone Guard",
  "Jerry Can Holders",
  "Solar Regulator",
  "Air Conditioner",
];
const CUSTOM_TAGS = ["Hot Deal", "Low Kms", "One Owner", "Price Drop", "Runout Sale"];

/** The site settings the stock must agree with (site.json; the benchmark's own for its tenants). */
export type StockSite = Pick<Site, "finance_provider" | "sold_window_days">;

interface CarContext {
  profile: TenantProfile;
  site: StockSite;
  now: Date;
  nowYear: number;
}

/** How often each body turns up in Australian dealer stock (SUVs and utes dominate). */
const BODY_POPULARITY: Record<SimpleBody, number> = {
  suv: 1.6,
  ute: 1.5,
  hatch: 1,
  sedan: 0.8,
  wagon: 0.6,
  van: 0.5,
  coupe: 0.3,
  convertible: 0.2,
  peopleMover: 0.6,
  cabChassis: 0.5,
  motorhome: 1,
  caravan: 1.6,
  camperTrailer: 0.8,
};

function modelPool(ctx: CarContext, makes: string[], carType: CarKind, rng: Rng): ModelDef {
  const { profile, nowYear } = ctx;
  const catalogue = profile.rv ? RV_CATALOGUE : CATALOGUE;
  const current = catalogue.filter((m) => m.years[0] <= nowYear && m.years[1] >= nowYear - 1);
  const popular = (list: ModelDef[]) => rng.weighted(list.map((m) => [m, BODY_POPULARITY[m.body]] as const));
  if (carType !== "used") {
    const own = current.filter((m) => makes.includes(m.make));
    return popular(own.length ? own : current);
  }
  const usable = catalogue.filter((m) => m.years[0] <= nowYear - 1);
  const own = usable.filter((m) => makes.includes(m.make));
  if (own.length && rng.chance(profile.ownMakeUsed)) return popular(own);
  const pool = profile.usedMakes ? usable.filter((m) => profile.usedMakes?.includes(m.make)) : usable;
  return popular(pool.length ? pool : usable);
}

const USED_AGE: [number, number][] = [
  [1, 8],
  [2, 12],
  [3, 14],
  [4, 13],
  [5, 12],
  [6, 10],
  [7, 8],
  [8, 7],
  [9, 5],
  [10, 4],
  [11, 3],
  [12, 2],
  [13, 1.5],
  [14, 1],
];

const roundPrice = (p: number) => Math.max(990, Math.round(p / 1000) * 1000 - 10);
const youtubeId = (rng: Rng) =>
  rng.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", 11);

function dealerComments(
  rng: Rng,
  o: {
    name: string;
    carType: CarKind;
    km: number | null;
    dealer: string;
    colour: string;
    equipment: string[];
    rv?: CaravanSpec;
  },
): string {
  const kms = o.km === null ? "" : `${o.km.toLocaleString("en-AU")} km`;
  const features = o.equipment
    .slice(0, 4)
    .map((f) => `<li>${f}</li>`)
    .join("");
  const list = features ? `<ul>${features}</ul>` : "";
  const style = rng.float();
  if (o.rv) {
    return `<p><strong>${o.name}</strong> in ${o.colour}, ready for your next trip.</p><p>Sleeps ${o.rv.sleeps}, tare ${o.rv.tare.toLocaleString("en-AU")} kg, ATM ${o.rv.atm.toLocaleString("en-AU")} kg, ${o.rv.axle.toLowerCase()} axle.</p>${list}<p>Full handover and pre-delivery inspection included. Ask us about finance and trade-ins.</p>`;
  }
  if (o.carType === "new") {
    return style < 0.5
      ? `<p><strong>Brand new ${o.name}</strong> in ${o.colour}, available now from ${o.dealer}.</p>${list}<p>Ask about our finance options and a free trade-in valuation.</p>`
      : `<p>Be the first owner of this ${o.name}.<br>Factory warranty, capped price servicing and roadside assist included.</p>${list}`;
  }
  if (o.carType === "demo") {
    return `<p>Save thousands on this ex-demonstrator <strong>${o.name}</strong> with only ${kms} and the balance of the new car warranty.</p>${list}`;
  }
  return style < 0.4
    ? `<p>This ${o.name} has travelled ${kms} and comes with a full service history.</p><ul><li>Two keys and owner's manuals</li><li>Roadworthy certificate supplied</li><li>Independently inspected</li></ul><p><strong>Trade-ins welcome.</strong> Finance available subject to approval.</p>`
    : style < 0.75
      ? `<p>Well cared for <em>${o.colour}</em> ${o.name}, ${kms}.</p>${list}<p>Every used vehicle comes with our 48 hour money back guarantee and 12 months roadside assist.</p>`
      : `<p>${o.name} with ${kms}. Clean inside and out, drives beautifully. Book a test drive today.</p>`;
}

const LONG_COMMENTS =
  "<p><strong>Outstanding value.</strong> This vehicle has just been through our 150-point inspection and detailing centre and presents in excellent condition throughout.</p>" +
  "<ul><li>Full service history with logbooks</li><li>Two keys</li><li>New tyres fitted all round</li><li>Roadworthy certificate included</li></ul>" +
  "<p>Every vehicle we sell comes with our 48 hour money back guarantee, 12 months roadside assist and the option of extended mechanical protection for up to 5 years. " +
  "We can arrange finance on the spot, value your trade-in in minutes and deliver anywhere in the state. Call our sales team or send an enquiry now to secure it before the weekend.</p>";

function generateCar(ctx: CarContext, index: number): Car {
  const { profile, now, nowYear } = ctx;
  const rng = new Rng(fnv1a(`${profile.slug}:${profile.seed}:${index}`));
  const id = profile.idBase + index;
  const dealership = rng.pick(profile.dealerships);
  const stockLocations = profile.locations.filter(
    (l) => l.dealership === dealership.id && l.stock !== false && l.type === "sales",
  );
  const location = rng.pick(stockLocations.length ? stockLocations : profile.locations);
  let carType = rng.weighted(profile.mix);
  const model = modelPool(ctx, dealership.makes, carType, rng);
  const rv = model.caravan;
  const trailer = model.item === "caravan" || model.item === "camper trailer";
  if (carType === "demo" && trailer) carType = "new";

  let year: number;
  if (carType === "new") year = rng.chance(0.8) ? nowYear : nowYear - 1;
  else if (carType === "demo") year = rng.chance(0.55) ? nowYear : nowYear - 1;
  else year = nowYear - rng.weighted(USED_AGE);
  year = clamp(year, model.years[0], Math.min(model.years[1], nowYear));
  const age = nowYear - year;

  const series = [...model.series].reverse().find(([from]) => from <= year)?.[1] ?? null;
  const [badge, basePrice, engineIndex] = rng.pick(model.badges);
  const engine = model.engines[engineIndex] ?? null;
  const [colour, paint] = rng.pick(model.colours);
  const trim: Trim =
    model.trim ??
    rng.weighted<Trim>([
      ["black", 70],
      ["grey", 18],
      ["beige", 12],
    ]);
  const interiorColour = { black: "Black", grey: "Grey", beige: "Beige" }[trim];

  let km: number | null;
  if (trailer) km = null;
  else if (carType === "new") km = rng.int(3, 45);
  else if (carType === "demo") km = rng.int(1000, 9000);
  else km = Math.max(4000, Math.round((age * rng.int(9000, 21000) + rng.int(0, 9000)) / 10) * 10);

  const listNew = basePrice * (1 - 0.022 * age);
  let price: number;
  if (carType === "new") price = roundPrice(listNew * rng.range(0.97, 1.02));
  else if (carType === "demo") price = roundPrice(listNew * rng.range(0.87, 0.94));
  else {
    const retain = ["Toyota", "Isuzu", "Jayco", "Lotus", "New Age"].includes(model.make) ? 0.895 : 0.865;
    const kmFactor = km === null ? 1 : clamp(1 - (km - age * 15000) / 400000, 0.72, 1.08);
    price = Math.max(6990, roundPrice(listNew * retain ** age * kmFactor * rng.range(0.94, 1.06)));
  }

  const name = `${year} ${model.make} ${model.model} ${badge}`;
  const slug = slugify(`${year}-${model.make}-${model.model}-${badge}-${id}`);
  const stocknum = `${dealership.prefix}${carType === "used" ? "U" : carType === "demo" ? "D" : "N"}${String(id % 100000).padStart(5, "0")}`;

  const complianceMonth = year === nowYear ? rng.int(1, now.getUTCMonth() + 1) : rng.int(1, 12);
  const compliance = new Date(Date.UTC(year, complianceMonth - 1, 1));
  const build = new Date(Date.UTC(year, complianceMonth - 1 - rng.int(1, 3), 1));

  const registered = carType !== "new";
  const regoDays =
    carType === "demo" ? rng.int(60, 360) : rng.chance(0.16) ? -rng.int(3, 220) : rng.int(10, 360);

  // Status: most in stock, some coming soon (new/demo), some sold at assorted times.
  let status: "in_stock" | "sold" | "coming_soon" = "in_stock";
  let soldAt: number | null = null;
  const roll = rng.float();
  if (roll < 0.07) {
    status = "sold";
    soldAt = Math.floor(now.getTime() / 1000) - rng.int(600, 40 * DAY_S);
  } else if (roll < 0.1 && carType !== "used") status = "coming_soon";
  const createdAt =
    status === "coming_soon"
      ? addDays(now, -rng.range(0, 10))
      : status === "sold" && soldAt !== null
        ? new Date((soldAt - rng.int(5, 90) * DAY_S) * 1000)
        : addDays(now, rng.chance(0.1) ? -rng.range(0.1, 7.5) : -rng.range(8.5, 160));

  // Equipment: higher grades carry more.
  const grade = model.badges.findIndex(([b]) => b === badge) / Math.max(1, model.badges.length - 1);
  let equipment: string[];
  if (rv) equipment = rng.sample(RV_EQUIPMENT, rng.int(6, 18));
  else {
    const pool = [
      ...EQUIPMENT,
      ...(model.body === "ute" || model.body === "cabChassis" || engine?.drive === "4WD"
        ? UTE_EQUIPMENT
        : []),
      ...(engine?.fuel === "Electric" ? EV_EQUIPMENT : []),
    ];
    const n = rng.chance(0.05) ? 0 : clamp(Math.round(8 + grade * 16 + rng.int(-3, 6)), 4, 30);
    equipment = rng.sample(pool, n);
  }

  const photoKind = model.image;
  const photoP = photoPaint(photoKind, paint);
  const files = galleryFiles(photoKind, paint, trim, engine?.fuel === "Electric");
  const photoCount = files.length <= 5 ? files.length : rng.int(Math.min(8, files.length), files.length);
  const images: FeedImage[] = files.slice(0, photoCount).map(still);
  const hasVideo = !rv && rng.chance(0.12);
  const ytId = youtubeId(rng);
  if (hasVideo)
    images.splice(1, 0, {
      url: `https://www.youtube.com/embed/${ytId}`,
      thumb: { url: thumbUrl(at(files, 0)) },
      video: true,
    });

  const fuel = engine ? FUEL_TEXT[engine.fuel] : null;
  const simpleBody = model.body;
  const tag =
    status === "in_stock" && rng.chance(0.06)
      ? carType === "used"
        ? rng.pick(CUSTOM_TAGS)
        : rng.pick(["Hot Deal", "Runout Sale", "Test Drive Only"])
      : null;
  const beforePrice = rng.chance(0.13) ? price + rng.int(1, 5) * 1000 : null;
  const offerPrice = carType === "new" && rng.chance(0.1) ? price - rng.int(1, 4) * 500 : null;
  const certified =
    carType === "used" &&
    ((profile.certified === "toyota" &&
      model.make === "Toyota" &&
      age <= 7 &&
      (km ?? 0) <= 160000 &&
      rng.chance(0.7)) ||
      (profile.certified === "any" && dealership.makes.includes(model.make) && age <= 6 && rng.chance(0.5)));

  const provider = ctx.site.finance_provider;
  const finance =
    provider && status !== "sold" && rng.chance(0.92)
      ? financeLenders(provider, rng, { price, carType, age })
      : null;
  const youx =
    profile.youx && price > 5000 && rng.chance(0.3)
      ? (() => {
          const advertisedRate = round2(rng.range(7.49, 12.99));
          return {
            weeklyRepaymentAmount: Math.round(repayment(price * 0.9, advertisedRate, 52, 260, 0)),
            advertisedRate,
            comparisonRate: round2(advertisedRate + rng.range(0.4, 1.2)),
          };
        })()
      : null;
  // Market data draws from its own generator so adding it never shifts the rest of the car.
  const marketRng = new Rng(fnv1a(`${profile.slug}:${id}:market`));
  const averages =
    profile.autograb && carType === "used" && rng.chance(0.9)
      ? marketAverages(rng, price)
      : profile.autogauge && carType === "used" && marketRng.chance(0.85)
        ? marketAverages(marketRng, price)
        : null;
  const gauge =
    profile.autogauge && averages && marketRng.chance(0.85)
      ? autogaugeSample(marketRng, {
          price,
          stateAverage: averages.state_average_market_price,
          vehicle: `${model.make} ${model.model}`,
          state: location.state,
        })
      : null;
  const autograb = averages && (gauge ? { ...averages, autogauge: gauge } : averages);

  const spinSet =
    profile.spin &&
    carType !== "used" &&
    model.make === "Toyota" &&
    SPIN_COMBOS.some(([k, p]) => k === photoKind && p === photoP);
  const privateSeller =
    profile.privateSellers && carType === "used" && profile.suburbs && rng.chance(0.05)
      ? rng.pick(profile.suburbs)
      : null;
  const reserveDeposit = profile.reserve
    ? carType === "used"
      ? rng.pick([200, 200, 500, 0, null])
      : rng.weighted<number | null>([
          [500, 80],
          [1000, 10],
          [0, 6],
          [null, 4],
        ])
    : null;
  const variant = {
    cylinders: engine?.cyl ?? null,
    enginesize: engine && engine.litres > 0 ? Math.round(engine.litres * 998) : null,
    enginesize_litres: engine && engine.litres > 0 ? engine.litres : null,
    induction: engine?.induction ?? null,
    fuelconsumptioncombined: engine?.cons ?? null,
    fuelcapacity: model.fuelcap,
    grossvehiclemass: model.gvm,
    vehiclelength: model.dims[0],
    vehicleheight: model.dims[2],
    vehiclewidth: model.dims[1],
    towingcapacitybraked: model.tow || null,
    torque: engine?.torque ?? null,
    bodyconfiguration: model.config,
    ancaprating: model.ancap,
    geartype: engine
      ? engine.gear === "Manual"
        ? "Manual"
        : engine.gear === "CVT"
          ? "CVT"
          : "Automatic"
      : null,
  };

  const car: Car = {
    id,
    slug,
    path: `/cars/${slug}`,
    name,
    year,
    make: model.make,
    model: model.model,
    badge,
    series,
    colour,
    interior_colour: rv ? null : interiorColour,
    price,
    before_price: beforePrice,
    offer_price: offerPrice,
    // A weekly car-subscription price on a few new cars.
    subscription_price:
      carType === "new" && !rv && status === "in_stock" && rng.chance(0.015)
        ? Math.max(129, Math.round(price / 240))
        : null,
    preorder: false,
    price_type: carType === "used" && rng.chance(0.55) ? "Excl. Government Charges" : "Drive Away",
    km,
    stocknum,
    vin: makeVin(rng, model.make, badge, year, id, trailer),
    nvic: trailer || rng.chance(0.08) ? null : makeNvic(rng, year),
    has_nvic: false,
    regplate: registered ? makePlate(rng, location.state, trailer) : null,
    rego_expiry: registered ? isoDate(addDays(now, regoDays)) : null,
    build_date: isoDate(build),
    compliance_date: isoDate(compliance),
    status,
    car_type: carType,
    tag,
    reserved: status === "in_stock" && rng.chance(0.03),
    sold: status === "sold",
    certified,
    created_at: createdAt.toISOString(),
    views: Math.floor(rng.float() ** 2 * 3000),
    file: carType === "used" && rng.chance(0.35) ? HISTORY_REPORT_URL : null,
    location: `${location.street}, ${location.city} ${location.state} ${location.postcode}`,
    location_id: location.id,
    location_name: location.name,
    city: location.city,
    state: location.state,
    private_suburb: privateSeller?.[0] ?? null,
    private_postcode: privateSeller?.[1] ?? null,
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    images,
    thumbnails: images.filter((im) => !im.video).map((im) => im.thumb.url),
    primary_image_url: images[0]?.url ?? null,
    video_url: hasVideo ? `https://www.youtube.com/watch?v=${ytId}` : null,
    external_video_url: hasVideo ? `https://www.youtube.com/embed/${ytId}` : null,
    walkaround_videos:
      spinSet && rng.chance(0.3) ? [`https://www.youtube.com/embed/${youtubeId(rng)}`] : null,
    videos: hasVideo ? [`https://www.youtube.com/watch?v=${ytId}`] : null,
    spin_images: spinSet
      ? Array.from({ length: SPIN_FRAMES }, (_, f) => url(spinFile(photoKind, photoP, f)))
      : null,
    spin_code: spinSet ? `HTS-${stocknum}` : null,
    spin_interior_image: spinSet ? url(`interior-${trim}-dash.jpg`) : null,
    hotspots: spinSet ? spinHotspots(photoKind, photoP, model, badge) : null,
    standardEquipment: equipment,
    dealercomments: dealerComments(rng, {
      name,
      carType,
      km,
      dealer: dealership.name,
      colour,
      equipment,
      ...(rv ? { rv } : {}),
    }),
    simple_body: simpleBody,
    simple_transmission: engine ? (engine.gear === "Manual" ? "Manual" : "Automatic") : null,
    simple_fuel: fuel?.[0] ?? null,
    simple_drive: engine?.drive ?? null,
    fuel: fuel?.[1] ?? null,
    drive: engine ? DRIVE_TEXT[engine.drive] : null,
    trans: engine ? transText(engine) : null,
    seats: model.seats || null,
    doors: trailer ? null : model.doors || null,
    engine_size: variant.enginesize,
    engine_size_litres: variant.enginesize_litres,
    gearnum: engine?.gears ?? null,
    bodyconfiguration: model.config,
    photos_count: images.filter((im) => !im.video).length,
    item_type: model.item ?? "car",
    sold_date_timestamp: soldAt,
    show_on_dealer_website: true,
    carsales_title: `${name}${series ? ` ${series}` : ""}${engine ? (engine.gear === "Manual" ? " Manual" : " Auto") : ""}${engine?.drive === "4WD" ? " 4x4" : ""}`,
    youxQuote: youx,
    autograb_data: autograb,
    body_width: rv?.width ?? null,
    body_length: rv?.length ?? null,
    tare_weight: rv?.tare ?? null,
    axle_type: rv?.axle ?? null,
    sleeps: rv?.sleeps ?? null,
    aggregate_trailer_mass: rv?.atm ?? null,
    variant,
    finance_lenders: finance,
    reserve_deposit: reserveDeposit,
  };
  car.has_nvic = car.nvic !== null;
  return car;
}

/** Hotspot positions per spin frame, projected from 3D anchors on the same camera the frames use. */
const hotspotCache = new Map<string, NonNullable<Car["hotspots"]>>();

function spinHotspots(
  kind: BodyKind,
  paint: Paint,
  model: ModelDef,
  badge: string,
): NonNullable<Car["hotspots"]> {
  const key = `${kind}-${paint}-${model.model}-${badge}`;
  const cached = hotspotCache.get(key);
  if (cached) return cached;
  const body = bodyModel(kind);
  const front = body.front.find((f) => f.mirror && f.fill === HEADLAMP);
  const lampY = front ? (at(front.pts, 0)[0] + at(front.pts, 1)[0]) / 2 : 0.7;
  const fx = endX(body.profile, lampY, 1);
  const rx = endX(body.profile, 0.9, -1);
  const hw = (x: number, y: number) => halfWidth(body, x, y);
  const wheelX = at(body.wheelX, 0);
  const anchors: { id: number; description: string; p: V3; n: V3 }[] = [
    {
      id: 1,
      description: "LED headlights with automatic high beam",
      p: [fx, lampY, hw(fx, lampY) * 0.75],
      n: [0.8, 0, 0.6],
    },
    {
      id: 2,
      description: model.body === "ute" ? "Alloy wheels with all-terrain tyres" : "Alloy wheels",
      p: [wheelX, body.wheelR, body.width / 2 - 0.07],
      n: [0, 0, 1],
    },
    {
      id: 3,
      description:
        model.body === "ute" ? "Heavy-duty tub liner and tow bar" : "Power tailgate with kick sensor",
      p: [rx, 0.9, 0],
      n: [-1, 0, 0],
    },
  ];
  if (model.body === "suv")
    anchors.push({
      id: 4,
      description: "Roof rails",
      p: [-0.8, body.height + 0.06, hw(-0.8, body.height) - 0.1],
      n: [0, 1, 0.3],
    });
  const hotspots: NonNullable<Car["hotspots"]> = anchors.map((a) => ({
    id: a.id,
    description: a.description,
    interior: false,
    positions: Array.from({ length: SPIN_FRAMES }, (_, frame) => {
      const cam = spinCamera(kind, frame);
      const pj = new Projector(cam);
      if (!pj.faces(a.p, a.n)) return null;
      const [x, y] = pj.project(a.p);
      return {
        activeAngle: round2((1 - frame / (SPIN_FRAMES - 1)) * 360),
        posX: round2((x / 1200) * 100),
        posY: round2((y / 800) * 100),
        hotspotId: a.id,
      };
    }).filter((p): p is NonNullable<typeof p> => p !== null),
  }));
  hotspots.push(
    {
      id: 11,
      description: "Touchscreen with wireless Apple CarPlay and Android Auto",
      interior: true,
      positions: [{ activeAngle: 0, posX: 49.2, posY: 48.4, hotspotId: 11 }],
    },
    {
      id: 12,
      description: "12.3-inch digital instrument cluster",
      interior: true,
      positions: [{ activeAngle: 0, posX: 71.3, posY: 48.1, hotspotId: 12 }],
    },
  );
  hotspotCache.set(key, hotspots);
  return hotspots;
}

const cameraCache = new Map<BodyKind, Camera>();
/** The camera of spin frame `frame` for a body: one fixed framing for all 24 frames. */
function spinCamera(kind: BodyKind, frame: number): Camera {
  let base = cameraCache.get(kind);
  if (!base) {
    base = frameCamera(bodyModel(kind), SPIN_START_YAW, 1200, 800, true);
    cameraCache.set(kind, base);
  }
  return { ...base, yaw: SPIN_START_YAW + (360 / SPIN_FRAMES) * frame };
}

function applyScenarios(cars: Car[], ctx: CarContext): void {
  const { profile, now } = ctx;
  const nowS = Math.floor(now.getTime() / 1000);
  const w = ctx.site.sold_window_days;
  type Scenario = { when?: (car: Car) => boolean; apply: (car: Car) => void };
  const sold = (secondsAgo: number | null): Scenario => ({
    when: (car) => car.car_type === "used" || !profile.rv,
    apply: (car) => {
      car.status = "sold";
      car.sold = true;
      car.reserved = false;
      car.tag = null;
      car.sold_date_timestamp = secondsAgo === null ? null : nowS - secondsAgo;
      if (car.created_at && Date.parse(car.created_at) > now.getTime() - (secondsAgo ?? 0) * 1000) {
        car.created_at = new Date((nowS - (secondsAgo ?? 0) - 30 * DAY_S) * 1000).toISOString();
      }
    },
  });
  const inStock = (car: Car) => car.status === "in_stock";
  const set = (patch: Partial<Car>) => (car: Car) => {
    Object.assign(car, patch);
  };
  const setPhotos = (n: number) => (car: Car) => {
    car.images = car.images.filter((im) => !im.video).slice(0, n);
    car.thumbnails = car.images.map((im) => im.thumb?.url ?? im.url);
    car.primary_image_url = car.images[0]?.url ?? null;
    car.photos_count = car.images.length;
    car.video_url = null;
    car.external_video_url = null;
    car.videos = null;
  };
  const scenarios: Scenario[] = [
    sold(3600),
    sold(Math.round((w * DAY_S) / 2)),
    sold(w * DAY_S - 600),
    sold(w * DAY_S + 600),
    sold((w + 3) * DAY_S),
    sold(45 * DAY_S),
    sold(null),
    {
      when: (car) => car.car_type !== "used",
      apply: (car) => {
        car.status = "coming_soon";
        setPhotos(0)(car);
        car.spin_images = null;
        car.hotspots = null;
        car.spin_code = null;
      },
    },
    { when: inStock, apply: setPhotos(1) },
    { when: inStock, apply: setPhotos(3) },
    { when: inStock, apply: setPhotos(3) },
    {
      when: inStock,
      apply: (car) => {
        car.price = 0;
        car.before_price = null;
        car.offer_price = null;
        car.finance_lenders = null;
        car.youxQuote = null;
      },
    },
    {
      when: (car) => car.car_type === "new",
      apply: (car) => {
        car.status = "coming_soon";
        car.price = 0;
        car.preorder = true;
        car.before_price = null;
        car.offer_price = null;
        car.finance_lenders = null;
        car.tag = null;
      },
    },
    { apply: set({ show_on_dealer_website: false }) },
    { apply: set({ show_on_dealer_website: false }) },
    { when: (car) => inStock(car) && car.car_type !== "used", apply: set({ tag: "Test Drive Only" }) },
    {
      when: inStock,
      apply: (car) => {
        car.tag = "Hot Deal";
        car.before_price = car.price + 2000;
      },
    },
    { when: inStock, apply: set({ reserved: true }) },
    {
      when: (car) => inStock(car) && car.car_type === "new" && !profile.rv,
      apply: (car) => {
        car.subscription_price = Math.max(129, Math.round(car.price / 240));
      },
    },
    ...[0.5, 2, 6].map(
      (days): Scenario => ({
        when: inStock,
        apply: set({ created_at: new Date(now.getTime() - days * DAY_MS).toISOString() }),
      }),
    ),
    // On a used car of the dealer's own make (any make where it has none), which every sample site
    // publishes: brand-only sites hide other makes, used-only sites hide new cars.
    {
      when: (car) =>
        inStock(car) &&
        car.car_type === "used" &&
        (profile.dealerships.some((d) => d.makes.includes(car.make)) ||
          profile.dealerships.every((d) => d.makes.length === 0)),
      apply: set({ dealercomments: LONG_COMMENTS }),
    },
    { apply: set({ dealercomments: "" }) },
    { apply: set({ dealercomments: "-" }) },
    { apply: set({ dealercomments: "<p>---</p>" }) },
    {
      when: (car) => car.car_type === "used" && car.rego_expiry != null,
      apply: set({ rego_expiry: isoDate(addDays(now, -20)) }),
    },
    { when: inStock, apply: set({ finance_lenders: null }) },
    { when: inStock, apply: set({ price: 9 }) },
  ];
  const taken = new Set<number>();
  scenarios.forEach((scenario, j) => {
    const start = Math.floor(((j + 0.5) * cars.length) / scenarios.length);
    for (let k = 0; k < cars.length; k++) {
      const i = (start + k) % cars.length;
      const car = cars[i];
      if (!car || taken.has(i) || (scenario.when && !scenario.when(car))) continue;
      scenario.apply(car);
      taken.add(i);
      return;
    }
  });
}

export interface GenerateStockOptions {
  profile: TenantProfile;
  site: StockSite;
  now: Date;
}

/** Deterministic stock for a tenant: same options, same cars. */
export function generateStock({ profile, site, now }: GenerateStockOptions): Car[] {
  const ctx: CarContext = { profile, site, now, nowYear: now.getUTCFullYear() };
  const cars = Array.from({ length: profile.count }, (_, i) => generateCar(ctx, i));
  applyScenarios(cars, ctx);
  return cars;
}

// ---------------------------------------------------------------------------------------------
// Locations: opening hours, holiday hours
// ---------------------------------------------------------------------------------------------

const HOURS: Record<HoursKind, ([string, string] | null)[]> = {
  // Sunday … Saturday
  sales: [
    null,
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "16:00"],
  ],
  "sales-late": [
    ["10:00", "16:00"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "19:00"],
    ["08:30", "17:30"],
    ["08:00", "17:00"],
  ],
  service: [
    null,
    ["07:30", "17:30"],
    ["07:30", "17:30"],
    ["07:30", "17:30"],
    ["07:30", "17:30"],
    ["07:30", "17:30"],
    ["08:00", "12:00"],
  ],
  parts: [
    null,
    ["08:00", "17:00"],
    ["08:00", "17:00"],
    ["08:00", "17:00"],
    ["08:00", "17:00"],
    ["08:00", "17:00"],
    ["08:00", "12:00"],
  ],
  caravan: [
    ["10:00", "15:00"],
    ["08:30", "17:00"],
    ["08:30", "17:00"],
    ["08:30", "17:00"],
    ["08:30", "17:00"],
    ["08:30", "17:00"],
    ["09:00", "16:00"],
  ],
  "service-ford": [
    null,
    ["07:30", "16:30"],
    ["07:30", "16:30"],
    ["07:30", "16:30"],
    ["07:30", "16:30"],
    ["07:30", "16:30"],
    null,
  ],
  "parts-ford": [
    null,
    ["08:00", "16:00"],
    ["08:00", "16:00"],
    ["08:00", "16:00"],
    ["08:00", "16:00"],
    ["08:00", "16:00"],
    null,
  ],
};

function clock12(t: string): string {
  const [h = 0, m = 0] = t.split(":").map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")}${h < 12 ? "am" : "pm"}`;
}

function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1));
    return new Date(Date.UTC(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7));
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  return new Date(Date.UTC(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)));
}

/** Gregorian Easter Sunday (anonymous algorithm). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c2 = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c2 / 4);
  const k = c2 % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

type Holiday = { date: Date; name: string; sales: [string, string] | null; other: [string, string] | null };

function holidays(year: number, state: State): Holiday[] {
  const e = easter(year);
  const list: Holiday[] = [
    { date: new Date(Date.UTC(year, 0, 1)), name: "New Year's Day", sales: null, other: null },
    { date: new Date(Date.UTC(year, 0, 26)), name: "Australia Day", sales: ["10:00", "16:00"], other: null },
    { date: addDays(e, -2), name: "Good Friday", sales: null, other: null },
    { date: addDays(e, -1), name: "Easter Saturday", sales: ["09:00", "14:00"], other: null },
    { date: addDays(e, 1), name: "Easter Monday", sales: ["10:00", "16:00"], other: null },
    { date: new Date(Date.UTC(year, 3, 25)), name: "Anzac Day", sales: ["13:00", "17:00"], other: null },
    {
      date: new Date(Date.UTC(year, 11, 24)),
      name: "Christmas Eve",
      sales: ["08:30", "14:00"],
      other: ["07:30", "12:00"],
    },
    { date: new Date(Date.UTC(year, 11, 25)), name: "Christmas Day", sales: null, other: null },
    { date: new Date(Date.UTC(year, 11, 26)), name: "Boxing Day", sales: ["10:00", "16:00"], other: null },
    {
      date: new Date(Date.UTC(year, 11, 31)),
      name: "New Year's Eve",
      sales: ["08:30", "15:00"],
      other: ["07:30", "13:00"],
    },
  ];
  const labour = {
    QLD: nthWeekday(year, 4, 1, 1),
    VIC: nthWeekday(year, 2, 1, 2),
    WA: nthWeekday(year, 2, 1, 1),
    NSW: nthWeekday(year, 9, 1, 1),
  }[state];
  const king = {
    QLD: nthWeekday(year, 9, 1, 1),
    VIC: nthWeekday(year, 5, 1, 2),
    WA: nthWeekday(year, 8, 1, -1),
    NSW: nthWeekday(year, 5, 1, 2),
  }[state];
  list.push({ date: labour, name: "Labour Day", sales: ["10:00", "16:00"], other: null });
  list.push({ date: king, name: "King's Birthday", sales: ["10:00", "16:00"], other: null });
  if (state === "VIC")
    list.push({
      date: nthWeekday(year, 10, 2, 1),
      name: "Melbourne Cup Day",
      sales: ["09:00", "13:00"],
      other: null,
    });
  return list;
}

function buildLocations(profile: TenantProfile, now: Date): Location[] {
  const from = addDays(now, -7).getTime();
  const to = addDays(now, 365).getTime();
  const year = now.getUTCFullYear();
  return profile.locations.map((l): Location => {
    const dealership = profile.dealerships.find((d) => d.id === l.dealership) ?? at(profile.dealerships, 0);
    const isSales = l.type === "sales";
    const days = [...holidays(year, l.state), ...holidays(year + 1, l.state)]
      .filter((h) => h.date.getTime() >= from && h.date.getTime() <= to)
      .sort((a, b) => a.date.getTime() - b.date.getTime());
    const special = days.map((h, i) => {
      const hours = isSales ? h.sales : h.other;
      const date = isoDate(h.date);
      if (!hours) return { date, status: "Closed" as const, location_id: l.id, name: h.name };
      // Feeds use both shapes; alternate so both paths are exercised.
      return (l.id + i) % 2 === 0
        ? {
            date,
            status: "Open" as const,
            start_hour: hours[0],
            end_hour: hours[1],
            location_id: l.id,
            name: h.name,
          }
        : {
            date,
            status: "Open" as const,
            hours: { begin: hours[0], end: hours[1] },
            location_id: l.id,
            name: h.name,
          };
    });
    const digits = l.phone.replace(/\D/g, "");
    const international = `+61 ${digits.slice(1, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
    const licence = {
      QLD: `Motor Dealer Licence ${3000000 + (l.dealership % 1000) * 137}`,
      NSW: `MD0${40000 + l.dealership}`,
      VIC: `LMCT ${10000 + l.dealership * 7}`,
      WA: `MD ${27000 + l.dealership}`,
    }[l.state];
    return {
      id: l.id,
      name: l.name,
      slug: slugify(l.name),
      visible: l.visible ?? true,
      primary: l.primary ?? false,
      location_type: l.type,
      location_subtype: l.subtype ?? [],
      manufacturers: l.manufacturers ?? [],
      dealership_id: dealership.id,
      dealership_slug: dealership.slug,
      image: `${MEDIA_BASE}/locations/${dealership.slug}.jpg`,
      address: {
        street: l.street,
        city: l.city,
        state: l.state,
        postcode: l.postcode,
        lat: l.lat,
        long: l.long,
        place_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${l.name}, ${l.street}, ${l.city} ${l.state} ${l.postcode}`)}`,
        place_id: null,
        map_key: null,
      },
      contact_detail: {
        phone: l.id % 2 === 0 ? international : l.phone,
        landline_phone: l.phone,
        opening_hours: HOURS[l.hours].map((h, weekday) => ({
          weekday,
          status: h ? ("Open" as const) : ("Closed" as const),
          open: h?.[0] ?? null,
          close: h?.[1] ?? null,
          formated_hours: h ? `${clock12(h[0])} - ${clock12(h[1])}` : "Closed",
        })),
      },
      special_hours: special,
      reviews: isSales ? { average_rating: dealership.rating, count: dealership.reviews } : null,
      dealer_license_number: isSales ? licence : null,
      motor_vehicle_repairer: l.state === "NSW" && !isSales ? `MVRL${48000 + l.id}` : null,
      distribution_locations: l.primary
        ? profile.locations
            .filter((o) => o.id !== l.id && o.dealership === l.dealership && o.visible !== false)
            .map((o) => o.id)
        : [],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Offers: the benchmark tenants' one offer, and what the sample offers' banners show
// ---------------------------------------------------------------------------------------------

/**
 * What each sample offer's banner shows (offers.json names the banner file, by offer id). An offer
 * missing here gets the first picture.
 */
const OFFER_BANNERS: Record<number, [BodyKind, Paint]> = {
  1101: ["ute", "white"],
  1102: ["suv", "silver"],
  1103: ["hatch", "red"],
  1104: ["sedan", "white"],
  1105: ["suv", "black"],
  1106: ["suv", "white"],
  2201: ["ute", "grey"],
  2202: ["suv", "blue"],
  2203: ["sedan", "silver"],
  2204: ["ute", "white"],
  2205: ["hatch", "white"],
  3301: ["suv", "white"],
  3302: ["suv", "red"],
  3303: ["suv", "grey"],
  3304: ["suv", "blue"],
  3305: ["ute", "white"],
  3306: ["suv", "silver"],
  3307: ["ute", "grey"],
  3308: ["van", "white"],
  4401: ["caravan", "white"],
  4402: ["caravan", "silver"],
  4403: ["caravan", "white"],
  4404: ["camper", "grey"],
  5501: ["ute", "black"],
  5502: ["suv", "white"],
  5503: ["suv", "grey"],
  5504: ["hatch", "silver"],
  5505: ["suv", "red"],
  5506: ["suv", "blue"],
};
const DEFAULT_BANNER: [BodyKind, Paint] = ["suv", "white"];

/** The benchmark tenant's offers: one open-ended finance offer. */
export function buildOffers(profile: TenantProfile): Offer[] {
  const id = Math.floor(profile.idBase / 100) + 1;
  const image = `${MEDIA_BASE}/offers/${profile.slug}-${id}.jpg`;
  const description = "Low-rate finance on every car in stock.";
  return [
    {
      id,
      name: "Finance from 6.99% p.a.",
      description,
      sanitized_description: description,
      disclaimer: "Approved applicants only.",
      category: "Finance offer",
      image_url: image,
      image_or_model_image: { url: image },
      model: null,
      manufacturer: null,
      excluded_website_ids: [],
      start: null,
      expiry: null,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Offer banners, location photos, history report
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Rendering the photo set
// ---------------------------------------------------------------------------------------------

interface ImageJob {
  /** Path under public/. */
  file: string;
  svg: () => string;
  thumb: boolean;
  /** JPEG quality (default 78). */
  quality?: number;
}

/** Bump when drawings change: files rendered by an older version are redrawn. */
const IMAGE_VERSION = 2;

/** Photos drawn from a sample tenant's committed files: its offers' banners and its location photos. */
function tenantJobs(profile: TenantProfile, tenantsDir: string): ImageJob[] {
  const dir = path.join(tenantsDir, profile.slug);
  if (!existsSync(path.join(dir, "site.json"))) return [];
  const { theme } = loadSite(tenantsDir, profile.slug);
  const offersFile = path.join(dir, "offers.json");
  const offers = existsSync(offersFile) ? offersFileSchema.parse(readJsonFile(offersFile)) : [];
  const jobs: ImageJob[] = offers
    .filter((offer) => offer.image_url?.startsWith(`${MEDIA_BASE}/offers/`))
    .map((offer) => {
      const [kind, paint] = OFFER_BANNERS[offer.id] ?? DEFAULT_BANNER;
      return {
        file: (offer.image_url as string).slice(1),
        thumb: false,
        svg: () => offerBannerSvg({ title: offer.name, category: offer.category ?? "", theme, kind, paint }),
      };
    });
  for (const d of profile.dealerships) {
    jobs.push({
      file: `media/sample/locations/${d.slug}.jpg`,
      thumb: false,
      svg: () => locationPhotoSvg({ name: d.name, theme, rv: profile.rv ?? false }),
    });
  }
  return jobs;
}

function imageJobs(profiles: TenantProfile[], tenantsDir: string): ImageJob[] {
  const jobs: ImageJob[] = [];
  const media = (file: string) => `media/sample/${file}`;
  for (const kind of BODY_KINDS) {
    const model = bodyModel(kind);
    for (const paint of BODY_PAINTS[kind]) {
      for (const [view, yaw] of Object.entries(EXTERIOR_VIEWS) as [ExteriorView, number][]) {
        jobs.push({
          file: media(exteriorFile(kind, paint, view)),
          thumb: true,
          svg: () => carSceneSvg({ model, paint: PAINTS[paint], yaw, backdrop: backdropFor(kind, paint) }),
        });
      }
    }
  }
  for (const trim of Object.keys(TRIMS) as Trim[]) {
    for (const view of ["dash", "seats", "rear-seats", "cargo"] as const) {
      jobs.push({
        file: media(`interior-${trim}-${view}.jpg`),
        thumb: true,
        svg: () => interiorSvg(view, trim),
      });
    }
  }
  const wheels = new Set<string>();
  for (const kind of BODY_KINDS) {
    const paints =
      kind === "caravan" || kind === "camper" || kind === "motorhome"
        ? (["white"] as Paint[])
        : BODY_PAINTS[kind];
    for (const paint of paints) wheels.add(`${RIM_OF[kind]}-${paint}`);
  }
  for (const key of [...wheels].sort()) {
    const [rim, paint] = key.split("-") as ["alloy" | "dark" | "steel", Paint];
    jobs.push({
      file: media(`detail-wheel-${rim}-${paint}.jpg`),
      thumb: true,
      svg: () => wheelDetailSvg(PAINTS[paint], rim),
    });
  }
  for (const view of ["screen", "cluster", "engine"] as const) {
    jobs.push({ file: media(`detail-${view}.jpg`), thumb: true, svg: () => cabinDetailSvg(view) });
  }
  for (const view of ["lounge", "bed", "bathroom"] as const) {
    jobs.push({ file: media(`caravan-${view}.jpg`), thumb: true, svg: () => caravanInteriorSvg(view) });
  }
  for (const [kind, paint] of SPIN_COMBOS) {
    const model = bodyModel(kind);
    for (let frame = 0; frame < SPIN_FRAMES; frame++) {
      jobs.push({
        file: media(spinFile(kind, paint, frame)),
        thumb: false,
        quality: 74,
        svg: () =>
          carSceneSvg({
            model,
            paint: PAINTS[paint],
            yaw: spinCamera(kind, frame).yaw,
            backdrop: "studio",
            fixedFrame: true,
          }),
      });
    }
  }
  for (const profile of profiles) jobs.push(...tenantJobs(profile, tenantsDir));
  return jobs;
}

const thumbPath = (file: string) => file.replace("media/sample/", "media/sample/thumbs/");

function missingJobs(jobs: ImageJob[], publicDir: string): ImageJob[] {
  const manifest = path.join(publicDir, "media/sample/.version");
  const current = existsSync(manifest) && readHead(manifest, 32).trim() === String(IMAGE_VERSION);
  if (!current) return jobs;
  return jobs.filter(
    (job) =>
      !existsSync(path.join(publicDir, job.file)) ||
      (job.thumb && !existsSync(path.join(publicDir, thumbPath(job.file)))),
  );
}

async function renderJobs(jobs: ImageJob[], publicDir: string): Promise<number> {
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = at(jobs, next++);
      const out = path.join(publicDir, job.file);
      const { data, info } = await sharp(Buffer.from(job.svg()))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
      const jpeg = { quality: job.quality ?? 78, progressive: true, mozjpeg: true } as const;
      replaceFile(out, await sharp(data, raw).jpeg(jpeg).toBuffer());
      written++;
      if (job.thumb) {
        const thumb = path.join(publicDir, thumbPath(job.file));
        replaceFile(
          thumb,
          await sharp(data, raw)
            .resize(320, 213)
            .jpeg({ ...jpeg, quality: 74 })
            .toBuffer(),
        );
        written++;
      }
    }
  };
  const parallel = Math.max(2, Math.min(4, os.availableParallelism()));
  await Promise.all(Array.from({ length: parallel }, worker));
  return written;
}

/**
 * Renders every missing photo of the sample tenants (and the history report); returns how many
 * files were written. Banners and location photos follow the tenants' committed files in `tenantsDir`.
 */
export async function ensureImages(
  publicDir: string,
  profiles: TenantProfile[] = SAMPLE_TENANTS,
  tenantsDir = SAMPLES_DIR,
): Promise<number> {
  let written = 0;
  const report = path.join(publicDir, "media/sample/history-report.pdf");
  if (!existsSync(report)) {
    replaceFile(report, historyReportPdf());
    written++;
  }
  const todo = missingJobs(imageJobs(profiles, tenantsDir), publicDir);
  if (todo.length > 0) {
    // About 30 s on a fresh clone: say so, or a first `npm start` looks hung.
    console.log(
      `Rendering ${todo.length} sample photos into ${path.relative(process.cwd(), publicDir) || "."}/media/sample…`,
    );
    const started = performance.now();
    written += await renderJobs(todo, publicDir);
    console.log(
      `Rendered ${todo.length} sample photos in ${((performance.now() - started) / 1000).toFixed(1)}s`,
    );
    replaceFile(path.join(publicDir, "media/sample/.version"), `${IMAGE_VERSION}\n`);
  }
  return written;
}

// ---------------------------------------------------------------------------------------------
// Sample tenants on disk: their committed files are the source; only the stock is written
// ---------------------------------------------------------------------------------------------

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The committed sample tenants. */
const SAMPLES_DIR = path.join(ROOT, "tenants");

/** Start of the current UTC day: the sample data's clock. */
export function startOfUtcDay(date = new Date()): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The feed file: one car per line keeps it diffable and greppable. */
export function stockFileText(cars: Car[], now: Date): string {
  return `{"generated_for":"${isoDate(now)}","cars":[\n${cars.map((car) => JSON.stringify(car)).join(",\n")}\n]}\n`;
}

/** A sample tenant's stock for `now`, as its site.json in `tenantsDir` configures it. */
function sampleStock(profile: TenantProfile, tenantsDir: string, now: Date): Car[] {
  return generateStock({ profile, site: loadSite(tenantsDir, profile.slug), now });
}

export interface SampleTenantData {
  site: SiteInput;
  locations: Location[];
  offers: Offer[];
  stock: Car[];
}

/** One sample tenant in memory: its committed files and the stock generated for `now`. */
export function sampleTenant(profile: TenantProfile, now: Date, tenantsDir = SAMPLES_DIR): SampleTenantData {
  const dir = path.join(tenantsDir, profile.slug);
  return {
    site: readJsonFile(path.join(dir, "site.json")) as SiteInput,
    locations: readJsonFile(path.join(dir, "locations.json")) as Location[],
    offers: readJsonFile(path.join(dir, "offers.json")) as Offer[],
    stock: sampleStock(profile, tenantsDir, now),
  };
}

/** The sample tenants that have a folder (with site.json) in `tenantsDir`. */
function presentSamples(tenantsDir: string): TenantProfile[] {
  return SAMPLE_TENANTS.filter((p) => existsSync(path.join(tenantsDir, p.slug, "site.json")));
}

/** Writes a sample tenant's stock.json for `now`; returns how many cars it holds. */
function writeStock(tenantsDir: string, profile: TenantProfile, now: Date): number {
  const stock = sampleStock(profile, tenantsDir, now);
  writeFileSync(path.join(tenantsDir, profile.slug, "stock.json"), stockFileText(stock, now));
  return stock.length;
}

export interface SampleSummary {
  tenants: { slug: string; cars: number }[];
  images: number;
  imageSeconds: number;
}

/** Writes the stock of every sample tenant in `tenantsDir` for `now`, and renders missing photos. */
export async function writeSampleData(
  opts: { tenantsDir?: string; now?: Date; publicDir?: string } = {},
): Promise<SampleSummary> {
  const tenantsDir = path.resolve(opts.tenantsDir ?? "tenants");
  const publicDir = path.resolve(opts.publicDir ?? path.join(ROOT, "public"));
  const now = opts.now ?? startOfUtcDay();
  const present = presentSamples(tenantsDir);
  const tenants: SampleSummary["tenants"] = [];
  for (const profile of present)
    tenants.push({ slug: profile.slug, cars: writeStock(tenantsDir, profile, now) });
  const started = performance.now();
  const images = await ensureImages(publicDir, present, tenantsDir);
  return { tenants, images, imageSeconds: (performance.now() - started) / 1000 };
}

/** First bytes of a file (the feed's `generated_for` sits at the very start). */
function readHead(file: string, bytes: number): string {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const n = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, n).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/**
 * Brings the stock of the sample tenants present in `tenantsDir` up to date, without photos: a
 * missing or stale stock.json (its `generated_for` is not `now`'s date) is generated again. Every
 * other file of a tenant is committed and never written here. Returns how many files were written
 * and which sample tenants are present.
 */
export function refreshSampleTenants(
  tenantsDir: string,
  now = startOfUtcDay(),
): { written: number; present: TenantProfile[] } {
  const dir = path.resolve(tenantsDir);
  const today = isoDate(now);
  const present = presentSamples(dir);
  let written = 0;
  for (const profile of present) {
    const stockFile = path.join(dir, profile.slug, "stock.json");
    const fresh =
      existsSync(stockFile) &&
      /"generated_for"\s*:\s*"([^"]*)"/.exec(readHead(stockFile, 200))?.[1] === today;
    if (fresh) continue;
    writeStock(dir, profile, now);
    written++;
  }
  return { written, present };
}

/**
 * Keeps the sample tenants in `tenantsDir` fresh for today's UTC date and makes sure their photos
 * exist. Cheap when everything is current. Returns whether anything was written.
 */
export async function ensureSampleData(
  tenantsDir = "tenants",
  publicDir = path.join(ROOT, "public"),
): Promise<boolean> {
  const { written, present } = refreshSampleTenants(tenantsDir);
  const images = await ensureImages(path.resolve(publicDir), present, path.resolve(tenantsDir));
  return written + images > 0;
}

// ---------------------------------------------------------------------------------------------
// Benchmark tenants
// ---------------------------------------------------------------------------------------------

/** A minimal but complete tenant with `count` cars for the build benchmark. */
export function benchTenant(
  slug: string,
  count: number,
  now: Date,
): { site: SiteInput; locations: Location[]; offers: Offer[]; stock: Car[] } {
  const profile = benchProfile(slug, count);
  const settings = { finance_provider: "taurus", sold_window_days: 3 } satisfies StockSite;
  const stock = generateStock({ profile, site: settings, now });
  const site: SiteInput = {
    name: profile.name,
    slug,
    template: "group",
    url: `https://www.${slug}.example.com.au`,
    feed: "stock.json",
    tagline: `${count.toLocaleString("en-AU")} cars for the build benchmark`,
    dealerships: profile.dealerships.map((d) => ({
      id: d.id,
      slug: d.slug,
      name: d.name,
      manufacturers: d.makes,
    })),
    locations: profile.locations.map((l) => ({ id: l.id, location_type: l.type })),
    logo: { url: "/media/image-not-found.svg", alt: profile.name, width: 240, height: 56 },
    ...settings,
  };
  return { site, locations: buildLocations(profile, now), offers: buildOffers(profile), stock };
}

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = performance.now();
  const summary = await writeSampleData({ tenantsDir: process.env.TENANTS_DIR || "tenants" });
  for (const t of summary.tenants) console.log(`${t.slug.padEnd(22)} ${String(t.cars).padStart(5)} cars`);
  console.log(`images: ${summary.images} files written in ${summary.imageSeconds.toFixed(1)} s`);
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
