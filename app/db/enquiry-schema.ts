import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { outgoingMail } from "./mail-schema.ts";
import { viewingRoomLinks } from "./viewing-room-schema.ts";

/**
 * What an enquiry is about, set from where it started (issue 21). A `work` or `exhibition`
 * enquiry names its record in `subject_ref` (the slug); the rest are the Prices tiers,
 * press and everything else. `room` is kept for private viewing rooms (issue 22).
 */
export const enquirySubjects = [
  "work",
  "prints",
  "original",
  "commission",
  "exhibition",
  "press",
  "room",
  "other",
] as const;
export type EnquirySubject = (typeof enquirySubjects)[number];

/** What the person wants to know; any of these, or none. */
export const enquiryInterests = [
  "price-availability",
  "similar-works",
  "print-series",
  "condition-provenance",
  "private-viewing",
] as const;
export type EnquiryInterest = (typeof enquiryInterests)[number];

/** The studio's workflow: new until read and answered, then replied, closed, or spam. */
export const enquiryStatuses = ["new", "replied", "closed", "spam"] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

/**
 * A collector's enquiry, stored in the same transaction as the mail that tells the studio
 * (decision 028's outgoing_mail), so one is never kept without the other. Every insert,
 * update and delete NOTIFYs `enquiries_changed` (migration 0005) for the live inbox.
 */
export const enquiries = pgTable(
  "enquiries",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    // The work's or exhibition's slug (or a room's id) when the subject names one record.
    subjectRef: text("subject_ref"),
    // What the studio reads first, as the visitor saw it: "The Trinket Maker", "Custom commission".
    subjectTitle: text("subject_title").notNull(),
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    email: text("email").notNull(),
    // Lower-cased email: "delete everything from this address" and the per-address limit use it.
    emailKey: text("email_key").notNull(),
    message: text("message").notNull(),
    location: text("location"),
    phone: text("phone"),
    // The site path the form was sent from (never a full URL from a header).
    sourcePath: text("source_path").notNull(),
    status: text("status").notNull().default("new"),
    readAt: timestamp("read_at", { withTimezone: true, precision: 3 }),
    notes: text("notes").notNull().default(""),
    // The viewing-room link the enquiry was sent through (issue 22), for that link's figures.
    roomLinkId: integer("room_link_id").references(() => viewingRoomLinks.id, { onDelete: "set null" }),
    mailId: integer("mail_id").references(() => outgoingMail.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // When the status last changed: closed and spam enquiries are removed a retention period after.
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check("enquiries_status_check", sql`${table.status} in ('new', 'replied', 'closed', 'spam')`),
    check(
      "enquiries_subject_check",
      sql`${table.subject} in ('work', 'prints', 'original', 'commission', 'exhibition', 'press', 'room', 'other')`,
    ),
    index("enquiries_created_at_id_idx").on(table.createdAt.desc(), table.id.desc()),
    index("enquiries_status_idx").on(table.status, table.statusChangedAt),
    index("enquiries_email_key_idx").on(table.emailKey),
  ],
);

export type Enquiry = typeof enquiries.$inferSelect;
export type NewEnquiry = typeof enquiries.$inferInsert;
