import fs from "node:fs";
import path from "node:path";
import express from "express";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";
import { IMAGE_WIDTHS, type ImageFormat } from "#app/images/image-catalog.ts";
import { declaredImage } from "#app/images/image-info.server.ts";
import { standInCacheKey } from "#app/images/stand-in-kinds.ts";
import { makeReadableDir, writeReadableFile } from "./cache-files.ts";
import { deriveImage } from "./derive-image.ts";
import { type EncodePriority, EncoderBusyError } from "./encoder-lanes.ts";
import { originalSources } from "./original-sources.ts";

const CACHE_CONTROL = "public, max-age=31536000, immutable";
const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};
/**
 * Fallbacks are kept by the browser but asked about again (ETag, 304), so the real file
 * replaces them once it is made: an AVIF URL must not keep a JPEG for a year.
 */
const FALLBACK_CACHE_CONTROL = "no-cache";
/**
 * When no size of an image is ready, the fallback made is this wide: it costs tens of
 * milliseconds where 1920 px costs up to seconds, and it is a real derivative, kept on disk.
 */
const SMALLEST_WIDTH = IMAGE_WIDTHS[0];

/** One derivative the route may answer. */
export interface ImageTarget {
  collection: string;
  name: string;
  width: number;
  format: ImageFormat;
  transparent: boolean;
}

/** The declared image a URL's parts name, or undefined when it is not one to answer. */
function targetOf(
  folderText: string,
  fileText: string,
  isKnownArtwork: (name: string) => boolean,
): ImageTarget | "unmatched" | undefined {
  const folder = /^([a-z0-9][a-z0-9-]*)-(\d+)$/.exec(folderText);
  const file = /^([a-z0-9][a-z0-9_-]*)\.(avif|webp|jpg|png)$/.exec(fileText);
  if (!folder || !file) return "unmatched";
  const [, collection = "", widthText = ""] = folder;
  const [, name = "", formatText = ""] = file;
  const width = Number(widthText);
  const format = formatText as ImageFormat;
  const declared = declaredImage(collection, name);
  const known = declared && (collection !== "artworks" || isKnownArtwork(name));
  const fallbackOk = format === "avif" || format === "webp" || (format === "png") === declared?.transparent;
  if (!known || !fallbackOk || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return undefined;
  return { collection, name, width, format, transparent: declared.transparent };
}

/**
 * GET /img/{collection}-{width}/{name}.{avif|webp|jpg|png}: derives the image on first request
 * and keeps it in a disk cache under `cacheDir`, then serves it from disk with immutable cache
 * headers. Only declared images at the derived widths are answered, so the cache cannot be
 * filled with arbitrary names or sizes. Mount it at "/img".
 *
 * No visitor waits for an AVIF or WebP encode (decision 017): one not on disk yet is made in
 * the background lane, and when it is not ready within `answerWithinMs` the visitor gets the
 * nearest size ready on disk (the JPEG/PNG of the same width first), or else the 400 px
 * JPEG/PNG, made and kept like any derivative; a fallback is marked to be asked about again, so
 * the next visit gets the real file. JPEG and PNG are made while the visitor waits. The encoder's
 * lanes are bounded (decision 026): when a visitor's encode cannot be queued, the nearest ready
 * size answers, or a 503 with Retry-After.
 */
export function imageRoute(options: {
  cacheDir: string;
  isKnownArtwork: (name: string) => boolean;
  /** Content folder whose works/ and images/ hold the build's originals; CONTENT_DIR by default. */
  contentDir?: string;
  /** Where uploaded originals come from (tests); the process's own by default. */
  originals?: ReturnType<typeof originalSources>;
  /** How long an AVIF/WebP request waits for its encode before getting a fallback. */
  answerWithinMs?: number;
}) {
  const { isKnownArtwork, answerWithinMs = 120 } = options;
  // DATA_DIR defaults to "./data"; sendFile needs an absolute path.
  const cacheDir = path.resolve(options.cacheDir);
  const originals = options.originals ?? originalSources({ contentDir: options.contentDir });
  const inFlight = new Map<string, Promise<string>>();

  /** Path under the cache folder. Relative, so only this part is checked for dot files. */
  function relativePath(target: ImageTarget): string {
    const original = originals.get(target.collection, target.name);
    const kind = declaredImage(target.collection, target.name)?.kind ?? "artwork";
    const version = original ? original.version : standInCacheKey(kind);
    return `${target.collection}-${target.width}/${target.name}.${version}.${target.format}`;
  }

  /** The derivative on disk, made first if it is not there (one job per file across requests). */
  function ensureDerived(target: ImageTarget, priority: EncodePriority): Promise<string> {
    const relative = relativePath(target);
    const cached = path.join(cacheDir, relative);
    if (fs.existsSync(cached)) return Promise.resolve(relative);
    let pending = inFlight.get(cached);
    if (!pending) {
      pending = (async () => {
        const original = originals.get(target.collection, target.name);
        const body = await deriveImage({ ...target, originalFile: await original?.file(), priority });
        await makeReadableDir(cacheDir, path.dirname(cached));
        await writeReadableFile(cached, body);
        return relative;
      })().finally(() => inFlight.delete(cached));
      inFlight.set(cached, pending);
    }
    return pending;
  }

  const onDisk = (target: ImageTarget) => fs.existsSync(path.join(cacheDir, relativePath(target)));

  /**
   * The size of `target`'s image nearest to it that is on disk, in its own format or the
   * JPEG/PNG every browser takes: the JPEG/PNG of the same width first, then the nearest width
   * (the wider one on a tie).
   */
  function nearestReady(target: ImageTarget): ImageTarget | undefined {
    const fallbackFormat: ImageFormat = target.transparent ? "png" : "jpg";
    const widths = [...IMAGE_WIDTHS].sort((a, b) => Math.abs(a - target.width) - Math.abs(b - target.width) || b - a);
    const candidates: ImageTarget[] = [{ ...target, format: fallbackFormat }];
    for (const width of widths.filter((w) => w !== target.width)) {
      candidates.push({ ...target, width }, { ...target, width, format: fallbackFormat });
    }
    const isTarget = (c: ImageTarget) => c.width === target.width && c.format === target.format;
    return candidates.find((candidate) => !isTarget(candidate) && onDisk(candidate));
  }

  /** The ready fallback, or the smallest JPEG/PNG made now (after visitors' JPEG/PNG). */
  async function fallbackFor(target: ImageTarget): Promise<ImageTarget> {
    const ready = nearestReady(target);
    if (ready) return ready;
    const smallest = { ...target, width: SMALLEST_WIDTH, format: target.transparent ? "png" : "jpg" } as const;
    await ensureDerived(smallest, "fallback");
    return smallest;
  }

  const router = express.Router();
  router.get("/:folder/:file", async (req, res, next) => {
    const target = targetOf(req.params.folder, req.params.file, isKnownArtwork);
    if (target === "unmatched") return next();
    if (!target) {
      res.status(404).type("text/plain").send("Image not found");
      return;
    }
    const sendCached = (relative: string, format: ImageFormat, cacheControl: string) =>
      res.sendFile(relative, {
        root: cacheDir,
        dotfiles: "deny",
        headers: { "Content-Type": CONTENT_TYPES[format], "Cache-Control": cacheControl },
      });
    const sendFallback = (fallback: ImageTarget) =>
      sendCached(relativePath(fallback), fallback.format, FALLBACK_CACHE_CONTROL);
    try {
      if (onDisk(target)) return sendCached(relativePath(target), target.format, CACHE_CONTROL);
      if (target.format === "jpg" || target.format === "png") {
        try {
          return sendCached(await ensureDerived(target, "request"), target.format, CACHE_CONTROL);
        } catch (error) {
          const ready = error instanceof EncoderBusyError ? nearestReady(target) : undefined;
          if (!ready) throw error;
          return sendFallback(ready);
        }
      }
      // A full background lane refuses at once: the visitor gets a fallback now, and the file
      // is made by a later request or the warm-up.
      const derived = ensureDerived(target, "soon").catch(() => undefined);
      // With no size of the image on disk, its small JPEG/PNG is made meanwhile (tens of ms, on
      // the other core), so an AVIF not ready in time is followed by a fallback at once, not by
      // the fallback's own encode.
      const fallback = fallbackFor(target);
      fallback.catch(() => undefined);
      const ready = await Promise.race([derived, delay(answerWithinMs)]);
      if (ready) return sendCached(ready, target.format, CACHE_CONTROL);
      sendFallback(await fallback);
    } catch (error) {
      if (error instanceof EncoderBusyError) {
        res.set("Retry-After", String(error.retryAfterSeconds));
        return sendErrorAnswer(
          req,
          res,
          503,
          `The server is busy making images: try again in ${error.retryAfterSeconds} s.`,
        );
      }
      next(error);
    }
  });

  return Object.assign(router, {
    ensureDerived,
    isOnDisk: onDisk,
    /** The cache folder (absolute) and whether a file in it (`<folder>/<file>`) is a current derivative. */
    cacheDir,
    isCurrentFile: (relative: string) => {
      const [folder = "", file = ""] = relative.split("/");
      const shape = /^([a-z0-9][a-z0-9_-]*)\.[a-z0-9-]+\.(avif|webp|jpg|png)$/.exec(file);
      const target = shape && targetOf(folder, `${shape[1]}.${shape[2]}`, isKnownArtwork);
      return Boolean(target && target !== "unmatched" && relativePath(target) === relative);
    },
    targetOf: (folder: string, file: string) => targetOf(folder, file, isKnownArtwork),
  });
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}
