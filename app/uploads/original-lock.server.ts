import { sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { checkedHash } from "./original-store.ts";

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

// The two-number advisory lock space (separate from the one-number keys, such as start-up's
// migration lock): this first number says "a stored original", the second is part of its hash.
const ORIGINAL_LOCK_CLASS = 0x0f11e5;

/** The lock's second number: the hash's first 8 hex as a signed 32-bit integer. */
function lockNumber(sha256: string): number {
  return Number.parseInt(checkedHash(sha256).slice(0, 8), 16) | 0;
}

/**
 * Holds the stored original `sha256` for the rest of the transaction (decision 051). The upkeep
 * that removes unnamed files holds it while it checks that nothing names the bytes and removes
 * them, so its check and its removal are one step for every other process.
 */
export async function lockOriginal(tx: Transaction, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORIGINAL_LOCK_CLASS}::int4, ${lockNumber(sha256)}::int4)`);
}

/**
 * Waits until no removal of `sha256` is under way. A writer that has just recorded a row naming
 * the bytes calls it before it trusts `store.has`: a removal that began before the row existed
 * finishes first (and the writer then stores the bytes again), one that begins after sees the row.
 */
export async function awaitOriginalRemoval(db: AppDatabase, sha256: string): Promise<void> {
  await db.transaction((tx) => lockOriginal(tx, sha256));
}
