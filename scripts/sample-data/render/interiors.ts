/**
 * Interiors and details (2D compositions; trim colour varies).
 */
import { at, round1 } from "../util";
import { shade } from "./colour";

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

export function gauge(cx: number, cy: number, r: number, value: number, colour: string): string {
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
