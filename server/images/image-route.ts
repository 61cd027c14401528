import fs from "node:fs";
import path from "node:path";
import express from "express";
import { declaredImage, IMAGE_WIDTHS, type ImageFormat } from "../../app/images/image-catalog";
import { deriveImage } from "./derive-image";
import { findOriginals, type OriginalFile } from "./originals";

const CACHE_CONTROL = "public, max-age=31536000, immutable";
const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

/**
 * GET /img/{collection}-{width}/{name}.{avif|webp|jpg|png}: derives the image on first request
 * and keeps it in a disk cache under `cacheDir`, then serves it from disk with immutable cache
 * headers. Only declared images at the derived widths are answered, so the cache cannot be
 * filled with arbitrary names or sizes. Mount it at "/img".
 */
export function imageRoute(options: {
  cacheDir: string;
  isKnownArtwork: (name: string) => boolean;
  /** Content folder whose works/ and images/ hold the real originals; CONTENT_DIR by default. */
  contentDir?: string;
}) {
  const { isKnownArtwork } = options;
  // DATA_DIR defaults to "./data"; sendFile needs an absolute path.
  const cacheDir = path.resolve(options.cacheDir);
  const originals = new Map<string, OriginalFile>(
    findOriginals(options.contentDir).map((o) => [`${o.collection}/${o.name}`, o] as const),
  );
  const inFlight = new Map<string, Promise<string>>();

  const router = express.Router();
  router.get("/:folder/:file", async (req, res, next) => {
    const folder = /^([a-z0-9][a-z0-9-]*)-(\d+)$/.exec(req.params.folder);
    const file = /^([a-z0-9][a-z0-9_-]*)\.(avif|webp|jpg|png)$/.exec(req.params.file);
    if (!folder || !file) return next();
    const [, collection = "", widthText = ""] = folder;
    const [, name = "", formatText = ""] = file;
    const width = Number(widthText);
    const format = formatText as ImageFormat;
    const declared = declaredImage(collection, name);
    const known = declared && (collection !== "artworks" || isKnownArtwork(name));
    const fallbackOk = format === "avif" || format === "webp" || (format === "png") === declared?.transparent;
    if (!known || !fallbackOk || !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      res.status(404).type("text/plain").send("Image not found");
      return;
    }

    const original = originals.get(`${collection}/${name}`);
    const version = original ? original.version : "standin1";
    // Relative to the cache so that only this part is checked for dot files: the data folder
    // itself may sit under one (~/.local/share/umbra, /srv/.umbra).
    const relative = `${collection}-${width}/${name}.${version}.${format}`;
    const cached = path.join(cacheDir, relative);
    try {
      if (!fs.existsSync(cached)) {
        let pending = inFlight.get(cached);
        if (!pending) {
          pending = (async () => {
            const body = await deriveImage({ collection, name, width, format, originalFile: original?.file });
            await fs.promises.mkdir(path.dirname(cached), { recursive: true });
            const temporary = `${cached}.${process.pid}.${Date.now()}.tmp`;
            await fs.promises.writeFile(temporary, body);
            await fs.promises.rename(temporary, cached);
            return cached;
          })().finally(() => inFlight.delete(cached));
          inFlight.set(cached, pending);
        }
        await pending;
      }
      res.sendFile(relative, {
        root: cacheDir,
        dotfiles: "deny",
        headers: { "Content-Type": CONTENT_TYPES[format], "Cache-Control": CACHE_CONTROL },
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
