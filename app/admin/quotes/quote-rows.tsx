import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { formatUsDate } from "#app/format/us-date.ts";
import type { AdminQuote } from "#app/quotes/quote-views.ts";
import styles from "./quote-rows.module.css";
import { changedIds, enterRow, rangeGesture, startGesture, type ToggleGesture } from "./toggle-gesture.ts";
import { visibleRange } from "./virtual-window.ts";

const useClientLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;
const SERVER_ROWS = 40;

export type VisibilityChange = { ids: number[]; includeInSearch: boolean; previous: Map<number, boolean> };

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
  const listRef = useRef<HTMLDivElement>(null);
  const [rowHeight, setRowHeight] = useState(0);
  const [range, setRange] = useState({ start: 0, end: Math.min(quotes.length, SERVER_ROWS) });
  const gestureRef = useRef<ToggleGesture | null>(null);
  const suppressClickRef = useRef(false);
  const anchorRef = useRef<number | null>(null);
  const quotesRef = useRef(quotes);
  quotesRef.current = quotes;

  const isPublic = useCallback(
    (id: number) => quotesRef.current.find((q) => q.id === id)?.includeInSearch ?? false,
    [],
  );

  // Recompute the rendered window on scroll, resize and when the list changes.
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const firstRow = list.querySelector<HTMLElement>("[data-quote-id]");
    const height = firstRow?.offsetHeight || rowHeight || 80;
    if (height !== rowHeight) setRowHeight(height);
    const listTop = list.getBoundingClientRect().top + window.scrollY;
    const next = visibleRange({
      scrollTop: window.scrollY,
      viewportHeight: window.innerHeight,
      listTop,
      rowHeight: height,
      count: quotesRef.current.length,
    });
    setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, [rowHeight]);

  useClientLayoutEffect(() => {
    measure();
  }, [measure, quotes.length]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [measure]);

  const finishGesture = useCallback(() => {
    const gesture = gestureRef.current;
    gestureRef.current = null;
    // The click that follows a pointer gesture was already handled; let later clicks through.
    setTimeout(() => {
      suppressClickRef.current = false;
    }, 0);
    if (!gesture) return;
    const ids = changedIds(gesture);
    if (ids.length > 0) onCommit({ ids, includeInSearch: gesture.value, previous: gesture.previous });
  }, [onCommit]);

  // While a drag is on: rows under the pointer join it; a release anywhere (or losing the
  // window, or a pointer that arrives with no button held) ends it.
  useEffect(() => {
    const onMove = (event: PointerEvent) => {
      const gesture = gestureRef.current;
      if (!gesture) return;
      if (event.buttons === 0) return finishGesture();
      const row = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>("[data-quote-id]");
      const id = Number(row?.dataset.quoteId);
      if (!row || !Number.isInteger(id)) return;
      if (enterRow(gesture, id, isPublic(id))) onPreview(new Map([[id, gesture.value]]));
    };
    const onEnd = () => {
      if (gestureRef.current) finishGesture();
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onEnd);
    window.addEventListener("pointercancel", onEnd);
    window.addEventListener("blur", onEnd);
    return () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onEnd);
      window.removeEventListener("pointercancel", onEnd);
      window.removeEventListener("blur", onEnd);
    };
  }, [finishGesture, onPreview, isPublic]);

  const applyRange = (targetId: number) => {
    const order = quotesRef.current.map((q) => q.id);
    const values = new Map(quotesRef.current.map((q) => [q.id, q.includeInSearch]));
    const gesture = rangeGesture(order, anchorRef.current ?? targetId, targetId, (id) => values.get(id) ?? false);
    onPreview(new Map([...gesture.previous.keys()].map((id) => [id, gesture.value])));
    anchorRef.current = targetId;
    const ids = changedIds(gesture);
    if (ids.length > 0) onCommit({ ids, includeInSearch: gesture.value, previous: gesture.previous });
  };

  const onPointerDown = (event: React.PointerEvent<HTMLInputElement>, id: number) => {
    if (event.button !== 0) return;
    suppressClickRef.current = true;
    if (event.shiftKey && anchorRef.current !== null) {
      applyRange(id);
      return;
    }
    // Touch and pen capture the pointer to the checkbox; release it so other rows are reachable.
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    const gesture = startGesture(id, isPublic(id));
    gestureRef.current = gesture;
    anchorRef.current = id;
    onPreview(new Map([[id, gesture.value]]));
  };

  const onClick = (event: React.MouseEvent<HTMLInputElement>, id: number) => {
    if (suppressClickRef.current) {
      // A pointer gesture already set this row; keep the state it gave.
      event.preventDefault();
      suppressClickRef.current = false;
      return;
    }
    // Keyboard (Space) or an assistive technology's click.
    if (event.shiftKey && anchorRef.current !== null) return applyRange(id);
    const gesture = startGesture(id, isPublic(id));
    anchorRef.current = id;
    onPreview(new Map([[id, gesture.value]]));
    onCommit({ ids: [id], includeInSearch: gesture.value, previous: gesture.previous });
  };

  const height = rowHeight || 80;
  const start = Math.min(range.start, quotes.length);
  const end = Math.min(Math.max(range.end, start), quotes.length);
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
