import { type ChangeSummary, commitChanges, loadPublished } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { snapshotFrom } from "#app/content/content-snapshot.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { UploadRefused } from "#app/images/inspect-upload.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";
import { importOriginals } from "./content-originals.server.ts";
import { importExhibitionFiles } from "./exhibition-files-folder.server.ts";

/** What an import did, or (for a dry run) would do. */
export interface SiteImportSummary {
  /** The documents, path by path. */
  documents: ChangeSummary;
  /** Uploaded exhibition files the site did not have (`uploaded-files/<sha256>.<ext>`). */
  files: string[];
  /** Images whose original is new (`artworks/<slug>`, `<collection>/<name>`). */
  images: string[];
  /** The documents before and after, for the preview's titles. */
  before: ReadonlyMap<string, unknown>;
  after: ReadonlyMap<string, unknown>;
}

/** An import refused before anything was written: one problem per line. */
export class SiteImportRefused extends Error {
  override name = "SiteImportRefused";
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

export interface SiteImportOptions {
  db: AppDatabase;
  store: OriginalStore;
  /** The build's content folder: an original equal to the build's own changes nothing. */
  buildDir: string;
  /** Who the new revisions are by: `import from <folder>`, or the studio's account. */
  author: string;
  dryRun: boolean;
}

/**
 * Publishes a content folder (content:import's, or an unpacked site archive) as the site: the
 * whole folder is checked first (every document against the schemas and each other, every
 * exhibition file and changed original by its bytes), and a problem refuses it all with nothing
 * written (SiteImportRefused). Then files, documents (one commitChanges: atomic, every process
 * sees it on NOTIFY) and originals are written. The same folder imported twice changes nothing.
 */
export async function importContentFolder(dir: string, options: SiteImportOptions): Promise<SiteImportSummary> {
  const source = contentFolder(dir);
  let documents: ReadonlyMap<string, unknown>;
  try {
    // Checked as files first, so problems name the files (the database would name its rows).
    snapshotFrom(source);
    documents = source.all();
  } catch (error) {
    if (error instanceof ContentError) throw new SiteImportRefused(error.message.split("\n"));
    throw error;
  }
  const { author } = options;
  const before = (await loadPublished(options.db)).documents;
  const check = { ...options, dryRun: true };
  const files = await refusing("An exhibition file was refused", () => importExhibitionFiles(dir, check));
  const images = await refusing("An image was refused", () => importOriginals(dir, check));
  const changes = [...documents].map(([path, data]) => ({ path, data }));
  const commit = (dryRun: boolean) =>
    refusing("", () => commitChanges(options.db, changes, { author, action: "import", replaceAll: true, dryRun }));
  if (options.dryRun) return { documents: await commit(true), files, images, before, after: documents };
  const write = options;
  // Files first: an exhibition naming one is published only once the file is there.
  await importExhibitionFiles(dir, write);
  const summary = await commit(false);
  await importOriginals(dir, write);
  return { documents: summary, files, images, before, after: documents };
}

/** Runs a check, turning its refusal into SiteImportRefused (with `what` before a file's message). */
async function refusing<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContentError) throw new SiteImportRefused(error.message.split("\n"));
    if (error instanceof UploadRefused || (what && error instanceof Error && !isSystemError(error)))
      throw new SiteImportRefused([what ? `${what}: ${error.message}` : error.message]);
    throw error;
  }
}

function isSystemError(error: Error): boolean {
  return typeof (error as NodeJS.ErrnoException).syscall === "string";
}
