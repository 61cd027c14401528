import { useEffect, useRef, useState } from "react";
import { type AdminQuote, quoteEventData } from "#app/quotes/quote-views.ts";

/** Parses a `quote` event's data (`{ quote }`) into the changed row, or null. */
export function parseQuoteEvent(data: string): AdminQuote | null {
  try {
    const parsed = quoteEventData.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.quote : null;
  } catch {
    return null;
  }
}

// How long to wait before opening the stream again after the server refused it.
const REOPEN_MS = 10_000;

/**
 * Follows the backend's admin event stream: each `quote` event is a changed row, handed to
 * `onQuote`; `refetch` means changes may have been missed, so the whole list is reloaded.
 * EventSource reconnects by itself and resumes from the last event id. The server ends the
 * stream when the session ends and refuses the reconnection (401); EventSource then gives up,
 * so the list is reloaded (the page then shows its signed-out state) and, should the page still
 * be signed in, the stream opened again a little later.
 */
export function useQuoteStream(
  url: string | undefined,
  handlers: { onQuote: (quote: AdminQuote) => void; onRefetch: () => void },
) {
  const current = useRef(handlers);
  current.current = handlers;
  const [opened, setOpened] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `opened` opens the stream again
  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const onQuote = (event: MessageEvent<string>) => {
      const quote = parseQuoteEvent(event.data);
      if (quote) current.current.onQuote(quote);
    };
    const onRefetch = () => current.current.onRefetch();
    const onError = () => {
      // While CONNECTING, EventSource is retrying a dropped connection itself.
      if (source.readyState !== EventSource.CLOSED || reopen) return;
      current.current.onRefetch();
      reopen = setTimeout(() => setOpened((count) => count + 1), REOPEN_MS);
    };
    source.addEventListener("quote", onQuote);
    source.addEventListener("refetch", onRefetch);
    source.addEventListener("error", onError);
    return () => {
      clearTimeout(reopen);
      source.close();
    };
  }, [url, opened]);
}
