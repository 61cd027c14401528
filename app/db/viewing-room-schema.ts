import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * A private viewing room (issue 22): a page made for one collector or a small group, reached
 * only through one of its links. Which facts it shows for its works is set per room.
 */
export const viewingRooms = pgTable(
  "viewing_rooms",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    // Markdown, rendered without raw HTML and sanitised on the room page.
    introduction: text("introduction").notNull().default(""),
    showPrice: boolean("show_price").notNull().default(false),
    showAvailability: boolean("show_availability").notNull().default(true),
    showEdition: boolean("show_edition").notNull().default(true),
    // [{ label, path }]: site paths only (the catalogue PDF, a certificate under the room).
    downloads: jsonb("downloads").$type<{ label: string; path: string }[]>().notNull().default(sql`'[]'::jsonb`),
    // argon2 hash of the room's passcode; a link's own passcode replaces it for that link.
    passcodeHash: text("passcode_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }),
    closedAt: timestamp("closed_at", { withTimezone: true, precision: 3 }),
    // Bumped by every save: an edit made from an older revision is refused, never overwrites.
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index("viewing_rooms_updated_at_idx").on(table.updatedAt.desc())],
);

/** The room's works in the studio's order, each with a note shown only in the room. */
export const viewingRoomWorks = pgTable(
  "viewing_room_works",
  {
    id: serial("id").primaryKey(),
    roomId: integer("room_id")
      .notNull()
      .references(() => viewingRooms.id, { onDelete: "cascade" }),
    workSlug: text("work_slug").notNull(),
    position: integer("position").notNull(),
    // "Available to you until 31 January", "edition 3 of 8"; plain text.
    note: text("note").notNull().default(""),
    // Shown when the room shows prices; empty reads "Price on request".
    price: text("price").notNull().default(""),
  },
  (table) => [
    uniqueIndex("viewing_room_works_room_work_idx").on(table.roomId, table.workSlug),
    index("viewing_room_works_room_position_idx").on(table.roomId, table.position),
  ],
);

/**
 * One link per recipient: `/rooms/<token>`. The token (>= 128 random bits) is looked up by its
 * SHA-256 (`token_hash`); `token_sealed` keeps it encrypted with a key derived from AUTH_SECRET
 * so the studio can copy the link again, while a copy of the database alone opens nothing.
 * Renewing a link revokes it and makes a new one (`replaced_by_id`).
 */
export const viewingRoomLinks = pgTable(
  "viewing_room_links",
  {
    id: serial("id").primaryKey(),
    roomId: integer("room_id")
      .notNull()
      .references(() => viewingRooms.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    tokenSealed: text("token_sealed").notNull(),
    // Who it is for, seen only by the studio: "for Ada, Basel".
    note: text("note").notNull().default(""),
    passcodeHash: text("passcode_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, precision: 3 }),
    replacedById: integer("replaced_by_id"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true, precision: 3 }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true, precision: 3 }),
    visitCount: integer("visit_count").notNull().default(0),
  },
  (table) => [
    uniqueIndex("viewing_room_links_token_hash_idx").on(table.tokenHash),
    index("viewing_room_links_room_idx").on(table.roomId),
  ],
);

export const viewingRoomEventKinds = ["visit", "work-opened", "zoomed", "enquiry", "passcode-refused"] as const;
export type ViewingRoomEventKind = (typeof viewingRoomEventKinds)[number];

/** What happened through a link, counted on this site only: no third parties, no fingerprints. */
export const viewingRoomEvents = pgTable(
  "viewing_room_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    linkId: integer("link_id")
      .notNull()
      .references(() => viewingRoomLinks.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    workSlug: text("work_slug"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "viewing_room_events_kind_check",
      sql`${table.kind} in ('visit', 'work-opened', 'zoomed', 'enquiry', 'passcode-refused')`,
    ),
    index("viewing_room_events_link_idx").on(table.linkId, table.createdAt),
  ],
);

export type ViewingRoom = typeof viewingRooms.$inferSelect;
export type ViewingRoomWork = typeof viewingRoomWorks.$inferSelect;
export type ViewingRoomLink = typeof viewingRoomLinks.$inferSelect;
export type ViewingRoomEvent = typeof viewingRoomEvents.$inferSelect;
