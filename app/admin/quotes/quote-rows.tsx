import { formatUsDate } from "#app/format/us-date.ts";
import type { AdminQuote } from "#app/quotes/quote-views.ts";
import styles from "./quote-rows.module.css";
import { useToggleGestures, type VisibilityChange } from "./use-toggle-gestures.ts";
import { useVirtualRows } from "./use-virtual-rows.ts";

/**
 * The admin's quote rows, virtualised (only rows near the viewport are in the DOM) so 20,000
 * quotes scroll smoothly. Toggling: press a checkbox and drag across other rows with the button
 * held to give each row entered the first row's new value; release (anywhere) ends the gesture.
 * Shift+click (or Shift+Space) sets the range from the last toggled row. `onPreview` shows each
 * step at once; `onCommit` receives the whole gesture once, so one gesture is one save.
 */
export function QuoteRows({
  quotes,
  onPreview,
  onCommit,
}: {
  quotes: readonly AdminQuote[];
  onPreview: (values: Map<number, boolean>) => void;
  onCommit: (change: VisibilityChange) => void;
}) {
  const { listRef, height, start, end } = useVirtualRows(quotes);
  const { onPointerDown, onClick } = useToggleGestures({ quotes, onPreview, onCommit });
  const shown = quotes.slice(start, end);

  return (
    <>
      {/* The column names over the rows (each checkbox also names itself: "Show #12 on the public wall"). */}
      <div className={styles.columns} data-testid="quote-columns">
        <span className={styles.id}>#</span>
        <span>Quote</span>
        <span className={styles.date}>Date</span>
        <span className={styles.toggle}>Public</span>
      </div>
      <div
        ref={listRef}
        className={styles.list}
        style={{ paddingTop: start * height, paddingBottom: (quotes.length - end) * height }}
      >
        <ul className={styles.rows} aria-label="Quotes">
          {shown.map((quote) => (
            <li key={quote.id} className={styles.row} data-quote-id={quote.id}>
              <span className={styles.id}>#{quote.id}</span>
              <span className={styles.text} title={quote.text}>
                {quote.text}
              </span>
              <time className={styles.date} dateTime={quote.createdAt}>
                {formatUsDate(quote.createdAt)}
              </time>
              <span className={styles.toggle}>
                <input
                  type="checkbox"
                  checked={quote.includeInSearch}
                  aria-label={`Show #${quote.id} on the public wall`}
                  onPointerDown={(event) => onPointerDown(event, quote.id)}
                  onClick={(event) => onClick(event, quote.id)}
                  onChange={() => {}}
                />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
