import type { Database } from "#app/db/database.server.ts";
import type { MailComposer } from "#app/email/mail-sender.server.ts";
import { enqueueMail, type MailWriter } from "#app/email/outgoing-mail.server.ts";
import { getAuth } from "./auth.server.ts";
import { composeResetMail, resetMailSubject } from "./reset-password-mail.server.ts";

/**
 * A visitor asked for a reset link: one row in the outgoing mail, the same write whether or not
 * an account uses the address, and no lookup, so the answer takes the same time and says nothing
 * about accounts (decision 028). The mail sender does the rest.
 */
export async function requestPasswordReset(db: MailWriter, email: string): Promise<void> {
  await enqueueMail(db, { kind: "password-reset", to: email, subject: resetMailSubject() });
}

/**
 * Composes a queued reset at send time: better-auth finds the account, makes a token (stored
 * hashed) and its hook hands the mail over; null when no account uses the address. A failed
 * send leaves an unused token that expires; the next attempt makes a new one.
 */
export function passwordResetComposer(database: Database): MailComposer {
  return (mail) =>
    composeResetMail(() => getAuth(database).api.requestPasswordReset({ body: { email: mail.toAddress } }));
}
