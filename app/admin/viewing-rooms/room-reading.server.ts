import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { enquiries } from "#app/db/enquiry-schema.ts";
import { viewingRoomEvents, viewingRoomLinks, viewingRooms, viewingRoomWorks } from "#app/db/viewing-room-schema.ts";
import { unsealRoomToken } from "#app/rooms/room-token.server.ts";

/**
 * The studio reads its viewing rooms (issue 22): the list with its counts, and one room for its
 * editor with each link's figures, as the collector's side recorded them.
 */

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
