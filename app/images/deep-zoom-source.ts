import crypto from "node:crypto";
import { ARTWORKS, standInSeed } from "#app/images/image-catalog.ts";
import { declaredImage } from "#app/images/image-info.server.ts";
import { standInSvg } from "#app/images/stand-ins/stand-in-svg.server.ts";

/** A stand-in is drawn this wide for zooming: the issue asks for at least 6,000 px across. */
export const ZOOM_STAND_IN_WIDTH = 6000;
/** Tile edge; with the 1 px overlap on each side a tile is at most 512 px, a power of two. */
export const ZOOM_TILE_SIZE = 510;
export const ZOOM_TILE_OVERLAP = 1;
/** The tiles' file extension, as sharp writes it and the .dzi names it. */
export const ZOOM_TILE_FORMAT = "jpeg";
/** Changes whenever the tiling or encoding changes, so every URL made before is retired. */
const PYRAMID_RECIPE = `dz-${ZOOM_TILE_SIZE}-${ZOOM_TILE_OVERLAP}-${ZOOM_TILE_FORMAT}-q82`;

/** The SVG a work's zoomable stand-in is drawn from (the same drawing as its other sizes). */
export function zoomStandInSvg(name: string): { svg: string; width: number; height: number } {
  const aspect = declaredImage(ARTWORKS, name)?.aspect ?? 10 / 7;
  const width = ZOOM_STAND_IN_WIDTH;
  const height = Math.round(width / aspect);
  return { svg: standInSvg("artwork", { seed: standInSeed(ARTWORKS, name), width, height }), width, height };
}

// Drawing a stand-in's SVG to hash it takes milliseconds: once per work and original per process.
// Only known works reach here (the page and the route refuse the rest first), so it stays small.
const versions = new Map<string, string>();

/**
 * The version in a work's zoom URLs: a short hash of the recipe and of what is tiled, the real
 * original's content hash or else the stand-in's drawing. A new original, a changed stand-in
 * drawing or a new recipe each give new URLs, so immutable cached tiles are never stale.
 */
export function zoomVersion(name: string, originalVersion: string | undefined): string {
  const key = `${name}\n${originalVersion ?? ""}`;
  let version = versions.get(key);
  if (!version) {
    const source = originalVersion ? `original:${originalVersion}` : `stand-in:${zoomStandInSvg(name).svg}`;
    version = crypto.createHash("sha1").update(`${PYRAMID_RECIPE}\n${source}`).digest("hex").slice(0, 10);
    versions.set(key, version);
  }
  return version;
}

/** The descriptor's URL for a work; tiles follow from it (`<slug>.<version>_files/...`). */
export function zoomDescriptorUrl(name: string, originalVersion: string | undefined): string {
  return `/img/zoom/${name}.${zoomVersion(name, originalVersion)}.dzi`;
}
