import { and, asc, eq, sql } from "drizzle-orm";
import { type SubscriptionTopic, subscriptionTopics } from "#app/db/subscription-schema.ts";
import { type OpenTopicInput, openTopicInputSchema } from "./subscription-input.server.ts";
import { refuse } from "./subscription-refusal.ts";
import type { Writer } from "./subscription-tokens.server.ts";

/** The NOTIFY channel a topic opened or closed is announced on, so every process's offer follows. */
export const TOPICS_CHANNEL = "subscription_topics_changed";

/** A topic's key from its kind and target: `work-the-source-of-novelty`, `series-icaro`. */
export function topicKeyFor(kind: "series" | "work", target: string): string {
  const words = target
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
  if (!words) refuse("A topic needs a series name or work slug with letters or digits.", 422);
  return `${kind}-${words}`;
}

export async function allTopics(db: Writer): Promise<SubscriptionTopic[]> {
  return db.select().from(subscriptionTopics).orderBy(asc(subscriptionTopics.id));
}

/**
 * Opens a series' or a work's topic: created the first time, opened again (with the new label)
 * after a close. Its subscribers, if it had any, are kept throughout.
 */
export async function openTopic(db: Writer, input: OpenTopicInput): Promise<SubscriptionTopic> {
  const parsed = openTopicInputSchema.safeParse(input);
  if (!parsed.success) refuse(parsed.error.issues[0]?.message ?? "The topic could not be read.", 422);
  const { kind, target, label } = parsed.data;
  const key = topicKeyFor(kind, target);
  const [topic] = await db
    .insert(subscriptionTopics)
    .values({ key, label, kind, target })
    .onConflictDoUpdate({ target: subscriptionTopics.key, set: { open: true, label } })
    .returning();
  if (!topic) throw new Error("the topic was not written");
  await db.execute(sql`select pg_notify(${TOPICS_CHANNEL}, ${key})`);
  return topic;
}

/** Stops offering a topic to visitors; its subscribers stay (a standing topic may be closed too). */
export function closeTopic(db: Writer, key: string): Promise<SubscriptionTopic> {
  return setTopicOpen(db, key, false);
}

/** Offers a closed topic again, as it was (a standing one too, which openTopic cannot name). */
export function reopenTopic(db: Writer, key: string): Promise<SubscriptionTopic> {
  return setTopicOpen(db, key, true);
}

async function setTopicOpen(db: Writer, key: string, open: boolean): Promise<SubscriptionTopic> {
  const [topic] = await db
    .update(subscriptionTopics)
    .set({ open })
    .where(and(eq(subscriptionTopics.key, key)))
    .returning();
  if (!topic) refuse("There is no topic by that key.", 404);
  await db.execute(sql`select pg_notify(${TOPICS_CHANNEL}, ${key})`);
  return topic;
}
