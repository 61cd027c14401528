import { performance } from "node:perf_hooks";
import type { deepZoomRoute } from "./deep-zoom-route.ts";
import { isDiskFull, type Log, waitForQuiet } from "./warm-images.ts";

/**
 * Builds every work's zoom pyramid that is not on disk, ahead of visitors (decision 026): one
 * at a time in the encoder's lowest lane, each after a quiet second, works with a real original
 * first (a new or replaced original is what has no pyramid yet). A visitor who zooms later finds
 * the tiles on disk instead of queueing for seconds of work. Returns when done (or stopped).
 */
export async function warmZoomPyramids(options: {
  zoom: Pick<ReturnType<typeof deepZoomRoute>, "ensurePyramid" | "hasPyramid" | "hasOriginal">;
  works: readonly string[];
  logger: Log;
  sampleMs?: number;
  signal?: AbortSignal;
}): Promise<{ built: number; total: number; ms: number }> {
  const { zoom, logger, sampleMs = 250, signal } = options;
  const started = performance.now();
  const missing = options.works.filter((slug) => !zoom.hasPyramid(slug));
  // Stable: catalogue order within each group.
  const order = [...missing.filter(zoom.hasOriginal), ...missing.filter((slug) => !zoom.hasOriginal(slug))];
  if (order.length > 0) logger.info({ pyramids: order.length }, "building zoom pyramids");
  let built = 0;
  for (const slug of order) {
    if (signal?.aborted) break;
    await waitForQuiet(sampleMs, signal);
    if (signal?.aborted) break;
    try {
      await zoom.ensurePyramid(slug, "warm");
      built++;
    } catch (error) {
      logger.warn({ err: error, work: slug }, "could not build a zoom pyramid");
      // A full disk fails every next build too: stop, and leave the space to what visitors need.
      if (isDiskFull(error)) break;
    }
  }
  const result = { built, total: order.length, ms: Math.round(performance.now() - started) };
  if (order.length > 0) logger.info(result, "zoom pyramids built");
  return result;
}
