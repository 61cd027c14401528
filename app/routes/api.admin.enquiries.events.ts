import { requireStudioAdmin } from "#app/admin/studio-access.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { countsEvent } from "#app/enquiries/enquiry-events.server.ts";
import { inboxCounts } from "#app/enquiries/inbox.server.ts";
import { formatEvent } from "#app/realtime/admin-event-hub.server.ts";
import { adminEventStream } from "#app/realtime/admin-event-stream.server.ts";
import { adminEventsContext } from "#app/realtime/context.ts";
import { withEventStreamSlot } from "#app/realtime/event-stream-slots.server.ts";
import type { Route } from "./+types/api.admin.enquiries.events";

/**
 * GET /api/admin/enquiries/events — server-sent events for the enquiry inbox and the admin
 * navigation's unread count, on the admin event hub (decision 008: same heartbeat, same end
 * with the session):
 * - `counts` `{ unread, byStatus }` once connected and after every burst of changes;
 * - `enquiry` `{ op, id }` for each enquiry inserted, updated or deleted, in any process;
 * - `refetch` when changes may have been missed (the listening connection dropped);
 * - `ready` once the first counts were sent.
 * Enquiries have no change number, so a reconnecting client reloads what it shows (the counts
 * sent on connection are fresh).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  // The cap is checked first, before the session lookup: a flood of streams costs no database work.
  return withEventStreamSlot(request, async (slot) => {
    const admin = await requireStudioAdmin(request, context);
    const { db } = context.get(databaseContext);
    const hub = context.get(adminEventsContext);
    return adminEventStream({
      request,
      hub,
      topic: "enquiries",
      slot,
      session: { id: admin.sessionId, expiresAt: admin.sessionExpiresAt },
      noStore: true,
      async opening(write) {
        write(countsEvent(await inboxCounts(db)));
        write(formatEvent("ready", {}));
      },
    });
  });
}
