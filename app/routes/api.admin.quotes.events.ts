import { requireAdmin } from "#app/auth/require-admin.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { latestChangeSeq, quotesChangedSince } from "#app/quotes/quotes.server.ts";
import { formatEvent, quoteEvent, refetchEvent } from "#app/realtime/admin-event-hub.server.ts";
import { adminEventStream } from "#app/realtime/admin-event-stream.server.ts";
import { adminEventsContext } from "#app/realtime/context.ts";
import { withEventStreamSlot } from "#app/realtime/event-stream-slots.server.ts";
import type { Route } from "./+types/api.admin.quotes.events";

// Beyond this many missed changes a client is told to refetch the list instead.
const MAX_REPLAY = 500;

/**
 * GET /api/admin/quotes/events — server-sent events for the admin screen:
 * - `ready` (id = newest change number) once connected;
 * - `quote` `{ quote }` (id = change number) whenever a quote changes, in any process;
 * - `quote-deleted` `{ id }`;
 * - `refetch` when this client may have missed changes and should reload the list;
 * - a comment heartbeat every 15 s.
 * A reconnecting client sends Last-Event-ID (EventSource does this itself) and first receives
 * every quote changed since, or `refetch` when that is too many or the id is unknown.
 * The stream ends when the session it was opened with ends (sign-out, revocation, expiry); the
 * client's reconnection is then refused with 401.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  // The cap is checked first, before the session lookup: a flood of streams costs no database work.
  return withEventStreamSlot(request, async (slot) => {
    const admin = await requireAdmin(request, context);
    const { db } = context.get(databaseContext);
    const hub = context.get(adminEventsContext);
    const lastEventId = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId");

    return adminEventStream({
      request,
      hub,
      topic: "quotes",
      slot,
      session: admin.session,
      async opening(write) {
        const latest = await latestChangeSeq(db);
        if (lastEventId !== null) {
          const since = /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : Number.NaN;
          if (Number.isNaN(since) || since > latest) {
            write(refetchEvent);
          } else {
            const missed = await quotesChangedSince(db, since, MAX_REPLAY + 1);
            if (missed.length > MAX_REPLAY) write(refetchEvent);
            else for (const change of missed) write(quoteEvent(change.seq, change.quote));
          }
        }
        write(formatEvent("ready", { latestChangeSeq: latest }, latest));
      },
    });
  });
}
