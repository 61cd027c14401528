import type { Env } from "#app/config/env.server.ts";
import type { MailSettings } from "./deliver-mail.server.ts";
import { loadDkimSigning } from "./dkim-key.server.ts";
import type { KindRule } from "./mail-sender.server.ts";
import type { MailKind } from "./outgoing-mail.server.ts";

/**
 * The per-kind rules of the process's sender: a mailing's copies are bulk (paced, on the pooled
 * connection) and go at most once (issue 41: a restart mid-send sends no one the mailing twice).
 */
export const MAIL_KIND_RULES: Partial<Record<MailKind, KindRule>> = {
  mailing: { paced: true, atMostOnce: true },
};

/**
 * Where and how the process's mail goes, from the configuration: SMTP_URL (or the outbox),
 * EMAIL_FROM, and the DKIM key when DKIM_DOMAIN and DKIM_SELECTOR are set (read once, here;
 * throws DkimKeyError naming the file when it is missing or unusable).
 */
export function mailDelivery(env: Env, logger: MailSettings["logger"]): MailSettings {
  const dkim =
    env.DKIM_DOMAIN && env.DKIM_SELECTOR
      ? loadDkimSigning(env.DATA_DIR, env.DKIM_DOMAIN, env.DKIM_SELECTOR)
      : undefined;
  return { smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM, dataDir: env.DATA_DIR, logger, ...(dkim ? { dkim } : {}) };
}
