import { hash } from "@node-rs/argon2";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { enquiries } from "#app/db/enquiry-schema.ts";
import { viewingRoomEvents, viewingRoomLinks, viewingRooms, viewingRoomWorks } from "#app/db/viewing-room-schema.ts";
import { generateRoomToken, hashRoomToken, sealRoomToken, unsealRoomToken } from "#app/rooms/room-token.server.ts";
import { ROOM_LIMITS, type WorkChoice } from "./room-form.ts";
import type { LinkInput, RoomInput } from "./room-input.server.ts";

/**
 * The studio's side of private viewing rooms (issue 22): rooms, their works and their links,
 * written in transactions, and the figures the collector's side records, read back per link.
 * Every function takes checked input (room-input.server.ts); none reads a request.
 */

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** The same argon2 settings as the admin passwords (app/auth/auth.server.ts). */
export function hashPasscode(passcode: string): Promise<string> {
  return hash(passcode, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export type RoomState = "open" | "closed" | "expired";

export function roomState(room: { closedAt: Date | null; expiresAt: Date | null }, now = new Date()): RoomState {
  if (room.closedAt) return "closed";
  if (room.expiresAt && room.expiresAt.getTime() <= now.getTime()) return "expired";
  return "open";
}

export type LinkState = "active" | "revoked" | "expired";

export function linkState(link: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): LinkState {
  if (link.revokedAt) return "revoked";
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

/** Catalogue works whose title, series (with its years) or slug holds every word typed. */
export function searchCatalogue(catalogue: Catalogue, query: string, limit = 20): WorkChoice[] {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return [];
  const found: WorkChoice[] = [];
  for (const work of catalogue.artworks) {
    const haystack = `${work.title} ${work.seriesLabel} ${work.slug} ${work.year}`.toLowerCase();
    if (words.every((word) => haystack.includes(word))) {
      found.push({ slug: work.slug, title: work.title, series: work.seriesLabel, year: work.year });
      if (found.length >= limit) break;
    }
  }
  return found;
}

export interface RoomListRow {
  id: number;
  title: string;
  state: RoomState;
  works: number;
  links: number;
  lastOpenedAt: Date | null;
  visits: number;
  updatedAt: Date;
}

/** Every room, most recently changed first, with its counts (active links only). */
export async function listRooms(db: AppDatabase, now = new Date()): Promise<RoomListRow[]> {
  const rows = await db
    .select({
      id: viewingRooms.id,
      title: viewingRooms.title,
      closedAt: viewingRooms.closedAt,
      expiresAt: viewingRooms.expiresAt,
      updatedAt: viewingRooms.updatedAt,
      works: sql<number>`(select count(*)::int from ${viewingRoomWorks} w where w.room_id = viewing_rooms.id)`,
      links: sql<number>`(select count(*)::int from ${viewingRoomLinks} l where l.room_id = viewing_rooms.id and l.revoked_at is null)`,
      visits: sql<number>`(select coalesce(sum(l.visit_count), 0)::int from ${viewingRoomLinks} l where l.room_id = viewing_rooms.id)`,
      lastOpenedAt: sql<
        string | null
      >`(select max(l.last_opened_at) from ${viewingRoomLinks} l where l.room_id = viewing_rooms.id)`,
    })
    .from(viewingRooms)
    .orderBy(desc(viewingRooms.updatedAt), desc(viewingRooms.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    state: roomState(row, now),
    works: Number(row.works),
    links: Number(row.links),
    visits: Number(row.visits),
    lastOpenedAt: row.lastOpenedAt ? new Date(row.lastOpenedAt) : null,
    updatedAt: row.updatedAt,
  }));
}

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

export interface RoomLinkFigures {
  id: number;
  note: string;
  state: LinkState;
  /** The token, unsealed; null when it cannot be (AUTH_SECRET changed since): renew to get a new one. */
  token: string | null;
  hasPasscode: boolean;
  expiresAt: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
  replacedById: number | null;
  firstOpenedAt: Date | null;
  lastOpenedAt: Date | null;
  visits: number;
  passcodeRefusals: number;
  /** Per work, in the room's order then any other: how often opened in full and zoomed. */
  works: { slug: string; title: string; opened: number; zoomed: number }[];
  enquiryIds: number[];
}

export interface RoomForEditing {
  id: number;
  title: string;
  introduction: string;
  showPrice: boolean;
  showAvailability: boolean;
  showEdition: boolean;
  downloads: { label: string; path: string }[];
  hasPasscode: boolean;
  expiresAt: Date | null;
  closedAt: Date | null;
  state: RoomState;
  revision: number;
  updatedAt: Date;
  works: { slug: string; title: string; note: string; price: string; inCatalogue: boolean }[];
  links: RoomLinkFigures[];
}

/** A room with its works, its links newest first and each link's figures; undefined when there is none. */
export async function getRoomForEditing(
  db: AppDatabase,
  catalogue: Catalogue,
  id: number,
  now = new Date(),
): Promise<RoomForEditing | undefined> {
  const [room] = await db.select().from(viewingRooms).where(eq(viewingRooms.id, id));
  if (!room) return undefined;
  const [works, links] = await Promise.all([
    db
      .select()
      .from(viewingRoomWorks)
      .where(eq(viewingRoomWorks.roomId, id))
      .orderBy(asc(viewingRoomWorks.position), asc(viewingRoomWorks.id)),
    db
      .select()
      .from(viewingRoomLinks)
      .where(eq(viewingRoomLinks.roomId, id))
      .orderBy(desc(viewingRoomLinks.createdAt), desc(viewingRoomLinks.id)),
  ]);
  const figures = await linkFigures(
    db,
    links.map((link) => link.id),
  );
  const order = works.map((work) => work.workSlug);
  return {
    id: room.id,
    title: room.title,
    introduction: room.introduction,
    showPrice: room.showPrice,
    showAvailability: room.showAvailability,
    showEdition: room.showEdition,
    downloads: room.downloads,
    hasPasscode: room.passcodeHash !== null,
    expiresAt: room.expiresAt,
    closedAt: room.closedAt,
    state: roomState(room, now),
    revision: room.revision,
    updatedAt: room.updatedAt,
    works: works.map((work) => ({
      slug: work.workSlug,
      title: catalogue.find(work.workSlug)?.title ?? work.workSlug,
      note: work.note,
      price: work.price,
      inCatalogue: catalogue.find(work.workSlug) !== undefined,
    })),
    links: links.map((link) => {
      const counts = figures.events.get(link.id) ?? new Map();
      const slugs = [...counts.keys()]
        .filter((slug) => slug !== "")
        .sort((a, b) => {
          const ia = order.indexOf(a);
          const ib = order.indexOf(b);
          return (ia === -1 ? Number.MAX_SAFE_INTEGER : ia) - (ib === -1 ? Number.MAX_SAFE_INTEGER : ib);
        });
      return {
        id: link.id,
        note: link.note,
        state: linkState(link, now),
        token: unsealRoomToken(link.tokenSealed),
        hasPasscode: link.passcodeHash !== null,
        expiresAt: link.expiresAt,
        createdAt: link.createdAt,
        revokedAt: link.revokedAt,
        replacedById: link.replacedById,
        firstOpenedAt: link.firstOpenedAt,
        lastOpenedAt: link.lastOpenedAt,
        visits: link.visitCount,
        passcodeRefusals: counts.get("")?.["passcode-refused"] ?? 0,
        works: slugs.map((slug) => ({
          slug,
          title: catalogue.find(slug)?.title ?? slug,
          opened: counts.get(slug)?.["work-opened"] ?? 0,
          zoomed: counts.get(slug)?.zoomed ?? 0,
        })),
        enquiryIds: figures.enquiries.get(link.id) ?? [],
      };
    }),
  };
}

/**
 * Counts per link, per work and per kind from what the collector's side recorded, and the
 * enquiries sent through each link, in two grouped queries for all of a room's links.
 */
async function linkFigures(db: AppDatabase, linkIds: number[]) {
  const events = new Map<number, Map<string, Record<string, number>>>();
  const sent = new Map<number, number[]>();
  if (linkIds.length === 0) return { events, enquiries: sent };
  const [counted, enquiryRows] = await Promise.all([
    db
      .select({
        linkId: viewingRoomEvents.linkId,
        workSlug: viewingRoomEvents.workSlug,
        kind: viewingRoomEvents.kind,
        count: sql<number>`count(*)::int`,
      })
      .from(viewingRoomEvents)
      .where(
        and(
          inArray(viewingRoomEvents.linkId, linkIds),
          inArray(viewingRoomEvents.kind, ["work-opened", "zoomed", "passcode-refused"]),
        ),
      )
      .groupBy(viewingRoomEvents.linkId, viewingRoomEvents.workSlug, viewingRoomEvents.kind),
    db
      .select({ id: enquiries.id, linkId: enquiries.roomLinkId })
      .from(enquiries)
      .where(inArray(enquiries.roomLinkId, linkIds))
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id)),
  ]);
  for (const row of counted) {
    const perLink = events.get(row.linkId) ?? new Map<string, Record<string, number>>();
    events.set(row.linkId, perLink);
    // Refused passcodes are the link's, whatever work they name.
    const key = row.kind === "passcode-refused" ? "" : (row.workSlug ?? "");
    const perWork = perLink.get(key) ?? {};
    perWork[row.kind] = (perWork[row.kind] ?? 0) + Number(row.count);
    perLink.set(key, perWork);
  }
  for (const row of enquiryRows) {
    if (row.linkId === null) continue;
    sent.set(row.linkId, [...(sent.get(row.linkId) ?? []), row.id]);
  }
  return { events, enquiries: sent };
}
