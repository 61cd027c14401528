import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { AdminQuote } from "#app/quotes/quote-views.ts";
import { visibleRange } from "./virtual-window.ts";

const useClientLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;
/** Rows rendered before the page measures the window (the server's render, and the first paint). */
const SERVER_ROWS = 40;

/**
 * The window of quote rows to render, so 20,000 quotes scroll smoothly: only rows near the
 * viewport are in the DOM, the list padded above and below to the height of the rest.
 */
export function useVirtualRows(quotes: readonly AdminQuote[]) {
  const listRef = useRef<HTMLDivElement>(null);
  const [rowHeight, setRowHeight] = useState(0);
  const [range, setRange] = useState({ start: 0, end: Math.min(quotes.length, SERVER_ROWS) });
  const quotesRef = useRef(quotes);
  quotesRef.current = quotes;

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

  const height = rowHeight || 80;
  const start = Math.min(range.start, quotes.length);
  const end = Math.min(Math.max(range.end, start), quotes.length);
  return { listRef, height, start, end };
}
