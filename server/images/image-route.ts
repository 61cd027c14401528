import fs from "node:fs";
import path from "node:path";
import express from "express";
import { declaredImage, IMAGE_WIDTHS, type ImageFormat } from "#app/images/image-catalog.ts";
import { standInCacheKey } from "#app/images/stand-in-kinds.ts";
import { deriveImage, type EncodePriority } from "./derive-image.ts";
import { findOriginals, type OriginalFile } from "./originals.ts";

const CACHE_CONTROL = "public, max-age=31536000, immutable";
const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};
/**
 * A quick answer is never wider than this: it is seen once, while the real file is made, and
 * at 400 px it costs tens of milliseconds where 1920 px costs up to a second.
 */
const QUICK_MAX_WIDTH = 400;

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
 * JPEG (PNG) of the same width from the cache, or a quick one at most 400 px wide, marked not to be kept, so the next
 * visit asks again and gets the real file. JPEG and PNG are made while the visitor waits.
 */
export function imageRoute(options: {
  cacheDir: string;
  isKnownArtwork: (name: string) => boolean;
  /** Content folder whose works/ and images/ hold the real originals; CONTENT_DIR by default. */
  contentDir?: string;
  /** How long an AVIF/WebP request waits for its encode before getting a fallback. */
  answerWithinMs?: number;
}) {
  const { isKnownArtwork, answerWithinMs = 120 } = options;
  // DATA_DIR defaults to "./data"; sendFile needs an absolute path.
  const cacheDir = path.resolve(options.cacheDir);
  const originals = new Map<string, OriginalFile>(
    findOriginals(options.contentDir).map((o) => [`${o.collection}/${o.name}`, o] as const),
  );
  const inFlight = new Map<string, Promise<string>>();

  /** Path under the cache folder. Relative, so only this part is checked for dot files. */
  function relativePath(target: ImageTarget): string {
    const original = originals.get(`${target.collection}/${target.name}`);
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
        const original = originals.get(`${target.collection}/${target.name}`);
        const body = await deriveImage({ ...target, originalFile: original?.file, priority });
        await fs.promises.mkdir(path.dirname(cached), { recursive: true });
        const temporary = `${cached}.${process.pid}.${Date.now()}.tmp`;
        await fs.promises.writeFile(temporary, body);
        await fs.promises.rename(temporary, cached);
        return relative;
      })().finally(() => inFlight.delete(cached));
      inFlight.set(cached, pending);
    }
    return pending;
  }

  const quickInFlight = new Map<string, Promise<Buffer>>();
  /** A low-effort JPEG/PNG of `target`, at most 400 px wide, shared by concurrent requests. */
  function quickFallback(target: ImageTarget): Promise<Buffer> {
    const key = `${target.collection}/${target.name}/${target.width}`;
    let pending = quickInFlight.get(key);
    if (!pending) {
      const original = originals.get(`${target.collection}/${target.name}`);
      pending = deriveImage({
        ...target,
        width: Math.min(target.width, QUICK_MAX_WIDTH),
        format: target.transparent ? "png" : "jpg",
        originalFile: original?.file,
        quick: true,
      }).finally(() => quickInFlight.delete(key));
      quickInFlight.set(key, pending);
    }
    return pending;
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
    try {
      if (target.format === "jpg" || target.format === "png") {
        return sendCached(await ensureDerived(target, "request"), target.format, CACHE_CONTROL);
      }
      const onDisk = relativePath(target);
      if (fs.existsSync(path.join(cacheDir, onDisk))) return sendCached(onDisk, target.format, CACHE_CONTROL);
      const derived = ensureDerived(target, "soon");
      const ready = await Promise.race([derived, delay(answerWithinMs)]);
      // Keeps a failure in the background from going unhandled; a later request reports it.
      derived.catch(() => {});
      if (ready) return sendCached(ready, target.format, CACHE_CONTROL);

      // The real file is on its way: this answer must not be kept in place of it.
      const fallbackFormat: ImageFormat = target.transparent ? "png" : "jpg";
      const fallback = relativePath({ ...target, format: fallbackFormat });
      if (fs.existsSync(path.join(cacheDir, fallback))) return sendCached(fallback, fallbackFormat, "no-cache");
      const body = await quickFallback(target);
      res.set({ "Content-Type": CONTENT_TYPES[fallbackFormat], "Cache-Control": "no-store" }).send(body);
    } catch (error) {
      next(error);
    }
  });

  return Object.assign(router, {
    ensureDerived,
    isOnDisk: (target: ImageTarget) => fs.existsSync(path.join(cacheDir, relativePath(target))),
    targetOf: (folder: string, file: string) => targetOf(folder, file, isKnownArtwork),
  });
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}
