import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { editionOwners, editionSales, editionUnits } from "./edition-schema.ts";

export const certificateStates = ["valid", "revoked", "superseded"] as const;
export type CertificateState = (typeof certificateStates)[number];

/**
 * Certificates of authenticity the studio issued (issue 40, decision 075): the signed file as it
 * was issued, which owner of which print it certifies, and its state. The JWS is what a verifier
 * believes; the other columns are for finding and listing it. A print has at most one valid
 * certificate (a resale supersedes the last one); a certificate is never deleted.
 */
export const certificates = pgTable(
  "certificates",
  {
    // 128 random bits, base64url: the /verify/<id> address.
    id: text("id").primaryKey(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => editionUnits.id),
    // The owner it certifies; the first sale too, when that owner came from it.
    ownerId: integer("owner_id")
      .notNull()
      .references(() => editionOwners.id),
    saleId: integer("sale_id").references(() => editionSales.id),
    workSlug: text("work_slug").notNull(),
    // "3/8", "1/1", "AP 1/2": as the certificate states it.
    editionLabel: text("edition_label").notNull(),
    jws: text("jws").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, precision: 3 }).notNull(),
    state: text("state").$type<CertificateState>().notNull().default("valid"),
    revokedAt: timestamp("revoked_at", { withTimezone: true, precision: 3 }),
    revokedReason: text("revoked_reason"),
    supersededAt: timestamp("superseded_at", { withTimezone: true, precision: 3 }),
    // The newer certificate, for the new owner after a resale.
    supersededBy: text("superseded_by").references((): AnyPgColumn => certificates.id),
  },
  (table) => [
    // One valid certificate per print, whatever the code does.
    uniqueIndex("certificates_valid_unit_idx").on(table.unitId).where(sql`${table.state} = 'valid'`),
    index("certificates_owner_idx").on(table.ownerId),
    index("certificates_work_idx").on(table.workSlug, table.issuedAt),
    check("certificates_id_check", sql`${table.id} ~ '^[A-Za-z0-9_-]{22}$'`),
    check("certificates_jws_check", sql`char_length(${table.jws}) between 1 and 65536`),
    check(
      "certificates_state_check",
      sql`(${table.state} = 'valid' and ${table.revokedAt} is null and ${table.supersededAt} is null)
        or (${table.state} = 'revoked' and ${table.revokedAt} is not null and char_length(${table.revokedReason}) between 1 and 500 and ${table.supersededAt} is null)
        or (${table.state} = 'superseded' and ${table.supersededAt} is not null and ${table.supersededBy} is not null and ${table.revokedAt} is null)`,
    ),
  ],
);

export type CertificateRow = typeof certificates.$inferSelect;
