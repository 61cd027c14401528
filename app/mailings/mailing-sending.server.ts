import { count, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { mailingDeliveries, mailings } from "#app/db/mailing-schema.ts";
import { plainHeaderText } from "#app/email/header-text.ts";
import { enqueueMail, type MailKind } from "#app/email/outgoing-mail.server.ts";
import { scheduleSchema } from "./mailing-input.server.ts";
import { mailingById } from "./mailing-records.server.ts";
import { refuseMailing } from "./mailing-refusal.ts";

/** The outbox kinds: one recipient's copy (composed when sent, app/mailings/mailing-mail.server.ts), and the studio's test. */
export const MAILING_KIND = "mailing" satisfies MailKind;
export const MAILING_TEST_KIND = "mailing-test" satisfies MailKind;

/**
 * Sends a mailing: in one transaction, one outbox message per confirmed subscriber of its topics
 * (each once, however many of the topics they hold) and the mailing marked sending. Its words
 * no longer change after this. A mailing already on its way is refused (409): two presses, two
 * processes or a schedule and a press cannot send it twice. Returns how many it goes to.
 */
export async function sendMailing(db: AppDatabase, id: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [mailing] = await tx.select().from(mailings).where(eq(mailings.id, id)).for("update");
    if (!mailing) refuseMailing("There is no such mailing. It may have been deleted.", 404);
    if (mailing.status === "sending" || mailing.status === "sent") {
      refuseMailing("This mailing has gone out already: it is sent once.", 409);
    }
    if (mailing.topicKeys.length === 0) refuseMailing("Choose at least one topic to send it to.", 422);
    if (mailing.body.trim() === "") refuseMailing("Write the mailing before sending it.", 422);
    const keys = sql.join(
      mailing.topicKeys.map((key) => sql`${key}`),
      sql`, `,
    );
    // The outbox rows carry the address and subject only: each is composed when it is sent, with
    // the recipient's own unsubscribe link, whose token is stored hashed (issue 41). Each copy's
    // outbox id is drawn first, so the deliveries are written from the same rows: matching the
    // inserted copies back by address made the planner loop 10,000 x 10,000 (8 to 20 s on a
    // busy machine, past the 10 s query limit).
    await tx.execute(sql`
      with recipients as materialized (
        select subscriber_id, address, nextval(pg_get_serial_sequence('outgoing_mail', 'id')) as mail_id
        from (
          select distinct subscribers.id as subscriber_id, subscribers.address
          from subscribers
          join subscriber_topics on subscriber_topics.subscriber_id = subscribers.id
            and subscriber_topics.confirmed_at is not null
          join subscription_topics on subscription_topics.id = subscriber_topics.topic_id
          where subscribers.status = 'confirmed' and subscription_topics.key in (${keys})
          order by subscribers.id
        ) as chosen
      ),
      queued as (
        insert into outgoing_mail (id, kind, to_address, subject)
        select mail_id, ${MAILING_KIND}, address, ${plainHeaderText(mailing.subject)}
        from recipients
      )
      insert into mailing_deliveries (mailing_id, subscriber_id, outgoing_mail_id)
      select ${id}, subscriber_id, mail_id from recipients`);
    const [counted] = await tx
      .select({ recipients: count() })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.mailingId, id));
    const recipients = counted?.recipients ?? 0;
    if (recipients === 0) {
      refuseMailing("No confirmed subscriber holds these topics yet: nothing was sent.", 409);
    }
    await tx
      .update(mailings)
      .set({ status: "sending", sendingAt: now, scheduledFor: null, recipientCount: recipients, updatedAt: now })
      .where(eq(mailings.id, id));
    return recipients;
  });
}

/** Sets a draft to go by itself at `when` (the scheduler on any process sends it then). */
export async function scheduleMailing(db: AppDatabase, id: number, when: unknown, now: Date): Promise<void> {
  const parsed = scheduleSchema(now).safeParse(when);
  if (!parsed.success) refuseMailing(parsed.error.issues[0]?.message ?? "Give the date and time to send it.", 422);
  const mailing = await mailingById(db, id);
  if (mailing.topicKeys.length === 0) refuseMailing("Choose at least one topic to send it to.", 422);
  const changed = await db
    .update(mailings)
    .set({ status: "scheduled", scheduledFor: parsed.data, updatedAt: now })
    .where(sql`${mailings.id} = ${id} and ${mailings.status} in ('draft', 'scheduled')`)
    .returning({ id: mailings.id });
  if (changed.length === 0) refuseMailing("This mailing has gone out already: it is sent once.", 409);
}

/** Takes a scheduled mailing back to a draft. */
export async function unscheduleMailing(db: AppDatabase, id: number, now: Date): Promise<void> {
  const changed = await db
    .update(mailings)
    .set({ status: "draft", scheduledFor: null, updatedAt: now })
    .where(sql`${mailings.id} = ${id} and ${mailings.status} = 'scheduled'`)
    .returning({ id: mailings.id });
  if (changed.length === 0) {
    const mailing = await mailingById(db, id);
    refuseMailing(`This mailing is ${mailing.status === "draft" ? "not scheduled" : "on its way already"}.`, 409);
  }
}

/** Queues the mailing, as its readers will get it, to the studio's own address; the text may still change. */
export async function sendTestMailing(db: AppDatabase, id: number, to: string, now: Date): Promise<void> {
  const mailing = await mailingById(db, id);
  if (mailing.body.trim() === "") refuseMailing("Write the mailing before sending a test.", 422);
  await db.transaction(async (tx) => {
    // The test is composed when sent, from the words as they are then.
    await enqueueMail(tx, {
      kind: MAILING_TEST_KIND,
      to,
      subject: plainHeaderText(`[Test] ${mailing.subject}`),
      mailingId: id,
    });
    await tx.update(mailings).set({ testSentAt: now }).where(eq(mailings.id, id));
  });
}

/** The mailings due now (scheduled at or before `now`), for the scheduler. */
export async function dueMailings(db: AppDatabase, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: mailings.id })
    .from(mailings)
    .where(sql`${mailings.status} = 'scheduled' and ${mailings.scheduledFor} <= ${now}`);
  return rows.map((row) => row.id);
}
