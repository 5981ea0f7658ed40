/**
 * Rules of the vehicle page media viewer (spec §2, §4, §5, §9): which viewer modes a car has, the
 * one it opens in, where the video slide goes, and the spin maths (frame per drag distance, hotspot
 * angle per frame). Pure: the component renders from these and the browser script steps with them.
 */

import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import { IMAGE_NOT_FOUND, type Picture } from "./media";

export type ViewerMode = Site["default_viewer_mode"];
export type VideoSlidePosition = Site["video_slide_position"];

/** Tabs in the spec's order, with the words shoppers see. */
export const VIEWER_MODE_LABELS: Record<ViewerMode, string> = {
  spinner: "Spin",
  walkaround: "Walkaround",
  gallery: "Gallery",
  interior: "Interior",
};

/** Spec §9 media constants. */
export const GALLERY_SIZE = { width: 600, height: 400 } as const;
export const SPIN_SIZE = { width: 600, height: 400 } as const;
export const VIDEO_ASPECT = { width: 16, height: 9 } as const;
export const PIXELS_PER_FRAME = 20;
export const AUTO_ROTATE_MS = 100;

/** A spin needs at least two frames to turn. */
const MIN_SPIN_FRAMES = 2;

/** A spin_code the provider's viewer can take: letters, digits, dash, underscore and dot. */
const SPIN_CODE = /^[\w.-]{1,64}$/;

/**
 * The provider's 360° viewer address for the car (spec §7 "third-party 360 viewer by spin_code"):
 * only for a car with a spin_code and no spin frames of its own (its own frames are the better
 * spin), and only on a site that names its provider (site.json `spin_viewer`). Null otherwise.
 */
export function externalSpinUrl(
  car: Pick<Car, "spin_code" | "spin_images">,
  site: Pick<Site, "spin_viewer">,
): string | null {
  const code = car.spin_code?.trim() ?? "";
  if (!site.spin_viewer || !SPIN_CODE.test(code)) return null;
  if ((car.spin_images?.length ?? 0) >= MIN_SPIN_FRAMES) return null;
  return site.spin_viewer.url.replace("{code}", encodeURIComponent(code));
}

/**
 * Viewer modes the car has data for, in the spec's order; the gallery is always there. Spin is
 * there for the car's own frames, or for the provider's viewer when `externalSpin`.
 */
export function availableViewerModes(car: Car, externalSpin = false): ViewerMode[] {
  const modes: ViewerMode[] = [];
  if ((car.spin_images?.length ?? 0) >= MIN_SPIN_FRAMES || externalSpin) modes.push("spinner");
  if ((car.walkaround_videos ?? []).some((url) => url.trim() !== "")) modes.push("walkaround");
  modes.push("gallery");
  if (car.spin_interior_image) modes.push("interior");
  return modes;
}

/** The site's default mode when the car has it, else the gallery (spec §4: default spinner). */
export function defaultViewerMode(modes: readonly ViewerMode[], siteDefault: ViewerMode): ViewerMode {
  return modes.includes(siteDefault) ? siteDefault : "gallery";
}

export type CarVideo = { kind: "embed"; src: string } | { kind: "file"; src: string };

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * The framable player address for a YouTube or Vimeo link (watch, short, embed or player form),
 * YouTube on its privacy-enhanced host; null when the address is not an embeddable service.
 */
export function embeddableVideoUrl(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const youtube = (id: string | null | undefined) =>
    id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return youtube(segments[0]);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (segments[0] === "watch") return youtube(url.searchParams.get("v"));
    if (segments[0] === "embed" || segments[0] === "shorts" || segments[0] === "live")
      return youtube(segments[1]);
    return null;
  }
  if (host === "vimeo.com" && /^\d+$/.test(segments[0] ?? ""))
    return `https://player.vimeo.com/video/${segments[0]}`;
  if (host === "player.vimeo.com" && segments[0] === "video" && /^\d+$/.test(segments[1] ?? ""))
    return `https://player.vimeo.com/video/${segments[1]}`;
  return null;
}

/**
 * The car's video (spec §5): an embeddable address goes in a frame, else the file plays as a muted
 * looping video. External address first, then the feed's video fields and video image entries.
 */
export function carVideo(car: Car): CarVideo | null {
  const candidates = [
    car.external_video_url,
    car.video_url,
    ...(car.videos ?? []),
    ...car.images.filter((image) => image.video).map((image) => image.url),
  ].filter((url): url is string => typeof url === "string" && url.trim() !== "");
  for (const candidate of candidates) {
    const embed = embeddableVideoUrl(candidate);
    if (embed) return { kind: "embed", src: embed };
  }
  const file = candidates[0];
  return file ? { kind: "file", src: file } : null;
}

/** Where the video slide goes among `photoCount` photos (spec §5: start, second, middle, end). */
export function videoSlideIndex(position: VideoSlidePosition, photoCount: number): number {
  switch (position) {
    case "start":
      return 0;
    case "second":
      return Math.min(1, photoCount);
    case "middle":
      return Math.ceil(photoCount / 2);
    case "end":
      return photoCount;
  }
}

export type Slide =
  | { kind: "photo"; picture: Picture; photoIndex: number }
  | { kind: "video"; video: CarVideo };

/**
 * Gallery slides in order: the photos, plus the video slide at the configured position when the
 * car has a video and a first image (spec §5). The image-not-found stand-in is no first image.
 */
export function gallerySlides(
  pictures: readonly Picture[],
  video: CarVideo | null,
  position: VideoSlidePosition,
): Slide[] {
  const slides: Slide[] = pictures.map((picture, photoIndex) => ({ kind: "photo", picture, photoIndex }));
  const hasFirstImage = pictures.length > 0 && pictures[0]?.url !== IMAGE_NOT_FOUND;
  if (video && hasFirstImage) {
    slides.splice(videoSlideIndex(position, pictures.length), 0, { kind: "video", video });
  }
  return slides;
}

/** Spec §9: hotspot angle = (1 − index/(count−1)) × 360 for spin frame `index` of `count`. */
export function hotspotAngle(index: number, count: number): number {
  if (count <= 1) return 0;
  return (1 - index / (count - 1)) * 360;
}

/** Frame `frame` moved by `step` frames, wrapping round the spin. */
export function stepFrame(frame: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((frame + step) % count) + count) % count;
}

/** Spec §9: one frame per 20 px dragged; dragging right turns forward, left turns back. */
export function frameFromDrag(
  startFrame: number,
  dragPixels: number,
  count: number,
  pixelsPerFrame = PIXELS_PER_FRAME,
): number {
  return stepFrame(startFrame, Math.trunc(dragPixels / pixelsPerFrame), count);
}

export interface HotspotSpot {
  id: string;
  description: string;
  /** Per spin frame: [x%, y%] where the hotspot shows, or null when it faces away. */
  frames: ([number, number] | null)[];
}

type Hotspot = NonNullable<Car["hotspots"]>[number];

/**
 * Where each exterior hotspot sits on every spin frame: the position whose activeAngle is nearest
 * the frame's angle, within half a frame's turn (positions are recorded per frame angle).
 */
export function spinHotspots(
  hotspots: readonly Hotspot[] | null | undefined,
  frameCount: number,
): HotspotSpot[] {
  const halfStep = frameCount > 1 ? 180 / (frameCount - 1) : 180;
  return (hotspots ?? [])
    .filter((hotspot) => !hotspot.interior && hotspot.positions.length > 0)
    .map((hotspot) => ({
      id: String(hotspot.id),
      description: hotspot.description,
      frames: Array.from({ length: frameCount }, (_, index) => {
        const angle = hotspotAngle(index, frameCount);
        let best: { posX: number; posY: number; distance: number } | null = null;
        for (const position of hotspot.positions) {
          const distance = Math.abs(position.activeAngle - angle);
          if (distance < halfStep && (!best || distance < best.distance)) best = { ...position, distance };
        }
        return best ? ([best.posX, best.posY] as [number, number]) : null;
      }),
    }));
}

/** Interior hotspots at their (single) recorded position on the interior picture. */
export function interiorHotspots(
  hotspots: readonly Hotspot[] | null | undefined,
): { id: string; description: string; x: number; y: number }[] {
  return (hotspots ?? []).flatMap((hotspot) => {
    const position = hotspot.positions[0];
    return hotspot.interior && position
      ? [{ id: String(hotspot.id), description: hotspot.description, x: position.posX, y: position.posY }]
      : [];
  });
}
