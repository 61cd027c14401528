import { OBJECT_ARRANGEMENTS, sceneGround } from "#app/images/stand-in-kinds.ts";
import { hslToHex, seededRandom, standInPalette } from "#app/images/stand-in-palette.ts";
import { round1 as n, type StandInOptions, svgDocument } from "./svg-document.server.ts";

/**
 * Things on paper, seen from above on a table or a woven mat: an open book or notebook (text
 * lines, a printed plate, pencil marks), a print with its certificate, loose leaves, a stack of
 * notebooks. The registry's `arrangement` says which; the seed picks when it is unsaid. Marked
 * data-part="sheet".
 */
export function objectStandIn(options: StandInOptions): string {
  const { seed, width, height } = options;
  const r = seededRandom(`${seed}#object`);
  const W = 1000;
  const H = Math.round((W * height) / width);
  const ground = sceneGround("object", seed, "light");
  const scene: ObjectScene = {
    seed,
    r,
    W,
    H,
    defs: [
      `<radialGradient id="light" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff3dc" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>`,
    ],
  };
  const parts: string[] = [
    `<rect width="${W}" height="${H}" fill="${ground.upper}"/>`,
    ...tableSurface(scene, ground.lower),
  ];

  const picked = Math.floor(r() * 3);
  const arrangement = options.arrangement ? OBJECT_ARRANGEMENTS.indexOf(options.arrangement) : picked;
  const unit = Math.min(W, H * 1.4);
  const tilt = (r() - 0.5) * 10;
  if (arrangement === 0) parts.push(openBook(scene, unit, tilt));
  else if (arrangement === 1) parts.push(...printWithCertificate(scene, unit, tilt));
  else parts.push(...notebookStack(scene, unit, tilt));

  parts.push(...looseLeaves(scene));
  parts.push(`<rect width="${W}" height="${H}" fill="url(#light)"/>`);
  return svgDocument({
    width,
    height,
    viewWidth: W,
    viewHeight: H,
    body: `<defs>${scene.defs.join("")}</defs>${parts.join("")}`,
  });
}

/** What the drawing's parts share: its seed and random stream, its view, and the gradients they add. */
interface ObjectScene {
  seed: string;
  r: () => number;
  W: number;
  H: number;
  defs: string[];
}

const PAPER = hslToHex(40, 30, 90);
const INK = "#3b3530";

/** A woven mat's weave, or the grain of a wooden table. */
function tableSurface({ r, W, H }: ObjectScene, lower: string): string[] {
  const parts: string[] = [];
  const woven = r() > 0.5;
  const stripes = 14;
  for (let i = 0; i < stripes; i++) {
    const along = ((woven ? H : W) * i) / stripes;
    parts.push(
      woven
        ? `<rect y="${n(along)}" width="${W}" height="${n(H / stripes / 2)}" fill="${lower}" fill-opacity="0.5"/>`
        : `<rect x="${n(along)}" width="${n(W / stripes / 5)}" height="${H}" fill="${lower}" fill-opacity="0.35"/>`,
    );
  }
  return parts;
}

/** A sheet of paper with its shadow, turned by `angle`, holding `inner`. */
function sheet(x: number, y: number, w: number, h: number, angle: number, inner: string): string {
  return `<g data-part="sheet" transform="rotate(${n(angle)} ${n(x + w / 2)} ${n(y + h / 2)})"><rect x="${n(x + 6)}" y="${n(y + 9)}" width="${n(w)}" height="${n(h)}" fill="#000" fill-opacity="0.3"/><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${PAPER}"/>${inner}</g>`;
}

/** Lines of text down a page, each of its own length. */
function textLines(r: () => number, x: number, y: number, w: number, h: number): string {
  const lines: string[] = [];
  for (let ly = y + h * 0.1; ly < y + h * 0.9; ly += h * 0.06) {
    const length = w * (0.6 + r() * 0.3);
    lines.push(`M${n(x + w * 0.08)} ${n(ly)}h${n(length)}`);
  }
  return `<path d="${lines.join("")}" stroke="${INK}" stroke-opacity="0.45" stroke-width="${n(h * 0.015)}"/>`;
}

/** A printed plate: a gradient with a ring and a glow, its gradient added to the scene's defs. */
function plate({ seed, defs }: ObjectScene, x: number, y: number, w: number, h: number, i: number): string {
  const p = standInPalette(`${seed}#plate${i}`);
  defs.push(
    `<linearGradient id="plate${i}" gradientTransform="rotate(${p.angle % 90})"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`,
  );
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#plate${i})"/><circle cx="${n(x + w * p.glow.x)}" cy="${n(y + h * p.glow.y)}" r="${n(h * 0.28)}" fill="none" stroke="${p.accents[0]}" stroke-width="${n(h * 0.02)}"/><circle cx="${n(x + w * p.glow.x)}" cy="${n(y + h * p.glow.y)}" r="${n(h * 0.08)}" fill="${p.glow.color}"/>`;
}

/** An open book: two pages, text on one, a plate or sketch on the other. */
function openBook(scene: ObjectScene, unit: number, tilt: number): string {
  const { W, H } = scene;
  const pw = unit * 0.36;
  const ph = pw * 1.35;
  const x = W / 2 - pw;
  const y = (H - ph) / 2;
  return sheet(
    x,
    y,
    pw * 2,
    ph,
    tilt,
    `${textLines(scene.r, x, y, pw, ph)}${plate(scene, x + pw * 1.12, y + ph * 0.12, pw * 0.76, pw * 0.76 * 0.7, 0)}<path d="M${n(x + pw)} ${n(y)}v${n(ph)}" stroke="#000" stroke-opacity="0.25" stroke-width="4"/>`,
  );
}

/** A print beside its numbered certificate. */
function printWithCertificate(scene: ObjectScene, unit: number, tilt: number): string[] {
  const { W, H } = scene;
  const pw = unit * 0.5;
  const ph = pw / (10 / 7);
  const x = W * 0.1;
  const y = (H - ph) / 2 - H * 0.04;
  return [
    sheet(x, y, pw, ph, tilt, plate(scene, x + pw * 0.06, y + pw * 0.06, pw * 0.88, ph - pw * 0.12, 0)),
    sheet(
      x + pw + W * 0.06,
      y + ph * 0.2,
      pw * 0.5,
      pw * 0.65,
      -tilt,
      textLines(scene.r, x + pw + W * 0.06, y + ph * 0.2, pw * 0.5, pw * 0.65),
    ),
  ];
}

/** Notebooks stacked, the top one open to a page of pencil lines. */
function notebookStack({ r, W, H }: ObjectScene, unit: number, tilt: number): string[] {
  const parts: string[] = [];
  for (let i = 3; i >= 1; i--) {
    const w = unit * 0.46;
    const h = w * 0.72;
    const x = (W - w) / 2 + i * 10;
    const y = (H - h) / 2 + i * 12;
    parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="6" fill="${hslToHex(20 + r() * 30, 30, 22 + r() * 12)}"/>`,
    );
  }
  const w = unit * 0.46;
  const h = w * 0.72;
  const x = (W - w) / 2;
  const y = (H - h) / 2;
  const curve: string[] = [];
  for (let k = 0; k < 6; k++) {
    curve.push(
      `M${n(x + w * 0.1)} ${n(y + h * (0.2 + k * 0.12))}q${n(w * 0.2)} ${n(-h * 0.08 * (r() + 0.2))} ${n(w * 0.4)} 0t${n(w * 0.4)} 0`,
    );
  }
  parts.push(
    sheet(
      x,
      y,
      w,
      h,
      tilt,
      `<path d="${curve.join("")}" fill="none" stroke="${INK}" stroke-opacity="0.5" stroke-width="3"/>`,
    ),
  );
  return parts;
}

/** A few loose leaves scattered over the table. */
function looseLeaves({ r, W, H }: ObjectScene): string[] {
  const parts: string[] = [];
  const leaves = 2 + Math.floor(r() * 4);
  for (let i = 0; i < leaves; i++) {
    const lx = W * (0.08 + r() * 0.84);
    const ly = H * (0.08 + r() * 0.84);
    parts.push(
      `<ellipse cx="${n(lx)}" cy="${n(ly)}" rx="${n(W * 0.04)}" ry="${n(W * 0.014)}" transform="rotate(${n(r() * 180)} ${n(lx)} ${n(ly)})" fill="${hslToHex(40 + r() * 60, 40, 26 + r() * 14)}"/>`,
    );
  }
  return parts;
}
