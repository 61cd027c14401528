import { loadPublished } from "#app/content/content-documents.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";
import { type ImportPreview, importPreview } from "./import-preview.ts";
import { discardArchive, pendingArchive, withUnpackedArchive } from "./pending-archives.server.ts";
import { importContentFolder, SiteImportRefused } from "./site-import.server.ts";
import { ArchiveRefused } from "./ustar.ts";

/** The import screen's services: where archives wait, the database, the store and the build's content. */
export interface ArchiveScreenDeps {
  dataDir: string;
  buildDir: string;
  db: AppDatabase;
  store: OriginalStore;
}

/** What the screen shows for an uploaded archive: its preview, why it cannot be imported, or that it has gone. */
export type ArchiveReview =
  | { state: "preview"; archive: string; preview: ImportPreview; version: number }
  | { state: "refused"; problems: string[] }
  | { state: "gone" };

const GONE = { state: "gone" } as const;

/** Refusals of the archive's contents as the studio reads them: one line each. */
function refusal(error: unknown): { state: "refused"; problems: string[] } | undefined {
  if (error instanceof ArchiveRefused) return { state: "refused", problems: [error.message] };
  if (error instanceof SiteImportRefused) return { state: "refused", problems: error.problems };
  return undefined;
}

/** Dry-runs the waiting archive against the site as it is now; a refused archive is discarded. */
export async function reviewArchive(deps: ArchiveScreenDeps, archive: string): Promise<ArchiveReview> {
  const file = await pendingArchive(deps.dataDir, archive);
  if (!file) return GONE;
  try {
    const summary = await withUnpackedArchive(file, (dir) =>
      importContentFolder(dir, { ...deps, author: "preview", dryRun: true }),
    );
    return { state: "preview", archive, preview: importPreview(summary), version: summary.documents.version };
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    await discardArchive(deps.dataDir, archive);
    return { state: "refused", problems: refused.problems.map(withoutFolder) };
  }
}

/** What Apply did: published (how many documents changed), refused, gone, or the site moved on since the preview. */
export type ApplyOutcome =
  | { state: "applied"; changes: number; version: number }
  | { state: "refused"; problems: string[] }
  | { state: "gone" }
  | { state: "moved" };

/**
 * Publishes the waiting archive, unless the site changed since the preview the studio saw
 * (`seenVersion`): then the preview is shown again, as it now is. The archive is removed once
 * applied or refused.
 */
export async function applyArchive(
  deps: ArchiveScreenDeps,
  input: { archive: string; seenVersion: number; author: string },
): Promise<ApplyOutcome> {
  const file = await pendingArchive(deps.dataDir, input.archive);
  if (!file) return GONE;
  if ((await loadPublished(deps.db)).version !== input.seenVersion) return { state: "moved" };
  try {
    const summary = await withUnpackedArchive(file, (dir) =>
      importContentFolder(dir, { ...deps, author: input.author, dryRun: false }),
    );
    const { added, changed, removed, version } = summary.documents;
    return { state: "applied", changes: added.length + changed.length + removed.length, version };
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    return { state: "refused", problems: refused.problems.map(withoutFolder) };
  } finally {
    await discardArchive(deps.dataDir, input.archive);
  }
}

/** A problem names the document by its place in the archive (`works/x.md: title: ...`), not the unpacked folder. */
function withoutFolder(problem: string): string {
  return problem.replace(/^\S*?\.unpacked\//, "");
}
