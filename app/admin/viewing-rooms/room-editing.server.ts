import { and, asc, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { viewingRooms, viewingRoomWorks } from "#app/db/viewing-room-schema.ts";
import { ROOM_LIMITS } from "./room-form.ts";
import type { RoomInput } from "./room-input.server.ts";
import { hashPasscode } from "./room-passcode.server.ts";

/**
 * The studio writes its viewing rooms (issue 22): a room and its works change together, in one
 * transaction, and a save made from an old revision is refused. Every function takes checked
 * input (room-input.server.ts); none reads a request. Links: room-links.server.ts; reading:
 * room-reading.server.ts.
 */

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

async function writeWorks(tx: Tx, roomId: number, works: RoomInput["works"]) {
  await tx.delete(viewingRoomWorks).where(eq(viewingRoomWorks.roomId, roomId));
  if (works.length === 0) return;
  await tx.insert(viewingRoomWorks).values(
    works.map((work, position) => ({
      roomId,
      workSlug: work.slug,
      position,
      note: work.note.trim(),
      price: work.price.trim(),
    })),
  );
}

function roomColumns(input: RoomInput) {
  return {
    title: input.title,
    introduction: input.introduction,
    showPrice: input.showPrice,
    showAvailability: input.showAvailability,
    showEdition: input.showEdition,
    downloads: input.downloads,
    expiresAt: input.expiresAt,
  };
}

async function passcodeColumn(passcode: RoomInput["passcode"]): Promise<{ passcodeHash?: string | null }> {
  if (passcode.kind === "set") return { passcodeHash: await hashPasscode(passcode.value) };
  if (passcode.kind === "remove") return { passcodeHash: null };
  return {};
}

/** A new room with its works, in one transaction. */
export async function createRoom(db: AppDatabase, input: RoomInput): Promise<{ id: number; revision: number }> {
  const passcode = await passcodeColumn(input.passcode);
  return db.transaction(async (tx) => {
    const [room] = await tx
      .insert(viewingRooms)
      .values({ ...roomColumns(input), ...passcode })
      .returning({ id: viewingRooms.id, revision: viewingRooms.revision });
    if (!room) throw new Error("insert returned no room");
    await writeWorks(tx, room.id, input.works);
    return room;
  });
}

export type SaveOutcome =
  | { ok: true; revision: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; latestRevision: number };

/**
 * Saves a room edited from `revision`. The update only matches that revision (and bumps it), so
 * of two saves made from the same revision the second is refused, never silently overwrites:
 * the room and its works change together or not at all.
 */
export async function saveRoom(db: AppDatabase, id: number, revision: number, input: RoomInput): Promise<SaveOutcome> {
  const passcode = await passcodeColumn(input.passcode);
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(viewingRooms)
      .set({ ...roomColumns(input), ...passcode, revision: sql`${viewingRooms.revision} + 1`, updatedAt: sql`now()` })
      .where(and(eq(viewingRooms.id, id), eq(viewingRooms.revision, revision)))
      .returning({ revision: viewingRooms.revision });
    if (!saved) {
      const [current] = await tx
        .select({ revision: viewingRooms.revision })
        .from(viewingRooms)
        .where(eq(viewingRooms.id, id));
      return current
        ? { ok: false, reason: "conflict", latestRevision: current.revision }
        : { ok: false, reason: "not-found" };
    }
    await writeWorks(tx, id, input.works);
    return { ok: true, revision: saved.revision };
  });
}

/** A copy of a room (its words, works, facts, downloads, passcode and expiry), open, without links. */
export async function duplicateRoom(db: AppDatabase, id: number): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [room] = await tx.select().from(viewingRooms).where(eq(viewingRooms.id, id));
    if (!room) return undefined;
    const suffix = " (copy)";
    const [copy] = await tx
      .insert(viewingRooms)
      .values({
        title: `${room.title.slice(0, ROOM_LIMITS.title - suffix.length)}${suffix}`,
        introduction: room.introduction,
        showPrice: room.showPrice,
        showAvailability: room.showAvailability,
        showEdition: room.showEdition,
        downloads: room.downloads,
        passcodeHash: room.passcodeHash,
        expiresAt: room.expiresAt,
      })
      .returning({ id: viewingRooms.id });
    if (!copy) throw new Error("insert returned no room");
    const works = await tx
      .select()
      .from(viewingRoomWorks)
      .where(eq(viewingRoomWorks.roomId, id))
      .orderBy(asc(viewingRoomWorks.position));
    if (works.length > 0) {
      await tx.insert(viewingRoomWorks).values(
        works.map((work) => ({
          roomId: copy.id,
          workSlug: work.workSlug,
          position: work.position,
          note: work.note,
          price: work.price,
        })),
      );
    }
    return copy.id;
  });
}

/**
 * Closes the room at once (every link stops, the collector's side answers 410), or opens it
 * again. Links revoked one by one stay revoked. False when there is no such room.
 */
export async function setRoomClosed(db: AppDatabase, id: number, closed: boolean): Promise<boolean> {
  const rows = await db
    .update(viewingRooms)
    .set({ closedAt: closed ? sql`coalesce(${viewingRooms.closedAt}, now())` : null, updatedAt: sql`now()` })
    .where(eq(viewingRooms.id, id))
    .returning({ id: viewingRooms.id });
  return rows.length > 0;
}
