import {
  ARTWORKS,
  type DeclaredImage,
  type ImageFormat,
  STAND_IN_WIDTH,
  standInSeed,
} from "#app/images/image-catalog.ts";
import { declaredImage } from "#app/images/image-info.server.ts";
import { standInSvg } from "#app/images/stand-ins/stand-in-svg.server.ts";
import { type EncodeRecipe, encodeInChild } from "./encoder-child.ts";
import { type EncodePriority, withEncoderSlot } from "./encoder-lanes.ts";

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
 * nearly the same size. Encoded in the encoder process (encoder-child.ts, decision 034), one
 * libvips thread per encode: the lanes (encoder-lanes.ts) then count encodes as cores.
 */
export function deriveImage(request: DeriveRequest): Promise<Buffer> {
  return withEncoderSlot(request.priority ?? "request", () => encodeInChild(recipeFor(request)));
}

/** What deriveImage encodes, as plain data. */
export function recipeFor(request: DeriveRequest): EncodeRecipe {
  const { collection, name, width, format, originalFile } = request;
  let input: EncodeRecipe["input"];
  if (originalFile) {
    input = { file: originalFile };
  } else {
    const declared: DeclaredImage = declaredImage(collection, name) ?? {
      aspect: collection === ARTWORKS ? 10 / 7 : 1,
      transparent: false,
      kind: "artwork",
    };
    const drawWidth = Math.min(width, STAND_IN_WIDTH);
    input = {
      svg: standInSvg(declared.kind, {
        seed: standInSeed(collection, name),
        width: drawWidth,
        height: Math.round(drawWidth / declared.aspect),
        transparent: declared.transparent,
        tone: declared.tone,
        label: declared.label,
        arrangement: declared.arrangement,
      }),
    };
  }
  const resize = originalFile ? { width } : {};
  switch (format) {
    case "avif":
      return { input, ...resize, format: "avif", options: { quality: 52, effort: 2 } };
    case "webp":
      return { input, ...resize, format: "webp", options: { quality: 74, effort: 4, alphaQuality: 90 } };
    case "png":
      return {
        input,
        ...resize,
        format: "png",
        options: { compressionLevel: 9, palette: true, quality: 90, effort: 3 },
      };
    default:
      return { input, ...resize, format: "jpeg", options: { quality: 80, mozjpeg: true }, flatten: "#0e0d0c" };
  }
}
