import { isDeepStrictEqual } from "node:util";
import { asc, desc, eq, inArray, max, sql } from "drizzle-orm";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { contentDocuments, contentRevisions, contentState } from "#app/db/content-schema.ts";
import { lockContentVersion, setContentVersion } from "#app/db/content-version.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { documentsFingerprint } from "./content-fingerprint.ts";
import { isDocumentPath } from "./content-registry-views.server.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";

/**
 * The site's published content in the database (decision 039): reading it whole, and changing it
 * in one transaction that checks the whole result first, keeps every earlier revision, bumps the
 * content version and (by trigger) sends NOTIFY content_changed, so every process reloads.
 */

/** The published documents by path, and the content version they are. */
export interface PublishedContent {
  version: number;
  documents: Map<string, unknown>;
}

export async function loadPublished(db: AppDatabase): Promise<PublishedContent> {
  const [state] = await db.select({ version: contentState.version }).from(contentState).where(eq(contentState.id, 1));
  const rows = await db
    .select({ path: contentDocuments.path, data: contentDocuments.data })
    .from(contentDocuments)
    .orderBy(asc(contentDocuments.path));
  return { version: state?.version ?? 0, documents: new Map(rows.map((row) => [row.path, row.data])) };
}

/** One document's change: its new value, or null to delete it. */
export interface DocumentChange {
  path: string;
  data: unknown | null;
  /**
   * The published revision the change was made from (0: a new document). When the document has
   * moved on since, the change is refused (ContentConflict), never written over the other edit.
   * Omitted by imports, which replace whatever is there.
   */
  baseRevision?: number;
}

export type RevisionAction = "import" | "publish" | "restore" | "delete";

/** What a change did, or (for a dry run) would do, path by path. */
export interface ChangeSummary {
  added: string[];
  changed: string[];
  removed: string[];
  /** The content version after it (unchanged for a dry run or when nothing differed). */
  version: number;
}

/** Another edit of the same document was published first. */
export class ContentConflict extends Error {
  override name = "ContentConflict";
  constructor(
    readonly path: string,
    readonly current: number,
    readonly base: number,
  ) {
    super(
      `${path} was changed by someone else (revision ${current}; this edit was made from revision ${base}). Reload it to see their change, then make yours again.`,
    );
  }
}

// A path that is not a document of the content tree is refused before anything is read.
export { isDocumentPath };

/** Rows written per statement: well under PostgreSQL's 65,535 parameters at 6 a row. */
const WRITE_BATCH = 1000;

interface CommitOptions {
  author: string;
  action: RevisionAction;
  /** Check and summarise only; nothing is written. */
  dryRun?: boolean;
  /** Documents not named in the changes are removed (an import of a whole tree). */
  replaceAll?: boolean;
  /** The changes are a build's whole tree with this fingerprint: recorded with the version (decision 050). */
  buildFingerprint?: string;
}

/**
 * Applies changes to the published content atomically: under a lock on the content version (so
 * publishes from several processes take turns), the whole resulting content is checked with the
 * content files' schemas (an invalid result throws ContentError naming each problem, and nothing
 * is written), then each changed document is written with a new revision, every revision kept,
 * and the version bumped, which notifies every process. Documents equal to what is there are
 * left alone; when nothing differs, nothing is written and the version stays.
 */
export async function commitChanges(
  db: AppDatabase,
  changes: readonly DocumentChange[],
  options: CommitOptions,
): Promise<ChangeSummary> {
  for (const change of changes)
    if (!isDocumentPath(change.path)) throw new ContentError(`${change.path}: not a content document's path`);
  return db.transaction((tx) => commitChangesIn(tx, changes, options));
}

export type ContentTransaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/**
 * `commitChanges` inside a transaction the caller holds, so one more write (an image's original,
 * add-page-image.server.ts) commits or rolls back with the documents. Takes the content lock.
 */
export async function commitChangesIn(
  tx: ContentTransaction,
  changes: readonly DocumentChange[],
  options: CommitOptions,
): Promise<ChangeSummary> {
  for (const change of changes)
    if (!isDocumentPath(change.path)) throw new ContentError(`${change.path}: not a content document's path`);
  const lockedVersion = await lockContentVersion(tx);
  const current = await tx
    .select({ path: contentDocuments.path, data: contentDocuments.data, revision: contentDocuments.revision })
    .from(contentDocuments);
  const existing = new Map(current.map((row) => [row.path, row]));

  const next = new Map(current.map((row) => [row.path, row.data as unknown]));
  const earlier = await lastRevisions(
    tx,
    changes.filter((change) => change.data !== null && !existing.has(change.path)).map((change) => change.path),
  );
  const named = new Set<string>();
  const summary: ChangeSummary = { added: [], changed: [], removed: [], version: lockedVersion };
  const writes: { path: string; data: unknown | null; revision: number }[] = [];
  for (const change of changes) {
    named.add(change.path);
    const before = existing.get(change.path);
    if (change.baseRevision !== undefined && (before?.revision ?? 0) !== change.baseRevision)
      throw new ContentConflict(change.path, before?.revision ?? 0, change.baseRevision);
    if (change.data === null) {
      if (!before) continue;
      next.delete(change.path);
      summary.removed.push(change.path);
    } else {
      if (before && isDeepStrictEqual(before.data, change.data)) continue;
      next.set(change.path, change.data);
      (before ? summary.changed : summary.added).push(change.path);
    }
    // A path published again after a delete (a restore from the Trash) goes on from its last revision.
    const last = before?.revision ?? earlier.get(change.path) ?? 0;
    writes.push({ path: change.path, data: change.data, revision: last + 1 });
  }
  if (options.replaceAll) {
    for (const [path, before] of existing) {
      if (named.has(path)) continue;
      next.delete(path);
      summary.removed.push(path);
      writes.push({ path, data: null, revision: before.revision + 1 });
    }
  }
  if (writes.length === 0) return summary;
  // The whole site as it would be: one bad document refuses the change, naming it.
  snapshotFrom(new DocumentSource(next));
  if (options.dryRun) return summary;

  const version = summary.version + 1;
  // In batches: a first start imports every document at once (12,000 works in the growth bench).
  for (let start = 0; start < writes.length; start += WRITE_BATCH) {
    const batch = writes.slice(start, start + WRITE_BATCH);
    const removed = batch.filter((write) => write.data === null).map((write) => write.path);
    const kept = batch.filter((write) => write.data !== null);
    if (removed.length > 0) await tx.delete(contentDocuments).where(inArray(contentDocuments.path, removed));
    if (kept.length > 0)
      await tx
        .insert(contentDocuments)
        .values(
          kept.map((write) => ({
            path: write.path,
            data: write.data,
            revision: write.revision,
            updatedBy: options.author,
          })),
        )
        .onConflictDoUpdate({
          target: contentDocuments.path,
          set: {
            data: sql`excluded.data`,
            revision: sql`excluded.revision`,
            updatedBy: sql`excluded.updated_by`,
            updatedAt: sql`now()`,
          },
        });
    await tx.insert(contentRevisions).values(
      batch.map((write) => ({
        path: write.path,
        revision: write.revision,
        data: write.data,
        action: write.data === null ? "delete" : options.action,
        author: options.author,
        contentVersion: version,
      })),
    );
  }
  await setContentVersion(tx, version, options.buildFingerprint);
  return { ...summary, version };
}

type Transaction = ContentTransaction;

/** The last kept revision number of each of these unpublished paths that has a history (a deleted document). */
async function lastRevisions(tx: Transaction, paths: readonly string[]): Promise<Map<string, number>> {
  const last = new Map<string, number>();
  for (let start = 0; start < paths.length; start += WRITE_BATCH) {
    const rows = await tx
      .select({ path: contentRevisions.path, revision: max(contentRevisions.revision) })
      .from(contentRevisions)
      .where(inArray(contentRevisions.path, paths.slice(start, start + WRITE_BATCH)))
      .groupBy(contentRevisions.path);
    for (const row of rows) if (row.revision !== null) last.set(row.path, row.revision);
  }
  return last;
}

/**
 * The first start of a data folder (or a new PostgreSQL database): the build's documents become
 * the published content, as revision 1 of each. Does nothing once any content was published, so
 * processes starting together import once.
 */
export async function importIfEmpty(db: AppDatabase, documents: DocumentSource): Promise<boolean> {
  if (!(await contentIsEmpty(db))) return false;
  const changes = [...documents.all()].map(([path, data]) => ({ path, data }));
  const summary = await commitChanges(db, changes, {
    author: "first start",
    action: "import",
    buildFingerprint: documentsFingerprint(documents.all()),
  });
  return summary.version > 0 && summary.added.length > 0;
}

/** Nothing was ever published: the first start's import has not run. */
export async function contentIsEmpty(db: AppDatabase): Promise<boolean> {
  const [state] = await db.select({ version: contentState.version }).from(contentState).where(eq(contentState.id, 1));
  return !state || state.version === 0;
}

/** One kept revision of a document, newest first in `history`. */
export interface DocumentRevision {
  revision: number;
  action: RevisionAction;
  author: string;
  createdAt: Date;
  /** null: the document was deleted by this revision. */
  data: unknown | null;
}

export async function history(db: AppDatabase, path: string, limit = 50): Promise<DocumentRevision[]> {
  const rows = await db
    .select({
      revision: contentRevisions.revision,
      action: contentRevisions.action,
      author: contentRevisions.author,
      createdAt: contentRevisions.createdAt,
      data: contentRevisions.data,
    })
    .from(contentRevisions)
    .where(eq(contentRevisions.path, path))
    .orderBy(desc(contentRevisions.revision))
    .limit(limit);
  return rows.map((row) => ({ ...row, action: row.action as RevisionAction }));
}

/**
 * Publishes an earlier revision's document again, as a new revision (history is never
 * rewritten). Refused like any edit when the document moved on from `baseRevision`, or when the
 * old document no longer fits the rest of the site (a work it names was deleted since).
 */
export async function restoreRevision(
  db: AppDatabase,
  path: string,
  revision: number,
  options: { author: string; baseRevision: number },
): Promise<ChangeSummary> {
  const [old] = await db
    .select({ data: contentRevisions.data })
    .from(contentRevisions)
    .where(sql`${contentRevisions.path} = ${path} and ${contentRevisions.revision} = ${revision}`);
  if (!old) throw new ContentError(`${path}: there is no revision ${revision}`);
  return commitChanges(db, [{ path, data: old.data, baseRevision: options.baseRevision }], {
    author: options.author,
    action: "restore",
  });
}
