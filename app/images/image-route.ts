import fs from "node:fs";
import path from "node:path";
import express from "express";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";
import { type DeclaredImage, IMAGE_WIDTHS, type ImageFormat } from "#app/images/image-catalog.ts";
import { declaredImage, type PageImageRegistry } from "#app/images/image-info.server.ts";
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

/** Which images the route answers: the works it knows, and the page images declared now. */
interface KnownImages {
  isKnownArtwork: (name: string) => boolean;
  declared: (collection: string, name: string) => DeclaredImage | undefined;
}

/** The declared image a URL's parts name, or undefined when it is not one to answer. */
function targetOf(folderText: string, fileText: string, known: KnownImages): ImageTarget | "unmatched" | undefined {
  const folder = /^([a-z0-9][a-z0-9-]*)-(\d+)$/.exec(folderText);
  const file = /^([a-z0-9][a-z0-9_-]*)\.(avif|webp|jpg|png)$/.exec(fileText);
  if (!folder || !file) return "unmatched";
  const [, collection = "", widthText = ""] = folder;
  const [, name = "", formatText = ""] = file;
  const width = Number(widthText);
  const format = formatText as ImageFormat;
  const declared = known.declared(collection, name);
  const answered = declared && (collection !== "artworks" || known.isKnownArtwork(name));
  const fallbackOk = format === "avif" || format === "webp" || (format === "png") === declared?.transparent;
  if (!answered || !fallbackOk || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return undefined;
  return { collection, name, width, format, transparent: declared.transparent };
}

/** What the route's pieces share: where derivatives are kept and made from, and the jobs under way. */
interface ImageCache {
  /** Absolute: sendFile needs an absolute root. */
  cacheDir: string;
  originals: ReturnType<typeof originalSources>;
  /** One job per file across requests, by the cached file's absolute path. */
  inFlight: Map<string, Promise<string>>;
  known: KnownImages;
}

/** Path under the cache folder. Relative, so only this part is checked for dot files. */
function relativePath(cache: ImageCache, target: ImageTarget): string {
  const original = cache.originals.get(target.collection, target.name);
  const kind = cache.known.declared(target.collection, target.name)?.kind ?? "artwork";
  const version = original ? original.version : standInCacheKey(kind);
  return `${target.collection}-${target.width}/${target.name}.${version}.${target.format}`;
}

/** The derivative on disk, made first if it is not there (one job per file across requests). */
function ensureDerived(cache: ImageCache, target: ImageTarget, priority: EncodePriority): Promise<string> {
  const { cacheDir, originals, inFlight } = cache;
  const relative = relativePath(cache, target);
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

function onDisk(cache: ImageCache, target: ImageTarget): boolean {
  return fs.existsSync(path.join(cache.cacheDir, relativePath(cache, target)));
}

/**
 * The size of `target`'s image nearest to it that is on disk, in its own format or the
 * JPEG/PNG every browser takes: the JPEG/PNG of the same width first, then the nearest width
 * (the wider one on a tie).
 */
function nearestReady(cache: ImageCache, target: ImageTarget): ImageTarget | undefined {
  const fallbackFormat: ImageFormat = target.transparent ? "png" : "jpg";
  const widths = [...IMAGE_WIDTHS].sort((a, b) => Math.abs(a - target.width) - Math.abs(b - target.width) || b - a);
  const candidates: ImageTarget[] = [{ ...target, format: fallbackFormat }];
  for (const width of widths.filter((w) => w !== target.width)) {
    candidates.push({ ...target, width }, { ...target, width, format: fallbackFormat });
  }
  const isTarget = (c: ImageTarget) => c.width === target.width && c.format === target.format;
  return candidates.find((candidate) => !isTarget(candidate) && onDisk(cache, candidate));
}

/** The ready fallback, or the smallest JPEG/PNG made now (after visitors' JPEG/PNG). */
async function fallbackFor(cache: ImageCache, target: ImageTarget): Promise<ImageTarget> {
  const ready = nearestReady(cache, target);
  if (ready) return ready;
  const smallest = { ...target, width: SMALLEST_WIDTH, format: target.transparent ? "png" : "jpg" } as const;
  await ensureDerived(cache, smallest, "fallback");
  return smallest;
}

/** Sends a file from the cache folder with its type and the given caching. */
function sendCached(
  cache: ImageCache,
  res: express.Response,
  relative: string,
  format: ImageFormat,
  cacheControl: string,
): void {
  res.sendFile(relative, {
    root: cache.cacheDir,
    dotfiles: "deny",
    headers: { "Content-Type": CONTENT_TYPES[format], "Cache-Control": cacheControl },
  });
}

function sendFallback(cache: ImageCache, res: express.Response, fallback: ImageTarget): void {
  sendCached(cache, res, relativePath(cache, fallback), fallback.format, FALLBACK_CACHE_CONTROL);
}

/** A JPEG/PNG is made while the visitor waits; when the encoder is full, the nearest ready size answers. */
async function answerWaited(cache: ImageCache, res: express.Response, target: ImageTarget): Promise<void> {
  try {
    return sendCached(cache, res, await ensureDerived(cache, target, "request"), target.format, CACHE_CONTROL);
  } catch (error) {
    const ready = error instanceof EncoderBusyError ? nearestReady(cache, target) : undefined;
    if (!ready) throw error;
    return sendFallback(cache, res, ready);
  }
}

/** An AVIF/WebP is made in the background: the visitor gets it if ready within `answerWithinMs`, else a fallback. */
async function answerInBackground(
  cache: ImageCache,
  res: express.Response,
  target: ImageTarget,
  answerWithinMs: number,
): Promise<void> {
  // A full background lane refuses at once: the visitor gets a fallback now, and the file
  // is made by a later request or the warm-up.
  const derived = ensureDerived(cache, target, "soon").catch(() => undefined);
  // With no size of the image on disk, its small JPEG/PNG is made meanwhile (tens of ms, on
  // the other core), so an AVIF not ready in time is followed by a fallback at once, not by
  // the fallback's own encode.
  const fallback = fallbackFor(cache, target);
  fallback.catch(() => undefined);
  const ready = await Promise.race([derived, delay(answerWithinMs)]);
  if (ready) return sendCached(cache, res, ready, target.format, CACHE_CONTROL);
  sendFallback(cache, res, await fallback);
}

/** The answer to one GET /:folder/:file. */
async function answerImageRequest(
  cache: ImageCache,
  settings: { answerWithinMs: number },
  req: express.Request<{ folder: string; file: string }>,
  res: express.Response,
  next: express.NextFunction,
): Promise<void> {
  const target = targetOf(req.params.folder, req.params.file, cache.known);
  if (target === "unmatched") return next();
  if (!target) {
    res.status(404).type("text/plain").send("Image not found");
    return;
  }
  try {
    if (onDisk(cache, target)) return sendCached(cache, res, relativePath(cache, target), target.format, CACHE_CONTROL);
    if (target.format === "jpg" || target.format === "png") return await answerWaited(cache, res, target);
    await answerInBackground(cache, res, target, settings.answerWithinMs);
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
}

/** Whether a file in the cache folder (`<folder>/<file>`) is a current derivative. */
function isCurrentFile(cache: ImageCache, relative: string): boolean {
  const [folder = "", file = ""] = relative.split("/");
  const shape = /^([a-z0-9][a-z0-9_-]*)\.[a-z0-9-]+\.(avif|webp|jpg|png)$/.exec(file);
  const target = shape && targetOf(folder, `${shape[1]}.${shape[2]}`, cache.known);
  return Boolean(target && target !== "unmatched" && relativePath(cache, target) === relative);
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
  /**
   * The page images declared now (the content store's, so one the studio adds at run time is
   * answered); the build's registry by default.
   */
  pageImages?: () => PageImageRegistry;
  /** Content folder whose works/ and images/ hold the build's originals; CONTENT_DIR by default. */
  contentDir?: string;
  /** Where uploaded originals come from (tests); the process's own by default. */
  originals?: ReturnType<typeof originalSources>;
  /** How long an AVIF/WebP request waits for its encode before getting a fallback. */
  answerWithinMs?: number;
}) {
  const { isKnownArtwork, answerWithinMs = 120 } = options;
  const cache: ImageCache = {
    // DATA_DIR defaults to "./data"; sendFile needs an absolute path.
    cacheDir: path.resolve(options.cacheDir),
    originals: options.originals ?? originalSources({ contentDir: options.contentDir }),
    inFlight: new Map(),
    known: {
      isKnownArtwork,
      declared: (collection, name) => declaredImage(collection, name, options.pageImages?.()),
    },
  };

  const router = express.Router();
  router.get("/:folder/:file", (req, res, next) => answerImageRequest(cache, { answerWithinMs }, req, res, next));

  return Object.assign(router, {
    ensureDerived: (target: ImageTarget, priority: EncodePriority) => ensureDerived(cache, target, priority),
    isOnDisk: (target: ImageTarget) => onDisk(cache, target),
    /** The cache folder (absolute) and whether a file in it (`<folder>/<file>`) is a current derivative. */
    cacheDir: cache.cacheDir,
    isCurrentFile: (relative: string) => isCurrentFile(cache, relative),
    targetOf: (folder: string, file: string) => targetOf(folder, file, cache.known),
    /** What the image is declared as now (its transparency, kind), or undefined. */
    declared: cache.known.declared,
  });
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}
