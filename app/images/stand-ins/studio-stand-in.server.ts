import { sceneGround } from "#app/images/stand-in-kinds.ts";
import { hslToHex, seededRandom, standInPalette } from "#app/images/stand-in-palette.ts";
import { round1 as n, type StandInOptions, svgDocument } from "./svg-document.server.ts";

/**
 * The studio: a plaster wall with a window and its fall of light, test proofs pinned to the
 * wall, canvases leaning against it, and a work table in front with brushes, a jar, leaves and
 * a tablet. The "dark" tone is the studio at night: the window dark, a lamp and the tablet's
 * glow. Parts are marked data-part="window", "proof", "table" and "tool".
 */
export function studioStandIn(options: StandInOptions): string {
  const { seed, width, height, tone = "light" } = options;
  const W = 1000;
  const H = Math.round((W * height) / width);
  const dark = tone === "dark";
  const ground = sceneGround("studio", seed, tone);
  const floorY = H * ground.split;
  const scene: StudioScene = {
    seed,
    r: seededRandom(`${seed}#studio`),
    W,
    H,
    dark,
    floorY,
    defs: [
      `<linearGradient id="beam" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff6dc" stop-opacity="${dark ? 0 : 0.28}"/><stop offset="1" stop-color="#fff6dc" stop-opacity="0"/></linearGradient>`,
      `<radialGradient id="lamp"><stop offset="0" stop-color="#ffd9a0" stop-opacity="${dark ? 0.55 : 0.15}"/><stop offset="1" stop-color="#ffd9a0" stop-opacity="0"/></radialGradient>`,
    ],
  };
  const parts: string[] = [
    `<rect width="${W}" height="${H}" fill="${ground.upper}"/>`,
    `<rect y="${n(floorY)}" width="${W}" height="${n(H - floorY)}" fill="${ground.lower}"/>`,
  ];
  const studioLight = studioWindow(scene);
  parts.push(...studioLight.parts);
  parts.push(...pinnedProofs(scene, studioLight.left));
  parts.push(...leaningCanvases(scene, studioLight.left));
  const table = workTable(scene);
  parts.push(...table.parts);
  parts.push(tableTools(scene, table.topY, table.depth));

  return svgDocument({
    width,
    height,
    viewWidth: W,
    viewHeight: H,
    body: `<defs>${scene.defs.join("")}</defs>${parts.join("")}`,
  });
}

/** What the drawing's parts share: its seed and random stream, its view, and the gradients they add. */
interface StudioScene {
  seed: string;
  r: () => number;
  W: number;
  H: number;
  /** The studio at night. */
  dark: boolean;
  /** Where the wall meets the floor. */
  floorY: number;
  defs: string[];
}

/** The window, on one side, and its light across the wall and floor. */
function studioWindow({ r, W, H, dark, floorY }: StudioScene): { parts: string[]; left: boolean } {
  const windowLeft = r() > 0.5;
  const ww = W * (0.16 + r() * 0.08);
  const wh = floorY * 0.62;
  const wx = windowLeft ? W * (0.04 + r() * 0.06) : W - W * (0.04 + r() * 0.06) - ww;
  const wy = floorY * 0.14;
  const sky = dark ? hslToHex(225, 35, 14) : hslToHex(200, 30, 88);
  const beamFar = windowLeft ? wx + ww + W * 0.5 : wx - W * 0.5;
  return {
    left: windowLeft,
    parts: [
      `<g data-part="window"><rect x="${n(wx - 8)}" y="${n(wy - 8)}" width="${n(ww + 16)}" height="${n(wh + 16)}" fill="${dark ? "#1b1a19" : "#f2efe8"}"/><rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}" fill="${sky}"/><path d="M${n(wx + ww / 2)} ${n(wy)}V${n(wy + wh)}M${n(wx)} ${n(wy + wh * 0.45)}H${n(wx + ww)}" stroke="${dark ? "#1b1a19" : "#f2efe8"}" stroke-width="7"/></g>`,
      `<path d="M${n(wx)} ${n(wy)}H${n(wx + ww)}L${n(beamFar + (windowLeft ? ww : 0))} ${n(H)}H${n(beamFar - (windowLeft ? 0 : ww))}Z" fill="url(#beam)"/>`,
    ],
  };
}

/** Proofs pinned edge to edge in a block on the wall, away from the window; their gradients go to the defs. */
function pinnedProofs({ seed, r, W, floorY, defs }: StudioScene, windowLeft: boolean): string[] {
  const parts: string[] = [];
  const columns = 2 + Math.floor(r() * 4);
  const rows = 1 + Math.floor(r() * 2);
  const pw = W * (0.08 + r() * 0.04);
  const ph = pw / (10 / 7);
  const blockX = windowLeft ? W * 0.42 + r() * W * 0.1 : W * 0.08 + r() * W * 0.1;
  const blockY = floorY * (0.1 + r() * 0.08);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const i = row * columns + column;
      const p = standInPalette(`${seed}#proof${i}`);
      const x = blockX + column * (pw + 6);
      const y = blockY + row * (ph + 10);
      defs.push(
        `<linearGradient id="proof${i}" gradientTransform="rotate(${p.angle % 90})"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`,
      );
      parts.push(
        `<g data-part="proof"><rect x="${n(x)}" y="${n(y)}" width="${n(pw)}" height="${n(ph)}" fill="url(#proof${i})" stroke="#f4f1ea" stroke-width="3"/><circle cx="${n(x + pw * (0.3 + p.glow.x * 0.4))}" cy="${n(y + ph * p.glow.y)}" r="${n(ph * 0.24)}" fill="none" stroke="${p.accents[0]}" stroke-width="2"/><circle cx="${n(x + pw / 2)}" cy="${n(y + 4)}" r="3" fill="#b23a2a"/></g>`,
      );
    }
  }
  return parts;
}

/** Canvases leaning on the wall, their backs out: linen and stretcher bars. */
function leaningCanvases({ r, W, dark, floorY }: StudioScene, windowLeft: boolean): string[] {
  const parts: string[] = [];
  const leaning = Math.floor(r() * 3);
  for (let i = 0; i < leaning; i++) {
    const cw = W * (0.14 + r() * 0.1);
    const ch = floorY * (0.34 + r() * 0.14);
    const x = windowLeft ? W * (0.62 + i * 0.12) : W * (0.12 + i * 0.12);
    const lean = cw * 0.12;
    const linen = hslToHex(38, 22, dark ? 20 : 66 + r() * 8);
    parts.push(
      `<path d="M${n(x + lean)} ${n(floorY + 6 - ch)}H${n(x + cw + lean)}L${n(x + cw)} ${n(floorY + 6)}H${n(x)}Z" fill="${linen}" stroke="#5b4a38" stroke-width="6"/><path d="M${n(x + cw / 2 + lean / 2)} ${n(floorY + 6 - ch)}L${n(x + cw / 2)} ${n(floorY + 6)}" stroke="#5b4a38" stroke-width="6"/>`,
    );
  }
  return parts;
}

/** The table, seen from slightly above, and at night the lamp's pool of light on it. */
function workTable({ r, W, H, dark }: StudioScene): { parts: string[]; topY: number; depth: number } {
  const topY = H * (0.7 + r() * 0.06);
  const depth = H * 0.09;
  const wood = hslToHex(28 + r() * 10, 32, dark ? 16 : 34 + r() * 8);
  const parts = [
    `<g data-part="table"><path d="M${n(W * 0.06)} ${n(topY)}H${n(W * 0.94)}L${n(W * 1.02)} ${n(topY + depth)}H${n(-W * 0.02)}Z" fill="${wood}"/><rect x="${n(-W * 0.02)}" y="${n(topY + depth)}" width="${n(W * 1.04)}" height="${n(H * 0.03)}" fill="#000" fill-opacity="0.35"/><rect x="${n(W * 0.06)}" y="${n(topY + depth)}" width="${n(W * 0.025)}" height="${n(H)}" fill="#000" fill-opacity="0.45"/><rect x="${n(W * 0.915)}" y="${n(topY + depth)}" width="${n(W * 0.025)}" height="${n(H)}" fill="#000" fill-opacity="0.45"/></g>`,
  ];
  if (dark)
    parts.push(
      `<ellipse cx="${n(W * (0.3 + r() * 0.4))}" cy="${n(topY)}" rx="${n(W * 0.35)}" ry="${n(H * 0.3)}" fill="url(#lamp)"/>`,
    );
  return { parts, topY, depth };
}

/** What lies on the table: a tablet, a jar of brushes, and leaves. */
function tableTools({ r, W, H, dark }: StudioScene, topY: number, depth: number): string {
  const tools: string[] = [];
  const tabletX = W * (0.2 + r() * 0.45);
  tools.push(
    `<rect x="${n(tabletX)}" y="${n(topY + depth * 0.25)}" width="${n(W * 0.13)}" height="${n(depth * 0.55)}" rx="6" fill="#141414"/><rect x="${n(tabletX + 6)}" y="${n(topY + depth * 0.25 + 5)}" width="${n(W * 0.13 - 12)}" height="${n(depth * 0.55 - 10)}" rx="3" fill="${dark ? "#e8c98a" : "#3a4a5a"}" fill-opacity="${dark ? 0.85 : 0.6}"/>`,
  );
  const jarX = W * (0.1 + r() * 0.08);
  tools.push(
    `<rect x="${n(jarX)}" y="${n(topY - H * 0.07)}" width="${n(W * 0.04)}" height="${n(H * 0.08)}" rx="4" fill="#9fb3b0" fill-opacity="0.6"/>`,
  );
  for (let i = 0; i < 4; i++) {
    const bx = jarX + W * 0.008 + i * W * 0.008;
    tools.push(
      `<path d="M${n(bx)} ${n(topY - H * 0.04)}L${n(bx + (i - 1.5) * 8)} ${n(topY - H * 0.16)}" stroke="${i % 2 ? "#7a4b2a" : "#caa56a"}" stroke-width="4" stroke-linecap="round"/>`,
    );
  }
  const leaves = 3 + Math.floor(r() * 5);
  for (let i = 0; i < leaves; i++) {
    const lx = W * (0.45 + r() * 0.45);
    const ly = topY + depth * (0.2 + r() * 0.6);
    tools.push(
      `<ellipse cx="${n(lx)}" cy="${n(ly)}" rx="${n(W * 0.022)}" ry="${n(W * 0.008)}" transform="rotate(${n(r() * 180)} ${n(lx)} ${n(ly)})" fill="${hslToHex(30 + r() * 70, 45, 28 + r() * 16)}"/>`,
    );
  }
  return `<g data-part="tool">${tools.join("")}</g>`;
}
