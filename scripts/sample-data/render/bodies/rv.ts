/**
 * Motorhome, caravan and camper trailer bodies (metres; x forward, y up).
 */
import { type BodyModel, box, P, pts, rect } from "../model";
import { HEADLAMP, LINE, passengerFront, TAIL } from "./parts";

export function motorhomeModel(): BodyModel {
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

export function caravanModel(): BodyModel {
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

export function camperModel(): BodyModel {
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
