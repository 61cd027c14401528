import { sql } from "drizzle-orm";
import { bigint, check, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Exhibition files uploaded in the browser (decision 048): a PDF or a recording, stored in the
 * original store under `sha256`. Its public address carries the first 16 hex of the hash
 * (`short_hash`), so this row is how the address finds the bytes, their type and their size
 * without opening them. One row per distinct file: the same bytes uploaded twice are one row.
 */
export const exhibitionFiles = pgTable(
  "exhibition_files",
  {
    shortHash: text("short_hash").primaryKey(),
    sha256: text("sha256").notNull().unique(),
    kind: text("kind").notNull(),
    mime: text("mime").notNull(),
    ext: text("ext").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    uploadedBy: text("uploaded_by").notNull(),
  },
  (table) => [
    check("exhibition_files_sha256_check", sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    check("exhibition_files_short_hash_check", sql`${table.shortHash} = left(${table.sha256}, 16)`),
    check("exhibition_files_kind_check", sql`${table.kind} in ('pdf', 'audio')`),
  ],
);

export type ExhibitionFileRow = typeof exhibitionFiles.$inferSelect;
