import { AsyncLocalStorage } from "node:async_hooks";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import { siteSettings } from "#app/content/site-settings.server.ts";
import type { EmailMessage } from "#app/email/deliver-mail.server.ts";
import { plainHeaderText } from "#app/email/header-text.ts";

export const RESET_LINK_MINUTES = 30;

/** The subject, known when the request is queued (the studio's mail list shows it). */
export function resetMailSubject(): string {
  return plainHeaderText(`Reset your ${siteSettings().brand} admin password`);
}

/** The reset mail for a fresh token. The link's origin is configuration, never a request's Host. */
export function resetPasswordMail(to: string, token: string): EmailMessage {
  const link = `${publicOrigin()}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: resetMailSubject(),
    text: [
      "Someone asked to reset the password of this admin account.",
      `To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes (it works once):`,
      "",
      link,
      "",
      "If this was not you, ignore this message; your password has not changed.",
    ].join("\n"),
  };
}

type Slot = { message?: EmailMessage };
const composing = new AsyncLocalStorage<Slot>();

/**
 * better-auth's sendResetPassword hook: it hands the composed mail to the mail sender that
 * asked for it (composeResetMail), which sends it itself. The token lives only in this message
 * and, hashed, in the database: it is never written to the outgoing mail table.
 */
export function handOverResetMail(to: string, token: string): void {
  const slot = composing.getStore();
  if (!slot) throw new Error("a reset mail is only made by the mail sender (see password-reset-request.server.ts)");
  slot.message = resetPasswordMail(to, token);
}

/** Runs better-auth's reset request and returns the mail it made, or null when no account uses the address. */
export async function composeResetMail(request: () => Promise<unknown>): Promise<EmailMessage | null> {
  const slot: Slot = {};
  await composing.run(slot, request);
  return slot.message ?? null;
}
