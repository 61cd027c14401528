import os from "node:os";
import sharp, { type Sharp } from "sharp";
import {
  ARTWORKS,
  type DeclaredImage,
  declaredImage,
  type ImageFormat,
  STAND_IN_WIDTH,
  standInSeed,
} from "#app/images/image-catalog.ts";
import { standInSvg } from "./stand-ins/stand-in-svg.ts";

// One libvips thread per encode and at most `cores` encodes at once, the rest wait: an encode
// then holds one core, so the background lane below always leaves the others to requests.
const cores = Math.max(1, os.availableParallelism());
sharp.concurrency(1);

/**
 * "request": a visitor waits for it (JPEG/PNG, quick fallbacks). "soon": an AVIF/WebP a visitor
 * asked for and got a fallback for meanwhile. "warm": the start-up warm-up. "soon" and "warm"
 * share one lane, one encode at a time ("soon" first), so with two or more cores a request
 * always finds a core free: AVIF at 1920 px takes seconds, and must not hold back a 60 ms JPEG.
 */
export type EncodePriority = "request" | "soon" | "warm";

let running = 0;
let runningBackground = 0;
const waiting: Record<EncodePriority, (() => void)[]> = { request: [], soon: [], warm: [] };

function startNext() {
  while (running < cores) {
    const start =
      waiting.request.shift() ?? (runningBackground === 0 ? (waiting.soon.shift() ?? waiting.warm.shift()) : undefined);
    if (!start) return;
    start();
  }
}

/** Runs `work` in the encoder's lane for `priority` (the zoom pyramids share these lanes). */
export async function withEncoderSlot<T>(priority: EncodePriority, work: () => Promise<T>): Promise<T> {
  await new Promise<void>((resolve) => {
    waiting[priority].push(() => {
      running++;
      if (priority !== "request") runningBackground++;
      resolve();
    });
    startNext();
  });
  try {
    return await work();
  } finally {
    running--;
    if (priority !== "request") runningBackground--;
    startNext();
  }
}

/** Encodes waiting, by priority (the warm-up log and tests read it). */
export function encodesWaiting(): { request: number; soon: number; warm: number; running: number } {
  return { request: waiting.request.length, soon: waiting.soon.length, warm: waiting.warm.length, running };
}

export interface DeriveRequest {
  collection: string;
  name: string;
  width: number;
  format: ImageFormat;
  /** A real original to derive from; a stand-in is drawn when absent. */
  originalFile?: string;
  /** "request" unless said otherwise. */
  priority?: EncodePriority;
  /**
   * A quick stand-in answer for a visitor while the real AVIF/WebP is made: low-effort
   * settings, never written to the cache.
   */
  quick?: boolean;
}

/**
 * One derivative: the original (or a freshly drawn stand-in) at `width`, never enlarged, in
 * `format`. AVIF effort 2: effort dominates AVIF cost and 2 is several times faster than 4 at
 * nearly the same size.
 */
export function deriveImage(request: DeriveRequest): Promise<Buffer> {
  return withEncoderSlot(request.priority ?? "request", async () => {
    const { collection, name, width, format, originalFile, quick } = request;
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
    if (quick) {
      // mozjpeg and palette PNG cost several times more; this copy is seen once.
      return format === "png"
        ? pipeline.png({ compressionLevel: 2 }).toBuffer()
        : pipeline.flatten({ background: "#0e0d0c" }).jpeg({ quality: 75 }).toBuffer();
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
