/**
 * Spin hotspots: positions per spin frame, projected from 3D anchors on the frames' camera.
 */
import type { Car } from "~/tenant/schemas/car";
import type { ModelDef } from "../catalogue/models";
import { type BodyKind, bodyModel } from "../render/bodies";
import { HEADLAMP } from "../render/bodies/parts";
import type { Paint } from "../render/colour";
import { endX, halfWidth, type V3 } from "../render/model";
import { SPIN_FRAMES, spinCamera } from "../render/photo-set";
import { Projector } from "../render/projector";
import { at, round2 } from "../util";

/** Hotspot positions per spin frame, projected from 3D anchors on the same camera the frames use. */
const hotspotCache = new Map<string, NonNullable<Car["hotspots"]>>();

export function spinHotspots(
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
