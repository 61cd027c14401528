import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { outgoingMail } from "./mail-schema.ts";
import { subscribers } from "./subscription-schema.ts";

export const mailingStatuses = ["draft", "scheduled", "sending", "sent"] as const;
export type MailingStatus = (typeof mailingStatuses)[number];

/**
 * A mailing the studio writes to its subscribers (issue 41): Markdown, the topics it goes to,
 * and where it stands. draft: being written; scheduled: sent by itself at `scheduledFor`;
 * sending: its recipients' messages are in the outbox (the text no longer changes); sent: every
 * message has been tried. Its web version is at /mailings/<webSlug> once it is sending.
 */
export const mailings = pgTable(
  "mailings",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    body: text("body").notNull().default(""),
    topicKeys: text("topic_keys").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").$type<MailingStatus>().notNull().default("draft"),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true, precision: 3 }),
    // The web version's address: a readable start and a random end, so a draft's is not guessed.
    webSlug: text("web_slug").notNull().unique(),
    // The studio's choice: the web version asks search engines not to index it.
    webNoindex: boolean("web_noindex").notNull().default(false),
    // The "Notify me" topic this mailing answers, when the studio was offered it as one.
    notifyTopicKey: text("notify_topic_key"),
    recipientCount: integer("recipient_count").notNull().default(0),
    // The outcome once every message was tried, kept here: the outbox prunes its rows.
    sentCount: integer("sent_count"),
    failedCount: integer("failed_count"),
    bouncedCount: integer("bounced_count"),
    testSentAt: timestamp("test_sent_at", { withTimezone: true, precision: 3 }),
    sendingAt: timestamp("sending_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check("mailings_status_check", sql`${table.status} in ('draft', 'scheduled', 'sending', 'sent')`),
    check("mailings_scheduled_check", sql`(${table.status} = 'scheduled') = (${table.scheduledFor} is not null)`),
    check(
      "mailings_text_check",
      sql`char_length(${table.subject}) between 1 and 150 and char_length(${table.body}) <= 50000`,
    ),
    check("mailings_web_slug_check", sql`${table.webSlug} ~ '^[a-z0-9][a-z0-9-]{0,80}$'`),
    index("mailings_due_idx").on(table.scheduledFor).where(sql`${table.status} = 'scheduled'`),
  ],
);

/**
 * One recipient's copy of a mailing: the outbox message it is (its state is the outbox row's:
 * queued, sending, sent, failed) and whom it went to. One per subscriber and mailing, so a
 * mailing sent twice (two processes, a retry) reaches no one twice. A forgotten subscriber's
 * rows lose the link to them; the outbox row loses the address (app/mailings).
 */
export const mailingDeliveries = pgTable(
  "mailing_deliveries",
  {
    id: serial("id").primaryKey(),
    mailingId: integer("mailing_id")
      .notNull()
      .references(() => mailings.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id").references(() => subscribers.id, { onDelete: "set null" }),
    outgoingMailId: integer("outgoing_mail_id")
      .notNull()
      .unique()
      .references(() => outgoingMail.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    unique("mailing_deliveries_once_idx").on(table.mailingId, table.subscriberId),
    index("mailing_deliveries_mailing_idx").on(table.mailingId),
  ],
);

export type Mailing = typeof mailings.$inferSelect;
export type MailingDelivery = typeof mailingDeliveries.$inferSelect;
