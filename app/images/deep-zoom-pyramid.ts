import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { makeReadableDir, makeTreeReadable } from "./cache-files.ts";
import { ZOOM_TILE_FORMAT, ZOOM_TILE_OVERLAP, ZOOM_TILE_SIZE, zoomStandInSvg } from "./deep-zoom-source.ts";
import { type EncodePriority, withEncoderSlot } from "./encoder-lanes.ts";
import { tileInChild } from "./pyramid-child.ts";

/**
 * Refuse originals above this many pixels (sharp's own default, 16,383 squared): a larger one
 * would hold hundreds of MB while it is tiled. The refusal is logged; the work page still shows.
 */
export const MAX_ORIGINAL_PIXELS = 268_402_689;

/** One work's pyramid: which work, which version of it, and its real original if it has one. */
export interface PyramidSource {
  slug: string;
  version: string;
  /** Tiled at full size; without one the stand-in is drawn at ZOOM_STAND_IN_WIDTH. */
  originalFile?: string;
}

/** Where a finished pyramid lies: `<dir>/image.dzi` and `<dir>/image_files/<level>/<c>_<r>.jpeg`. */
export const DESCRIPTOR_FILE = "image.dzi";
export const TILES_FOLDER = "image_files";

/**
 * Deep Zoom pyramids under `<cacheDir>/zoom/<slug>.<version>/`, each made on first use. A
 * pyramid is written into a temporary folder and renamed into place whole, so a reader (this
 * process, another one, or nginx) finds either nothing or every tile. Concurrent requests for
 * the same work share one build; builds run in the encoder's background lane (one at a time,
 * one libvips thread), so a pyramid's seconds of work never hold back a visitor's JPEG.
 */
export function pyramidStore(options: { cacheDir: string; priority?: EncodePriority }) {
  const root = path.join(path.resolve(options.cacheDir), "zoom");
  const priority = options.priority ?? "soon";
  const inFlight = new Map<string, Promise<string>>();
  let buildsStarted = 0;

  /** The pyramid's folder, relative to the zoom cache root. */
  const folderOf = (source: PyramidSource) => `${source.slug}.${source.version}`;

  async function build(source: PyramidSource, finalDir: string, lane: EncodePriority): Promise<void> {
    buildsStarted++;
    await withEncoderSlot(lane, async () => {
      const temporary = `${finalDir}.tmp-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
      await fs.promises.mkdir(temporary, { recursive: true });
      try {
        await tileInChild({
          input: source.originalFile
            ? { file: source.originalFile, maxPixels: MAX_ORIGINAL_PIXELS }
            : { svg: zoomStandInSvg(source.slug).svg },
          output: path.join(temporary, `${path.basename(DESCRIPTOR_FILE, ".dzi")}.dz`),
          // The format decides the tiles' extension, which the route and the .dzi name.
          format: ZOOM_TILE_FORMAT,
          quality: 82,
          size: ZOOM_TILE_SIZE,
          overlap: ZOOM_TILE_OVERLAP,
        });
        // libvips' record of its own settings: not part of the pyramid, never served.
        await fs.promises.rm(path.join(temporary, TILES_FOLDER, "vips-properties.xml"), { force: true });
        // nginx reads the tiles as another user, whatever this process's umask.
        await makeTreeReadable(temporary);
        try {
          await fs.promises.rename(temporary, finalDir);
        } catch (error) {
          // Another process finished the same pyramid first: theirs is as good as ours.
          if (!fs.existsSync(path.join(finalDir, DESCRIPTOR_FILE))) throw error;
          await fs.promises.rm(temporary, { recursive: true, force: true });
        }
      } catch (error) {
        await fs.promises.rm(temporary, { recursive: true, force: true });
        throw error;
      }
    });
  }

  const isBuilt = (source: PyramidSource) => fs.existsSync(path.join(root, folderOf(source), DESCRIPTOR_FILE));

  /**
   * The finished pyramid's folder (absolute), built first when it is not on disk. Rejects with
   * EncoderBusyError at once when the lane is full.
   */
  function ensurePyramid(source: PyramidSource, lane: EncodePriority = priority): Promise<string> {
    const finalDir = path.join(root, folderOf(source));
    if (isBuilt(source)) return Promise.resolve(finalDir);
    let pending = inFlight.get(finalDir);
    if (!pending) {
      pending = makeReadableDir(path.dirname(root), root)
        .then(() => build(source, finalDir, lane))
        .then(() => finalDir)
        .finally(() => inFlight.delete(finalDir));
      inFlight.set(finalDir, pending);
    }
    return pending;
  }

  return {
    root,
    ensurePyramid,
    isBuilt,
    folderOf,
    /** Builds begun by this store so far (single-flight is tested on it). */
    buildsStarted: () => buildsStarted,
  };
}
