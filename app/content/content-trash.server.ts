import { type SQL, sql } from "drizzle-orm";
import type { ContentError } from "#app/content-files/content-files.server.ts";
import { lockContentVersion } from "#app/db/content-version.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { type ChangeSummary, commitChanges, isDocumentPath } from "./content-documents.server.ts";

/**
 * The Trash (decision 067): a deleted document is one whose latest revision is a delete and which
 * is not published. For TRASH_RETENTION_DAYS after its delete it is listed and can be restored,
 * with its whole history, as a new revision through commitChanges; after that the hourly upkeep
 * removes its revisions for good.
 */

/** How long a deleted document stays restorable. The one place this figure is set. */
export const TRASH_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TrashedDocument {
  path: string;
  /** The document as it was before the delete: its last revision with content. */
  data: unknown;
  /** The revision that deleted it. */
  revision: number;
  deletedAt: Date;
  deletedBy: string;
  /** When it leaves the Trash. */
  expiresAt: Date;
}

/** The document at `path` is not in the Trash (never deleted, restored already, or past its time). */
export class NotInTrash extends Error {
  override name = "NotInTrash";
}

interface TrashRow extends Record<string, unknown> {
  path: string;
  revision: number;
  author: string;
  created_at: Date | string;
  data: unknown;
}

/**
 * Deleted documents still in the Trash, the latest delete first; `path` narrows it to one. The
 * latest revision is found by id (insertion order), so an old path's repeated numbers never
 * confuse it; `now` is the reader's clock, for tests.
 */
export async function listTrash(
  db: AppDatabase,
  options: { path?: string; now?: Date } = {},
): Promise<TrashedDocument[]> {
  const since = new Date((options.now ?? new Date()).getTime() - TRASH_RETENTION_DAYS * DAY_MS);
  const onePath: SQL = options.path === undefined ? sql`true` : sql`latest.path = ${options.path}`;
  const found = await db.execute<TrashRow>(sql`
    select latest.path, latest.revision, latest.author, latest.created_at,
           (select kept.data from content_revisions kept
             where kept.path = latest.path and kept.data is not null
             order by kept.id desc limit 1) as data
      from content_revisions latest
     where ${onePath}
       and latest.action = 'delete'
       and latest.created_at > ${since.toISOString()}
       and latest.id = (select max(other.id) from content_revisions other where other.path = latest.path)
       and not exists (select 1 from content_documents published where published.path = latest.path)
     order by latest.created_at desc, latest.path`);
  return found.rows
    .filter((row) => row.data !== null && row.data !== undefined)
    .map((row) => {
      const deletedAt = new Date(row.created_at);
      return {
        path: row.path,
        data: typeof row.data === "string" ? JSON.parse(row.data) : row.data,
        revision: Number(row.revision),
        deletedAt,
        deletedBy: row.author,
        expiresAt: new Date(deletedAt.getTime() + TRASH_RETENTION_DAYS * DAY_MS),
      };
    });
}

/** One document in the Trash, or undefined. */
export async function findInTrash(db: AppDatabase, path: string, now?: Date): Promise<TrashedDocument | undefined> {
  if (!isDocumentPath(path)) return undefined;
  const [found] = await listTrash(db, { path, now });
  return found;
}

/**
 * Publishes a trashed document's last content again, as a new revision after its delete (every
 * earlier one kept). Refused with NotInTrash when it is not there, with ContentError when the site
 * would refuse it now (it names what has gone since), and with ContentConflict when another
 * restore or a new document at its path came first; nothing is written then.
 */
export async function restoreFromTrash(db: AppDatabase, path: string, author: string): Promise<ChangeSummary> {
  if (!isDocumentPath(path)) throw new NotInTrash(`"${path.slice(0, 200)}" is not a document of the site.`);
  const trashed = await findInTrash(db, path);
  if (!trashed) throw new NotInTrash(`${path} is not in the Trash: it was restored already, or it has expired.`);
  return commitChanges(db, [{ path, data: trashed.data, baseRevision: 0 }], { author, action: "restore" });
}

/**
 * Removes for good the revisions of documents deleted more than TRASH_RETENTION_DAYS ago and not
 * published since. Under the content version's lock, so a restore or a publish of the same path
 * either comes first (and the path is kept) or after (and starts a new history).
 */
export async function purgeExpiredTrash(db: AppDatabase, now = new Date()): Promise<{ documents: number }> {
  const before = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS).toISOString();
  return db.transaction(async (tx) => {
    await lockContentVersion(tx);
    const removed = await tx.execute<{ path: string }>(sql`
      delete from content_revisions gone
       where gone.path in (
         select latest.path from content_revisions latest
          where latest.action = 'delete'
            and latest.created_at <= ${before}
            and latest.id = (select max(other.id) from content_revisions other where other.path = latest.path)
            and not exists (select 1 from content_documents published where published.path = latest.path))
      returning gone.path`);
    return { documents: new Set(removed.rows.map((row) => row.path)).size };
  });
}

/** A clear message for a refused restore of `title`, from the site's own problems. */
export function restoreRefusal(title: string, error: ContentError): string {
  const problems = error.message.split("\n").map((line) => line.replace(/^database\//, ""));
  return `Not restored: the site as it is now would refuse “${title}”. ${problems.join(" ")} It stays in the Trash; nothing was changed.`;
}
