/**
 * Parts shared by the body models: door shut lines, lamps, mirrors, roof rails, ute cabs.
 */
import {
  type EndFeature,
  type Material,
  P,
  type Part,
  type ProfilePoint,
  type Pt,
  pts,
  type SideFeature,
} from "../model";

export const LINE = "#0b0d0f";

export const HEADLAMP = "#e4ebf2";

export const TAIL = "#a3111a";

/** Door shut lines, handles, mirror and the side parts of the lamps shared by most passenger cars. */
export function carSide(o: {
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

export function passengerFront(o: {
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

export function passengerRear(o: {
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

export const roofRails = (x0: number, x1: number, y: number, z: number): Part[] =>
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

export function utePrefix(): ProfilePoint[] {
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

export const uteFront = (): EndFeature[] => [
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
