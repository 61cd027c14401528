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
import { type MailingTemplate, mailingTemplate, renderMailing } from "./mailing-render.server.ts";

/** A mailing's message: both parts, and the list headers (RFC 2369, 2919, 8058). */
export type MailingMessage = EmailMessage & { html: string; headers: Record<string, string> };

/** "<icaro-prints.umbra.example>": which list a mailing came from, for mail clients' filters (RFC 2919). */
function listId(topicKeys: readonly string[]): string {
  const host = new URL(publicOrigin()).hostname;
  return `<${topicKeys.length === 1 ? topicKeys[0] : "studio"}.${host}>`;
}

/** Mailings whose templates are kept: one is sent at a time, the rest are a schedule's overlap. */
const KEPT_TEMPLATES = 4;

/**
 * Composes one recipient's copy when it is sent: the mailing's words as they were sent, and the
 * recipient's own link to change topics or leave, with a fresh manage token whose hash alone is
 * stored; the same token is the one-click unsubscribe address (List-Unsubscribe-Post). Null (the
 * row is marked skipped) when the address was forgotten or has left since the mailing went out.
 * A mailing's words no longer change once it is sending, so its template is made once for all
 * its copies (keyed by when it started sending, should a test's database be reset).
 */
export function mailingComposer(db: AppDatabase, now: () => Date = () => new Date()): MailComposer {
  const templates = new Map<number, { sendingAt: number; template: MailingTemplate; topicKeys: string[] }>();
  async function templateOf(tx: AppDatabase, mailingId: number, sendingAt: Date | null) {
    const key = sendingAt?.getTime() ?? 0;
    const kept = templates.get(mailingId);
    if (kept?.sendingAt === key) return kept;
    const [mailing] = await tx.select().from(mailings).where(eq(mailings.id, mailingId));
    if (!mailing) return undefined;
    const made = {
      sendingAt: key,
      template: mailingTemplate(mailing, await topicLabels(tx, mailing.topicKeys)),
      topicKeys: mailing.topicKeys,
    };
    templates.delete(mailingId);
    templates.set(mailingId, made);
    for (const oldest of templates.keys()) {
      if (templates.size <= KEPT_TEMPLATES) break;
      templates.delete(oldest);
    }
    return made;
  }
  return async (mail) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          mailingId: mailingDeliveries.mailingId,
          sendingAt: mailings.sendingAt,
          subscriberId: subscribers.id,
          status: subscribers.status,
        })
        .from(mailingDeliveries)
        .innerJoin(mailings, eq(mailings.id, mailingDeliveries.mailingId))
        .leftJoin(subscribers, eq(subscribers.id, mailingDeliveries.subscriberId))
        .where(eq(mailingDeliveries.outgoingMailId, mail.id));
      if (row?.status !== "confirmed" || row.subscriberId === null) return null;
      const made = await templateOf(tx, row.mailingId, row.sendingAt);
      if (!made) return null;
      const token = await issueToken(tx, row.subscriberId, "manage", now());
      const message: MailingMessage = {
        to: mail.toAddress,
        subject: mail.subject,
        ...made.template.forReader(manageUrl(token)),
        headers: {
          "List-Unsubscribe": `<${unsubscribeUrl(token)}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "List-Id": listId(made.topicKeys),
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
