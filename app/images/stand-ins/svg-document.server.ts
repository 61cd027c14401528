import type { ObjectArrangement, StandInTone } from "#app/images/stand-in-kinds.ts";

/** What every stand-in generator is drawn from (the registry entry and the size asked for). */
export interface StandInOptions {
  /** The image's name: the same seed always gives the same picture. */
  seed: string;
  width: number;
  height: number;
  /** Keep a clear ground (the registry's `transparent`). */
  transparent?: boolean;
  /** Lit or dark scene (the registry's `tone`). */
  tone?: StandInTone;
  /** Words a logo spells (the registry's `label`). */
  label?: string;
  /** What an object image lays out (the registry's `arrangement`); the seed picks when unsaid. */
  arrangement?: ObjectArrangement;
}

/**
 * The outer <svg>: `width` x `height` pixels showing a view `viewWidth` units wide, cropped
 * to fill (a drawing made for one aspect still fills another).
 */
export function svgDocument(options: {
  width: number;
  height: number;
  viewWidth: number;
  viewHeight: number;
  body: string;
}): string {
  const { width, height, viewWidth, viewHeight, body } = options;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewWidth} ${viewHeight}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

/** One decimal place: enough for a 2400 px drawing, and short. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Escapes text for an SVG text node or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
