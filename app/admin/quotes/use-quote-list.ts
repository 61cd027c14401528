import { useEffect, useRef, useState } from "react";
import type { AdminQuote } from "#app/quotes/quote-views.ts";
import type { LoadQuotes } from "./admin-quotes-screen.tsx";
import { appendQuotes, replaceQuotes } from "./quote-list-view.ts";
import { useQuoteStream } from "./use-quote-stream.ts";

/**
 * The quotes the screen holds: the first page at once, the rest loaded page by page, and rows
 * changed elsewhere as they arrive over the live stream. `error` says why loading stopped.
 */
export function useQuoteList({
  initialQuotes,
  nextCursor,
  loadQuotes,
  streamUrl,
  onRefetch,
}: {
  initialQuotes: AdminQuote[];
  nextCursor: string | null;
  loadQuotes?: LoadQuotes;
  streamUrl?: string;
  onRefetch: () => void;
}) {
  const [quotes, setQuotes] = useState(initialQuotes);
  const [complete, setComplete] = useState(!nextCursor || !loadQuotes);
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

  useQuoteStream(streamUrl, {
    onQuote: (changed) => {
      lateUpdates.current.set(changed.id, changed);
      setQuotes((current) => replaceQuotes(current, [changed]));
    },
    onRefetch,
  });

  return { quotes, setQuotes, complete, error, setError };
}
