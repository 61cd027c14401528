import type { Database, Unlisten } from "#app/db/database.server.ts";
import { deliverMail, type EmailMessage, type MailSettings } from "./deliver-mail.server.ts";
import { outboxFileName, pruneOutboxFiles } from "./outbox-files.server.ts";
import {
  type ClaimedMail,
  claimNextMail,
  MAIL_QUEUED_CHANNEL,
  type MailKind,
  markAttemptFailed,
  markSent,
  markSkipped,
  msUntilNextDue,
  pruneMail,
  releaseClaim,
} from "./outgoing-mail.server.ts";
import { isPermanentRefusal, RETRY_POLICY, type RetryPolicy, retryDelayMs } from "./retry-policy.ts";

/** Sent (and skipped) mail and outbox files are deleted after this many days; failed mail after FAILED_MAIL_KEEP_DAYS. */
export const SENT_MAIL_KEEP_DAYS = 7;
export const FAILED_MAIL_KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** Makes a kind's message at send time; null when there is nothing to send (the reason is kept). */
export type MailComposer = (mail: ClaimedMail) => Promise<EmailMessage | null>;

type MailLogger = Record<"info" | "warn" | "error", (fields: object, message: string) => void>;

export interface MailSenderOptions {
  delivery: MailSettings;
  logger: MailLogger;
  /** Kinds other than "message" (whose text is stored) are composed here. */
  composers?: Partial<Record<MailKind, MailComposer>>;
  retry?: RetryPolicy;
  /** How long a claim holds before another process may take the message over (default 2 min). */
  leaseMs?: number;
  /** Longest sleep between looks at the table, in case a NOTIFY was missed (default 30 s). */
  pollMs?: number;
}

/**
 * The process's mail sender (decision 028): woken by NOTIFY when a message is written, and by a
 * timer when a retry is due, it claims due messages one at a time, sends them and records the
 * outcome. Every process runs one; the claim makes each message go out once. Stops on shutdown
 * without losing the message it holds: it finishes it, or gives it back.
 */
export class MailSender {
  private readonly retry: RetryPolicy;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private unlisten: Unlisten | undefined;
  private holding: ClaimedMail | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: MailSenderOptions,
  ) {
    this.retry = options.retry ?? RETRY_POLICY;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.pollMs = options.pollMs ?? 30_000;
  }

  /** Listens for new mail, sends what is already due, and prunes old mail now and hourly. */
  async start(): Promise<void> {
    this.unlisten = await this.database.listen(MAIL_QUEUED_CHANNEL, {
      onPayload: () => this.wake(),
      onGap: () => this.wake(),
    });
    this.wake();
    void this.prune();
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS).unref();
  }

  /** Looks for due mail now (coalesced: a wake during a pass runs one more pass after it). */
  wake(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Resolves once nothing is being sent (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Stops taking mail; waits up to `graceMs` for the message in hand, and gives it back to the
   * queue if it is still not done, so another process (or the next start) sends it.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.pruneTimer);
    await this.unlisten?.().catch(() => {});
    const running = this.running;
    if (!running) return;
    let graceTimer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.then(() => true),
      new Promise<boolean>((resolve) => {
        graceTimer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(graceTimer);
    const held = this.holding;
    if (!finished && held) {
      this.holding = undefined;
      await releaseClaim(this.database.db, held).catch((error: Error) =>
        this.options.logger.error({ err: error, mailId: held.id }, "could not give back a message at shutdown"),
      );
      this.options.logger.warn({ mailId: held.id }, "mail send unfinished at shutdown: queued again");
    }
  }

  private async drain(): Promise<void> {
    clearTimeout(this.timer);
    let nextLookMs = this.pollMs;
    try {
      while (!this.stopping) {
        const mail = await claimNextMail(this.database.db, this.leaseMs);
        if (!mail) break;
        this.holding = mail;
        await this.send(mail);
        this.holding = undefined;
      }
      const due = await msUntilNextDue(this.database.db);
      if (due !== undefined) nextLookMs = Math.min(due, this.pollMs);
    } catch (error) {
      // The database is away, most likely: look again later; claimed mail comes back when its lease ends.
      this.holding = undefined;
      this.options.logger.warn({ err: error }, "mail sender: could not read the outgoing mail; trying again shortly");
    }
    if (!this.stopping) this.timer = setTimeout(() => this.wake(), Math.max(nextLookMs, 50)).unref();
  }

  private async send(mail: ClaimedMail): Promise<void> {
    const { logger } = this.options;
    const db = this.database.db;
    let message: EmailMessage | null;
    try {
      message = await this.compose(mail);
    } catch (error) {
      return this.failed(mail, error);
    }
    if (!message) {
      await markSkipped(db, mail, "nothing to send: no account uses this address");
      logger.info({ mailId: mail.id, kind: mail.kind }, "mail skipped: no account uses the address");
      return;
    }
    if (this.stopping) {
      await releaseClaim(db, mail);
      return;
    }
    try {
      await deliverMail(message, this.options.delivery, outboxName(mail));
    } catch (error) {
      return this.failed(mail, error);
    }
    await markSent(db, mail);
    logger.info(
      { mailId: mail.id, to: loggedAddress(mail), subject: mail.subject, attempts: mail.attempts },
      "mail sent",
    );
  }

  private compose(mail: ClaimedMail): Promise<EmailMessage | null> {
    if (mail.kind === "message") {
      return Promise.resolve({ to: mail.toAddress, subject: mail.subject, text: mail.body ?? "" });
    }
    const composer = this.options.composers?.[mail.kind as MailKind];
    if (!composer) throw new Error(`no composer for mail of kind "${mail.kind}"`);
    return composer(mail);
  }

  private async failed(mail: ClaimedMail, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const retryInMs = isPermanentRefusal(error) ? undefined : retryDelayMs(mail.attempts, this.retry);
    await markAttemptFailed(this.database.db, mail, reason, retryInMs);
    const fields = { mailId: mail.id, to: loggedAddress(mail), attempts: mail.attempts, error: reason };
    if (retryInMs === undefined) this.options.logger.error(fields, "mail failed: given up (see /admin/mail)");
    else this.options.logger.warn({ ...fields, retryInMs }, "mail attempt failed; will try again");
  }

  private async prune(): Promise<void> {
    const now = Date.now();
    const sentBefore = new Date(now - SENT_MAIL_KEEP_DAYS * DAY_MS);
    try {
      const rows = await pruneMail(this.database.db, {
        sentBefore,
        failedBefore: new Date(now - FAILED_MAIL_KEEP_DAYS * DAY_MS),
      });
      const files = await pruneOutboxFiles(this.options.delivery.dataDir, sentBefore);
      if (rows || files) this.options.logger.info({ rows, files }, "old mail pruned");
    } catch (error) {
      this.options.logger.warn({ err: error }, "could not prune old mail");
    }
  }
}

/** A collector's address is the studio's private record (issue 40): logs say whose mail it is by kind only. */
function loggedAddress(mail: ClaimedMail): string {
  return mail.kind === "certificate" ? "(a collector)" : mail.toAddress;
}

function outboxName(mail: ClaimedMail): string {
  return outboxFileName(mail.createdAt, mail.id);
}
