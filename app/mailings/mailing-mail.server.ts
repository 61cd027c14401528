import { eq } from "drizzle-orm";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { mailingDeliveries, mailings } from "#app/db/mailing-schema.ts";
import { subscribers } from "#app/db/subscription-schema.ts";
import type { EmailMessage } from "#app/email/deliver-mail.server.ts";
import type { MailComposer } from "#app/email/mail-sender.server.ts";
import { manageUrl, unsubscribeUrl } from "#app/subscriptions/subscription-links.server.ts";
import { issueToken } from "#app/subscriptions/subscription-tokens.server.ts";
import { mailingIdSchema } from "./mailing-input.server.ts";
import { topicLabels } from "./mailing-records.server.ts";
import { renderMailing } from "./mailing-render.server.ts";

/** A mailing's message: both parts, and the list headers (RFC 2369, 2919, 8058). */
export type MailingMessage = EmailMessage & { html: string; headers: Record<string, string> };

/** "<icaro-prints.umbra.example>": which list a mailing came from, for mail clients' filters (RFC 2919). */
function listId(topicKeys: readonly string[]): string {
  const host = new URL(publicOrigin()).hostname;
  return `<${topicKeys.length === 1 ? topicKeys[0] : "studio"}.${host}>`;
}

/**
 * Composes one recipient's copy when it is sent: the mailing's words as they were sent, and the
 * recipient's own link to change topics or leave, with a fresh manage token whose hash alone is
 * stored; the same token is the one-click unsubscribe address (List-Unsubscribe-Post). Null (the
 * row is marked skipped) when the address was forgotten or has left since the mailing went out.
 */
export function mailingComposer(db: AppDatabase, now: () => Date = () => new Date()): MailComposer {
  return async (mail) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({ mailing: mailings, subscriber: subscribers })
        .from(mailingDeliveries)
        .innerJoin(mailings, eq(mailings.id, mailingDeliveries.mailingId))
        .leftJoin(subscribers, eq(subscribers.id, mailingDeliveries.subscriberId))
        .where(eq(mailingDeliveries.outgoingMailId, mail.id));
      const subscriber = row?.subscriber;
      if (!row || subscriber?.status !== "confirmed") return null;
      const token = await issueToken(tx, subscriber.id, "manage", now());
      const parts = renderMailing(row.mailing, await topicLabels(tx, row.mailing.topicKeys), manageUrl(token));
      const message: MailingMessage = {
        to: mail.toAddress,
        subject: mail.subject,
        ...parts,
        headers: {
          "List-Unsubscribe": `<${unsubscribeUrl(token)}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "List-Id": listId(row.mailing.topicKeys),
        },
        // A subscriber's address stays out of the logs, as a collector's does.
        privateRecipient: true,
      };
      return message;
    });
}

/** Composes the studio's test: the mailing as it reads now, its way-out link pointing at the subscribe page. */
export function mailingTestComposer(db: AppDatabase): MailComposer {
  return async (mail) => {
    const id = mailingIdSchema.safeParse(mail.body);
    if (!id.success) return null;
    const [mailing] = await db.select().from(mailings).where(eq(mailings.id, id.data));
    if (!mailing) return null;
    const parts = renderMailing(mailing, await topicLabels(db, mailing.topicKeys), `${publicOrigin()}/subscribe`);
    return { to: mail.toAddress, subject: mail.subject, ...parts };
  };
}
