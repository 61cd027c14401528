import { type AdminEventHub, type EventTopic, refetchEvent } from "./admin-event-hub.server.ts";
import type { EventStreamSlot } from "./event-stream-slots.server.ts";
import type { WatchedSession } from "./session-watch.server.ts";

interface AdminEventStreamOptions {
  request: Request;
  hub: AdminEventHub;
  topic: EventTopic;
  /** The session the stream was opened with: the stream ends with it (decision 008). */
  session: WatchedSession;
  /** Its place among the process's streams (event-stream-slots.server.ts), given back when it ends. */
  slot: EventStreamSlot;
  /** Extra Cache-Control directives beside `no-cache, no-transform`. */
  noStore?: boolean;
  /**
   * Writes what a client needs first (a replay, the counts, `ready`). Live events arriving
   * meanwhile wait and follow it, so none slips between; a failure sends `refetch`.
   */
  opening(write: (chunk: string) => void): Promise<void>;
}

/**
 * The response of an admin server-sent-event stream on the hub: `retry: 2000`, the opening,
 * then the topic's live events until the client leaves or the session ends.
 */
export function adminEventStream({ request, hub, topic, session, slot, noStore, opening }: AdminEventStreamOptions) {
  const encoder = new TextEncoder();
  let unsubscribe = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const write = (chunk: string) => {
        if (open) controller.enqueue(encoder.encode(chunk));
      };
      const end = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        slot.release();
        try {
          controller.close();
        } catch {
          // The client went away first (the stream was cancelled).
        }
      };
      let pending: string[] | undefined = [];
      unsubscribe = hub.subscribe({
        topic,
        session,
        send: (chunk) => (pending ? pending.push(chunk) : write(chunk)),
        close: end,
      });
      request.signal.addEventListener("abort", end);
      // Gone while its session was looked up: the listener above would never hear it.
      if (request.signal.aborted) end();
      write("retry: 2000\n\n");
      try {
        await opening(write);
      } catch {
        write(refetchEvent);
      }
      for (const chunk of pending ?? []) write(chunk);
      pending = undefined;
    },
    cancel() {
      unsubscribe();
      slot.release();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": noStore ? "no-cache, no-store, no-transform" : "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
