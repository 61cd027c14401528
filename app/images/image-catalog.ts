import originals from "virtual:image-originals";
import { pageImages } from "#app/images/page-image-lookup.ts";
import {
  type ObjectArrangement,
  type StandInKind,
  type StandInTone,
  standInKindPlaceholderCss,
  standInUrlVersion,
} from "./stand-in-kinds.ts";

/**
 * What the site knows about an image before it is requested: intrinsic size, the widths it is
 * derived at, whether it keeps transparency, its blur placeholder and its URLs. Shared by the
 * <Picture> component (prerendered at build) and the server's image route.
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

/** Aspect (width / height), transparency and kind declared for an image, or undefined if unknown. */
export function declaredImage(collection: string, name: string): DeclaredImage | undefined {
  if (collection === ARTWORKS) return { aspect: ARTWORK_ASPECT, transparent: false, kind: "artwork" };
  const entry = pageImages[collection]?.find((image) => image.name === name);
  if (!entry) return undefined;
  return {
    aspect: entry.aspect,
    transparent: entry.transparent ?? false,
    kind: entry.kind,
    ...(entry.tone ? { tone: entry.tone } : {}),
    ...(entry.label ? { label: entry.label } : {}),
    ...(entry.arrangement ? { arrangement: entry.arrangement } : {}),
  };
}

export function imageInfo(collection: string, name: string): ImageInfo {
  const declared = declaredImage(collection, name);
  if (!declared) {
    throw new Error(`Unknown image "${collection}/${name}": list it in content/images/${collection}.yaml`);
  }
  const original = originals[`${collection}/${name}`];
  const width = original?.width ?? STAND_IN_WIDTH;
  const height = original?.height ?? Math.round(STAND_IN_WIDTH / declared.aspect);
  const widths = IMAGE_WIDTHS.filter((w) => w <= width);
  return {
    collection,
    name,
    width,
    height,
    transparent: declared.transparent,
    widths: widths.length > 0 ? widths : [IMAGE_WIDTHS[0]],
    placeholder: declared.transparent
      ? undefined
      : (original?.placeholder ??
        standInKindPlaceholderCss(declared.kind, standInSeed(collection, name), declared.tone)),
    version: original ? original.version : standInUrlVersion(declared.kind),
  };
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
