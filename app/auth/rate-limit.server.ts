import { sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/database.server";

export type RateLimitRule = { limit: number; windowSeconds: number };

/** The limits per IP and per account (an email or user id) on each guarded action. */
export const rateLimits = {
  signInIp: { limit: 30, windowSeconds: 15 * 60 },
  signInAccount: { limit: 5, windowSeconds: 15 * 60 },
  codeIp: { limit: 30, windowSeconds: 15 * 60 },
  codeAccount: { limit: 6, windowSeconds: 15 * 60 },
  resetIp: { limit: 10, windowSeconds: 60 * 60 },
  resetAccount: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

type CounterRow = { count: number; window_started_at: string | Date };

function secondsLeft(row: CounterRow, rule: RateLimitRule): number {
  const startedAt = new Date(row.window_started_at).getTime();
  return Math.max(1, Math.ceil((startedAt + rule.windowSeconds * 1000 - Date.now()) / 1000));
}

/**
 * Counts one attempt under `key` in a fixed window, atomically in the database (so the count
 * holds across processes), and returns the count in the current window.
 */
export async function countAttempt(db: AppDatabase, key: string, rule: RateLimitRule): Promise<CounterRow> {
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute<CounterRow>(sql`
    insert into auth_rate_limit (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when auth_rate_limit.window_started_at <= now() - ${window}::interval
        then 1 else auth_rate_limit.count + 1 end,
      window_started_at = case when auth_rate_limit.window_started_at <= now() - ${window}::interval
        then now() else auth_rate_limit.window_started_at end
    returning count, window_started_at`);
  const row = result.rows[0];
  if (!row) throw new Error("rate limit counter returned no row");
  return { count: Number(row.count), window_started_at: row.window_started_at };
}

/** Throws RateLimitedError when `key` has used up its window already (counts nothing). */
export async function assertNotLimited(db: AppDatabase, key: string, rule: RateLimitRule): Promise<void> {
  const result = await db.execute<CounterRow>(sql`
    select count, window_started_at from auth_rate_limit
    where key = ${key} and window_started_at > now() - ${`${rule.windowSeconds} seconds`}::interval`);
  const row = result.rows[0];
  if (row && Number(row.count) >= rule.limit) throw new RateLimitedError(secondsLeft(row, rule));
}

/** Counts an attempt and throws RateLimitedError once it goes over the limit. */
export async function consumeAttempt(db: AppDatabase, key: string, rule: RateLimitRule): Promise<void> {
  const row = await countAttempt(db, key, rule);
  if (row.count > rule.limit) throw new RateLimitedError(secondsLeft(row, rule));
}

/** Forgets the counter (after a success, so an admin's own typos do not pile up). */
export async function clearAttempts(db: AppDatabase, key: string): Promise<void> {
  await db.execute(sql`delete from auth_rate_limit where key = ${key}`);
}
