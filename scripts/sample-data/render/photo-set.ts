/**
 * The photo set: which (body × paint × view) files exist, the URLs cars point at, and the camera
 * of every spin frame.
 */
import { fnv1a } from "~/lib/hash";
import { at } from "../util";
import { BODY_KINDS, type BodyKind, bodyModel } from "./bodies";
import type { Paint } from "./colour";
import type { Trim } from "./interiors";
import type { Camera } from "./projector";
import { type Backdrop, frameCamera } from "./scene";

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

export type ExteriorView = keyof typeof EXTERIOR_VIEWS;

export const RIM_OF: Record<BodyKind, "alloy" | "dark" | "steel"> = Object.fromEntries(
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
export function backdropFor(kind: BodyKind, paint: Paint): Backdrop {
  if (kind === "caravan" || kind === "camper" || kind === "motorhome") return "outback";
  return fnv1a(`${kind}-${paint}`) % 3 === 0 ? "yard" : "showroom";
}

export const exteriorFile = (kind: BodyKind, paint: Paint, view: ExteriorView) =>
  `${kind}-${paint}-${view}.jpg`;

export const spinFile = (kind: BodyKind, paint: Paint, frame: number) =>
  `spin/${kind}-${paint}-${String(frame).padStart(2, "0")}.jpg`;

export const url = (file: string) => `${MEDIA_BASE}/${file}`;

export const thumbUrl = (file: string) => `${MEDIA_BASE}/thumbs/${file}`;

export const HISTORY_REPORT_URL = `${MEDIA_BASE}/history-report.pdf`;

/** A still photo with its thumbnail, as the feed carries it. */
export type FeedImage = {
  url: string;
  thumb: { url: string };
  video?: boolean;
};

export const still = (file: string): FeedImage => ({ url: url(file), thumb: { url: thumbUrl(file) } });

/** A car's gallery in shooting order: exterior first, then cabin and details. */
export function galleryFiles(kind: BodyKind, paint: Paint, trim: Trim, electric: boolean): string[] {
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

const cameraCache = new Map<BodyKind, Camera>();

/** The camera of spin frame `frame` for a body: one fixed framing for all 24 frames. */
export function spinCamera(kind: BodyKind, frame: number): Camera {
  let base = cameraCache.get(kind);
  if (!base) {
    base = frameCamera(bodyModel(kind), SPIN_START_YAW, 1200, 800, true);
    cameraCache.set(kind, base);
  }
  return { ...base, yaw: SPIN_START_YAW + (360 / SPIN_FRAMES) * frame };
}
