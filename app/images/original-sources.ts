import { contentDir } from "#app/content-files/content-files.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";
import { processUploadedOriginals, type UploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import { findOriginals, type OriginalFile } from "./originals.ts";

/** The build's originals under a content folder, by `collection/name`. */
function builtOriginals(dir = contentDir()): Map<string, OriginalFile> {
  return new Map(findOriginals(dir).map((o) => [`${o.collection}/${o.name}`, o] as const));
}

/** An image's real original: the version its URLs carry, and a file sharp can read. */
export interface OriginalSource {
  version: string;
  /** The file on this machine (an uploaded original from S3 is fetched first, once). */
  file(): Promise<string>;
}

/**
 * The originals the image routes derive from (decision 041): an image's uploaded original when
 * it has one (read at each call, so a replace counts at once), else the build's file beside its
 * record under the content folder, else none (its stand-in is drawn).
 */
export function originalSources(
  options: { contentDir?: string; uploaded?: UploadedOriginals; store?: () => OriginalStore } = {},
) {
  const uploaded = options.uploaded ?? processUploadedOriginals();
  // Found when first asked, not when the route is made: finding them reads the page-image lists
  // and hashes every original, which start-up did twice (image and zoom routes) before /readyz.
  let built: Map<string, OriginalFile> | undefined;
  const store = options.store ?? processOriginalStore;
  return {
    get(collection: string, name: string): OriginalSource | undefined {
      const upload = uploaded.get(collection, name);
      if (upload) return { version: upload.version, file: () => store().localFile(upload.sha256) };
      built ??= builtOriginals(options.contentDir);
      const file = built.get(`${collection}/${name}`);
      return file ? { version: file.version, file: async () => file.file } : undefined;
    },
  };
}
