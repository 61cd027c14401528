import os from "node:os";
import sharp, { type Sharp } from "sharp";
import { ARTWORKS, declaredImage, type ImageFormat, STAND_IN_WIDTH, standInSeed } from "../../app/images/image-catalog";
import { standInSvg } from "./stand-in-svg";

// libvips threads per operation = cores; at most `cores` encodes at once, the rest wait.
const cores = Math.max(1, os.availableParallelism());
sharp.concurrency(cores);

let running = 0;
const waiting: (() => void)[] = [];
async function withEncoderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= cores) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export interface DeriveRequest {
  collection: string;
  name: string;
  width: number;
  format: ImageFormat;
  /** A real original to derive from; a stand-in is drawn when absent. */
  originalFile?: string;
}

/**
 * One derivative: the original (or a freshly drawn stand-in) at `width`, never enlarged, in
 * `format`. AVIF effort 2: effort dominates AVIF cost and 2 is several times faster than 4 at
 * nearly the same size.
 */
export function deriveImage(request: DeriveRequest): Promise<Buffer> {
  return withEncoderSlot(async () => {
    const { collection, name, width, format, originalFile } = request;
    let pipeline: Sharp;
    if (originalFile) {
      pipeline = sharp(originalFile).rotate().resize({ width, withoutEnlargement: true });
    } else {
      const declared = declaredImage(collection, name) ?? {
        aspect: collection === ARTWORKS ? 10 / 7 : 1,
        transparent: false,
      };
      const drawWidth = Math.min(width, STAND_IN_WIDTH);
      const svg = standInSvg({
        seed: standInSeed(collection, name),
        width: drawWidth,
        height: Math.round(drawWidth / declared.aspect),
        transparent: declared.transparent,
      });
      pipeline = sharp(Buffer.from(svg));
    }
    switch (format) {
      case "avif":
        return pipeline.avif({ quality: 52, effort: 2 }).toBuffer();
      case "webp":
        return pipeline.webp({ quality: 74, effort: 4, alphaQuality: 90 }).toBuffer();
      case "png":
        return pipeline.png({ compressionLevel: 9, palette: true, quality: 90, effort: 3 }).toBuffer();
      default:
        return pipeline.flatten({ background: "#0e0d0c" }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    }
  });
}
