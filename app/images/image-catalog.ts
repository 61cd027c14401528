import type { ObjectArrangement, StandInKind, StandInTone } from "./stand-in-kinds.ts";

/**
 * What the site knows about an image before it is requested: intrinsic size, the widths it is
 * derived at, whether it keeps transparency, its blur placeholder and its URLs. The server
 * resolves it (image-info.server.ts: the registry and the originals manifest stay on the server)
 * and hands it to <Picture> as page data; this module is what both sides share.
 *
 * URL shape: /img/{collection}-{width}/{name}.{avif|webp|jpg|png}, e.g. /img/artworks-800/the-new-god.jpg
 * (SPEC.md's artwork shapes). Real originals add `?v={hash}` so a replaced original gets new URLs;
 * stand-ins of a redrawn kind add `?v={kind}{n}` (stand-in-kinds.ts) so a new drawing does too.
 */
export const ARTWORKS = "artworks";
/** Widths derived for every image (capped at a real original's own width). */
export const IMAGE_WIDTHS = [400, 800, 1200, 1920] as const;
export type ImageFormat = "avif" | "webp" | "jpg" | "png";
/** The printed size is 200 x 140 cm, so every artwork stand-in is 10:7. */
export const ARTWORK_ASPECT = 10 / 7;
/** Stand-ins are drawn as if their original were this wide. */
export const STAND_IN_WIDTH = 2400;

export type OriginalsManifest = Record<
  string,
  { width: number; height: number; version: string; placeholder: string } | undefined
>;

export interface ImageInfo {
  collection: string;
  name: string;
  width: number;
  height: number;
  transparent: boolean;
  /** Widths this image is derived at, ascending. */
  widths: number[];
  /** CSS background shown until the image paints; absent for transparent images. */
  placeholder?: string;
  /** Content hash of a real original, or a stand-in's drawing version; undefined for the first artwork drawing. */
  version?: string;
}

/** What the registry (or the catalogue, for works) says of an image. */
export interface DeclaredImage {
  aspect: number;
  transparent: boolean;
  /** What its stand-in draws. */
  kind: StandInKind;
  tone?: StandInTone;
  /** Words a logo stand-in spells. */
  label?: string;
  /** What an object stand-in lays out. */
  arrangement?: ObjectArrangement;
}

/** The seed a stand-in is drawn from. */
export function standInSeed(collection: string, name: string): string {
  return `${collection}/${name}`;
}

export function imageUrl(image: ImageInfo, width: number, format: ImageFormat): string {
  const query = image.version ? `?v=${image.version}` : "";
  return `/img/${image.collection}-${width}/${image.name}.${format}${query}`;
}

/** The format every browser decodes: JPEG, or PNG when the image keeps transparency. */
export function fallbackFormat(image: ImageInfo): ImageFormat {
  return image.transparent ? "png" : "jpg";
}

/** The derived width nearest at or above `width` (the largest if none is). */
export function derivedWidth(image: ImageInfo, width: number): number {
  return image.widths.find((w) => w >= width) ?? image.widths[image.widths.length - 1] ?? width;
}

/** Height of the derivative `width` pixels wide. */
export function heightAt(image: ImageInfo, width: number): number {
  return Math.round((width * image.height) / image.width);
}
