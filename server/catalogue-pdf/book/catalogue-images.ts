import sharp from "sharp";
import { deriveImage } from "#app/images/derive-image.ts";
import { findOriginals } from "#app/images/originals.ts";
import { type ImageCache, imageCache } from "./image-cache.ts";

/** Plates are printed about 480 pt wide: 1800 px is ~270 dpi there, plenty for a screen PDF and a home printer. */
export const PLATE_WIDTH = 1800;
/** The detail is cut from the largest derivative; printed on its own page it shows the work at about 2.5 times the plate's scale. */
const DETAIL_SOURCE_WIDTH = 2400;
const DETAIL_FRACTION = 0.32;
export const VIEW_WIDTH = 1100;

/** Where each detail is cut (its top-left corner as fractions of the work), varied so the details differ. */
const DETAIL_CORNERS: [number, number][] = [
  [0.14, 0.12],
  [0.54, 0.3],
  [0.34, 0.2],
  [0.6, 0.08],
  [0.08, 0.36],
  [0.42, 0.4],
];

export interface ImageRef {
  collection: string;
  name: string;
}

/**
 * The JPEGs the book embeds, from the site's image pipeline (`deriveImage`: the real original
 * when content/images holds one, else the pipeline's stand-in drawing), so the book and the site
 * always show the same pictures. `originalOf`, when given, names each image's original file
 * instead (the server's: an uploaded original, decision 041).
 */
export function bookImageSource(cache: ImageCache = imageCache(), originalOf?: (ref: ImageRef) => string | undefined) {
  const originals = originalOf ? undefined : new Map(findOriginals().map((o) => [`${o.collection}/${o.name}`, o.file]));
  const original = (ref: ImageRef) => (originalOf ? originalOf(ref) : originals?.get(`${ref.collection}/${ref.name}`));
  const derive = (ref: ImageRef, width: number) =>
    // "batch": the book needs every image, so its encodes queue rather than being refused.
    deriveImage({ ...ref, width, format: "jpg", originalFile: original(ref), priority: "batch" });
  return {
    cache,
    plate: (ref: ImageRef) => cache.get({ ...ref, width: PLATE_WIDTH }, original(ref), () => derive(ref, PLATE_WIDTH)),
    view: (ref: ImageRef, width = VIEW_WIDTH) => cache.get({ ...ref, width }, original(ref), () => derive(ref, width)),
    /** A crop of `aspect` (width / height) from the work at higher magnification. */
    detail: (ref: ImageRef, index: number, aspect: number) =>
      cache.get({ ...ref, detail: index, aspect }, original(ref), () =>
        cutDetail(derive(ref, DETAIL_SOURCE_WIDTH), index, aspect),
      ),
  };
}

async function cutDetail(derived: Promise<Buffer>, index: number, aspect: number): Promise<Buffer> {
  const source = sharp(await derived);
  const { width = 1, height = 1 } = await source.metadata();
  const cropWidth = Math.round(width * DETAIL_FRACTION);
  const cropHeight = Math.min(height, Math.round(cropWidth / aspect));
  const [left, top] = DETAIL_CORNERS[index % DETAIL_CORNERS.length] ?? [0, 0];
  return source
    .extract({
      left: Math.min(Math.round(left * width), width - cropWidth),
      top: Math.min(Math.round(top * height), height - cropHeight),
      width: cropWidth,
      height: cropHeight,
    })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
