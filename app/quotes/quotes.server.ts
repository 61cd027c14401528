import { and, asc, desc, eq, gt, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { type Quote, quotes } from "#app/db/schema.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import {
  type AdminQuote,
  type PublicQuote,
  type QuoteCounts,
  type QuotePage,
  toAdminQuote,
  toPublicQuote,
  type VisibilityFilter,
} from "./quote-views.ts";
import { toPrefixTsQuery } from "./search-query.ts";

export interface ListOptions {
  /** From a previous page's nextCursor. */
  cursor?: string;
  limit: number;
  /** Free text; matched with the full-text index. */
  q?: string;
}

/** A cursor this server did not write: the API answers 400 naming the `cursor` field. */
export class InvalidCursorError extends Error {
  override name = "InvalidCursorError";
}

/** Some ids in an update do not exist; nothing was changed. */
export class UnknownQuotesError extends Error {
  override name = "UnknownQuotesError";
  constructor(readonly ids: number[]) {
    super(`No quote with id ${ids.join(", ")}`);
  }
}

function searchCondition(q: string | undefined): SQL | undefined {
  const query = q ? toPrefixTsQuery(q) : "";
  // Same expression as the GIN index in schema.ts, so the index is used.
  return query ? sql`to_tsvector('english', ${quotes.text}) @@ to_tsquery('english', ${query})` : undefined;
}

function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const position = decodeCursor(cursor);
  if (!position) throw new InvalidCursorError("cursor is not valid; pass back a nextCursor value");
  return or(
    lt(quotes.createdAt, position.createdAt),
    and(eq(quotes.createdAt, position.createdAt), lt(quotes.id, position.id)),
  );
}

function visibilityCondition(filter: VisibilityFilter): SQL | undefined {
  if (filter === "public") return eq(quotes.includeInSearch, true);
  if (filter === "hidden") return eq(quotes.includeInSearch, false);
  return undefined;
}

async function pageOf(db: AppDatabase, where: SQL | undefined, limit: number): Promise<QuotePage<Quote>> {
  // One extra row tells whether there is a next page.
  const rows = await db
    .select()
    .from(quotes)
    .where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { quotes: page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/**
 * The public wall: only quotes the admin made public (the filter is part of this query and
 * cannot be turned off by a caller), newest first.
 */
export async function listPublicQuotes(db: AppDatabase, options: ListOptions): Promise<QuotePage<PublicQuote>> {
  const where = and(eq(quotes.includeInSearch, true), afterCursor(options.cursor), searchCondition(options.q));
  const page = await pageOf(db, where, options.limit);
  return { quotes: page.quotes.map(toPublicQuote), nextCursor: page.nextCursor };
}

/** The admin list: every quote, newest first, optionally only public or hidden ones. */
export async function listAdminQuotes(
  db: AppDatabase,
  options: ListOptions & { filter: VisibilityFilter },
): Promise<QuotePage<AdminQuote> & { counts: QuoteCounts }> {
  const search = searchCondition(options.q);
  const where = and(visibilityCondition(options.filter), afterCursor(options.cursor), search);
  const [page, counts] = await Promise.all([pageOf(db, where, options.limit), countQuotes(db, search)]);
  return { quotes: page.quotes.map(toAdminQuote), nextCursor: page.nextCursor, counts };
}

/**
 * Every quote, newest first (the admin screen holds the whole list and filters it itself; its
 * page sends the first rows with listAdminQuotes and the browser asks for the rest).
 */
export async function listEveryAdminQuote(db: AppDatabase): Promise<AdminQuote[]> {
  // Only the columns the admin list shows: at 20,000 quotes every extra column is felt.
  const rows = await db
    .select({
      id: quotes.id,
      text: quotes.text,
      createdAt: quotes.createdAt,
      includeInSearch: quotes.includeInSearch,
      updatedAt: quotes.updatedAt,
    })
    .from(quotes)
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
  return rows.map(toAdminQuote);
}

/** How many quotes match the search in total, and how many of those are public or hidden. */
export async function countQuotes(db: AppDatabase, search?: SQL): Promise<QuoteCounts> {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      public: sql<number>`(count(*) filter (where ${quotes.includeInSearch}))::int`,
    })
    .from(quotes)
    .where(search);
  const all = row?.all ?? 0;
  const shown = row?.public ?? 0;
  return { all, public: shown, hidden: all - shown };
}

export async function getQuote(db: AppDatabase, id: number): Promise<AdminQuote | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row ? toAdminQuote(row) : undefined;
}

/** Sets include_in_search on one quote; throws UnknownQuotesError when the id does not exist. */
export async function setQuoteVisibility(db: AppDatabase, id: number, includeInSearch: boolean): Promise<AdminQuote> {
  const [row] = await db.update(quotes).set({ includeInSearch }).where(eq(quotes.id, id)).returning();
  if (!row) throw new UnknownQuotesError([id]);
  return toAdminQuote(row);
}

/**
 * Sets include_in_search on many quotes in one transaction: all of them change, or (when any id
 * is unknown) none do.
 */
export async function setQuotesVisibility(
  db: AppDatabase,
  ids: number[],
  includeInSearch: boolean,
): Promise<AdminQuote[]> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx.update(quotes).set({ includeInSearch }).where(inArray(quotes.id, unique)).returning();
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((r) => r.id));
      throw new UnknownQuotesError(unique.filter((id) => !found.has(id)));
    }
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map(toAdminQuote);
  });
}

/** Quotes changed after change number `sinceSeq`, oldest change first (live-update replay). */
export async function quotesChangedSince(
  db: AppDatabase,
  sinceSeq: number,
  limit: number,
): Promise<Array<{ seq: number; quote: AdminQuote }>> {
  const rows = await db
    .select()
    .from(quotes)
    .where(gt(quotes.changeSeq, sinceSeq))
    .orderBy(asc(quotes.changeSeq))
    .limit(limit);
  return rows.map((row) => ({ seq: row.changeSeq, quote: toAdminQuote(row) }));
}

/** The newest change number (0 when there are no quotes). */
export async function latestChangeSeq(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ seq: sql<string | null>`max(${quotes.changeSeq})` }).from(quotes);
  return Number(row?.seq ?? 0);
}
