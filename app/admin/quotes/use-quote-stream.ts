import { useEffect, useRef } from "react";
import { z } from "zod";
import type { AdminQuote } from "./admin-quote";

const streamedQuote = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  includeInSearch: z.boolean(),
});
const quoteEventData = z.object({ quote: streamedQuote });

/** Parses a `quote` event's data (`{ quote }`) into the changed row, or null. */
export function parseQuoteEvent(data: string): AdminQuote | null {
  try {
    const parsed = quoteEventData.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.quote : null;
  } catch {
    return null;
  }
}

/**
 * Follows the backend's admin event stream: each `quote` event is a changed row, handed to
 * `onQuote`; `refetch` means changes may have been missed, so the whole list is reloaded.
 * EventSource reconnects by itself and resumes from the last event id.
 */
export function useQuoteStream(
  url: string | undefined,
  handlers: { onQuote: (quote: AdminQuote) => void; onRefetch: () => void },
) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    const onQuote = (event: MessageEvent<string>) => {
      const quote = parseQuoteEvent(event.data);
      if (quote) current.current.onQuote(quote);
    };
    const onRefetch = () => current.current.onRefetch();
    source.addEventListener("quote", onQuote);
    source.addEventListener("refetch", onRefetch);
    return () => source.close();
  }, [url]);
}
