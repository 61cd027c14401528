import crypto from "node:crypto";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { type Mailing, mailings } from "#app/db/mailing-schema.ts";
import { subscriptionTopics } from "#app/db/subscription-schema.ts";
import { type MailingDraft, mailingDraftSchema } from "./mailing-input.server.ts";
import { refuseMailing } from "./mailing-refusal.ts";

/** "Icaro prints are back" -> "icaro-prints-are-back-k3f9q2mz": readable, and not to be guessed before it is out. */
export function webSlugFor(subject: string): string {
  const words = subject
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  const tail = crypto
    .randomBytes(6)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x");
  return words ? `${words}-${tail}` : `mailing-${tail}`;
}

/** The draft, checked: every topic must exist (a mailing to a topic nobody can hold is refused). */
export async function checkedDraft(db: AppDatabase, input: unknown): Promise<MailingDraft> {
  const parsed = mailingDraftSchema.safeParse(input);
  if (!parsed.success) refuseMailing(parsed.error.issues[0]?.message ?? "The mailing could not be read.", 422);
  const draft = parsed.data;
  if (draft.topicKeys.length > 0) {
    const known = await db
      .select({ key: subscriptionTopics.key })
      .from(subscriptionTopics)
      .where(inArray(subscriptionTopics.key, draft.topicKeys));
    const missing = draft.topicKeys.filter((key) => !known.some((topic) => topic.key === key));
    if (missing.length > 0) refuseMailing(`There is no topic "${missing[0]}". Reload the page.`, 422);
  }
  return draft;
}

/** A new draft; its id. */
export async function createMailing(db: AppDatabase, input: unknown, notifyTopicKey?: string): Promise<number> {
  const draft = await checkedDraft(db, input);
  const [row] = await db
    .insert(mailings)
    .values({ ...draft, webSlug: webSlugFor(draft.subject), notifyTopicKey })
    .returning({ id: mailings.id });
  if (!row) throw new Error("the mailing was not written");
  return row.id;
}

/** The mailing, or a 404. */
export async function mailingById(db: AppDatabase, id: number): Promise<Mailing> {
  const [row] = await db.select().from(mailings).where(eq(mailings.id, id));
  if (!row) refuseMailing("There is no such mailing. It may have been deleted.", 404);
  return row;
}

/** Saves a draft's words; a mailing already sending is refused (what went out stays what it was). */
export async function saveMailing(db: AppDatabase, id: number, input: unknown): Promise<void> {
  const draft = await checkedDraft(db, input);
  const changed = await db
    .update(mailings)
    .set({ ...draft, updatedAt: sql`now()` })
    .where(sql`${mailings.id} = ${id} and ${mailings.status} in ('draft', 'scheduled')`)
    .returning({ id: mailings.id });
  if (changed.length === 0) await refuseUnlessEditable(db, id);
}

/** Deletes a draft or a scheduled mailing; one that went out stays on record. */
export async function deleteMailing(db: AppDatabase, id: number): Promise<void> {
  const removed = await db
    .delete(mailings)
    .where(sql`${mailings.id} = ${id} and ${mailings.status} in ('draft', 'scheduled')`)
    .returning({ id: mailings.id });
  if (removed.length === 0) await refuseUnlessEditable(db, id);
}

/** Why a change found no row: no such mailing (404), or it is on its way already (409). */
async function refuseUnlessEditable(db: AppDatabase, id: number): Promise<never> {
  const mailing = await mailingById(db, id);
  refuseMailing(`This mailing is ${mailing.status === "sent" ? "sent" : "being sent"}: it can no longer change.`, 409);
}

/** Every mailing, newest first, for the studio's list. */
export function listMailings(db: AppDatabase): Promise<Mailing[]> {
  return db.select().from(mailings).orderBy(desc(mailings.createdAt), desc(mailings.id)).limit(500);
}

/** A mailing's web version: only once it has gone out. */
export async function publishedMailing(db: AppDatabase, webSlug: string): Promise<Mailing | undefined> {
  const [row] = await db
    .select()
    .from(mailings)
    .where(sql`${mailings.webSlug} = ${webSlug} and ${mailings.status} in ('sending', 'sent')`);
  return row;
}

/** The labels of topic keys, in the order given ("Icaro prints"); an unknown key is left out. */
export async function topicLabels(db: AppDatabase, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: subscriptionTopics.key, label: subscriptionTopics.label })
    .from(subscriptionTopics)
    .where(inArray(subscriptionTopics.key, [...keys]));
  return keys.flatMap((key) => rows.find((row) => row.key === key)?.label ?? []);
}
