import type { AdminQuote, QuoteCounts, VisibilityFilter } from "#app/quotes/quote-views.ts";

export function quoteCounts(quotes: readonly AdminQuote[]): QuoteCounts {
  let publicCount = 0;
  for (const quote of quotes) if (quote.includeInSearch) publicCount++;
  return { all: quotes.length, public: publicCount, hidden: quotes.length - publicCount };
}

/**
 * The rows the admin sees: filtered by visibility, then by a trimmed, case-insensitive search
 * of the text (or "#id" / a bare number for an id). Order is kept (newest first).
 */
export function visibleQuotes(
  quotes: readonly AdminQuote[],
  { filter, search }: { filter: VisibilityFilter; search: string },
): AdminQuote[] {
  const needle = search.trim().toLowerCase();
  const idMatch = /^#?(\d+)$/.exec(needle);
  const wantedId = idMatch ? Number(idMatch[1]) : undefined;
  return quotes.filter((quote) => {
    if (filter === "public" && !quote.includeInSearch) return false;
    if (filter === "hidden" && quote.includeInSearch) return false;
    if (!needle) return true;
    return quote.id === wantedId || quote.text.toLowerCase().includes(needle);
  });
}

/** Newest first, ties broken by the larger id, as the server orders them. */
export function sortNewestFirst(quotes: readonly AdminQuote[]): AdminQuote[] {
  return [...quotes].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
}

/**
 * Appends a later page of the list (loaded after the first screen): rows already held are
 * skipped, and rows that changed while the page was on its way (live updates, kept in
 * `updates`) are taken in their newer state.
 */
export function appendQuotes(
  quotes: readonly AdminQuote[],
  page: readonly AdminQuote[],
  updates: ReadonlyMap<number, AdminQuote> = new Map(),
): AdminQuote[] {
  if (page.length === 0) return quotes as AdminQuote[];
  const held = new Set(quotes.map((quote) => quote.id));
  const next = quotes.slice();
  for (const quote of page) {
    if (held.has(quote.id)) continue;
    held.add(quote.id);
    next.push(updates.get(quote.id) ?? quote);
  }
  return next;
}

/** Replaces the rows whose ids match (a live update); rows not held are ignored. */
export function replaceQuotes(quotes: readonly AdminQuote[], changed: readonly AdminQuote[]): AdminQuote[] {
  if (changed.length === 0) return quotes as AdminQuote[];
  const byId = new Map(changed.map((quote) => [quote.id, quote]));
  let touched = false;
  const next = quotes.map((quote) => {
    const replacement = byId.get(quote.id);
    if (!replacement) return quote;
    touched = true;
    return replacement;
  });
  return touched ? next : (quotes as AdminQuote[]);
}

/** Sets includeInSearch on the given ids (optimistic update, or its rollback per row). */
export function setVisibility(quotes: readonly AdminQuote[], values: ReadonlyMap<number, boolean>): AdminQuote[] {
  if (values.size === 0) return quotes as AdminQuote[];
  return quotes.map((quote) => {
    const value = values.get(quote.id);
    return value === undefined || value === quote.includeInSearch ? quote : { ...quote, includeInSearch: value };
  });
}
