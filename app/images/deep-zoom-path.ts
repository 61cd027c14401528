import { z } from "zod";
import { ZOOM_TILE_FORMAT } from "./deep-zoom-source.ts";

/** What a zoom URL under /img/zoom asks for. */
export type ZoomRequest =
  | { kind: "descriptor"; slug: string; version: string }
  | { kind: "tile"; slug: string; version: string; level: number; column: number; row: number };

// Integers without leading zeros, so one tile has exactly one URL (and one nginx cache file).
const INTEGER = "(0|[1-9][0-9]{0,3})";
const SHAPE = new RegExp(
  `^/([a-z0-9][a-z0-9-]{0,99})\\.([0-9a-f]{10})(?:\\.dzi|_files/${INTEGER}/${INTEGER}_${INTEGER}\\.${ZOOM_TILE_FORMAT})$`,
);

/**
 * The path below /img/zoom, exactly `/<slug>.<version>.dzi` or
 * `/<slug>.<version>_files/<level>/<column>_<row>.jpeg`: lowercase slug, 10 hex digits, plain
 * integers. Anything else (dots, encoded slashes, other extensions) fails the one pattern.
 */
const zoomPathSchema = z
  .string()
  .max(300)
  .regex(SHAPE)
  .transform((text): ZoomRequest => {
    const [, slug = "", version = "", level, column, row] = SHAPE.exec(text) ?? [];
    if (level === undefined) return { kind: "descriptor", slug, version };
    return { kind: "tile", slug, version, level: Number(level), column: Number(column), row: Number(row) };
  });

export const MALFORMED_ZOOM_PATH =
  "This is not a zoom image address: expected /img/zoom/<work>.<version>.dzi or a tile below it, as the zoom page asks for.";

/** Parses the raw (still percent-encoded) path, or says why it is not one. */
export function parseZoomPath(rawPath: string): { ok: true; request: ZoomRequest } | { ok: false; message: string } {
  const parsed = zoomPathSchema.safeParse(rawPath);
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, message: MALFORMED_ZOOM_PATH };
}
