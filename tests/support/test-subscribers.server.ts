import { eq } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import type { ClaimedMail } from "#app/email/outgoing-mail.server.ts";
import { confirmationComposer } from "#app/subscriptions/confirmation-mail.server.ts";
import type { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";

/**
 * A visitor's sign-up through the service, confirmed as its mail's link would be: the queued
 * confirmation is composed as the mail sender would (a fresh token whose hash alone is stored)
 * and its link opened. `confirm: false` leaves it waiting for confirmation.
 */
export async function subscribeThroughService(
  service: SubscriptionService,
  db: AppDatabase,
  address: string,
  topicKeys: string[],
  options: { confirm?: boolean; sourcePath?: string } = {},
): Promise<void> {
  const { mailId } = await service.subscribe({ address, topicKeys, sourcePath: options.sourcePath ?? "/prices" });
  if (options.confirm === false) return;
  const [row] = await db
    .select()
    .from(outgoingMail)
    .where(eq(outgoingMail.id, mailId as number));
  if (!row) throw new Error(`no confirmation mail queued for ${address}`);
  const message = await confirmationComposer(db)({ ...row, claimId: "test" } as ClaimedMail);
  const token = /\/subscribe\/confirm\/([A-Za-z0-9_-]+)/.exec(message?.text ?? "")?.[1];
  if (!token) throw new Error(`no confirmation link in ${message?.text}`);
  const confirmed = await service.confirm(token);
  if (!confirmed.ok) throw new Error(`the confirmation link did not work: ${confirmed.reason}`);
}
