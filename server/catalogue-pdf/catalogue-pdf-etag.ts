import type fs from "node:fs";

/**
 * The catalogue PDF's ETag, from the file's size, mtime and inode: a rebuild renames a new file
 * into place, so each of them changes with it. One formula, used by the server and the pages.
 */
export function cataloguePdfEtag(stat: Pick<fs.Stats, "size" | "mtimeMs" | "ino">): string {
  return `"${stat.size.toString(36)}-${Math.round(stat.mtimeMs).toString(36)}-${stat.ino.toString(36)}"`;
}
