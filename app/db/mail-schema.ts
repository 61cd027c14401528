import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every outgoing message, written before it is sent (decision 028). A sender on each process
 * claims due rows, sends them and marks them; a failure is retried with back-off until a bound.
 * `body` is null for kinds composed at send time (a password reset: its link is made then and
 * never stored). Status: queued, sending (claimed under a lease), sent, skipped (nothing to
 * send: no account uses the address), failed (gave up; the studio can retry it).
 */
export const outgoingMail = pgTable(
  "outgoing_mail",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull().default("message"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body"),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // Who holds the row while it is being sent, and until when; an expired lease is taken over.
    claimId: text("claim_id"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check("outgoing_mail_status_check", sql`${table.status} in ('queued', 'sending', 'sent', 'skipped', 'failed')`),
    index("outgoing_mail_due_idx").on(table.nextAttemptAt).where(sql`${table.status} in ('queued', 'sending')`),
    index("outgoing_mail_status_updated_idx").on(table.status, table.updatedAt),
  ],
);

export type OutgoingMail = typeof outgoingMail.$inferSelect;
