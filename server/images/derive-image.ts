import sharp, { type Sharp } from "sharp";
import {
  ARTWORKS,
  type DeclaredImage,
  declaredImage,
  type ImageFormat,
  STAND_IN_WIDTH,
  standInSeed,
} from "#app/images/image-catalog.ts";
import { type EncodePriority, withEncoderSlot } from "./encoder-lanes.ts";
import { standInSvg } from "./stand-ins/stand-in-svg.ts";

// One libvips thread per encode: the lanes (encoder-lanes.ts) then count encodes as cores.
sharp.concurrency(1);

export interface DeriveRequest {
  collection: string;
  name: string;
  width: number;
  format: ImageFormat;
  /** A real original to derive from; a stand-in is drawn when absent. */
  originalFile?: string;
  /** "request" unless said otherwise. */
  priority?: EncodePriority;
}

/**
 * One derivative: the original (or a freshly drawn stand-in) at `width`, never enlarged, in
 * `format`. AVIF effort 2: effort dominates AVIF cost and 2 is several times faster than 4 at
 * nearly the same size.
 */
export function deriveImage(request: DeriveRequest): Promise<Buffer> {
  return withEncoderSlot(request.priority ?? "request", async () => {
    const { collection, name, width, format, originalFile } = request;
    let pipeline: Sharp;
    if (originalFile) {
      pipeline = sharp(originalFile).rotate().resize({ width, withoutEnlargement: true });
    } else {
      const declared: DeclaredImage = declaredImage(collection, name) ?? {
        aspect: collection === ARTWORKS ? 10 / 7 : 1,
        transparent: false,
        kind: "artwork",
      };
      const drawWidth = Math.min(width, STAND_IN_WIDTH);
      const svg = standInSvg(declared.kind, {
        seed: standInSeed(collection, name),
        width: drawWidth,
        height: Math.round(drawWidth / declared.aspect),
        transparent: declared.transparent,
        tone: declared.tone,
        label: declared.label,
        arrangement: declared.arrangement,
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
