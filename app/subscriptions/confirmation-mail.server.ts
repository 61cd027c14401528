import { and, eq, isNull, sql } from "drizzle-orm";
import { siteSettings } from "#app/content/site-settings.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { subscribers, subscriberTopics, subscriptionTopics } from "#app/db/subscription-schema.ts";
import type { EmailMessage } from "#app/email/deliver-mail.server.ts";
import { plainHeaderText } from "#app/email/header-text.ts";
import type { MailComposer } from "#app/email/mail-sender.server.ts";
import { enqueueMail, type MailKind } from "#app/email/outgoing-mail.server.ts";
import { confirmUrl } from "./subscription-links.server.ts";
import { issueToken, TOKEN_LIFETIME_MS, type Writer } from "./subscription-tokens.server.ts";

/**
 * The outbox kind of a confirmation mail: composed when sent, with a fresh confirm token whose
 * hash alone is stored (as a password reset's link), so the raw token never lands in the
 * database or a log. The row holds the address and subject only.
 */
export const CONFIRMATION_KIND = "subscription-confirm" satisfies MailKind;

export function confirmationSubject(): string {
  return plainHeaderText(`Confirm your subscription to ${siteSettings().brand}`);
}

/** Queues one confirmation mail in the caller's transaction; its body stays empty (composed when sent). */
export function queueConfirmation(db: Writer, address: string): Promise<number> {
  return enqueueMail(db, { kind: CONFIRMATION_KIND, to: address, subject: confirmationSubject() });
}

/** The confirmation mail's words for a fresh link and the topics waiting for it. */
export function confirmationMessage(to: string, token: string, topicLabels: readonly string[]): EmailMessage {
  const days = Math.round(TOKEN_LIFETIME_MS.confirm / (24 * 60 * 60_000));
  return {
    to,
    subject: confirmationSubject(),
    text: [
      `Someone, hopefully you, asked to hear from ${siteSettings().brand} about:`,
      "",
      ...topicLabels.map((label) => `- ${label}`),
      "",
      `To confirm, open this link within ${days} days (it works once):`,
      "",
      confirmUrl(token),
      "",
      "If this was not you, ignore this message: nothing more will be sent to this address.",
    ].join("\n"),
    // A subscriber's address stays out of the logs, as a collector's does. A confirmation is
    // not a mailing: no List-Unsubscribe, and plain text only.
    privateRecipient: true,
  };
}

/**
 * Composes a queued confirmation at send time: the address's topics still waiting for
 * confirmation, and a fresh confirm token. Null (the row is marked skipped) when the address
 * was forgotten or has nothing left to confirm.
 */
export function confirmationComposer(db: AppDatabase, now: () => Date = () => new Date()): MailComposer {
  return async (mail) => {
    const address = mail.toAddress.toLowerCase();
    return db.transaction(async (tx) => {
      const [subscriber] = await tx.select().from(subscribers).where(eq(subscribers.address, address));
      if (!subscriber) return null;
      const waiting = await tx
        .select({ label: subscriptionTopics.label })
        .from(subscriberTopics)
        .innerJoin(subscriptionTopics, eq(subscriptionTopics.id, subscriberTopics.topicId))
        .where(and(eq(subscriberTopics.subscriberId, subscriber.id), isNull(subscriberTopics.confirmedAt)))
        .orderBy(sql`${subscriptionTopics.id}`);
      if (waiting.length === 0) return null;
      const token = await issueToken(tx, subscriber.id, "confirm", now());
      return confirmationMessage(
        mail.toAddress,
        token,
        waiting.map((row) => row.label),
      );
    });
  };
}
