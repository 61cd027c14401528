import path from "node:path";
import { getEnv } from "#app/config/env.server.ts";
import { processContentStore } from "#app/content/content-store.server.ts";
import { deepZoomRoute } from "#app/images/deep-zoom-route.ts";
import { startEncoder } from "#app/images/encoder-child.ts";
import { pruneSuperseded, removeTemporaryFiles } from "#app/images/image-cache-upkeep.ts";
import { ARTWORKS } from "#app/images/image-catalog.ts";
import { imageRoute } from "#app/images/image-route.ts";
import { removeStaleUploads } from "#app/images/incoming-uploads.ts";
import { warmFirstScreenImages } from "#app/images/warm-images.ts";
import { warmZoomPyramids } from "#app/images/warm-pyramids.ts";
import { processUploadedOriginals } from "#app/uploads/uploaded-originals.ts";

/** How often superseded derivatives and pyramids are looked for (each waits out its grace period). */
const PRUNE_EVERY_MS = 15 * 60 * 1000;
/** An upload's temporary file older than this is left from a killed process (an upload takes seconds). */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** The works as they are now: read at each call, so content replaced at run time counts at once. */
// Hidden works included: viewing rooms may show a work the public site does not (decision 042).
const catalogue = () => processContentStore().catalogueWithHidden();

let images: ReturnType<typeof imageRoute> | undefined;

/**
 * This process's image route, shared by `/img` (server/app.ts) and the start-up warm-up, so a
 * file being made for one is awaited, not made twice, by the other. Made on first use, not at
 * import: importing must not read the configuration (the build's prerender imports the app).
 */
export function siteImages(): ReturnType<typeof imageRoute> {
  images ??= imageRoute({
    cacheDir: path.join(getEnv().DATA_DIR, "image-cache"),
    // A new work's uploaded image too, before its first publish, so the editor can show it
    // (decision 073); like a hidden work's, it is at an address only the studio is given.
    isKnownArtwork: (name) =>
      catalogue().isArtworkImage(name) || processUploadedOriginals().get(ARTWORKS, name) !== undefined,
    // The published page images, so one added in the studio (the picker's upload) is served.
    pageImages: () => processContentStore().pageImages(),
  });
  return images;
}

let deepZoom: ReturnType<typeof deepZoomRoute> | undefined;

/** This process's zoom tiles route (`/img/zoom`), writing its pyramids beside the other derived images. */
export function siteDeepZoom(): ReturnType<typeof deepZoomRoute> {
  deepZoom ??= deepZoomRoute({
    cacheDir: path.join(getEnv().DATA_DIR, "image-cache"),
    isKnownWork: (slug) => catalogue().find(slug) !== undefined,
  });
  return deepZoom;
}

/**
 * Image work after start (decisions 017, 026), called by server.js once it listens, progress to
 * the log: temporary files of crashed writes removed at once; superseded versions pruned now and
 * every 15 minutes after their grace period; then, unless WARM_IMAGES=off, in the background:
 * the pyramids of new or replaced originals, every prerendered page's first-screen images, and
 * every other work's zoom pyramid.
 */
export function warmSiteImages(logger: Parameters<typeof warmFirstScreenImages>[0]["logger"]): void {
  const images = siteImages();
  const zoom = siteDeepZoom();
  const references = { isCurrentFile: images.isCurrentFile, isCurrentPyramid: zoom.isCurrentPyramid };
  const prune = () =>
    pruneSuperseded({ cacheDir: images.cacheDir, references, graceMs: getEnv().IMAGE_PRUNE_GRACE_MINUTES * 60_000 })
      .then(({ pruned, bytes, waiting }) => {
        if (pruned.length > 0 || waiting > 0) {
          logger.info({ pruned: pruned.length, bytes, waiting }, "superseded images pruned");
        }
      })
      .catch((error) => logger.warn({ err: error }, "pruning superseded images failed"));
  // Temporary files of a dead process go at start and again with every pass: one a killed
  // process's tiling child was still writing when the start-up pass ran is caught by the next.
  const upkeep = () =>
    removeTemporaryFiles(images.cacheDir)
      .then((removed) => {
        if (removed.length > 0) logger.info({ removed }, "temporary image files removed");
      })
      .catch((error) => logger.warn({ err: error }, "removing temporary image files failed"))
      // An upload cut off by a killed process (decision 041): gone once surely not in progress.
      .then(() => removeStaleUploads(getEnv().DATA_DIR, STALE_UPLOAD_MS))
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "unfinished uploads removed");
      })
      .catch((error) => logger.warn({ err: error }, "removing unfinished uploads failed"))
      .then(prune);
  void upkeep();
  setInterval(upkeep, PRUNE_EVERY_MS).unref();

  if (getEnv().WARM_IMAGES === "off") return;
  // Warming needs the encoder within a second or two, and the first visitors' images sooner.
  startEncoder();
  const works = catalogue().artworks.map((work) => work.slug);
  // A new or replaced original (seen at this start by its content hash) has no pyramid yet:
  // those first, then the first screens, then every other work's pyramid.
  const arrived = works.filter((slug) => zoom.hasOriginal(slug) && !zoom.hasPyramid(slug));
  warmZoomPyramids({ zoom, works: arrived, logger })
    .then(() => warmFirstScreenImages({ clientDir: "build/client", images, logger }))
    .then(() => warmZoomPyramids({ zoom, works, logger }))
    .catch((error) => logger.warn({ err: error }, "warming images stopped"));
}
