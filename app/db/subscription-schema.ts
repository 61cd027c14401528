import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Subscriptions by topic (issue 41): what a visitor may subscribe to, who did, to what, with
 * which consent, and the single-purpose tokens of their links. Rules that must hold against a
 * bug in the code are constraints here: one row per lower-cased address, a token's hash unique,
 * a topic's kind and target consistent. The service is app/subscriptions/subscription-service.server.ts.
 */

export const topicKinds = ["standing", "series", "work"] as const;
export type TopicKind = (typeof topicKinds)[number];

/**
 * What a visitor can subscribe to. Standing topics (`new-work`, `icaro-prints`) exist from the
 * start (migration 0015); a series' or a work's exists once the studio opens it. `open`: offered
 * to visitors; a closed topic keeps its subscribers (the studio may open it again).
 */
export const subscriptionTopics = pgTable(
  "subscription_topics",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull().unique(),
    label: text("label").notNull(),
    kind: text("kind").$type<TopicKind>().notNull(),
    // The series' name or the work's slug; null for a standing topic.
    target: text("target"),
    open: boolean("open").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check("subscription_topics_kind_check", sql`${table.kind} in ('standing', 'series', 'work')`),
    check("subscription_topics_target_check", sql`(${table.kind} = 'standing') = (${table.target} is null)`),
    uniqueIndex("subscription_topics_target_idx").on(table.kind, table.target),
  ],
);

export const subscriberStatuses = ["pending", "confirmed", "left"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/**
 * One row per address, lower-cased. pending: asked, never confirmed; confirmed: opened a
 * confirmation link; left: unsubscribed entirely (kept so "counts over time" and a later
 * subscribe know it; "forget" deletes the row and everything that points at it).
 */
export const subscribers = pgTable(
  "subscribers",
  {
    id: serial("id").primaryKey(),
    address: text("address").notNull().unique(),
    status: text("status").$type<SubscriberStatus>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, precision: 3 }),
    leftAt: timestamp("left_at", { withTimezone: true, precision: 3 }),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // When a confirmation mail was last queued: at most one a day per address, however many sign-ups.
    confirmationQueuedAt: timestamp("confirmation_queued_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [
    check("subscribers_status_check", sql`${table.status} in ('pending', 'confirmed', 'left')`),
    check("subscribers_address_lower_check", sql`${table.address} = lower(${table.address})`),
    index("subscribers_status_idx").on(table.status, table.id),
  ],
);

/**
 * A subscriber's topics. `confirmedAt` null: requested, waiting for the confirmation link; only
 * confirmed rows of a confirmed subscriber receive mailings.
 */
export const subscriberTopics = pgTable(
  "subscriber_topics",
  {
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => subscriptionTopics.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [
    primaryKey({ columns: [table.subscriberId, table.topicId] }),
    index("subscriber_topics_topic_idx").on(table.topicId),
  ],
);

/**
 * The consent given (issue 41: "when, from which page, which topics, which wording"): one row
 * per request, confirmed when the link is opened (or at once when asked from a manage link,
 * which only the address's owner holds).
 */
export const subscriptionConsents = pgTable(
  "subscription_consents",
  {
    id: serial("id").primaryKey(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sourcePath: text("source_path").notNull(),
    topicKeys: text("topic_keys").array().notNull(),
    wording: text("wording").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [index("subscription_consents_subscriber_idx").on(table.subscriberId, table.id)],
);

export const tokenPurposes = ["confirm", "manage"] as const;
export type TokenPurpose = (typeof tokenPurposes)[number];

/**
 * A link's token, by its SHA-256 hash only (the raw token lives in the mail alone). A confirm
 * token works once; a manage token (one per mailing) until it expires.
 */
export const subscriptionTokens = pgTable(
  "subscription_tokens",
  {
    id: serial("id").primaryKey(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<TokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [
    check("subscription_tokens_purpose_check", sql`${table.purpose} in ('confirm', 'manage')`),
    index("subscription_tokens_subscriber_idx").on(table.subscriberId),
    index("subscription_tokens_expires_idx").on(table.expiresAt),
  ],
);

/**
 * Joins and leaves per topic per day, counted when they happen: "counts over time" without
 * keeping anyone's address (a forgotten address's past stays a number here).
 */
export const subscriptionDays = pgTable(
  "subscription_days",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => subscriptionTopics.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    joined: integer("joined").notNull().default(0),
    left: integer("left").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.topicId, table.day] })],
);

export type SubscriptionTopic = typeof subscriptionTopics.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
