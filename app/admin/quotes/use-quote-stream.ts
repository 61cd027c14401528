import { useEffect, useRef } from "react";
import { z } from "zod";
import type { AdminQuote } from "./admin-quote";

const streamedQuote = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  includeInSearch: z.boolean(),
});
const streamedPayload = z.union([
  z.array(streamedQuote),
  z.object({ quotes: z.array(streamedQuote) }).transform((p) => p.quotes),
  streamedQuote.transform((q) => [q]),
]);

/** Parses one server-sent event's data into changed rows (empty when it is not about quotes). */
export function parseQuoteEvent(data: string): AdminQuote[] {
  try {
    const parsed = streamedPayload.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Follows the backend's event stream of changed quote rows and hands each batch to `onQuotes`.
 * EventSource reconnects by itself after a network drop.
 */
export function useQuoteStream(url: string | undefined, onQuotes: (quotes: AdminQuote[]) => void) {
  const handler = useRef(onQuotes);
  handler.current = onQuotes;
  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    const onMessage = (event: MessageEvent<string>) => {
      const quotes = parseQuoteEvent(event.data);
      if (quotes.length > 0) handler.current(quotes);
    };
    source.addEventListener("message", onMessage);
    source.addEventListener("quotes", onMessage as EventListener);
    return () => source.close();
  }, [url]);
}
