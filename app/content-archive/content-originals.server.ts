import fs from "node:fs";
import path from "node:path";
import type { AppDatabase } from "#app/db/database.server.ts";
import { inspectUpload, UploadRefused } from "#app/images/inspect-upload.ts";
import { findOriginals, ORIGINAL_EXTENSIONS } from "#app/images/originals.ts";
import { sha256OfFile } from "#app/uploads/hash-file.server.ts";
import { loadUploadedOriginals, setImageOriginal } from "#app/uploads/image-originals.server.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";
import { ORIGINAL_EXTENSION, type UploadedOriginal } from "#app/uploads/uploaded-originals.ts";

/** Where the build reads an image's original in the content folder: `works/<slug>.<ext>` or `images/<collection>/<name>.<ext>`. */
export function originalName(collection: string, name: string, extension: string): string {
  return collection === "artworks" ? `works/${name}.${extension}` : `images/${collection}/${name}.${extension}`;
}

function originalPath(dir: string, collection: string, name: string, extension: string): string {
  return path.join(dir, ...originalName(collection, name, extension).split("/"));
}

/**
 * content:export's part for images (decision 041): each uploaded original is written beside its
 * record as the build expects it, replacing an original of that image with another extension
 * (the build refuses an image with two). Written to a temporary name and renamed.
 */
export async function exportOriginals(dir: string, db: AppDatabase, store: OriginalStore): Promise<string[]> {
  const written: string[] = [];
  for (const original of await loadUploadedOriginals(db)) {
    const target = originalPath(dir, original.collection, original.name, ORIGINAL_EXTENSION[original.format]);
    for (const extension of ORIGINAL_EXTENSIONS) {
      const other = originalPath(dir, original.collection, original.name, extension.slice(1));
      if (other !== target && fs.existsSync(other)) fs.rmSync(other);
    }
    if (fs.existsSync(target) && (await sha256OfFile(target)) === original.sha256) continue;
    const bytes = await store.get(original.sha256);
    if (!bytes)
      throw new Error(
        `The original of ${original.collection}/${original.name} (${original.sha256}) is missing from the store`,
      );
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, target);
    written.push(path.relative(dir, target));
  }
  return written;
}

/**
 * content:import's part for images: an original under `dir` whose bytes differ from the image's
 * uploaded one (or, with none, from the build's file in `buildDir`) is checked as an upload is
 * (on a dry run too), stored, and made the image's original. The same bytes change nothing, so an export imported
 * again changes nothing. Returns the images changed (or that would be, for a dry run).
 */
export async function importOriginals(
  dir: string,
  options: { db: AppDatabase; store: OriginalStore; buildDir: string; author: string; dryRun: boolean },
): Promise<string[]> {
  const mapped = new Map<string, UploadedOriginal>(
    (await loadUploadedOriginals(options.db)).map((o) => [`${o.collection}/${o.name}`, o]),
  );
  const built = new Map(findOriginals(options.buildDir).map((o) => [`${o.collection}/${o.name}`, o.file]));
  const changed: string[] = [];
  for (const file of findOriginals(dir)) {
    const image = `${file.collection}/${file.name}`;
    const sha256 = await sha256OfFile(file.file);
    const current =
      mapped.get(image)?.sha256 ?? (built.has(image) ? await sha256OfFile(built.get(image) ?? "") : undefined);
    if (current === sha256) continue;
    changed.push(image);
    // Judged on a dry run too, so a preview refuses what the import would.
    const inspected = await inspectUpload(file.file).catch((error) => {
      if (error instanceof UploadRefused)
        throw new UploadRefused(error.status, `${path.relative(dir, file.file)}: ${error.message}`);
      throw error;
    });
    if (options.dryRun) continue;
    await options.store.putFile(file.file);
    await setImageOriginal(options.db, {
      collection: file.collection,
      name: file.name,
      original: { sha256, ...inspected },
      author: options.author,
      action: "import",
    });
  }
  return changed;
}
