import { loadPublished } from "#app/content/content-documents.server.ts";
import { contentLayout } from "#app/content/content-registry.server.ts";
import { documentText } from "#app/content-files/content-writer.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { loadUploadedOriginals } from "#app/uploads/image-originals.server.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";
import { ORIGINAL_EXTENSION } from "#app/uploads/uploaded-originals.ts";
import { MANIFEST_NAME } from "./archive-layout.server.ts";
import { originalName } from "./content-originals.server.ts";
import { EXHIBITION_FILES_FOLDER } from "./exhibition-files-folder.server.ts";
import type { ArchiveEntry } from "./tar-writer.server.ts";

/** What an archive says about itself (manifest.json): read by people, not by the import. */
export interface SiteArchiveManifest {
  format: "umbra-site-archive";
  formatVersion: 1;
  site: string;
  contentVersion: number;
  exportedAt: string;
  counts: { documents: number; originals: number; files: number };
}

/**
 * The whole site as archive entries, laid out as `content:export` writes a content folder: every
 * published document as its file, each uploaded original beside its record, each uploaded
 * exhibition file under uploaded-files/, and manifest.json. Originals and files are read from the
 * store as the archive is written, never held in memory.
 */
export async function siteArchive(
  db: AppDatabase,
  store: OriginalStore,
  now = new Date(),
): Promise<{ manifest: SiteArchiveManifest; entries: AsyncIterable<ArchiveEntry> }> {
  const { version, documents } = await loadPublished(db);
  const originals = await loadUploadedOriginals(db);
  const files = await db.select().from(exhibitionFiles);
  const site = documents.get("site.yaml") as { brand?: unknown } | undefined;
  const manifest: SiteArchiveManifest = {
    format: "umbra-site-archive",
    formatVersion: 1,
    site: typeof site?.brand === "string" ? site.brand : "",
    contentVersion: version,
    exportedAt: now.toISOString(),
    counts: { documents: documents.size, originals: originals.length, files: files.length },
  };
  const encoder = new TextEncoder();
  async function* entries(): AsyncGenerator<ArchiveEntry> {
    yield { name: MANIFEST_NAME, bytes: encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`) };
    for (const [path, data] of documents)
      yield { name: path, bytes: encoder.encode(documentText(path, data, contentLayout())) };
    for (const original of originals) {
      const name = originalName(original.collection, original.name, ORIGINAL_EXTENSION[original.format]);
      yield { name, file: await store.localFile(original.sha256) };
    }
    for (const row of files)
      yield { name: `${EXHIBITION_FILES_FOLDER}/${row.sha256}.${row.ext}`, file: await store.localFile(row.sha256) };
  }
  return { manifest, entries: entries() };
}

/** The archive's file name: `<site>-site-<date>.tar.gz`, dated so downloads sort and never overwrite. */
export function archiveFileName(manifest: SiteArchiveManifest): string {
  const site =
    manifest.site
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "site";
  return `${site}-site-${manifest.exportedAt.slice(0, 10)}.tar.gz`;
}
