/**
 * Draws one car body into SVG markup: an extruded side profile with per-height width taper,
 * projected with a perspective camera. Good enough to read as a car in every view, including the
 * 24-frame spin.
 */
import { at, clamp } from "../util";
import { mix, shade } from "./colour";
import {
  type BodyModel,
  type EndFeature,
  endX,
  halfWidth,
  type Material,
  type ProfilePoint,
  type Pt,
  type SideFeature,
  type V3,
} from "./model";
import { type Camera, convexHull, Projector, poly } from "./projector";

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
