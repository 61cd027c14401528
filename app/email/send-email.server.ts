import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "#app/config/env.server.ts";
import { getLogger } from "#app/observability/logger.server.ts";

export type EmailMessage = { to: string; subject: string; text: string };

/** Where and how mail goes; from the configuration unless a test passes its own. */
export interface MailSettings {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: { info: (fields: object, message: string) => void };
}

function settingsFromEnv(): MailSettings {
  const env = getEnv();
  return { smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM, dataDir: env.DATA_DIR, logger: getLogger() };
}

/** Where messages go when no SMTP server is configured: one JSON file per message. */
export function outboxDir(dataDir: string): string {
  return path.resolve(dataDir, "outbox");
}

let transport: Transporter | undefined;

/**
 * Sends through SMTP when `SMTP_URL` is set (nodemailer); otherwise writes the message to the
 * outbox under DATA_DIR and logs where, so password reset works on a laptop with no mail server.
 */
export async function sendEmail(message: EmailMessage, settings: MailSettings = settingsFromEnv()): Promise<void> {
  const { smtpUrl, from } = settings;
  if (smtpUrl) {
    transport ??= nodemailer.createTransport(smtpUrl);
    await transport.sendMail({ from, ...message });
    return;
  }
  const dir = outboxDir(settings.dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.json`;
  const file = path.join(dir, name);
  await fs.writeFile(file, JSON.stringify({ from, ...message, sentAt: new Date().toISOString() }, null, 2));
  settings.logger.info(
    { to: message.to, subject: message.subject, file },
    `No SMTP_URL: wrote "${message.subject}" for ${message.to} to ${file}`,
  );
}
