import sharp from "sharp";
import type { OriginalsManifest } from "#app/images/image-catalog.ts";
import { placeholderCss } from "./original-placeholder.ts";
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
    const tiny = await sharp(original.file).rotate().resize(16).webp({ quality: 50 }).toBuffer();
    manifest[`${original.collection}/${original.name}`] = {
      width,
      height,
      version: original.version,
      placeholder: placeholderCss(tiny, width, height),
    };
  }
  return manifest;
}
