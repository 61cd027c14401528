import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { PeriodicSweep } from "#app/background/periodic-sweep.server.ts";
import type { AppDatabase, Database } from "#app/db/database.server.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { subscribers } from "#app/db/subscription-schema.ts";
import { CONFIRMATION_KIND } from "./confirmation-mail.server.ts";

const DAY_MS = 24 * 60 * 60_000;
/**
 * How long an address that never opened its confirmation link is kept after it last asked. The
 * link lapses after 7 days; the rest is for a reader who asks again late. After that nothing
 * says the address ever asked (issue 41: never kept without consent).
 */
export const UNCONFIRMED_KEPT_DAYS = 30;
/** How often each process looks (the delete is idempotent: two processes remove each row once). */
export const UNCONFIRMED_SWEEP_MS = 6 * 60 * 60_000;

/**
 * Removes every address that asked, never confirmed, and has not asked again for
 * UNCONFIRMED_KEPT_DAYS, with its topics, consents and tokens (the foreign keys cascade) and
 * any confirmation still in the outbox. An address that had been confirmed once (it left, then
 * asked again) keeps its history. Returns how many addresses went.
 */
export async function sweepUnconfirmed(db: AppDatabase, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_KEPT_DAYS * DAY_MS).toISOString();
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(subscribers)
      .where(
        and(
          eq(subscribers.status, "pending"),
          isNull(subscribers.confirmedAt),
          lt(subscribers.updatedAt, sql`${before}::timestamptz`),
          lt(sql`coalesce(${subscribers.confirmationQueuedAt}, ${subscribers.createdAt})`, sql`${before}::timestamptz`),
        ),
      )
      .returning({ address: subscribers.address });
    if (removed.length > 0) {
      await tx.delete(outgoingMail).where(
        and(
          eq(outgoingMail.kind, CONFIRMATION_KIND),
          inArray(
            sql`lower(${outgoingMail.toAddress})`,
            removed.map((row) => row.address),
          ),
        ),
      );
    }
    return removed.length;
  });
}

/** The sweep above, once at start and then every UNCONFIRMED_SWEEP_MS, on every process. */
export class UnconfirmedSubscribersSweep extends PeriodicSweep {
  constructor(
    database: Database,
    options: {
      now?: () => Date;
      intervalMs?: number;
      onSwept?: (count: number) => void;
      onError?: (error: unknown) => void;
    } = {},
  ) {
    super(
      async () => {
        const count = await sweepUnconfirmed(database.db, options.now?.() ?? new Date());
        if (count > 0) options.onSwept?.(count);
      },
      { intervalMs: options.intervalMs ?? UNCONFIRMED_SWEEP_MS, onError: options.onError },
    );
  }
}
