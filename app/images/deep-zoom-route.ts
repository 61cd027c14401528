import path from "node:path";
import express from "express";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";
import { ARTWORKS } from "#app/images/image-catalog.ts";
import { hasTile, type PyramidGeometry, pyramidGeometry } from "./deep-zoom-geometry.ts";
import { parseZoomPath, type ZoomRequest } from "./deep-zoom-path.ts";
import { DESCRIPTOR_FILE, type PyramidSource, pyramidStore, TILES_FOLDER } from "./deep-zoom-pyramid.ts";
import { ZOOM_TILE_FORMAT, ZOOM_TILE_SIZE, zoomStandInSvg, zoomVersion } from "./deep-zoom-source.ts";
import { type EncodePriority, EncoderBusyError, RETRY_AFTER_SECONDS } from "./encoder-lanes.ts";
import { originalSources } from "./original-sources.ts";

const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** What the route's pieces share: the pyramid store, the originals, and the sizes being read. */
interface ZoomSources {
  store: ReturnType<typeof pyramidStore>;
  originals: ReturnType<typeof originalSources>;
  /** Full-size dimensions by `<slug>.<version>`, read once. */
  geometries: Map<string, Promise<PyramidGeometry>>;
}

/** The work's pyramid as named now (its version follows a replaced original at once). */
function sourceOf(zoom: ZoomSources, slug: string): PyramidSource {
  return { slug, version: zoomVersion(slug, zoom.originals.get(ARTWORKS, slug)?.version) };
}

/** The same, with the original's file on this machine, for reading or tiling it. */
async function readySource(zoom: ZoomSources, slug: string): Promise<PyramidSource> {
  const original = zoom.originals.get(ARTWORKS, slug);
  return { slug, version: zoomVersion(slug, original?.version), originalFile: await original?.file() };
}

/** The full-size pixel dimensions of an original, read from its header. */
function originalGeometry(originalFile: string): Promise<PyramidGeometry> {
  // Loaded on first use: libvips is no part of start-up (decision 034).
  return import("sharp")
    .then(({ default: sharp }) => sharp(originalFile).metadata())
    .then((meta) => {
      const upright = (meta.orientation ?? 1) >= 5;
      const width = (upright ? meta.height : meta.width) ?? 1;
      const height = (upright ? meta.width : meta.height) ?? 1;
      return pyramidGeometry(width, height, ZOOM_TILE_SIZE);
    });
}

/** The full-size pixel dimensions, read from the original's header or the stand-in's size. */
function geometryOf(zoom: ZoomSources, source: PyramidSource): Promise<PyramidGeometry> {
  const key = `${source.slug}.${source.version}`;
  let pending = zoom.geometries.get(key);
  if (!pending) {
    const { originalFile } = source;
    pending = originalFile
      ? originalGeometry(originalFile)
      : Promise.resolve(zoomStandInSvg(source.slug)).then(({ width, height }) =>
          pyramidGeometry(width, height, ZOOM_TILE_SIZE),
        );
    pending.catch(() => zoom.geometries.delete(key));
    zoom.geometries.set(key, pending);
  }
  return pending;
}

/** The asked file's path under the zoom root: the descriptor, or one tile. */
function relativeFile(folder: string, request: ZoomRequest): string {
  return request.kind === "descriptor"
    ? path.join(folder, DESCRIPTOR_FILE)
    : path.join(folder, TILES_FOLDER, String(request.level), `${request.column}_${request.row}.${ZOOM_TILE_FORMAT}`);
}

/**
 * The answer to a request for a known work at its current version: a 404 for a tile outside
 * the pyramid, a 503 while the pyramid is not built within `answerWithinMs`, else the file.
 */
async function answerCurrent(
  zoom: ZoomSources,
  request: ZoomRequest,
  answerWithinMs: number,
  req: express.Request,
  res: express.Response,
): Promise<void> {
  const source = await readySource(zoom, request.slug);
  if (request.kind === "tile") {
    const geometry = await geometryOf(zoom, source);
    if (!hasTile(geometry, request.level, request.column, request.row)) {
      return sendErrorAnswer(req, res, 404, "This tile lies outside the zoom image.");
    }
  }
  const built = zoom.store.ensurePyramid(source);
  built.catch(() => {});
  if (!(await Promise.race([built, delay(answerWithinMs)]))) {
    const seconds = RETRY_AFTER_SECONDS.soon;
    res.set("Retry-After", String(seconds));
    return sendErrorAnswer(req, res, 503, `This zoom image is being prepared: try again in ${seconds} s.`);
  }
  res.sendFile(relativeFile(zoom.store.folderOf(source), request), {
    root: zoom.store.root,
    dotfiles: "deny",
    headers: {
      "Content-Type": request.kind === "descriptor" ? "application/xml; charset=utf-8" : "image/jpeg",
      "Cache-Control": CACHE_CONTROL,
    },
  });
}

/** The answer to one GET under /img/zoom. */
async function answerZoomRequest(
  zoom: ZoomSources,
  settings: { isKnownWork: (slug: string) => boolean; answerWithinMs: number },
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
): Promise<void> {
  const parsed = parseZoomPath(req.path);
  if (!parsed.ok) return sendErrorAnswer(req, res, 400, parsed.message);
  const { request } = parsed;
  if (!settings.isKnownWork(request.slug)) {
    return sendErrorAnswer(req, res, 404, `There is no work "${request.slug}" to zoom into.`);
  }
  if (request.version !== sourceOf(zoom, request.slug).version) {
    return sendErrorAnswer(
      req,
      res,
      404,
      "This zoom image has been replaced by a newer one: reload the zoom page to see the current one.",
    );
  }
  try {
    await answerCurrent(zoom, request, settings.answerWithinMs, req, res);
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
}

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
  const zoom: ZoomSources = {
    store: pyramidStore({ cacheDir: options.cacheDir, priority: options.priority }),
    originals: options.originals ?? originalSources({ contentDir: options.contentDir }),
    geometries: new Map(),
  };
  const { store, originals } = zoom;

  const router = express.Router();
  router.get(/.*/, (req, res, next) => answerZoomRequest(zoom, { isKnownWork, answerWithinMs }, req, res, next));

  return Object.assign(router, {
    /** The descriptor URL of a work at its current version, as the zoom page links it. */
    descriptorUrl: (slug: string) => `/img/zoom/${slug}.${sourceOf(zoom, slug).version}.dzi`,
    ensurePyramid: async (slug: string, priority?: EncodePriority) =>
      store.ensurePyramid(await readySource(zoom, slug), priority),
    /** Whether the work has a real original (else its stand-in is tiled). */
    hasOriginal: (slug: string) => originals.get(ARTWORKS, slug) !== undefined,
    /** Whether the work's current pyramid is on disk. */
    hasPyramid: (slug: string) => store.isBuilt(sourceOf(zoom, slug)),
    /** Whether a folder under zoom/ (`<slug>.<version>`) is a known work's current pyramid. */
    isCurrentPyramid: (folder: string) => {
      const slug = folder.slice(0, folder.lastIndexOf("."));
      return isKnownWork(slug) && store.folderOf(sourceOf(zoom, slug)) === folder;
    },
    zoomRoot: store.root,
    buildsStarted: store.buildsStarted,
  });
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}
