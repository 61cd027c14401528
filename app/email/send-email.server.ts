import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

export type EmailMessage = { to: string; subject: string; text: string };

/** Where messages go when no SMTP server is configured: one JSON file per message. */
export function outboxDir(dataDir = process.env.DATA_DIR || "./data"): string {
  return path.resolve(dataDir, "outbox");
}

let transport: Transporter | undefined;

/**
 * Sends through SMTP when `SMTP_URL` is set (nodemailer); otherwise writes the message to the
 * outbox under DATA_DIR and logs where, so password reset works on a laptop with no mail server.
 */
export async function sendEmail(message: EmailMessage): Promise<void> {
  const smtpUrl = process.env.SMTP_URL;
  const from = process.env.EMAIL_FROM || "Umbra <no-reply@umbra.local>";
  if (smtpUrl) {
    transport ??= nodemailer.createTransport(smtpUrl);
    await transport.sendMail({ from, ...message });
    return;
  }
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.json`;
  const file = path.join(dir, name);
  await fs.writeFile(file, JSON.stringify({ from, ...message, sentAt: new Date().toISOString() }, null, 2));
  console.log(`[email] No SMTP_URL; wrote "${message.subject}" for ${message.to} to ${file}`);
}
