import { sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { quotes } from "#app/db/schema.ts";
import { seedQuotes } from "./seed-quotes.ts";

/**
 * On an empty quotes table, inserts the stand-in quotes. Runs at start-up under the start-up
 * lock; keyed on source_post_id, so a second run (or a second process) changes nothing.
 * Returns how many rows were inserted.
 */
export async function seedQuotesIfEmpty(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(quotes);
  if ((row?.count ?? 0) > 0) return 0;
  const inserted = await db
    .insert(quotes)
    .values(
      seedQuotes.map((quote) => ({
        text: quote.text,
        createdAt: new Date(quote.createdAt),
        includeInSearch: quote.public,
        sourcePostId: quote.key,
      })),
    )
    .onConflictDoNothing({ target: quotes.sourcePostId })
    .returning({ id: quotes.id });
  return inserted.length;
}
