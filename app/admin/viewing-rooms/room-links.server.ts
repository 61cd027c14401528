import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { viewingRoomLinks, viewingRooms } from "#app/db/viewing-room-schema.ts";
import { generateRoomToken, hashRoomToken, sealRoomToken } from "#app/rooms/room-token.server.ts";
import { ROOM_LIMITS } from "./room-form.ts";
import type { LinkInput } from "./room-input.server.ts";
import { hashPasscode } from "./room-passcode.server.ts";

/**
 * A room's links, one per recipient (issue 22): made, revoked and renewed in transactions, under
 * the room's limit of links in use. Every function takes checked input (room-input.server.ts).
 */

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export class RoomLinkLimitError extends Error {
  override name = "RoomLinkLimitError";
}

async function insertLink(
  tx: Tx,
  roomId: number,
  fields: { note: string; expiresAt: Date | null; passcodeHash: string | null },
) {
  const [{ active } = { active: 0 }] = await tx
    .select({ active: sql<number>`count(*)::int` })
    .from(viewingRoomLinks)
    .where(and(eq(viewingRoomLinks.roomId, roomId), isNull(viewingRoomLinks.revokedAt)));
  if (Number(active) >= ROOM_LIMITS.links) {
    throw new RoomLinkLimitError(
      `A room has at most ${ROOM_LIMITS.links} links in use: revoke one no longer needed first.`,
    );
  }
  const token = generateRoomToken();
  // Only the hash (for lookup) and the sealed copy (for copying again) are stored.
  const [link] = await tx
    .insert(viewingRoomLinks)
    .values({ roomId, tokenHash: hashRoomToken(token), tokenSealed: sealRoomToken(token), ...fields })
    .returning({ id: viewingRoomLinks.id });
  if (!link) throw new Error("insert returned no link");
  return { id: link.id, token };
}

/**
 * A new link for one recipient. Undefined when the room does not exist; throws
 * RoomLinkLimitError when the room already has its maximum of links in use.
 */
export async function createRoomLink(
  db: AppDatabase,
  roomId: number,
  input: LinkInput,
): Promise<{ id: number; token: string } | undefined> {
  const passcodeHash = input.passcode ? await hashPasscode(input.passcode) : null;
  return db.transaction(async (tx) => {
    // Locks the room row, so two links added at once both count against the limit.
    const [room] = await tx
      .select({ id: viewingRooms.id })
      .from(viewingRooms)
      .where(eq(viewingRooms.id, roomId))
      .for("update");
    if (!room) return undefined;
    return insertLink(tx, roomId, { note: input.note, expiresAt: input.expiresAt, passcodeHash });
  });
}

/** Revokes one link of the room. False when the room has no such link in use. */
export async function revokeRoomLink(db: AppDatabase, roomId: number, linkId: number): Promise<boolean> {
  const rows = await db
    .update(viewingRoomLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(viewingRoomLinks.id, linkId), eq(viewingRoomLinks.roomId, roomId), isNull(viewingRoomLinks.revokedAt)),
    )
    .returning({ id: viewingRoomLinks.id });
  return rows.length > 0;
}

/**
 * Renews a link: a new token with the same note, expiry and passcode; the old link is revoked
 * and points at the new one (`replaced_by_id`), in one transaction. Undefined when the room
 * has no such link in use (already revoked or renewed, or another room's).
 */
export async function renewRoomLink(
  db: AppDatabase,
  roomId: number,
  linkId: number,
): Promise<{ id: number; token: string } | undefined> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(viewingRoomLinks)
      .where(
        and(eq(viewingRoomLinks.id, linkId), eq(viewingRoomLinks.roomId, roomId), isNull(viewingRoomLinks.revokedAt)),
      )
      .for("update");
    if (!old) return undefined;
    // Revoked first, so the new link fits under the limit the old one counted towards.
    await tx.update(viewingRoomLinks).set({ revokedAt: sql`now()` }).where(eq(viewingRoomLinks.id, old.id));
    const fresh = await insertLink(tx, roomId, {
      note: old.note,
      expiresAt: old.expiresAt,
      passcodeHash: old.passcodeHash,
    });
    await tx.update(viewingRoomLinks).set({ replacedById: fresh.id }).where(eq(viewingRoomLinks.id, old.id));
    return fresh;
  });
}
