/**
 * The perspective camera and its projection to picture coordinates.
 */
import { at, round1 } from "../util";
import type { Pt, V3 } from "./model";

export interface Camera {
  yaw: number;
  pitch: number;
  dist: number;
  scale: number;
  cx: number;
  cy: number;
}

export class Projector {
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

export const poly = (pts: Pt[]) => pts.map(([x, y]) => `${round1(x)},${round1(y)}`).join(" ");

export function convexHull(points: Pt[]): Pt[] {
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
