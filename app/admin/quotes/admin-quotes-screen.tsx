import { useMemo, useState } from "react";
import type { AdminQuote, QuoteCounts, VisibilityFilter } from "#app/quotes/quote-views.ts";
import styles from "./admin-quotes-screen.module.css";
import { quoteCounts, visibleQuotes } from "./quote-list-view.ts";
import { QuoteRows } from "./quote-rows.tsx";
import { QuotesToolbar } from "./quotes-toolbar.tsx";
import { useQuoteList } from "./use-quote-list.ts";
import { useVisibilitySaves } from "./use-visibility-saves.ts";

export type SaveVisibility = (change: { ids: number[]; includeInSearch: boolean }) => Promise<void>;
/** One later page of the list, newest first, from `cursor` (GET /api/admin/quotes). */
export type LoadQuotes = (cursor: string) => Promise<{ quotes: AdminQuote[]; nextCursor: string | null }>;

/**
 * The signed-in admin's quote list: filter, search, counts and the rows. Every gesture shows
 * at once; its save runs in the background and a failure puts the gesture's rows back and
 * says "Error updating quote: {message}". Rows changed elsewhere arrive over the live stream.
 */
export function AdminQuotesScreen({
  initialQuotes,
  nextCursor = null,
  initialCounts,
  loadQuotes,
  saveVisibility,
  streamUrl,
  onRefetch = () => {},
}: {
  /** The first page of the list (all of it when `nextCursor` is null). */
  initialQuotes: AdminQuote[];
  /** Where the rest of the list starts; it is loaded with `loadQuotes` once the screen works. */
  nextCursor?: string | null;
  /** The whole list's counts, shown until the rest has arrived. */
  initialCounts?: QuoteCounts;
  loadQuotes?: LoadQuotes;
  saveVisibility: SaveVisibility;
  streamUrl?: string;
  onRefetch?: () => void;
}) {
  const { quotes, setQuotes, complete, error, setError } = useQuoteList({
    initialQuotes,
    nextCursor,
    loadQuotes,
    streamUrl,
    onRefetch,
  });
  const { saveStatus, onPreview, onCommit } = useVisibilitySaves({ saveVisibility, setQuotes, setError });
  const [filter, setFilter] = useState<VisibilityFilter>("all");
  const [search, setSearch] = useState("");

  const heldCounts = useMemo(() => quoteCounts(quotes), [quotes]);
  const counts = complete || !initialCounts ? heldCounts : initialCounts;
  const shown = useMemo(() => visibleQuotes(quotes, { filter, search }), [quotes, filter, search]);

  return (
    <div className={styles.screen}>
      <QuotesToolbar filter={filter} onFilter={setFilter} counts={counts} search={search} onSearch={setSearch} />
      <div role="alert" className={styles.alert}>
        {error}
      </div>
      <p role="status" className={styles.saved}>
        {saveStatus}
      </p>
      <p className={styles.summary} aria-live="polite">
        {!complete
          ? `${counts.all.toLocaleString("en-US")} quotes (loading: ${quotes.length.toLocaleString("en-US")} shown so far)`
          : shown.length === quotes.length
            ? `${quotes.length.toLocaleString("en-US")} quotes`
            : `${shown.length.toLocaleString("en-US")} of ${quotes.length.toLocaleString("en-US")} quotes`}
      </p>
      {shown.length > 0 ? (
        <QuoteRows quotes={shown} onPreview={onPreview} onCommit={onCommit} />
      ) : (
        <p className={styles.empty}>No quotes match.</p>
      )}
    </div>
  );
}
