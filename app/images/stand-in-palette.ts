/**
 * The colours and layout choices of a stand-in image, drawn from its name alone. The server's
 * generator paints the full picture from these; the <Picture> component paints the same
 * background as its blur placeholder, so a stand-in needs no stored placeholder data.
 */
export interface StandInPalette {
  /** Background gradient: angle in degrees and two colours. */
  angle: number;
  from: string;
  to: string;
  /** The main glow: centre as fractions of the width/height, and its colour. */
  glow: { x: number; y: number; color: string };
  /** Accent colours for the drawing on top. */
  accents: string[];
  /** A seeded random source to draw the rest with, continuing after the palette choices. */
  random: () => number;
}

/** FNV-1a then mulberry32: the same name always gives the same sequence. */
export function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619) >>> 0;
  let state = h;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    const v = t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

// Colour schemes as hue offsets from the base hue: analogous, split-complementary, triadic.
const schemes = [
  [0, 28, 56],
  [0, 150, 210],
  [0, 120, 240],
  [0, 35, 180],
];

export function standInPalette(seed: string): StandInPalette {
  const random = seededRandom(seed);
  const hue = random() * 360;
  const scheme = schemes[Math.floor(random() * schemes.length)] ?? [0, 30, 60];
  const angle = Math.round(random() * 360);
  const from = hslToHex(hue + 200, 35 + random() * 25, 6 + random() * 6);
  const to = hslToHex(hue + 240, 40 + random() * 30, 14 + random() * 10);
  const glow = {
    x: 0.3 + random() * 0.4,
    y: 0.3 + random() * 0.4,
    color: hslToHex(hue, 65 + random() * 25, 42 + random() * 14),
  };
  const accents = scheme.map((offset) => hslToHex(hue + offset, 70 + random() * 25, 55 + random() * 20));
  return { angle, from, to, glow, accents, random };
}

/** CSS background that approximates the stand-in (its gradient and glow), shown while it loads. */
export function standInPlaceholderCss(seed: string): string {
  const { angle, from, to, glow } = standInPalette(seed);
  const x = Math.round(glow.x * 100);
  const y = Math.round(glow.y * 100);
  return `radial-gradient(circle at ${x}% ${y}%, ${glow.color}bb, transparent 55%), linear-gradient(${angle}deg, ${from}, ${to})`;
}
