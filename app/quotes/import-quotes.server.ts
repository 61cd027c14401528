import type { AppDatabase } from "#app/db/database.server.ts";
import { quotes } from "#app/db/schema.ts";
import { type ArchivePost, decodeEntities, stripTrailingLinks } from "./x-archive.server.ts";

export interface ImportReport {
  read: number;
  imported: number;
  skipped: { reposts: number; replies: number; empty: number; alreadyImported: number };
}

/**
 * Adds archive posts as quotes: original posts only (reposts always skipped, replies unless
 * includeReplies), dated as posted, entities decoded, trailing t.co links removed, hidden until
 * the admin makes them public. Idempotent on the post id; all or nothing in one transaction.
 */
export async function importPosts(
  db: AppDatabase,
  posts: ArchivePost[],
  options: {
    includeReplies?: boolean;
    /** After each batch of rows is written: how many of the kept posts are done so far. */
    onProgress?: (done: number, total: number) => void;
  } = {},
): Promise<ImportReport> {
  const report: ImportReport = {
    read: posts.length,
    imported: 0,
    skipped: { reposts: 0, replies: 0, empty: 0, alreadyImported: 0 },
  };
  const rows: Array<typeof quotes.$inferInsert> = [];
  const seen = new Set<string>();
  for (const post of posts) {
    if (/^RT @\w+:/.test(post.fullText)) {
      report.skipped.reposts++;
      continue;
    }
    if (post.isReply && !options.includeReplies) {
      report.skipped.replies++;
      continue;
    }
    const text = stripTrailingLinks(decodeEntities(post.fullText));
    if (!text) {
      report.skipped.empty++;
      continue;
    }
    if (seen.has(post.id)) {
      report.skipped.alreadyImported++;
      continue;
    }
    seen.add(post.id);
    rows.push({ text, createdAt: post.createdAt, includeInSearch: false, sourcePostId: post.id });
  }

  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      const inserted = await tx
        .insert(quotes)
        .values(batch)
        .onConflictDoNothing({ target: quotes.sourcePostId })
        .returning({ id: quotes.id });
      report.imported += inserted.length;
      report.skipped.alreadyImported += batch.length - inserted.length;
      options.onProgress?.(start + batch.length, rows.length);
    }
  });
  return report;
}
