import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgSequence, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every change to a quote takes the next number from this sequence (set by a trigger), so a
 * live-update client can say "I have seen up to change N" and get what it missed, across
 * processes sharing one PostgreSQL.
 */
export const quotesChangeSeq = pgSequence("quotes_change_seq");

/** The artist's quotes (SPEC.md point 3, Quote). Only rows with include_in_search are public. */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    text: text("text").notNull(),
    // Millisecond precision so a JavaScript Date round-trips exactly (pagination cursors use it).
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    includeInSearch: boolean("include_in_search").notNull().default(false),
    // The X post id a quote was imported from (or a seed key); unique so imports are idempotent.
    sourcePostId: text("source_post_id").unique(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    changeSeq: bigint("change_seq", { mode: "number" }).notNull().default(sql`nextval('quotes_change_seq')`),
  },
  (table) => [
    index("quotes_created_at_id_idx").on(table.createdAt.desc(), table.id.desc()),
    index("quotes_public_created_at_id_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.includeInSearch}`),
    index("quotes_change_seq_idx").on(table.changeSeq),
    index("quotes_text_search_idx").using("gin", sql`to_tsvector('english', ${table.text})`),
  ],
);

export type Quote = typeof quotes.$inferSelect;
export type NewQuote = typeof quotes.$inferInsert;

// Accounts, sessions, second factors and rate-limit counters (the admin area).
export * from "./auth-schema.ts";
// Certificates of authenticity issued for sold prints (issue 40, decision 075).
export * from "./certificate-schema.ts";
// The site's content, its drafts and every published revision (issue 23, decision 039).
export * from "./content-schema.ts";
// Editions, their numbered units, holds, sales and owners (issue 40).
export * from "./edition-schema.ts";
// Collectors' enquiries and the studio's inbox (issue 21).
export * from "./enquiry-schema.ts";
// Exhibition files (PDF, audio) uploaded in the browser (decision 048).
export * from "./exhibition-file-schema.ts";
// Uploaded originals: which one each image shows, and every one it has had (decision 041).
export * from "./image-schema.ts";
// Outgoing mail, written before it is sent (decision 028).
export * from "./mail-schema.ts";
// The studio's mailings to its subscribers, and each recipient's copy (issue 41).
export * from "./mailing-schema.ts";
// Subscriptions by topic, consents and link tokens (issue 41).
export * from "./subscription-schema.ts";
// Private viewing rooms, their links and what happened through each (issue 22).
export * from "./viewing-room-schema.ts";
