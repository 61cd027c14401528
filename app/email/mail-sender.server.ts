import type { Database, Unlisten } from "#app/db/database.server.ts";
import { deliverMail, type EmailMessage, type MailSettings } from "./deliver-mail.server.ts";
import { outboxFileName, pruneOutboxFiles } from "./outbox-files.server.ts";
import {
  type ClaimedMail,
  type ClaimRules,
  claimNextMail,
  failInterruptedMail,
  INTERRUPTED_REASON,
  MAIL_QUEUED_CHANNEL,
  type MailKind,
  markAttemptFailed,
  markInterrupted,
  markSent,
  markSkipped,
  msUntilNextDue,
  pruneMail,
  releaseClaim,
} from "./outgoing-mail.server.ts";
import { PooledSmtp } from "./pooled-transport.server.ts";
import {
  certainlyNotDelivered,
  isPermanentRefusal,
  RETRY_POLICY,
  type RetryPolicy,
  retryDelayMs,
} from "./retry-policy.ts";
import { SendPace } from "./send-pace.ts";
import { parseStoredMailing } from "./stored-mailing.ts";

/** Sent (and skipped) mail and outbox files are deleted after this many days; failed mail after FAILED_MAIL_KEEP_DAYS. */
export const SENT_MAIL_KEEP_DAYS = 7;
export const FAILED_MAIL_KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** How often, while sending without a pause, lapsed claims of at-most-once kinds are looked for. */
const INTERRUPTED_CHECK_MS = 10_000;
/** While bulk mail is sent, how often other kinds are looked for first (the look sorts every due row). */
const OTHERS_LOOK_MS = 1_000;
export const DEFAULT_MAIL_RATE_PER_MINUTE = 600;

/** How the sender treats a kind of mail; every rule is off unless set. */
export interface KindRule {
  /** Bulk mail: sent at the set rate on one pooled connection, after any other due message. */
  paced?: boolean;
  /**
   * Never sent again on its own once its send may have begun (a claim that lapsed, a shutdown
   * mid-send, a connection lost mid-message): marked failed so no one gets it twice; the
   * studio can retry it by hand. A refusal before the message went keeps the usual retries.
   */
  atMostOnce?: boolean;
}

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
  /** Per-kind rules (bulk pacing, at most once); kinds not named keep the plain retries. */
  kinds?: Partial<Record<MailKind, KindRule>>;
  /** Paced kinds' messages a minute from this process (MAIL_RATE_PER_MINUTE, default 600). */
  ratePerMinute?: number;
}

/**
 * The process's mail sender (decision 028): woken by NOTIFY when a message is written, and by a
 * timer when a retry is due, it claims due messages one at a time, sends them and records the
 * outcome. Every process runs one; the claim makes each message go out once. Paced (bulk) kinds
 * go at the set rate on one reused connection, after anything else due. Stops on shutdown
 * without losing the message it holds: it finishes it, or gives it back (or, for an at-most-once
 * kind whose send had begun, marks it failed).
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
  /** Whether the held message has been handed to the mail server (or outbox) yet. */
  private handedOver = false;
  private lastInterruptedCheck = 0;
  private readonly pace: SendPace;
  private readonly pool: PooledSmtp;
  private readonly claimRules: Omit<ClaimRules, "order">;
  private lastOthersLook = Number.NEGATIVE_INFINITY;
  /** A message was written since the last look for other kinds (a reset must not wait for the next second). */
  private written = true;

  constructor(
    private readonly database: Database,
    private readonly options: MailSenderOptions,
  ) {
    this.retry = options.retry ?? RETRY_POLICY;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.pollMs = options.pollMs ?? 30_000;
    this.pace = new SendPace(options.ratePerMinute ?? DEFAULT_MAIL_RATE_PER_MINUTE);
    this.pool = new PooledSmtp(options.delivery);
    const kinds = Object.entries(options.kinds ?? {}) as Array<[MailKind, KindRule]>;
    this.claimRules = {
      pacedKinds: kinds.filter(([, rule]) => rule.paced).map(([kind]) => kind),
      atMostOnceKinds: kinds.filter(([, rule]) => rule.atMostOnce).map(([kind]) => kind),
    };
  }

  /** Listens for new mail, sends what is already due, and prunes old mail now and hourly. */
  async start(): Promise<void> {
    this.unlisten = await this.database.listen(MAIL_QUEUED_CHANNEL, {
      onPayload: () => {
        this.written = true;
        this.wake();
      },
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
   * queue if it is still not done, so another process (or the next start) sends it; an
   * at-most-once message already handed to the mail server is marked failed instead. Closes the
   * pooled connection.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.pruneTimer);
    await this.unlisten?.().catch(() => {});
    const running = this.running;
    if (running) {
      let graceTimer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<boolean>((resolve) => {
          graceTimer = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(graceTimer);
      const held = this.holding;
      if (!finished && held) await this.abandon(held);
    }
    // Idle too: the pooled connection would otherwise stay open until its idle timeout.
    this.pool.close();
  }

  /** The message in hand at a shutdown that could not wait: queued again, unless it may have gone already. */
  private async abandon(held: ClaimedMail): Promise<void> {
    this.holding = undefined;
    const { logger } = this.options;
    const interrupted = this.handedOver && this.ruleOf(held.kind).atMostOnce;
    const write = interrupted ? markInterrupted(this.database.db, held) : releaseClaim(this.database.db, held);
    await write.catch((error: Error) =>
      logger.error({ err: error, mailId: held.id }, "could not give back a message at shutdown"),
    );
    if (interrupted)
      logger.warn({ mailId: held.id }, "mail send unfinished at shutdown: marked failed, not sent twice");
    else logger.warn({ mailId: held.id }, "mail send unfinished at shutdown: queued again");
  }

  private ruleOf(kind: string): KindRule {
    return this.options.kinds?.[kind as MailKind] ?? {};
  }

  private async drain(): Promise<void> {
    clearTimeout(this.timer);
    let nextLookMs = this.pollMs;
    let pacedWaitMs = 0;
    try {
      await this.failInterrupted();
      while (!this.stopping) {
        const mail = await this.claimNext();
        if (typeof mail === "number") {
          pacedWaitMs = mail;
          break;
        }
        if (!mail) break;
        this.holding = mail;
        await this.send(mail);
        this.holding = undefined;
        if (Date.now() - this.lastInterruptedCheck > INTERRUPTED_CHECK_MS) await this.failInterrupted();
      }
      // Bulk mail waiting for its pace: look again when it may go (a NOTIFY wakes us sooner).
      if (pacedWaitMs > 0) nextLookMs = pacedWaitMs;
      else {
        const due = await msUntilNextDue(this.database.db);
        if (due !== undefined) nextLookMs = Math.max(Math.min(due, this.pollMs), 50);
      }
    } catch (error) {
      // The database is away, most likely: look again later; claimed mail comes back when its lease ends.
      this.holding = undefined;
      this.options.logger.warn({ err: error }, "mail sender: could not read the outgoing mail; trying again shortly");
    }
    if (!this.stopping) this.timer = setTimeout(() => this.wake(), Math.max(nextLookMs, 1)).unref();
  }

  /**
   * The next message to send, or how many ms until bulk mail may go when nothing else is due.
   * Other kinds are looked for first when a message was written and at least once a second, so
   * a password reset never waits long behind a mailing; in between, the first due by time.
   */
  private async claimNext(): Promise<ClaimedMail | number | undefined> {
    const waitMs = this.pace.msUntilNext();
    const now = performance.now();
    const lookAtOthers =
      this.claimRules.pacedKinds.length > 0 && (this.written || now - this.lastOthersLook >= OTHERS_LOOK_MS);
    if (waitMs > 0 && !lookAtOthers) return Math.min(waitMs, this.lastOthersLook + OTHERS_LOOK_MS - now);
    if (lookAtOthers) {
      this.written = false;
      this.lastOthersLook = now;
    }
    const order = !lookAtOthers ? "first" : waitMs > 0 ? "others-only" : "others-first";
    const mail = await claimNextMail(this.database.db, this.leaseMs, { ...this.claimRules, order });
    return mail ?? (waitMs > 0 ? waitMs : undefined);
  }

  /** At-most-once mail whose sender died mid-send: failed, for the studio to retry by hand. */
  private async failInterrupted(): Promise<void> {
    this.lastInterruptedCheck = Date.now();
    const ids = await failInterruptedMail(this.database.db, this.claimRules.atMostOnceKinds);
    if (ids.length > 0) {
      this.options.logger.warn({ mailIds: ids }, "mail interrupted while sending: marked failed, not sent twice");
    }
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
    const rule = this.ruleOf(mail.kind);
    if (rule.paced) this.pace.took();
    this.handedOver = true;
    try {
      await deliverMail(message, this.options.delivery, outboxName(mail), rule.paced ? this.pool.get() : undefined);
    } catch (error) {
      return this.failed(mail, error, rule.atMostOnce && !certainlyNotDelivered(error));
    } finally {
      this.handedOver = false;
    }
    await markSent(db, mail);
    logger.info(
      { mailId: mail.id, to: loggedAddress(mail), subject: mail.subject, attempts: mail.attempts },
      "mail sent",
    );
  }

  private async compose(mail: ClaimedMail): Promise<EmailMessage | null> {
    const composer = this.options.composers?.[mail.kind as MailKind];
    if (composer) return composer(mail);
    if (mail.kind === "message") return { to: mail.toAddress, subject: mail.subject, text: mail.body ?? "" };
    // A mailing's copy holds its parts; a later composer may make them from the mailing instead.
    if (mail.kind === "mailing") {
      return { to: mail.toAddress, subject: mail.subject, ...parseStoredMailing(mail.body), privateRecipient: true };
    }
    throw new Error(`no composer for mail of kind "${mail.kind}"`);
  }

  /** `mayHaveGone`: an at-most-once message whose connection was lost mid-send is failed, not retried. */
  private async failed(mail: ClaimedMail, error: unknown, mayHaveGone = false): Promise<void> {
    const cause = error instanceof Error ? error.message : String(error);
    const reason = mayHaveGone ? `${cause}; ${INTERRUPTED_REASON}` : cause;
    const retryInMs = isPermanentRefusal(error) || mayHaveGone ? undefined : retryDelayMs(mail.attempts, this.retry);
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
  if (mail.kind === "mailing" || mail.kind === "subscription-confirm") return "(a subscriber)";
  return mail.kind === "certificate" ? "(a collector)" : mail.toAddress;
}

function outboxName(mail: ClaimedMail): string {
  return outboxFileName(mail.createdAt, mail.id);
}
