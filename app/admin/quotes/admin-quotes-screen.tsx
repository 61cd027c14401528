import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AdminQuote, VisibilityFilter } from "#app/quotes/quote-views.ts";
import styles from "./admin-quotes-screen.module.css";
import { quoteCounts, replaceQuotes, setVisibility, visibleQuotes } from "./quote-list-view.ts";
import { QuoteRows, type VisibilityChange } from "./quote-rows.tsx";
import { useQuoteStream } from "./use-quote-stream.ts";

const visibilityFilters: ReadonlyArray<{ value: VisibilityFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "public", label: "Public" },
  { value: "hidden", label: "Hidden" },
];

export type SaveVisibility = (change: { ids: number[]; includeInSearch: boolean }) => Promise<void>;

/**
 * The signed-in admin's quote list: filter, search, counts and the rows. Every gesture shows
 * at once; its save runs in the background and a failure puts the gesture's rows back and
 * says "Error updating quote: {message}". Rows changed elsewhere arrive over the live stream.
 */
export function AdminQuotesScreen({
  initialQuotes,
  saveVisibility,
  streamUrl,
  onRefetch = () => {},
}: {
  initialQuotes: AdminQuote[];
  saveVisibility: SaveVisibility;
  streamUrl?: string;
  onRefetch?: () => void;
}) {
  const [quotes, setQuotes] = useState(initialQuotes);
  // A reloaded list (after the stream asked for a refetch) replaces what is held.
  useEffect(() => setQuotes(initialQuotes), [initialQuotes]);
  const [filter, setFilter] = useState<VisibilityFilter>("all");
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  // "Saved" once the server has confirmed every gesture sent so far (a polite status, so a
  // screen reader hears it after what it is reading).
  const [saveStatus, setSaveStatus] = useState<"" | "Saving..." | "Saved">("");
  const saving = useRef(0);

  useQuoteStream(streamUrl, {
    onQuote: (changed) => setQuotes((current) => replaceQuotes(current, [changed])),
    onRefetch,
  });

  const counts = useMemo(() => quoteCounts(quotes), [quotes]);
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
        {shown.length === quotes.length
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
