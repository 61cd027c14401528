import path from "node:path";
import express from "express";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";
import { ARTWORKS } from "#app/images/image-catalog.ts";
import { hasTile, type PyramidGeometry, pyramidGeometry } from "./deep-zoom-geometry.ts";
import { parseZoomPath } from "./deep-zoom-path.ts";
import { DESCRIPTOR_FILE, type PyramidSource, pyramidStore, TILES_FOLDER } from "./deep-zoom-pyramid.ts";
import { ZOOM_TILE_FORMAT, ZOOM_TILE_SIZE, zoomStandInSvg, zoomVersion } from "./deep-zoom-source.ts";
import { type EncodePriority, EncoderBusyError, RETRY_AFTER_SECONDS } from "./encoder-lanes.ts";
import { originalSources } from "./original-sources.ts";

const CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * GET /img/zoom/<slug>.<version>.dzi and /img/zoom/<slug>.<version>_files/<level>/<col>_<row>.jpeg:
 * a work's Deep Zoom descriptor and tiles (decision 023). The first request for either builds
 * the work's whole pyramid (see deep-zoom-pyramid.ts); later ones are files from disk with
 * immutable cache headers, ETag and 304. Only known works at their current version, and only
 * tiles inside the pyramid, are answered, so the cache cannot be filled with anything else.
 * Mount it at "/img/zoom".
 */
export function deepZoomRoute(options: {
  cacheDir: string;
  isKnownWork: (slug: string) => boolean;
  /** Content folder whose works/ hold the build's originals; CONTENT_DIR by default. */
  contentDir?: string;
  /** Where uploaded originals come from (tests); the process's own by default. */
  originals?: ReturnType<typeof originalSources>;
  priority?: EncodePriority;
  /**
   * How long a request waits for a pyramid being built before a 503 with Retry-After (the
   * build goes on, and the zoom page asks again): a visitor is answered within 10 s however
   * long the queue ahead (decision 026).
   */
  answerWithinMs?: number;
}) {
  const { isKnownWork, answerWithinMs = 8_000 } = options;
  const store = pyramidStore({ cacheDir: options.cacheDir, priority: options.priority });
  const originals = options.originals ?? originalSources({ contentDir: options.contentDir });
  const geometries = new Map<string, Promise<PyramidGeometry>>();

  /** The work's pyramid as named now (its version follows a replaced original at once). */
  function sourceOf(slug: string): PyramidSource {
    return { slug, version: zoomVersion(slug, originals.get(ARTWORKS, slug)?.version) };
  }

  /** The same, with the original's file on this machine, for reading or tiling it. */
  async function readySource(slug: string): Promise<PyramidSource> {
    const original = originals.get(ARTWORKS, slug);
    return { slug, version: zoomVersion(slug, original?.version), originalFile: await original?.file() };
  }

  /** The full-size pixel dimensions, read from the original's header or the stand-in's size. */
  function geometryOf(source: PyramidSource): Promise<PyramidGeometry> {
    const key = `${source.slug}.${source.version}`;
    let pending = geometries.get(key);
    if (!pending) {
      const { originalFile } = source;
      pending = originalFile
        ? // Loaded on first use: libvips is no part of start-up (decision 034).
          import("sharp")
            .then(({ default: sharp }) => sharp(originalFile).metadata())
            .then((meta) => {
              const upright = (meta.orientation ?? 1) >= 5;
              const width = (upright ? meta.height : meta.width) ?? 1;
              const height = (upright ? meta.width : meta.height) ?? 1;
              return pyramidGeometry(width, height, ZOOM_TILE_SIZE);
            })
        : Promise.resolve(zoomStandInSvg(source.slug)).then(({ width, height }) =>
            pyramidGeometry(width, height, ZOOM_TILE_SIZE),
          );
      pending.catch(() => geometries.delete(key));
      geometries.set(key, pending);
    }
    return pending;
  }

  const router = express.Router();
  router.get(/.*/, async (req, res, next) => {
    const parsed = parseZoomPath(req.path);
    if (!parsed.ok) return sendErrorAnswer(req, res, 400, parsed.message);
    const { request } = parsed;
    if (!isKnownWork(request.slug)) {
      return sendErrorAnswer(req, res, 404, `There is no work "${request.slug}" to zoom into.`);
    }
    const named = sourceOf(request.slug);
    if (request.version !== named.version) {
      return sendErrorAnswer(
        req,
        res,
        404,
        "This zoom image has been replaced by a newer one: reload the zoom page to see the current one.",
      );
    }
    try {
      const source = await readySource(request.slug);
      if (request.kind === "tile") {
        const geometry = await geometryOf(source);
        if (!hasTile(geometry, request.level, request.column, request.row)) {
          return sendErrorAnswer(req, res, 404, "This tile lies outside the zoom image.");
        }
      }
      const built = store.ensurePyramid(source);
      built.catch(() => {});
      if (!(await Promise.race([built, delay(answerWithinMs)]))) {
        const seconds = RETRY_AFTER_SECONDS.soon;
        res.set("Retry-After", String(seconds));
        return sendErrorAnswer(req, res, 503, `This zoom image is being prepared: try again in ${seconds} s.`);
      }
      const folder = store.folderOf(source);
      const relative =
        request.kind === "descriptor"
          ? path.join(folder, DESCRIPTOR_FILE)
          : path.join(
              folder,
              TILES_FOLDER,
              String(request.level),
              `${request.column}_${request.row}.${ZOOM_TILE_FORMAT}`,
            );
      res.sendFile(relative, {
        root: store.root,
        dotfiles: "deny",
        headers: {
          "Content-Type": request.kind === "descriptor" ? "application/xml; charset=utf-8" : "image/jpeg",
          "Cache-Control": CACHE_CONTROL,
        },
      });
    } catch (error) {
      if (error instanceof EncoderBusyError) {
        res.set("Retry-After", String(error.retryAfterSeconds));
        return sendErrorAnswer(
          req,
          res,
          503,
          `The server is busy preparing zoom images: try again in ${error.retryAfterSeconds} s.`,
        );
      }
      next(error);
    }
  });

  return Object.assign(router, {
    /** The descriptor URL of a work at its current version, as the zoom page links it. */
    descriptorUrl: (slug: string) => `/img/zoom/${slug}.${sourceOf(slug).version}.dzi`,
    ensurePyramid: async (slug: string, priority?: EncodePriority) =>
      store.ensurePyramid(await readySource(slug), priority),
    /** Whether the work has a real original (else its stand-in is tiled). */
    hasOriginal: (slug: string) => originals.get(ARTWORKS, slug) !== undefined,
    /** Whether the work's current pyramid is on disk. */
    hasPyramid: (slug: string) => store.isBuilt(sourceOf(slug)),
    /** Whether a folder under zoom/ (`<slug>.<version>`) is a known work's current pyramid. */
    isCurrentPyramid: (folder: string) => {
      const slug = folder.slice(0, folder.lastIndexOf("."));
      return isKnownWork(slug) && store.folderOf(sourceOf(slug)) === folder;
    },
    zoomRoot: store.root,
    buildsStarted: store.buildsStarted,
  });
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}
