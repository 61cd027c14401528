import { useEffect, useState } from "react";

/** What the enquiry stream sends (api.admin.enquiries.events.ts). */
export interface InboxCountsMessage {
  byStatus: Record<"new" | "replied" | "closed" | "spam", number>;
  unread: number;
}
export type EnquiryStreamEvent =
  | { type: "counts"; counts: InboxCountsMessage }
  | { type: "enquiry"; op: "INSERT" | "UPDATE" | "DELETE"; id: number }
  | { type: "refetch" };

type Listener = (event: EnquiryStreamEvent) => void;

const STREAM_URL = "/api/admin/enquiries/events";
const listeners = new Set<Listener>();
let source: EventSource | undefined;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let latestCounts: InboxCountsMessage | undefined;

const RELOAD_AT_MOST_EVERY_MS = 60_000;
const REOPEN_MS = 30_000;
const RELOADED_AT_KEY = "umbra:enquiry-events-reloaded-at";
function lastReload(): number {
  try {
    return Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  } catch {
    return 0;
  }
}
function rememberReload() {
  try {
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    // Storage refused: the page reloads as before.
  }
}

function emit(event: EnquiryStreamEvent) {
  if (event.type === "counts") latestCounts = event.counts;
  for (const listener of listeners) listener(event);
}

function open() {
  if (source || typeof EventSource === "undefined") return;
  const stream = new EventSource(STREAM_URL);
  source = stream;
  stream.addEventListener("counts", (message) => {
    emit({ type: "counts", counts: JSON.parse((message as MessageEvent<string>).data) });
  });
  stream.addEventListener("enquiry", (message) => {
    const change = JSON.parse((message as MessageEvent<string>).data) as { op: "INSERT"; id: number };
    emit({ type: "enquiry", op: change.op, id: change.id });
  });
  stream.addEventListener("refetch", () => emit({ type: "refetch" }));
  // Changes made between the page's render and the stream's opening, or during a drop before a
  // reconnection, were not streamed: each opening has the inbox reload what it shows.
  stream.addEventListener("open", () => emit({ type: "refetch" }));
  stream.addEventListener("error", () => {
    // Refused: EventSource gives up. The session ended (the page's next load shows sign-in), or
    // the server holds too many streams (429/503): reloaded once a minute at most, and otherwise
    // tried again later, so a refusal that lasts never turns into a loop of reloads.
    if (stream.readyState !== EventSource.CLOSED) return;
    source = undefined;
    if (listeners.size === 0) return;
    if (Date.now() - lastReload() > RELOAD_AT_MOST_EVERY_MS) {
      rememberReload();
      window.location.reload();
    } else {
      setTimeout(() => listeners.size > 0 && open(), REOPEN_MS);
    }
  });
}

/**
 * Subscribes to the admin enquiry stream: one EventSource per page however many components
 * listen (the navigation's count and the inbox), kept across client navigations between admin
 * screens and closed shortly after the last listener leaves.
 */
export function subscribeEnquiryEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = undefined;
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      closeTimer = setTimeout(() => {
        source?.close();
        source = undefined;
        latestCounts = undefined;
      }, 2_000);
    }
  };
}

/** The unread count: the server's at render, then the stream's as changes arrive. */
export function useUnreadEnquiries(initial: number | undefined): number | undefined {
  const [unread, setUnread] = useState(initial);
  useEffect(() => setUnread(initial), [initial]);
  // No count from the server: this admin may not read enquiries (no second factor), so no stream.
  const live = initial !== undefined;
  useEffect(() => {
    if (!live) return;
    if (latestCounts) setUnread(latestCounts.unread);
    return subscribeEnquiryEvents((event) => {
      if (event.type === "counts") setUnread(event.counts.unread);
    });
  }, [live]);
  return unread;
}
