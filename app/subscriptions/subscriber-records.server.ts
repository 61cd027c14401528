import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import {
  type SubscriberStatus,
  subscribers,
  subscriberTopics,
  subscriptionConsents,
  subscriptionDays,
  subscriptionTopics,
} from "#app/db/subscription-schema.ts";
import type { MailKind } from "#app/email/outgoing-mail.server.ts";
import { CONFIRMATION_KIND } from "./confirmation-mail.server.ts";

// What the studio reads and does with the list (its screens are built on these).

export interface TopicCount {
  key: string;
  label: string;
  kind: string;
  target: string | null;
  open: boolean;
  /** Confirmed subscribers: who a mailing to this topic reaches. */
  confirmed: number;
  /** Asked, waiting for the confirmation link. */
  waiting: number;
}

/** Every topic with how many it reaches now and how many wait for confirmation. */
export async function topicCounts(db: AppDatabase): Promise<TopicCount[]> {
  const rows = await db
    .select({
      key: subscriptionTopics.key,
      label: subscriptionTopics.label,
      kind: subscriptionTopics.kind,
      target: subscriptionTopics.target,
      open: subscriptionTopics.open,
      confirmed:
        sql<number>`count(*) filter (where ${subscriberTopics.confirmedAt} is not null and ${subscribers.status} = 'confirmed')`.mapWith(
          Number,
        ),
      waiting:
        sql<number>`count(*) filter (where ${subscriberTopics.topicId} is not null and ${subscriberTopics.confirmedAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(subscriptionTopics)
    .leftJoin(subscriberTopics, eq(subscriberTopics.topicId, subscriptionTopics.id))
    .leftJoin(subscribers, eq(subscribers.id, subscriberTopics.subscriberId))
    .groupBy(subscriptionTopics.id)
    .orderBy(asc(subscriptionTopics.id));
  return rows;
}

export interface DayCount {
  /** YYYY-MM-DD, UTC. */
  day: string;
  topicKey: string;
  joined: number;
  left: number;
}

/** Joins and leaves per topic per day, oldest first, within [from, to] (UTC days, both optional). */
export async function dailyCounts(db: AppDatabase, range: { from?: string; to?: string } = {}): Promise<DayCount[]> {
  return db
    .select({
      day: subscriptionDays.day,
      topicKey: subscriptionTopics.key,
      joined: subscriptionDays.joined,
      left: subscriptionDays.left,
    })
    .from(subscriptionDays)
    .innerJoin(subscriptionTopics, eq(subscriptionTopics.id, subscriptionDays.topicId))
    .where(
      and(
        range.from ? gte(subscriptionDays.day, range.from) : undefined,
        range.to ? lte(subscriptionDays.day, range.to) : undefined,
      ),
    )
    .orderBy(asc(subscriptionDays.day), asc(subscriptionTopics.id));
}

export interface SubscriberRow {
  id: number;
  address: string;
  status: SubscriberStatus;
  createdAt: Date;
  confirmedAt: Date | null;
  leftAt: Date | null;
  /** Confirmed topics' keys. */
  topics: string[];
  /** Topics waiting for the confirmation link. */
  waiting: string[];
}

export interface SubscriberQuery {
  /** Part of an address, any case. */
  search?: string;
  status?: SubscriberStatus;
  /** Only subscribers confirmed on this topic. */
  topicKey?: string;
  /** Keyset: rows with an id below this (the last row's id of the previous page). */
  before?: number;
  /** Default 50, at most 500. */
  limit?: number;
}

const topicsAgg = (confirmed: boolean) =>
  sql<
    string[]
  >`coalesce(array_agg(${subscriptionTopics.key} order by ${subscriptionTopics.id}) filter (where ${subscriptionTopics.id} is not null and ${subscriberTopics.confirmedAt} is ${sql.raw(confirmed ? "not null" : "null")}), '{}')`;

/** One page of subscribers, newest first, with their topics: the studio's list and search. */
export async function listSubscribers(db: AppDatabase, query: SubscriberQuery = {}): Promise<SubscriberRow[]> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 500);
  const search = query.search?.trim().toLowerCase().slice(0, 254);
  const onTopic = query.topicKey
    ? sql`exists (select 1 from subscriber_topics st join subscription_topics t on t.id = st.topic_id
        where st.subscriber_id = ${subscribers.id} and t.key = ${query.topicKey} and st.confirmed_at is not null)`
    : undefined;
  return db
    .select({
      id: subscribers.id,
      address: subscribers.address,
      status: subscribers.status,
      createdAt: subscribers.createdAt,
      confirmedAt: subscribers.confirmedAt,
      leftAt: subscribers.leftAt,
      topics: topicsAgg(true),
      waiting: topicsAgg(false),
    })
    .from(subscribers)
    .leftJoin(subscriberTopics, eq(subscriberTopics.subscriberId, subscribers.id))
    .leftJoin(subscriptionTopics, eq(subscriptionTopics.id, subscriberTopics.topicId))
    .where(
      and(
        search ? ilike(subscribers.address, `%${search.replace(/[\\%_]/g, "\\$&")}%`) : undefined,
        query.status ? eq(subscribers.status, query.status) : undefined,
        query.before ? lt(subscribers.id, query.before) : undefined,
        onTopic,
      ),
    )
    .groupBy(subscribers.id)
    .orderBy(desc(subscribers.id))
    .limit(limit);
}

/** An export row: the subscriber, their topics and when their consent was given and confirmed. */
export interface ExportRow extends SubscriberRow {
  lastConsentAt: Date | null;
  lastConsentSource: string | null;
}

/**
 * Every subscriber for the studio's export, in id order. The CSV is the screen's to write,
 * through the enquiry export's disarmed cells (app/enquiries/enquiry-csv.ts): an address can
 * begin with `=`.
 */
export async function exportRows(db: AppDatabase): Promise<ExportRow[]> {
  const rows = await listAll(db);
  const consents = await db
    .selectDistinctOn([subscriptionConsents.subscriberId], {
      subscriberId: subscriptionConsents.subscriberId,
      at: subscriptionConsents.requestedAt,
      source: subscriptionConsents.sourcePath,
    })
    .from(subscriptionConsents)
    .orderBy(subscriptionConsents.subscriberId, desc(subscriptionConsents.id));
  const latest = new Map(consents.map((row) => [row.subscriberId, row]));
  return rows.map((row) => ({
    ...row,
    lastConsentAt: latest.get(row.id)?.at ?? null,
    lastConsentSource: latest.get(row.id)?.source ?? null,
  }));
}

async function listAll(db: AppDatabase): Promise<SubscriberRow[]> {
  const all: SubscriberRow[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await listSubscribers(db, { before, limit: 500 });
    all.push(...page);
    if (page.length < 500) return all.reverse();
    before = page.at(-1)?.id;
  }
}

/** Who a mailing to these topics reaches: confirmed subscribers confirmed on any of them, once each. */
export async function recipientsOf(db: AppDatabase, topicKeys: readonly string[]) {
  if (topicKeys.length === 0) return [];
  return db
    .selectDistinct({ subscriberId: subscribers.id, address: subscribers.address })
    .from(subscribers)
    .innerJoin(subscriberTopics, eq(subscriberTopics.subscriberId, subscribers.id))
    .innerJoin(subscriptionTopics, eq(subscriptionTopics.id, subscriberTopics.topicId))
    .where(
      and(
        eq(subscribers.status, "confirmed"),
        isNotNull(subscriberTopics.confirmedAt),
        inArray(subscriptionTopics.key, [...topicKeys]),
      ),
    )
    .orderBy(asc(subscribers.id));
}

/**
 * "Forget this address": the subscriber and everything about them (topics, consents, tokens,
 * by cascade), the confirmation and the mailing copies queued or kept for it (a copy's delivery
 * row goes with it). True when there was something.
 * Joins and leaves already counted per day stay, as numbers.
 */
export async function forgetAddress(db: AppDatabase, address: string): Promise<boolean> {
  const key = address.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const removed = await tx.delete(subscribers).where(eq(subscribers.address, key)).returning({ id: subscribers.id });
    const mail = await tx
      .delete(outgoingMail)
      .where(
        and(
          inArray(outgoingMail.kind, [CONFIRMATION_KIND, "mailing" satisfies MailKind]),
          eq(sql`lower(${outgoingMail.toAddress})`, key),
        ),
      )
      .returning({ id: outgoingMail.id });
    return removed.length > 0 || mail.length > 0;
  });
}
