import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { enquiries } from "./enquiry-schema.ts";

/**
 * The edition ledger (issue 40): what the studio can sell of each work, and what it sold to
 * whom. The rules that must hold even against a bug in the code are constraints here: sizes in
 * range, unit numbers unique per edition, one open hold and one sale per unit, a sold unit
 * never deleted. The service that writes these is app/editions/edition-ledger.server.ts.
 */

/** Largest edition and most artist's proofs the ledger accepts: print runs, not stock. */
export const EDITION_LIMITS = { size: 500, artistProofs: 50 } as const;

export const editionKinds = ["unique", "edition"] as const;
export type EditionKind = (typeof editionKinds)[number];

/** A work's edition: unique (1/1, no proofs) or an edition of N (2..500) with 0..50 artist's proofs. */
export const editions = pgTable(
  "editions",
  {
    id: serial("id").primaryKey(),
    // The work's slug in the catalogue (content/works); one edition per work.
    workSlug: text("work_slug").notNull().unique(),
    kind: text("kind").$type<EditionKind>().notNull(),
    size: integer("size").notNull(),
    artistProofs: integer("artist_proofs").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check("editions_kind_check", sql`${table.kind} in ('unique', 'edition')`),
    check(
      "editions_size_check",
      sql`(${table.kind} = 'unique' and ${table.size} = 1 and ${table.artistProofs} = 0) or (${table.kind} = 'edition' and ${table.size} between 2 and 500 and ${table.artistProofs} between 0 and 50)`,
    ),
  ],
);

export const unitStates = ["available", "held", "sold", "not-for-sale"] as const;
export type UnitState = (typeof unitStates)[number];

/**
 * One numbered print of an edition (3 of 8), or an artist's proof (AP 1). `held` is written
 * with a hold; a hold whose time ran out counts as available wherever the ledger is read.
 */
export const editionUnits = pgTable(
  "edition_units",
  {
    id: serial("id").primaryKey(),
    // No cascade: an edition with sold units cannot be deleted by accident.
    editionId: integer("edition_id")
      .notNull()
      .references(() => editions.id),
    number: integer("number").notNull(),
    artistProof: boolean("artist_proof").notNull().default(false),
    state: text("state").$type<UnitState>().notNull().default("available"),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("edition_units_number_idx").on(table.editionId, table.artistProof, table.number),
    check("edition_units_state_check", sql`${table.state} in ('available', 'held', 'sold', 'not-for-sale')`),
    check("edition_units_number_check", sql`${table.number} between 1 and 500`),
  ],
);

export const holdEndings = ["released", "sold", "expired"] as const;
export type HoldEnding = (typeof holdEndings)[number];

/** A unit reserved for someone until a time; open while `ended_at` is null and `until` is ahead. */
export const editionHolds = pgTable(
  "edition_holds",
  {
    id: serial("id").primaryKey(),
    // A unit removed by shrinking its edition (never a held or sold one) takes its old holds along.
    unitId: integer("unit_id")
      .notNull()
      .references(() => editionUnits.id, { onDelete: "cascade" }),
    until: timestamp("until", { withTimezone: true, precision: 3 }).notNull(),
    holderName: text("holder_name").notNull(),
    holderEmail: text("holder_email").notNull(),
    // The enquiry the hold came from; forgetting an enquiry keeps the hold.
    enquiryId: integer("enquiry_id").references(() => enquiries.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true, precision: 3 }),
    endReason: text("end_reason").$type<HoldEnding>(),
  },
  (table) => [
    // At most one open hold per unit, whatever the code does.
    uniqueIndex("edition_holds_open_unit_idx").on(table.unitId).where(sql`${table.endedAt} is null`),
    // Ended and its reason go together (null IN (...) would pass a check, so spelled out).
    check(
      "edition_holds_ending_check",
      sql`(${table.endedAt} is null) = (${table.endReason} is null) and (${table.endReason} is null or ${table.endReason} in ('released', 'sold', 'expired'))`,
    ),
    check(
      "edition_holds_holder_check",
      sql`char_length(${table.holderName}) between 1 and 200 and char_length(${table.holderEmail}) between 3 and 254`,
    ),
    check("edition_holds_note_check", sql`char_length(${table.note}) <= 2000`),
  ],
);

/**
 * The first sale of a unit: a private record for the studio. One per unit (a resale is a new
 * owner in edition_owners; this row stays), and a sold unit cannot be deleted under it.
 */
export const editionSales = pgTable(
  "edition_sales",
  {
    id: serial("id").primaryKey(),
    unitId: integer("unit_id")
      .notNull()
      .unique()
      .references(() => editionUnits.id),
    collectorName: text("collector_name").notNull(),
    collectorEmail: text("collector_email").notNull(),
    soldOn: date("sold_on", { mode: "string" }).notNull(),
    // In the currency's minor unit (cents; yen have none): exact, no floating point.
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    note: text("note").notNull().default(""),
    invoiceReference: text("invoice_reference").notNull().default(""),
    // The collector asked not to be named (certificates, public provenance).
    collectorPrivate: boolean("collector_private").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check("edition_sales_price_check", sql`${table.priceMinor} between 0 and 1000000000000000`),
    check("edition_sales_currency_check", sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      "edition_sales_collector_check",
      sql`char_length(${table.collectorName}) between 1 and 200 and char_length(${table.collectorEmail}) between 3 and 254`,
    ),
    check(
      "edition_sales_text_check",
      sql`char_length(${table.note}) <= 2000 and char_length(${table.invoiceReference}) <= 100`,
    ),
  ],
);

/**
 * Who has owned a sold unit, oldest first: the first sale's collector, then each resale's new
 * owner. An entry is never changed to record a resale; a new one is added.
 */
export const editionOwners = pgTable(
  "edition_owners",
  {
    id: serial("id").primaryKey(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => editionUnits.id),
    // Set on the first owner's entry: the sale it came from.
    saleId: integer("sale_id")
      .unique()
      .references(() => editionSales.id),
    ownerName: text("owner_name").notNull(),
    ownerEmail: text("owner_email").notNull().default(""),
    acquiredOn: date("acquired_on", { mode: "string" }).notNull(),
    // A resale's price when the studio knows it; both or neither.
    priceMinor: bigint("price_minor", { mode: "number" }),
    currency: text("currency"),
    note: text("note").notNull().default(""),
    // The owner asked not to be named on their certificate.
    private: boolean("private").notNull().default(true),
    // The owner agreed to be named in the work's public provenance (else "Private collection").
    publicProvenance: boolean("public_provenance").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index("edition_owners_unit_idx").on(table.unitId, table.acquiredOn, table.id),
    check(
      "edition_owners_price_check",
      sql`(${table.priceMinor} is null) = (${table.currency} is null) and (${table.priceMinor} is null or (${table.priceMinor} between 0 and 1000000000000000 and ${table.currency} ~ '^[A-Z]{3}$'))`,
    ),
    check(
      "edition_owners_owner_check",
      sql`char_length(${table.ownerName}) between 1 and 200 and char_length(${table.ownerEmail}) <= 254 and char_length(${table.note}) <= 2000`,
    ),
  ],
);

export type Edition = typeof editions.$inferSelect;
export type EditionUnit = typeof editionUnits.$inferSelect;
export type EditionHold = typeof editionHolds.$inferSelect;
export type EditionSale = typeof editionSales.$inferSelect;
export type EditionOwner = typeof editionOwners.$inferSelect;
