import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { DkimSigning } from "./dkim-key.server.ts";
import { plainHeaderText } from "./header-text.ts";
import { checkedListHeaders, type ListHeaders } from "./list-headers.ts";
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
  /** Always sent: the whole message for a reader without HTML, and the part filters read. */
  text: string;
  /** The same message as HTML, beside the text (multipart/alternative). */
  html?: string;
  /** Mailing-list headers only (list-headers.ts); any other is refused. */
  headers?: ListHeaders;
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
  /** Signs every message sent over SMTP (DKIM_DOMAIN, DKIM_SELECTOR and the key in DATA_DIR). */
  dkim?: DkimSigning;
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

// What the signature covers: nodemailer's list (From, To, Subject, Date, Message-ID, the MIME
// headers, List-Id, List-Unsubscribe...) and List-Unsubscribe-Post, without which a receiver does
// not offer one-click unsubscribe (RFC 8058), and Precedence.
const DKIM_SIGNED_HEADERS = [
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding",
  "Content-ID:Content-Description:In-Reply-To:References",
  "List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive",
  "Precedence",
].join(":");

/** The SMTP transport's options: the server, the short time limits, and DKIM when configured. */
export function smtpTransportOptions(settings: MailSettings & { smtpUrl: string }): SMTPTransport.Options {
  const timeouts = { ...SMTP_TIMEOUTS, ...settings.timeouts };
  return {
    url: settings.smtpUrl,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
    dnsTimeout: timeouts.connection,
    ...(settings.dkim ? { dkim: { ...settings.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
  } as SMTPTransport.Options;
}

/**
 * Sends one message now: over SMTP when `smtpUrl` is set (nodemailer; on `pooled`, the sender's
 * one reused connection for bulk mail, else a connection of its own; short time limits; DKIM
 * signed when configured), otherwise to the outbox under DATA_DIR (`name` names the file) and
 * logged, so password reset works on a laptop with no mail server. Throws when it could not
 * (a MailHeaderError, before anything is sent, for a header not allowed); the caller (the mail
 * sender) decides when to try again.
 */
export async function deliverMail(
  queued: EmailMessage,
  settings: MailSettings,
  name: string,
  pooled?: Transporter,
): Promise<void> {
  const { smtpUrl, from } = settings;
  // The last locks: whatever composed the subject, it reaches the header as one plain line, and
  // only the list headers pass, unchanged, or the message is refused.
  const { privateRecipient, headers, ...rest } = queued;
  const message = {
    ...rest,
    subject: plainHeaderText(queued.subject),
    ...(headers ? { headers: checkedListHeaders(headers) } : {}),
  };
  if (smtpUrl) {
    if (pooled) {
      await pooled.sendMail({ from, ...message });
      return;
    }
    const transport = nodemailer.createTransport(smtpTransportOptions({ ...settings, smtpUrl }));
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
