import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Which uploaded original each image shows now (decision 041): a work's (`artworks`, its slug)
 * or a page image's (its collection and name). An image with no row shows the build's original
 * or its stand-in. The bytes are in the original store under `sha256`; the size, format and
 * blur placeholder were read when it was uploaded, so pages need not open it.
 */
export const imageOriginals = pgTable(
  "image_originals",
  {
    collection: text("collection").notNull(),
    name: text("name").notNull(),
    sha256: text("sha256").notNull(),
    format: text("format").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    placeholder: text("placeholder").notNull(),
    // In the image's URLs (?v=): a new original gets new URLs, so cached copies are never stale.
    version: text("version").notNull(),
    // Grows by one with each change of this image: a replace made from an older one is refused.
    revision: integer("revision").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedBy: text("updated_by").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.name] }),
    check("image_originals_sha256_check", sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** Every original an image has had, kept: who, when and how, so a replaced one can be restored. */
export const imageOriginalRevisions = pgTable(
  "image_original_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    collection: text("collection").notNull(),
    name: text("name").notNull(),
    revision: integer("revision").notNull(),
    sha256: text("sha256").notNull(),
    format: text("format").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    placeholder: text("placeholder").notNull(),
    version: text("version").notNull(),
    action: text("action").notNull(),
    author: text("author").notNull(),
    // The content version this change was published as (content_state.version after it).
    contentVersion: bigint("content_version", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index("image_original_revisions_image_idx").on(table.collection, table.name, table.revision.desc()),
    check("image_original_revisions_action_check", sql`${table.action} in ('upload', 'restore', 'import')`),
  ],
);
