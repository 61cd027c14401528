import { createContext, type RouterContextProvider } from "react-router";
import { databaseContext } from "#app/db/context.ts";
import type { PublicListQuery } from "./quote-api-schemas.ts";
import type { PublicQuote, QuotePage } from "./quote-views.ts";
import { listPublicQuotes } from "./quotes.server.ts";

/**
 * The public quote list in memory, one entry per query, kept until a quote changes. The wall and
 * `GET /api/quotes` are the site's most read dynamic answers and change only when the admin
 * curates, so most requests need no database at all (DESIGN.md: p99 <= 20 ms at 500 req/s).
 *
 * Freshness comes from the quote event hub: every NOTIFY from the quotes trigger (any process
 * on the same database) calls `changed`, which empties the cache. Until the hub first listens,
 * every read goes to the database. When the LISTEN connection drops (`deaf`: the database is
 * usually away) the cache keeps answering from what it has, so the wall and the API stay up
 * through an outage; once it is back the hub calls `changed` (decision 012's gap handling), which
 * empties it, so whatever changed meanwhile is read afresh (decision 027). A read in flight when
 * a change lands is dropped with the rest, so it is never kept past the change.
 */
interface Entry {
  pending: Promise<QuotePage<PublicQuote>>;
  /** Set once the read has succeeded, for `peek`. */
  page?: QuotePage<PublicQuote>;
}

export class PublicQuoteCache {
  private readonly pages = new Map<string, Entry>();
  /** Set once the hub has listened: from then on answers are kept. */
  private listening = false;
  private hearing = false;
  private changes = 0;

  /** `maxEntries` bounds memory: searches are free text, so the oldest entry makes room. */
  constructor(private readonly maxEntries = 256) {}

  read(key: string, load: () => Promise<QuotePage<PublicQuote>>): Promise<QuotePage<PublicQuote>> {
    if (!this.listening) return load();
    const cached = this.pages.get(key);
    if (cached) return cached.pending;
    const entry: Entry = { pending: load() };
    this.pages.set(key, entry);
    entry.pending.then(
      (page) => {
        entry.page = page;
      },
      // A failed read is not remembered.
      () => {
        if (this.pages.get(key) === entry) this.pages.delete(key);
      },
    );
    if (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    return entry.pending;
  }

  /** The page for `key` if it is here and read already; never reads the database. */
  peek(key: string): QuotePage<PublicQuote> | undefined {
    return this.listening ? this.pages.get(key)?.page : undefined;
  }

  /** Quotes changed, or may have (listening started or resumed): forget everything. */
  changed(): void {
    this.pages.clear();
    this.listening = true;
    this.hearing = true;
    this.changes++;
  }

  /** This process changed quotes: forget everything now rather than when the NOTIFY arrives. */
  forget(): void {
    this.pages.clear();
    this.changes++;
  }

  /**
   * Changes can no longer be heard (the LISTEN connection dropped, or the process is stopping):
   * keep answering from what is here; `changed` empties it once they can be heard again.
   */
  deaf(): void {
    this.hearing = false;
  }

  /** Back to how it started (tests, shutdown): keeps nothing until `changed` is called. */
  reset(): void {
    this.pages.clear();
    this.listening = false;
    this.hearing = false;
    this.changes++;
  }

  /** Whether changes are being heard now (false from a dropped LISTEN until it is back). */
  get fresh(): boolean {
    return this.hearing;
  }

  /**
   * Answers made from this cache's pages (the quote wall's rendered HTML, server/) are valid
   * while this number stays the same and `keeping` is true: it moves whenever the cache is emptied.
   */
  get generation(): number {
    return this.changes;
  }

  /** Whether changes can be heard, so answers may be kept at all. */
  get keeping(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.pages.size;
  }
}

/** This process's cache (server/app.ts); by default one that never keeps anything. */
export const publicQuoteCacheContext = createContext<PublicQuoteCache>(new PublicQuoteCache());

/** The cache key of a parsed public list query. */
export function publicQuotesKey(query: PublicListQuery): string {
  return JSON.stringify(query);
}

/** The public list for a parsed query: from the cache when it has it, else from the database. */
export function readPublicQuotes(
  context: Readonly<RouterContextProvider>,
  query: PublicListQuery,
): Promise<QuotePage<PublicQuote>> {
  const { db } = context.get(databaseContext);
  return context.get(publicQuoteCacheContext).read(publicQuotesKey(query), () => listPublicQuotes(db, query));
}
