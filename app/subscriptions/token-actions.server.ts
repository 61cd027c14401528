import { and, asc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import {
  type SubscriberStatus,
  subscribers,
  subscriberTopics,
  subscriptionConsents,
  subscriptionTokens,
  subscriptionTopics,
} from "#app/db/subscription-schema.ts";
import { countDay } from "./subscription-days.server.ts";
import { firstProblem, topicChoiceSchema } from "./subscription-input.server.ts";
import { refuse } from "./subscription-refusal.ts";
import { claimToken, findToken, type TokenLookup, type Tx } from "./subscription-tokens.server.ts";
import { MANAGE_WORDING } from "./subscription-words.ts";

// Everything a link in a mail can do. Each finds its subscriber from the token alone, so a
// token for one address can never read or change another's topics.

/** Why a link did not work, in a sentence with what to do. */
export const linkProblems: Record<Exclude<TokenLookup, { found: true }>["reason"], string> = {
  unknown: "This link is not one of ours, or it was copied incompletely. Open it again from the message.",
  expired: "This link has expired. Subscribe again and we will send a new one.",
  used: "This link was already used. If you are not subscribed yet, subscribe again for a new link.",
};

export type ConfirmOutcome = { ok: true; topics: string[] } | { ok: false; reason: keyof typeof linkProblems };

/** Opens a confirmation link: the address and its waiting topics confirmed, the consents with them; works once. */
export async function confirmLink(db: AppDatabase, raw: string, now: Date): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const token = await findToken(tx, raw, "confirm", now);
    if (!token.found) return { ok: false, reason: token.reason };
    if (!(await claimToken(tx, token.id, now))) return { ok: false, reason: "used" };
    const id = token.subscriberId;
    await tx
      .update(subscribers)
      .set({
        status: "confirmed",
        confirmedAt: sql`coalesce(${subscribers.confirmedAt}, ${now})`,
        leftAt: null,
        updatedAt: now,
      })
      .where(eq(subscribers.id, id));
    const joined = await tx
      .update(subscriberTopics)
      .set({ confirmedAt: now })
      .where(and(eq(subscriberTopics.subscriberId, id), isNull(subscriberTopics.confirmedAt)))
      .returning({ topicId: subscriberTopics.topicId });
    await countDay(
      tx,
      joined.map((row) => row.topicId),
      now,
      "joined",
    );
    await tx
      .update(subscriptionConsents)
      .set({ confirmedAt: now })
      .where(and(eq(subscriptionConsents.subscriberId, id), isNull(subscriptionConsents.confirmedAt)));
    return { ok: true, topics: (await topicsOf(tx, id)).filter((t) => t.subscribed).map((t) => t.label) };
  });
}

/** A topic as the manage page shows it. */
export interface ManagedTopic {
  key: string;
  label: string;
  /** Confirmed: mailings to it reach this address. */
  subscribed: boolean;
  /** Requested, waiting for the confirmation link. */
  waiting: boolean;
  /** Offered to visitors; a closed topic is shown only while subscribed. */
  open: boolean;
}

export interface ManageView {
  address: string;
  status: SubscriberStatus;
  topics: ManagedTopic[];
}

export type ManageOutcome = { ok: true; view: ManageView } | { ok: false; reason: keyof typeof linkProblems };

/** What a manage link shows: the address, and every open topic or one it is on. */
export async function manageLink(db: AppDatabase | Tx, raw: string, now: Date): Promise<ManageOutcome> {
  const token = await findToken(db, raw, "manage", now);
  if (!token.found) return { ok: false, reason: token.reason };
  const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.id, token.subscriberId));
  if (!subscriber) return { ok: false, reason: "unknown" };
  const topics = (await topicsOf(db, subscriber.id)).filter((t) => t.open || t.subscribed || t.waiting);
  return { ok: true, view: { address: subscriber.address, status: subscriber.status, topics } };
}

async function topicsOf(db: AppDatabase | Tx, subscriberId: number): Promise<ManagedTopic[]> {
  const rows = await db
    .select({
      key: subscriptionTopics.key,
      label: subscriptionTopics.label,
      open: subscriptionTopics.open,
      confirmedAt: subscriberTopics.confirmedAt,
      requested: isNotNull(subscriberTopics.topicId).mapWith(Boolean),
    })
    .from(subscriptionTopics)
    .leftJoin(
      subscriberTopics,
      and(eq(subscriberTopics.topicId, subscriptionTopics.id), eq(subscriberTopics.subscriberId, subscriberId)),
    )
    .orderBy(asc(subscriptionTopics.id));
  return rows.map((row) => ({
    key: row.key,
    label: row.label,
    open: row.open,
    subscribed: row.confirmedAt !== null,
    waiting: Boolean(row.requested) && row.confirmedAt === null,
  }));
}

/**
 * A manage link's choice: exactly these topics from now on, confirmed at once (only the
 * address's owner holds the link; the change is recorded as consent). A topic may be added
 * only while open; none chosen is leaving. Returns the page's view after the change.
 */
export async function changeTopicsByLink(db: AppDatabase, raw: string, keys: readonly string[], now: Date) {
  const parsed = topicChoiceSchema.safeParse([...new Set(keys)]);
  if (!parsed.success) refuse(firstProblem(parsed.error), 422);
  if (parsed.data.length === 0) return leaveByLink(db, raw, now);
  return db.transaction(async (tx) => {
    const token = await findToken(tx, raw, "manage", now);
    if (!token.found) refuse(linkProblems[token.reason], token.reason === "expired" ? 410 : 404);
    const id = await lockSubscriber(tx, token.subscriberId);
    const chosen = await tx
      .select({ id: subscriptionTopics.id, key: subscriptionTopics.key })
      .from(subscriptionTopics)
      .leftJoin(
        subscriberTopics,
        and(eq(subscriberTopics.topicId, subscriptionTopics.id), eq(subscriberTopics.subscriberId, id)),
      )
      .where(
        and(
          inArray(subscriptionTopics.key, parsed.data),
          or(eq(subscriptionTopics.open, true), isNotNull(subscriberTopics.confirmedAt)),
        ),
      );
    if (chosen.length !== parsed.data.length) refuse("Choose from the topics shown on the page.", 422);
    const ids = chosen.map((topic) => topic.id);
    const dropped = await tx
      .delete(subscriberTopics)
      .where(and(eq(subscriberTopics.subscriberId, id), notInArray(subscriberTopics.topicId, ids)))
      .returning({ topicId: subscriberTopics.topicId, confirmedAt: subscriberTopics.confirmedAt });
    await countDay(
      tx,
      dropped.filter((row) => row.confirmedAt).map((row) => row.topicId),
      now,
      "left",
    );
    const joined = await confirmTopics(tx, id, ids, now);
    await countDay(tx, joined, now, "joined");
    await tx.insert(subscriptionConsents).values({
      subscriberId: id,
      requestedAt: now,
      sourcePath: "/subscribe/manage",
      topicKeys: chosen.map((topic) => topic.key),
      wording: MANAGE_WORDING,
      confirmedAt: now,
    });
    await tx
      .update(subscribers)
      .set({
        status: "confirmed",
        confirmedAt: sql`coalesce(${subscribers.confirmedAt}, ${now})`,
        leftAt: null,
        updatedAt: now,
      })
      .where(eq(subscribers.id, id));
    return { left: false as const };
  });
}

/** Adds or confirms the chosen topics; the ids that were not confirmed before. */
async function confirmTopics(tx: Tx, subscriberId: number, topicIds: number[], now: Date): Promise<number[]> {
  const before = await tx
    .select({ topicId: subscriberTopics.topicId })
    .from(subscriberTopics)
    .where(and(eq(subscriberTopics.subscriberId, subscriberId), isNotNull(subscriberTopics.confirmedAt)));
  const had = new Set(before.map((row) => row.topicId));
  await tx
    .insert(subscriberTopics)
    .values(topicIds.map((topicId) => ({ subscriberId, topicId, requestedAt: now, confirmedAt: now })))
    .onConflictDoUpdate({
      target: [subscriberTopics.subscriberId, subscriberTopics.topicId],
      set: { confirmedAt: sql`coalesce(${subscriberTopics.confirmedAt}, ${now})` },
    });
  return topicIds.filter((topicId) => !had.has(topicId));
}

async function lockSubscriber(tx: Tx, id: number, missing = linkProblems.unknown): Promise<number> {
  const [row] = await tx.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.id, id)).for("update");
  if (!row) refuse(missing, 404);
  return row.id;
}

/**
 * Leaves every topic (a manage page's "Leave", or RFC 8058's one-click POST): the topics
 * removed, the status `left`, any waiting confirmation link voided. Refuses a link that is not
 * a live manage link; leaving twice is not an error.
 */
export async function leaveByLink(db: AppDatabase, raw: string, now: Date): Promise<{ left: true }> {
  return db.transaction(async (tx) => {
    const token = await findToken(tx, raw, "manage", now);
    if (!token.found) refuse(linkProblems[token.reason], token.reason === "expired" ? 410 : 404);
    await leaveAll(tx, await lockSubscriber(tx, token.subscriberId), now);
    return { left: true as const };
  });
}

/**
 * The studio's "Remove": the same as the subscriber leaving, done on their behalf (the studio's
 * screen, by the subscriber's id). Refuses an id that is no subscriber; removing twice is not an error.
 */
export async function removeSubscriber(db: AppDatabase, subscriberId: number, now: Date): Promise<{ left: true }> {
  return db.transaction(async (tx) => {
    const id = await lockSubscriber(tx, subscriberId, "There is no such subscriber: they may have been forgotten.");
    await leaveAll(tx, id, now);
    return { left: true as const };
  });
}

async function leaveAll(tx: Tx, id: number, now: Date): Promise<void> {
  const dropped = await tx
    .delete(subscriberTopics)
    .where(eq(subscriberTopics.subscriberId, id))
    .returning({ topicId: subscriberTopics.topicId, confirmedAt: subscriberTopics.confirmedAt });
  await countDay(
    tx,
    dropped.filter((row) => row.confirmedAt).map((row) => row.topicId),
    now,
    "left",
  );
  await tx
    .delete(subscriptionTokens)
    .where(and(eq(subscriptionTokens.subscriberId, id), eq(subscriptionTokens.purpose, "confirm")));
  await tx.update(subscribers).set({ status: "left", leftAt: now, updatedAt: now }).where(eq(subscribers.id, id));
}
