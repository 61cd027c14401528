import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import {
  subscribers,
  subscriberTopics,
  subscriptionConsents,
  subscriptionTopics,
} from "#app/db/subscription-schema.ts";
import { queueConfirmation } from "./confirmation-mail.server.ts";
import { firstProblem, type SubscribeInput, subscribeInputSchema } from "./subscription-input.server.ts";
import { refuse } from "./subscription-refusal.ts";
import type { Tx } from "./subscription-tokens.server.ts";
import { CONSENT_WORDING } from "./subscription-words.ts";

const DAY_MS = 24 * 60 * 60_000;

/** What a sign-up did; the visitor is told the same whatever it is (no account enumeration). */
export interface SignUpResult {
  /** The confirmation mail queued by this sign-up (at most one a day per address), if any. */
  mailId: number | undefined;
}

/**
 * A visitor asks for topics (double opt-in, issue 41). The address's row is made first, on its
 * own (so a flood of sign-ups for one new address does not queue behind one transaction), then
 * in one transaction: the topics added as requested (a confirmed topic stays confirmed; a new
 * one waits for the link), the consent recorded, and a confirmation queued when something waits
 * and none was queued in the last day, decided by one conditional update (the row's lock is held
 * only from there to the commit). Refuses (422) an address that does not parse or a topic not
 * offered, before writing anything.
 */
export async function signUp(db: AppDatabase, input: SubscribeInput, now: Date): Promise<SignUpResult> {
  const parsed = subscribeInputSchema.safeParse(input);
  if (!parsed.success) refuse(firstProblem(parsed.error), 422);
  const address = parsed.data.address.toLowerCase();
  const keys = [...new Set(parsed.data.topicKeys)];
  const topics = await db
    .select({ id: subscriptionTopics.id, key: subscriptionTopics.key })
    .from(subscriptionTopics)
    .where(and(inArray(subscriptionTopics.key, keys), eq(subscriptionTopics.open, true)));
  if (topics.length !== keys.length) refuse("Choose from the topics offered on the page.", 422);
  const subscriberId = await subscriberFor(db, address, now);
  return db.transaction(async (tx) => {
    // An address that had left is pending again: its new topics wait for a new confirmation.
    await tx
      .update(subscribers)
      .set({ status: "pending", updatedAt: now })
      .where(and(eq(subscribers.id, subscriberId), eq(subscribers.status, "left")));
    await tx
      .insert(subscriberTopics)
      .values(topics.map((topic) => ({ subscriberId, topicId: topic.id, requestedAt: now })))
      .onConflictDoNothing();
    await tx.insert(subscriptionConsents).values({
      subscriberId,
      requestedAt: now,
      sourcePath: parsed.data.sourcePath,
      topicKeys: topics.map((topic) => topic.key),
      wording: CONSENT_WORDING,
    });
    return { mailId: await confirmationIfDue(tx, subscriberId, address, now) };
  });
}

/**
 * The address's row, made if new, in a statement of its own: a concurrent sign-up for the same
 * new address waits only for this insert. A row left without topics (the transaction after it
 * failed) is a pending address with nothing to confirm, never mailed.
 */
async function subscriberFor(db: AppDatabase, address: string, now: Date): Promise<number> {
  await db
    .insert(subscribers)
    .values({ address, status: "pending", createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.address, address));
  if (!row) refuse("This address was removed a moment ago. Send the form again.", 409);
  return row.id;
}

/**
 * Queues the confirmation when a topic waits for it and none was queued for this address in the
 * last 24 hours: one conditional update, so of any number of sign-ups one wins.
 */
async function confirmationIfDue(tx: Tx, subscriberId: number, address: string, now: Date) {
  const [waiting] = await tx
    .select({ topicId: subscriberTopics.topicId })
    .from(subscriberTopics)
    .where(and(eq(subscriberTopics.subscriberId, subscriberId), isNull(subscriberTopics.confirmedAt)))
    .limit(1);
  if (!waiting) return undefined;
  const claimed = await tx
    .update(subscribers)
    .set({ confirmationQueuedAt: now })
    .where(
      and(
        eq(subscribers.id, subscriberId),
        or(
          isNull(subscribers.confirmationQueuedAt),
          lt(subscribers.confirmationQueuedAt, new Date(now.getTime() - DAY_MS)),
        ),
      ),
    )
    .returning({ id: subscribers.id });
  if (claimed.length === 0) return undefined;
  return queueConfirmation(tx, address);
}
