import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { type ViewingRoomEventKind, viewingRoomEvents, viewingRoomLinks } from "#app/db/viewing-room-schema.ts";

/**
 * Everything the studio learns about a link (issue 22, decision 036), recorded here on the
 * server as the pages are asked for: no script in the visitor's browser, nothing sent to
 * another site, no fingerprint. A visit is counted once per browser per half hour (a cookie
 * scoped to the link's path, room-access.server.ts).
 */

/** A transaction or the database: events are written inside an enquiry's own transaction. */
type Writer = Pick<AppDatabase, "insert" | "update">;

export async function recordRoomEvent(
  db: Writer,
  event: { linkId: number; kind: ViewingRoomEventKind; workSlug?: string | null },
): Promise<void> {
  await db
    .insert(viewingRoomEvents)
    .values({ linkId: event.linkId, kind: event.kind, workSlug: event.workSlug ?? null });
}

/** A visit: first and last opened, the count, and a `visit` event, together or not at all. */
export async function recordVisit(db: AppDatabase, linkId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(viewingRoomLinks)
      .set({
        firstOpenedAt: sql`coalesce(${viewingRoomLinks.firstOpenedAt}, now())`,
        lastOpenedAt: sql`now()`,
        visitCount: sql`${viewingRoomLinks.visitCount} + 1`,
      })
      .where(eq(viewingRoomLinks.id, linkId));
    await recordRoomEvent(tx, { linkId, kind: "visit" });
  });
}
