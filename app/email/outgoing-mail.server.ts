import crypto from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { type OutgoingMail, outgoingMail } from "#app/db/mail-schema.ts";
import { type StoredMailing, storedMailingBody } from "./stored-mailing.ts";

/** What each kind of mail needs: a plain message carries its text; a reset and a certificate are composed when sent. */
export type QueuedMail =
  | { kind: "message"; to: string; subject: string; text: string }
  | { kind: "password-reset"; to: string; subject: string }
  /** A certificate of authenticity for its collector: the body is the certificate's id, the files are made when sent. */
  | { kind: "certificate"; to: string; subject: string; certificateId: string }
  /** One recipient's copy of a mailing (bulk: paced, and sent at most once); the body holds its parts as JSON. */
  | ({ kind: "mailing"; to: string; subject: string } & StoredMailing)
  /** A subscription's confirmation: its link, with a fresh token, is made when sent (issue 41). */
  | { kind: "subscription-confirm"; to: string; subject: string }
  /** The studio's test of a mailing: the body is the mailing's id; the words are read when sent. */
  | { kind: "mailing-test"; to: string; subject: string; mailingId: number };

export type MailKind = QueuedMail["kind"];

/** The database or a transaction on it: enqueueMail writes through whichever the caller holds. */
export type MailWriter = Pick<AppDatabase, "insert">;

/** The channel the insert trigger notifies (migration 0004). */
export const MAIL_QUEUED_CHANNEL = "outgoing_mail_queued";

/**
 * Records a message to send. Call it inside the transaction that makes the message necessary
 * (an enquiry and its mail commit together, or neither does); the sender on any process sends
 * it once the transaction commits. Returns the row id.
 */
export async function enqueueMail(db: MailWriter, mail: QueuedMail): Promise<number> {
  const [row] = await db
    .insert(outgoingMail)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      body: storedBody(mail),
    })
    .returning({ id: outgoingMail.id });
  if (!row) throw new Error("the outgoing mail record was not written");
  return row.id;
}

function storedBody(mail: QueuedMail): string | null {
  if (mail.kind === "message") return mail.text;
  if (mail.kind === "certificate") return mail.certificateId;
  if (mail.kind === "mailing") return storedMailingBody(mail);
  if (mail.kind === "mailing-test") return String(mail.mailingId);
  return null;
}

/** A row this process holds while it sends it. */
export type ClaimedMail = Pick<
  OutgoingMail,
  "id" | "kind" | "toAddress" | "subject" | "body" | "attempts" | "createdAt"
> & {
  claimId: string;
};

const held = (mail: ClaimedMail) => and(eq(outgoingMail.id, mail.id), eq(outgoingMail.claimId, mail.claimId));

/** How the sender's kind rules shape a claim (mail-sender.server.ts). */
export interface ClaimRules {
  /** Kinds sent at the set rate (bulk). */
  pacedKinds: readonly string[];
  /** Kinds never taken over once claimed: a lapsed claim of one is failed by failInterruptedMail instead. */
  atMostOnceKinds: readonly string[];
  /**
   * "first": the first due by time, in the due index's order, cheap however many are queued;
   * "others-first": any other kind before a paced one; "others-only": no paced kind (the pace
   * says wait). The last two sort every due row (some 5 ms for 10,000 on PostgreSQL): the
   * sender uses them about once a second while it sends bulk mail.
   */
  order: "first" | "others-first" | "others-only";
}

const NO_RULES: ClaimRules = { pacedKinds: [], atMostOnceKinds: [], order: "first" };

/** `kind in (...)`, false for no kinds. */
const kindIn = (kinds: readonly string[]) =>
  kinds.length === 0
    ? sql`false`
    : sql`kind in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`;

/**
 * Takes the next due message for this sender, if any: a queued one whose time has come, or one
 * whose sender's lease ran out (its process died mid-send), unless its kind is sent at most
 * once; in the order `rules` say (other kinds before paced ones, or none of the paced while the
 * pace says wait). `FOR UPDATE SKIP LOCKED` makes two
 * senders racing for the same row get different rows, so each message is claimed once.
 */
export async function claimNextMail(
  db: AppDatabase,
  leaseMs: number,
  rules: ClaimRules = NO_RULES,
): Promise<ClaimedMail | undefined> {
  const claimId = crypto.randomUUID();
  const paced = kindIn(rules.pacedKinds);
  const pacedAllowed = rules.order === "others-only" ? sql`not ${paced}` : sql`true`;
  // Without bulk kinds the id settles ties, as before; with 10,000 copies of one timestamp that
  // tie-break would sort them all on every claim, so "first" takes the index's order alone.
  const order =
    rules.pacedKinds.length === 0
      ? sql`next_attempt_at, id`
      : rules.order === "first"
        ? sql`next_attempt_at`
        : sql`${paced}, next_attempt_at, id`;
  const result = await db.execute<{
    id: number;
    kind: string;
    to_address: string;
    subject: string;
    body: string | null;
    attempts: number;
    created_at: string | Date;
  }>(sql`
    update outgoing_mail
       set status = 'sending', claim_id = ${claimId}, attempts = attempts + 1, updated_at = now(),
           lease_until = now() + make_interval(secs => ${leaseMs / 1000})
     where id = (
       select id from outgoing_mail
        where ((status = 'queued' and next_attempt_at <= now())
               or (status = 'sending' and lease_until < now() and not ${kindIn(rules.atMostOnceKinds)}))
          and ${pacedAllowed}
        order by ${order}
        limit 1
        for update skip locked)
    returning id, kind, to_address, subject, body, attempts, created_at`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    toAddress: row.to_address,
    subject: row.subject,
    body: row.body,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
    claimId,
  };
}

/** Why an interrupted at-most-once message is failed, not sent again (the studio sees it). */
export const INTERRUPTED_REASON = "interrupted while sending; not retried so no one gets it twice";

/**
 * Marks failed every message of these kinds whose claim lapsed without it being marked sent: its
 * sender died (or lost the database) after it may have handed the message over, so sending it
 * again could send it twice. The studio can retry it by hand. Returns the ids.
 */
export async function failInterruptedMail(db: AppDatabase, kinds: readonly string[]): Promise<number[]> {
  if (kinds.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    update outgoing_mail
       set status = 'failed', last_error = ${INTERRUPTED_REASON}, claim_id = null, lease_until = null,
           updated_at = now()
     where status = 'sending' and lease_until < now() and ${kindIn(kinds)}
    returning id`);
  return result.rows.map((row) => row.id);
}

/** Marks one claimed message failed as interrupted (a shutdown that could not wait for its send to end). */
export async function markInterrupted(db: AppDatabase, mail: ClaimedMail): Promise<void> {
  await db
    .update(outgoingMail)
    .set({ status: "failed", lastError: INTERRUPTED_REASON, updatedAt: sql`now()`, claimId: null, leaseUntil: null })
    .where(held(mail));
}

/** The message went out. */
export async function markSent(db: AppDatabase, mail: ClaimedMail): Promise<void> {
  await db
    .update(outgoingMail)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      updatedAt: sql`now()`,
      claimId: null,
      leaseUntil: null,
      lastError: null,
    })
    .where(held(mail));
}

/** Nothing to send (a reset for an address no account uses); kept, like sent mail, until pruned. */
export async function markSkipped(db: AppDatabase, mail: ClaimedMail, reason: string): Promise<void> {
  await db
    .update(outgoingMail)
    .set({ status: "skipped", updatedAt: sql`now()`, claimId: null, leaseUntil: null, lastError: reason })
    .where(held(mail));
}

/**
 * This attempt failed: queued again after `retryInMs`, or marked failed when `retryInMs` is
 * undefined (the last attempt, or a refusal no retry can change).
 */
export async function markAttemptFailed(
  db: AppDatabase,
  mail: ClaimedMail,
  error: string,
  retryInMs: number | undefined,
): Promise<void> {
  await db
    .update(outgoingMail)
    .set({
      status: retryInMs === undefined ? "failed" : "queued",
      nextAttemptAt: sql`now() + make_interval(secs => ${(retryInMs ?? 0) / 1000})`,
      lastError: error.slice(0, 1000),
      updatedAt: sql`now()`,
      claimId: null,
      leaseUntil: null,
    })
    .where(held(mail));
}

/** Gives a claimed message back untried (shutdown): due at once for any process, the attempt not counted. */
export async function releaseClaim(db: AppDatabase, mail: ClaimedMail): Promise<void> {
  await db
    .update(outgoingMail)
    .set({
      status: "queued",
      attempts: sql`greatest(${outgoingMail.attempts} - 1, 0)`,
      nextAttemptAt: sql`now()`,
      updatedAt: sql`now()`,
      claimId: null,
      leaseUntil: null,
    })
    .where(held(mail));
}

/** Milliseconds until the next message is due (0: now), or undefined when none is waiting. */
export async function msUntilNextDue(db: AppDatabase): Promise<number | undefined> {
  const result = await db.execute<{ ms: string | number | null }>(sql`
    select greatest(0, extract(epoch from (min(case when status = 'queued' then next_attempt_at else lease_until end) - now())) * 1000) as ms
      from outgoing_mail where status in ('queued', 'sending')`);
  const ms = result.rows[0]?.ms;
  return ms === null || ms === undefined ? undefined : Math.ceil(Number(ms));
}

/** Deletes sent and skipped mail older than `sentBefore`, failed mail older than `failedBefore`. */
export async function pruneMail(
  db: AppDatabase,
  { sentBefore, failedBefore }: { sentBefore: Date; failedBefore: Date },
) {
  const result = await db.execute(sql`
    delete from outgoing_mail
     where (status in ('sent', 'skipped') and updated_at < ${sentBefore.toISOString()})
        or (status = 'failed' and updated_at < ${failedBefore.toISOString()})
    returning id`);
  return result.rows.length;
}

/** What the studio sees: messages not yet sent or given up on, newest first, and counts by status. */
export async function mailNeedingAttention(db: AppDatabase, limit = 100) {
  const rows = await db
    .select({
      id: outgoingMail.id,
      to: outgoingMail.toAddress,
      subject: outgoingMail.subject,
      status: outgoingMail.status,
      attempts: outgoingMail.attempts,
      lastError: outgoingMail.lastError,
      createdAt: outgoingMail.createdAt,
      nextAttemptAt: outgoingMail.nextAttemptAt,
      updatedAt: outgoingMail.updatedAt,
    })
    .from(outgoingMail)
    .where(inArray(outgoingMail.status, ["queued", "sending", "failed"]))
    .orderBy(desc(outgoingMail.createdAt), desc(outgoingMail.id))
    .limit(limit);
  const totals = await db
    .select({ status: outgoingMail.status, count: count() })
    .from(outgoingMail)
    .groupBy(outgoingMail.status);
  return { rows, totals: Object.fromEntries(totals.map((row) => [row.status, Number(row.count)])) };
}

/** Queues a failed message again, from its first attempt. False when it is not (or no longer) failed. */
export async function retryFailedMail(db: AppDatabase, id: number): Promise<boolean> {
  const rows = await db
    .update(outgoingMail)
    .set({ status: "queued", attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(outgoingMail.id, id), eq(outgoingMail.status, "failed")))
    .returning({ id: outgoingMail.id });
  return rows.length > 0;
}

/** Which of these mail records still exist. */
export async function existingMailIds(db: AppDatabase, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: outgoingMail.id }).from(outgoingMail).where(inArray(outgoingMail.id, ids));
  return new Set(rows.map((row) => row.id));
}
