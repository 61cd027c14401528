import sharp from "sharp";
import type { OriginalsManifest } from "#app/images/image-catalog.ts";
import { scanOriginals } from "./originals.ts";

/**
 * Size, version and blur placeholder of every real original, computed at build so prerendered
 * pages carry exact width/height and a placeholder. Stand-ins need no entry: their size comes
 * from the catalogue and their placeholder from their seeded palette. An image file that no work
 * or registry entry names is left out and reported through `warn`.
 */
export async function buildOriginalsManifest(
  warn: (message: string) => void = console.warn,
): Promise<OriginalsManifest> {
  const manifest: OriginalsManifest = {};
  const { originals, problems } = scanOriginals();
  for (const problem of problems) warn(problem);
  for (const original of originals) {
    const image = sharp(original.file).rotate();
    const meta = await image.metadata();
    const upright = (meta.orientation ?? 1) >= 5;
    const width = (upright ? meta.height : meta.width) ?? 0;
    const height = (upright ? meta.width : meta.height) ?? 0;
    // A 16 px wide copy, blurred by the browser through an SVG filter: a few hundred bytes.
    const tiny = await sharp(original.file).rotate().resize(16).webp({ quality: 50 }).toBuffer();
    const tinyHeight = Math.max(1, Math.round((16 * height) / Math.max(1, width)));
    const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 ${tinyHeight}'><filter id='b' color-interpolation-filters='sRGB'><feGaussianBlur stdDeviation='1'/><feComponentTransfer><feFuncA type='discrete' tableValues='1 1'/></feComponentTransfer></filter><image filter='url(#b)' preserveAspectRatio='none' width='16' height='${tinyHeight}' href='data:image/webp;base64,${tiny.toString("base64")}'/></svg>`;
    manifest[`${original.collection}/${original.name}`] = {
      width,
      height,
      version: original.version,
      placeholder: `url("data:image/svg+xml,${encodeURIComponent(svg)}")`,
    };
  }
  return manifest;
}
