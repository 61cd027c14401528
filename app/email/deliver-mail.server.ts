import nodemailer from "nodemailer";
import { plainHeaderText } from "./header-text.ts";
import { writeOutboxFile } from "./outbox-files.server.ts";

/** A file sent with a message (a certificate's PDF and its signed file). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** The recipient is a collector, whose address stays out of the logs (the outbox file still has it). */
  privateRecipient?: boolean;
};

/** Where and how mail goes: from the configuration (server/services.ts), or a test's own. */
export interface MailSettings {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: { info: (fields: object, message: string) => void };
  /** SMTP time limits in ms; short, so a mail server that stops answering holds a send for seconds only. */
  timeouts?: Partial<SmtpTimeouts>;
}

export interface SmtpTimeouts {
  /** To open the TCP (or TLS) connection. */
  connection: number;
  /** From connecting to the server's greeting. */
  greeting: number;
  /** Silence on an open connection, at any step. */
  socket: number;
}

export const SMTP_TIMEOUTS: SmtpTimeouts = { connection: 5_000, greeting: 5_000, socket: 10_000 };

/**
 * Sends one message now: over SMTP when `smtpUrl` is set (nodemailer, one connection per
 * message, short time limits), otherwise to the outbox under DATA_DIR (`name` names the file)
 * and logged, so password reset works on a laptop with no mail server. Throws when it could
 * not; the caller (the mail sender) decides when to try again.
 */
export async function deliverMail(queued: EmailMessage, settings: MailSettings, name: string): Promise<void> {
  const { smtpUrl, from } = settings;
  // The last lock: whatever composed the subject, it reaches the header as one plain line.
  const { privateRecipient, ...rest } = queued;
  const message = { ...rest, subject: plainHeaderText(queued.subject) };
  if (smtpUrl) {
    const timeouts = { ...SMTP_TIMEOUTS, ...settings.timeouts };
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeouts.connection,
      greetingTimeout: timeouts.greeting,
      socketTimeout: timeouts.socket,
      dnsTimeout: timeouts.connection,
    });
    try {
      await transport.sendMail({ from, ...message });
    } finally {
      transport.close();
    }
    return;
  }
  // In the outbox file an attachment is its name, type and bytes in base64, as a mail carries it.
  const attachments = message.attachments?.map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    contentBase64: attachment.content.toString("base64"),
  }));
  const file = await writeOutboxFile(settings.dataDir, name, {
    from,
    ...message,
    ...(attachments ? { attachments } : {}),
    sentAt: new Date().toISOString(),
  });
  const to = privateRecipient ? "a collector" : message.to;
  settings.logger.info(
    { to, subject: message.subject, file },
    `No SMTP_URL: wrote "${message.subject}" for ${to} to ${file}`,
  );
}
