import path from "node:path";
import { findArtwork, isArtworkImage } from "#app/catalogue/catalogue.ts";
import { getEnv } from "#app/config/env.server.ts";
import { deepZoomRoute } from "./deep-zoom-route.ts";
import { imageRoute } from "./image-route.ts";
import { warmFirstScreenImages } from "./warm-images.ts";

let images: ReturnType<typeof imageRoute> | undefined;

/**
 * This process's image route, shared by `/img` (server/app.ts) and the start-up warm-up, so a
 * file being made for one is awaited, not made twice, by the other. Made on first use, not at
 * import: importing must not read the configuration (the build's prerender imports the app).
 */
export function siteImages(): ReturnType<typeof imageRoute> {
  images ??= imageRoute({ cacheDir: path.join(getEnv().DATA_DIR, "image-cache"), isKnownArtwork: isArtworkImage });
  return images;
}

let deepZoom: ReturnType<typeof deepZoomRoute> | undefined;

/** This process's zoom tiles route (`/img/zoom`), writing its pyramids beside the other derived images. */
export function siteDeepZoom(): ReturnType<typeof deepZoomRoute> {
  deepZoom ??= deepZoomRoute({
    cacheDir: path.join(getEnv().DATA_DIR, "image-cache"),
    isKnownWork: (slug) => findArtwork(slug) !== undefined,
  });
  return deepZoom;
}

/**
 * Starts deriving every prerendered page's first-screen images in the background (decision
 * 017). Called by server.js once it listens; progress and the end go to the log.
 */
export function warmSiteImages(logger: Parameters<typeof warmFirstScreenImages>[0]["logger"]): void {
  if (getEnv().WARM_IMAGES === "off") return;
  warmFirstScreenImages({ clientDir: "build/client", images: siteImages(), logger }).catch((error) =>
    logger.warn({ err: error }, "warming images stopped"),
  );
}
