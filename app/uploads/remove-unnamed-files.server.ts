import { sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { lockOriginal } from "./original-lock.server.ts";
import type { OriginalStore } from "./original-store.ts";

/** How long an upload nothing names is kept: the studio uploads a file, then saves the exhibition later. */
export const UNNAMED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

export interface UnnamedFilesRemoved {
  /** Rows of exhibition_files removed. */
  removed: number;
  /** Bytes removed from the store (a file whose bytes something else names keeps them). */
  bytes: number;
}

// Only exhibitions name uploaded files (a downloads file's href, an audio block's src), and the
// file route serves only an address a published exhibition names, so these are the documents read.
const EXHIBITIONS = "exhibitions/%";

/** An address naming the file: `/files/u/<short hash>/` anywhere in the document's text. */
const named = (shortHash: string) => `%/files/u/${shortHash}/%`;

/**
 * Removes exhibition files (decision 051) that nothing can show again: uploaded more than
 * `graceMs` ago, and named by no exhibition's published document, draft or kept revision (a
 * revision can be restored, and a restore must never bring back a broken link). Their bytes go
 * from the store too unless an image original, an image's revision or another row names the
 * same SHA-256. Each file is removed in its own transaction holding the original's lock, with
 * every condition checked again by the delete itself, so two processes sweeping at once, or an
 * upload or a save of the same file meanwhile, never lose bytes something names.
 */
export async function removeUnnamedFiles(options: {
  db: AppDatabase;
  store: OriginalStore;
  graceMs?: number;
}): Promise<UnnamedFilesRemoved> {
  const { db, store } = options;
  const cutoff = sql`now() - (${options.graceMs ?? UNNAMED_FILE_GRACE_MS} * interval '1 millisecond')`;
  const old = await db
    .select({ shortHash: exhibitionFiles.shortHash, sha256: exhibitionFiles.sha256 })
    .from(exhibitionFiles)
    .where(sql`${exhibitionFiles.uploadedAt} < ${cutoff}`);
  if (old.length === 0) return { removed: 0, bytes: 0 };
  // One read of every exhibition text first, so the usual run (every old file named) is one query.
  const inUse = await namedShortHashes(db);
  const result: UnnamedFilesRemoved = { removed: 0, bytes: 0 };
  for (const file of old.filter((row) => !inUse.has(row.shortHash))) {
    const freed = await db.transaction(async (tx) => {
      await lockOriginal(tx, file.sha256);
      const deleted = await tx.execute<{ sha256: string; bytes: string | number }>(sql`
        delete from exhibition_files
         where short_hash = ${file.shortHash}
           and uploaded_at < ${cutoff}
           and not exists (select 1 from content_documents
                            where path like ${EXHIBITIONS} and data::text like ${named(file.shortHash)})
           and not exists (select 1 from content_drafts
                            where path like ${EXHIBITIONS} and data::text like ${named(file.shortHash)})
           and not exists (select 1 from content_revisions
                            where path like ${EXHIBITIONS} and data::text like ${named(file.shortHash)})
        returning sha256, bytes`);
      const row = deleted.rows[0];
      if (!row) return undefined;
      const shared = await tx.execute<{ shared: boolean }>(sql`
        select exists (select 1 from image_originals where sha256 = ${row.sha256})
            or exists (select 1 from image_original_revisions where sha256 = ${row.sha256})
            or exists (select 1 from exhibition_files where sha256 = ${row.sha256}) as shared`);
      // Inside the transaction, under the lock: a failed removal rolls the row back for the next run.
      if (shared.rows[0]?.shared) return 0;
      await store.delete(row.sha256);
      return Number(row.bytes);
    });
    if (freed === undefined) continue;
    result.removed += 1;
    result.bytes += freed;
  }
  return result;
}

/** The short hashes of every /files/u/ address any exhibition's document, draft or revision holds. */
async function namedShortHashes(db: AppDatabase): Promise<Set<string>> {
  const found = await db.execute<{ short_hash: string }>(sql`
    select distinct (regexp_matches(text, '/files/u/([0-9a-f]{16})/', 'g'))[1] as short_hash
      from (select data::text as text from content_documents where path like ${EXHIBITIONS}
            union all
            select data::text from content_drafts where path like ${EXHIBITIONS} and data is not null
            union all
            select data::text from content_revisions where path like ${EXHIBITIONS} and data is not null) as texts`);
  return new Set(found.rows.map((row) => row.short_hash));
}
