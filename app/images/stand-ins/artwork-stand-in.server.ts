import { type StandInPalette, standInPalette } from "#app/images/stand-in-palette.ts";
import { round1 as n, type StandInOptions, svgDocument } from "./svg-document.server.ts";

/**
 * Draws a distinct abstract stand-in for an image that has no real original yet: a dark
 * gradient ground, a glow, soft colour fields, flowing contour lines, a seeded mandala and a
 * scatter of spores. Deterministic: the same name always gives the same picture. Transparent
 * stand-ins keep only the motif on a clear ground, like a cut-out print.
 */
export function artworkStandIn(options: StandInOptions): string {
  const { width, height } = options;
  const W = 1000;
  const H = Math.round((W * height) / width);
  return svgDocument({
    width,
    height,
    viewWidth: W,
    viewHeight: H,
    body: artworkDrawing({ ...options, viewHeight: H }),
  });
}

/**
 * The drawing alone, in a 1000-unit-wide view `viewHeight` high: other kinds hang it on their
 * walls. `idPrefix` keeps its gradient ids apart from the host's; a `miniature` leaves out the
 * contour lines and most spores, which vanish at that size anyway.
 */
export function artworkDrawing(options: {
  seed: string;
  viewHeight: number;
  transparent?: boolean;
  idPrefix?: string;
  miniature?: boolean;
}): string {
  const { seed, transparent = false, idPrefix = "", miniature = false } = options;
  const p = standInPalette(seed);
  const scene: ArtworkScene = {
    p,
    r: p.random,
    W: 1000,
    H: options.viewHeight,
    transparent,
    id: (name: string) => `${idPrefix}${name}`,
    defs: [],
  };
  const parts: string[] = [];
  if (!transparent) parts.push(...groundAndGlow(scene));
  parts.push(...colourFields(scene));
  if (!transparent && !miniature) parts.push(...contourLines(scene));
  const centre = mandala(scene);
  parts.push(centre.part);
  parts.push(...spores(scene, centre, miniature));
  if (!transparent) parts.push(`<rect width="${scene.W}" height="${scene.H}" fill="url(#${scene.id("vignette")})"/>`);

  return `<defs>${scene.defs.join("")}</defs>${parts.join("")}`;
}

/** What the drawing's parts share: its palette and random stream, its view, its ids and the gradients they add. */
interface ArtworkScene {
  p: StandInPalette;
  r: () => number;
  W: number;
  H: number;
  transparent: boolean;
  /** A gradient id, kept apart from the host's by the prefix. */
  id: (name: string) => string;
  defs: string[];
}

/** One of `items`, picked by the scene's random stream. */
function pick<T>(r: () => number, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)] as T;
}

/** The gradient ground and its glow (the vignette's gradient is added here too, drawn last). */
function groundAndGlow({ p, W, H, id, defs }: ArtworkScene): string[] {
  defs.push(
    `<linearGradient id="${id("bg")}" gradientTransform="rotate(${p.angle - 90} 0.5 0.5)"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`,
    `<radialGradient id="${id("glow")}"><stop offset="0" stop-color="${p.glow.color}" stop-opacity="0.85"/><stop offset="1" stop-color="${p.glow.color}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${id("vignette")}" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient>`,
  );
  return [
    `<rect width="${W}" height="${H}" fill="url(#${id("bg")})"/>`,
    `<ellipse cx="${n(p.glow.x * W)}" cy="${n(p.glow.y * H)}" rx="${n(W * 0.55)}" ry="${n(H * 0.55)}" fill="url(#${id("glow")})"/>`,
  ];
}

/** Soft colour fields, one per accent. */
function colourFields({ p, r, W, H, transparent, id, defs }: ArtworkScene): string[] {
  const parts: string[] = [];
  p.accents.forEach((color, i) => {
    defs.push(
      `<radialGradient id="${id(`field${i}`)}"><stop offset="0" stop-color="${color}" stop-opacity="${transparent ? 0.5 : 0.38}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
    const cx = transparent ? W / 2 + (r() - 0.5) * W * 0.3 : r() * W;
    const cy = transparent ? H / 2 + (r() - 0.5) * H * 0.3 : r() * H;
    const radius = (transparent ? 0.22 : 0.25 + r() * 0.25) * W;
    parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="url(#${id(`field${i}`)})"/>`);
  });
  return parts;
}

/** Flowing contour lines, like a river seen from above. */
function contourLines({ p, r, W, H }: ArtworkScene): string[] {
  const parts: string[] = [];
  const lines = 6 + Math.floor(r() * 10);
  const amplitude = 20 + r() * 60;
  const frequency = 1 + r() * 3;
  const phase = r() * Math.PI * 2;
  const color = pick(r, p.accents);
  for (let i = 0; i < lines; i++) {
    const baseY = (H * (i + 0.5)) / lines;
    let d = "";
    for (let x = 0; x <= W; x += 25) {
      const y = baseY + Math.sin((x / W) * Math.PI * 2 * frequency + phase + i * 0.45) * amplitude;
      d += `${x === 0 ? "M" : "L"}${x} ${n(y)} `;
    }
    parts.push(
      `<path d="${d.trim()}" fill="none" stroke="${color}" stroke-opacity="${n(0.08 + r() * 0.14)}" stroke-width="${n(1 + r() * 2.5)}"/>`,
    );
  }
  return parts;
}

/** Where the mandala sits and how far it reaches, for the spores around it. */
interface MandalaPlace {
  cx: number;
  cy: number;
  maxRadius: number;
}

/** The mandala: rings of petals with n-fold symmetry around a seeded centre. */
function mandala({ p, r, W, H, transparent }: ArtworkScene): MandalaPlace & { part: string } {
  const cx = transparent ? W / 2 : W * (0.3 + r() * 0.4);
  const cy = transparent ? H / 2 : H * (0.3 + r() * 0.4);
  const folds = pick(r, [6, 8, 9, 10, 12, 16]);
  const maxRadius = Math.min(W, H) * (transparent ? 0.46 : 0.28 + r() * 0.14);
  const rings = 3 + Math.floor(r() * 3);
  const petals: string[] = [];
  for (let ring = rings; ring >= 1; ring--) {
    const radius = (maxRadius * ring) / rings;
    const color = p.accents[ring % p.accents.length] ?? p.glow.color;
    const petalLength = radius * (0.35 + r() * 0.3);
    const petalWidth = petalLength * (0.18 + r() * 0.25);
    const count = folds * (ring % 2 === 0 ? 2 : 1);
    const offset = r() * 180;
    const filled = r() > 0.45;
    for (let k = 0; k < count; k++) {
      const angle = offset + (360 * k) / count;
      petals.push(
        `<ellipse cx="0" cy="${n(-(radius - petalLength / 2))}" rx="${n(petalWidth / 2)}" ry="${n(petalLength / 2)}" transform="rotate(${n(angle)})" fill="${filled ? color : "none"}" fill-opacity="${filled ? 0.22 : 0}" stroke="${color}" stroke-opacity="0.75" stroke-width="${n(1 + r() * 1.5)}"/>`,
      );
    }
    petals.push(
      `<circle r="${n(radius)}" fill="none" stroke="${color}" stroke-opacity="0.35" stroke-width="1.2" stroke-dasharray="${n(2 + r() * 10)} ${n(3 + r() * 9)}"/>`,
    );
  }
  petals.push(`<circle r="${n(maxRadius * 0.08)}" fill="${p.glow.color}" fill-opacity="0.9"/>`);
  petals.push(`<circle r="${n(maxRadius * 0.14)}" fill="none" stroke="${p.accents[0]}" stroke-width="2"/>`);
  return { cx, cy, maxRadius, part: `<g transform="translate(${n(cx)} ${n(cy)})">${petals.join("")}</g>` };
}

/** Spores and stars: over the whole view, or around the mandala on a clear ground. */
function spores({ p, r, W, H, transparent }: ArtworkScene, centre: MandalaPlace, miniature: boolean): string[] {
  const { cx, cy, maxRadius } = centre;
  const parts: string[] = [];
  const count = miniature ? 8 : transparent ? 24 : 40 + Math.floor(r() * 60);
  for (let i = 0; i < count; i++) {
    const angle = r() * Math.PI * 2;
    const distance = transparent ? r() * maxRadius * 1.05 : r() * W;
    const x = transparent ? cx + Math.cos(angle) * distance : r() * W;
    const y = transparent ? cy + Math.sin(angle) * distance : r() * H;
    parts.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.8 + r() * 3.2)}" fill="${pick(r, p.accents)}" fill-opacity="${n(0.3 + r() * 0.6)}"/>`,
    );
  }
  return parts;
}
