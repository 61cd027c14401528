import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AdminQuote, QuoteCounts, VisibilityFilter } from "#app/quotes/quote-views.ts";
import styles from "./admin-quotes-screen.module.css";
import { appendQuotes, quoteCounts, replaceQuotes, setVisibility, visibleQuotes } from "./quote-list-view.ts";
import { QuoteRows, type VisibilityChange } from "./quote-rows.tsx";
import { useQuoteStream } from "./use-quote-stream.ts";

const visibilityFilters: ReadonlyArray<{ value: VisibilityFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "public", label: "Public" },
  { value: "hidden", label: "Hidden" },
];

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
  const [quotes, setQuotes] = useState(initialQuotes);
  const [complete, setComplete] = useState(!nextCursor || !loadQuotes);
  const [filter, setFilter] = useState<VisibilityFilter>("all");
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Live updates that arrive while the rest of the list is loading, applied to the pages after.
  const lateUpdates = useRef(new Map<number, AdminQuote>());

  // The first page comes with the screen, so it is interactive at once (DESIGN.md: <= 1 s at
  // 20,000 quotes); the rest follows page by page. A reloaded list (after the stream asked for a
  // refetch) replaces what is held and loads again.
  useEffect(() => {
    setQuotes(initialQuotes);
    lateUpdates.current = new Map();
    if (!nextCursor || !loadQuotes) {
      setComplete(true);
      return;
    }
    setComplete(false);
    let cancelled = false;
    (async () => {
      let cursor: string | null = nextCursor;
      while (cursor) {
        const page = await loadQuotes(cursor);
        if (cancelled) return;
        setQuotes((current) => appendQuotes(current, page.quotes, lateUpdates.current));
        cursor = page.nextCursor;
      }
      setComplete(true);
    })().catch((failure: unknown) => {
      if (cancelled) return;
      const message = failure instanceof Error ? failure.message : String(failure);
      setError(`Error loading quotes: ${message}`);
    });
    return () => {
      cancelled = true;
    };
  }, [initialQuotes, nextCursor, loadQuotes]);
  // "Saved" once the server has confirmed every gesture sent so far (a polite status, so a
  // screen reader hears it after what it is reading).
  const [saveStatus, setSaveStatus] = useState<"" | "Saving..." | "Saved">("");
  const saving = useRef(0);

  useQuoteStream(streamUrl, {
    onQuote: (changed) => {
      lateUpdates.current.set(changed.id, changed);
      setQuotes((current) => replaceQuotes(current, [changed]));
    },
    onRefetch,
  });

  const heldCounts = useMemo(() => quoteCounts(quotes), [quotes]);
  const counts = complete || !initialCounts ? heldCounts : initialCounts;
  const shown = useMemo(() => visibleQuotes(quotes, { filter, search }), [quotes, filter, search]);

  const onPreview = useCallback((values: Map<number, boolean>) => {
    setQuotes((current) => setVisibility(current, values));
  }, []);

  const onCommit = useCallback(
    (change: VisibilityChange) => {
      setError(null);
      saving.current++;
      setSaveStatus("Saving...");
      saveVisibility({ ids: change.ids, includeInSearch: change.includeInSearch }).then(
        () => {
          saving.current--;
          if (saving.current === 0) setSaveStatus((status) => (status === "Saving..." ? "Saved" : status));
        },
        (failure: unknown) => {
          saving.current--;
          const message = failure instanceof Error ? failure.message : String(failure);
          console.error("Error updating quote", failure);
          const rollback = new Map(change.ids.map((id) => [id, change.previous.get(id) ?? !change.includeInSearch]));
          setQuotes((current) => setVisibility(current, rollback));
          setSaveStatus("");
          setError(`Error updating quote: ${message}`);
        },
      );
    },
    [saveVisibility],
  );

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <fieldset className={styles.filters}>
          <legend className="visually-hidden">Show</legend>
          {visibilityFilters.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              className={styles.filter}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {label} <span className={styles.count}>{counts[value].toLocaleString("en-US")}</span>
            </button>
          ))}
        </fieldset>
        <label className={styles.search}>
          <span className="visually-hidden">Search quotes</span>
          <input
            type="search"
            placeholder="Search quotes..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      </div>
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
