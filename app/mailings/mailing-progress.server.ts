import { and, count, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { type Mailing, mailingDeliveries, mailings } from "#app/db/mailing-schema.ts";

/** Where a mailing's messages stand: on their way, sent, refused by the receiving server, failed otherwise. */
export interface MailingProgress {
  total: number;
  queued: number;
  sent: number;
  /** Refused for good by the receiving server (an SMTP 5xx): the address does not take mail. */
  bounced: number;
  /** Given up on for another reason, or interrupted; the outbox screen can retry them. */
  failed: number;
  /** Not sent because the address left or was forgotten after the mailing went out. */
  skipped: number;
}

// A permanent SMTP refusal, as the outbox keeps the last error ("550 5.1.1 User unknown").
const BOUNCE = sql`${outgoingMail.lastError} ~ '(^|[^0-9])5[0-9][0-9]([^0-9]|$)'`;

/**
 * The mailing's progress, from its messages in the outbox. Once every one has been tried, the
 * outcome is written on the mailing (the outbox prunes its rows) and it reads as sent.
 */
export async function mailingProgress(db: AppDatabase, mailing: Mailing): Promise<MailingProgress> {
  if (mailing.status === "sent") {
    const sent = mailing.sentCount ?? 0;
    const bounced = mailing.bouncedCount ?? 0;
    const failed = mailing.failedCount ?? 0;
    const total = mailing.recipientCount;
    return { total, queued: 0, sent, bounced, failed, skipped: Math.max(0, total - sent - bounced - failed) };
  }
  const progress: MailingProgress = { total: 0, queued: 0, sent: 0, bounced: 0, failed: 0, skipped: 0 };
  if (mailing.status !== "sending") return progress;
  const rows = await db
    .select({ status: outgoingMail.status, bounced: sql<boolean>`coalesce(${BOUNCE}, false)`, n: count() })
    .from(mailingDeliveries)
    .innerJoin(outgoingMail, eq(outgoingMail.id, mailingDeliveries.outgoingMailId))
    .where(eq(mailingDeliveries.mailingId, mailing.id))
    .groupBy(outgoingMail.status, sql`2`);
  for (const row of rows) {
    const n = Number(row.n);
    progress.total += n;
    if (row.status === "queued" || row.status === "sending") progress.queued += n;
    else if (row.status === "sent") progress.sent += n;
    else if (row.status === "skipped") progress.skipped += n;
    else if (row.bounced) progress.bounced += n;
    else progress.failed += n;
  }
  if (progress.queued === 0 && progress.total > 0) {
    await db
      .update(mailings)
      .set({
        status: "sent",
        sentCount: progress.sent,
        bouncedCount: progress.bounced,
        failedCount: progress.failed,
        updatedAt: new Date(),
      })
      .where(and(eq(mailings.id, mailing.id), eq(mailings.status, "sending")));
  }
  return progress;
}
