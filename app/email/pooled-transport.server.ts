import nodemailer, { type Transporter } from "nodemailer";
import { type MailSettings, smtpTransportOptions } from "./deliver-mail.server.ts";

/** Messages on one connection before nodemailer opens the next (many providers allow about 100). */
const MESSAGES_PER_CONNECTION = 100;
/** An idle connection is closed (politely, with QUIT) before the server's or the socket's limit ends it. */
const IDLE_CLOSE_MS = 5_000;

/**
 * The sender's one pooled SMTP connection for bulk mail: opened at the first message, reused for
 * the next ones (a new TCP and TLS handshake per message would cost the mail server and us more
 * than the message), with the same short time limits as a single send. Nothing when no SMTP
 * server is configured (the outbox files are written instead).
 */
export class PooledSmtp {
  private transport: Transporter | undefined;

  constructor(private readonly settings: MailSettings) {}

  /** The pooled transport, opened on first use; undefined without SMTP_URL. */
  get(): Transporter | undefined {
    const { smtpUrl } = this.settings;
    if (!smtpUrl) return undefined;
    this.transport ??= nodemailer.createTransport({
      ...smtpTransportOptions({ ...this.settings, smtpUrl }),
      pool: true,
      maxConnections: 1,
      maxMessages: MESSAGES_PER_CONNECTION,
      idleTimeout: IDLE_CLOSE_MS,
    });
    return this.transport;
  }

  /** Closes the connection (at shutdown, or after a failure, so the next message starts afresh). */
  close(): void {
    this.transport?.close();
    this.transport = undefined;
  }
}
