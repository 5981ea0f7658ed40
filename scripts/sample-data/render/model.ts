/**
 * The 3D body model: a side profile (x forward, y up, metres) with materials, width taper, and
 * the parts and features drawn on it.
 */
import { at } from "../util";

export type V3 = [number, number, number];

export type Pt = [number, number];

export type Material =
  | "paint"
  | "glass"
  | "trim"
  | "alloy"
  | "tonneau"
  | "cabin"
  | "canvas"
  | "chrome"
  | "dark";

/** A profile vertex (x forward, y up, metres) and the material of the edge to the next vertex. */
export interface ProfilePoint {
  x: number;
  y: number;
  m: Material;
}

/** A separate extruded box-like part (tray, drawbar, roof rail, canvas bag). */
export interface Part {
  profile: ProfilePoint[];
  /** Half width of the part. */
  hw: number;
  /** Centre of the part across the car (0 = centreline). */
  zc: number;
  side: Material;
  /** Draw only from the side faces (thin parts like rails). */
  mirrored?: boolean;
}

export interface SideFeature {
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

export interface EndFeature {
  /** (y, z) points on the front or rear face, z as a share of the local half width (-1…1). */
  pts: Pt[];
  fill: string;
  mirror?: boolean;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
}

export interface BodyModel {
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

export const P = (x: number, y: number, m: Material = "paint"): ProfilePoint => ({ x, y, m });

export function halfWidth(model: BodyModel, x: number, y: number): number {
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
export function endX(profile: ProfilePoint[], y: number, dir: 1 | -1): number {
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

/** Flat [x0, y0, x1, y1, …] to points. */
export function pts(...values: number[]): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i + 1 < values.length; i += 2) out.push([at(values, i), at(values, i + 1)]);
  return out;
}

export const rect = (x0: number, y0: number, x1: number, y1: number): Pt[] =>
  pts(x0, y0, x1, y0, x1, y1, x0, y1);

/** A rectangle profile, counter-clockwise seen from +z like every profile. */
export const box = (x0: number, y0: number, x1: number, y1: number, m: Material): ProfilePoint[] => [
  P(x1, y0, m),
  P(x1, y1, m),
  P(x0, y1, m),
  P(x0, y0, m),
];
