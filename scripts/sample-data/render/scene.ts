/**
 * Scenes: backdrop, ground shadow and a car framed by the camera.
 */
import { at, clamp, round1 } from "../util";
import { drawCar } from "./draw-car";
import { type BodyModel, halfWidth, type Pt } from "./model";
import { type Camera, Projector } from "./projector";

export type Backdrop = "showroom" | "yard" | "studio" | "outback";

export function backdropSvg(kind: Backdrop, w: number, h: number, horizon: number): string {
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
export function frameCamera(model: BodyModel, yaw: number, w: number, h: number, fixed: boolean): Camera {
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
