import { sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";

export type RateLimitRule = { limit: number; windowSeconds: number };

/** One counter an attempt is charged to: a key (action, then address, account or device) and its rule. */
export type RateLimit = { key: string; rule: RateLimitRule };

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The allowance of each guarded action (decision 013). Attempts from a browser with a device
 * cookie (device-cookie.server.ts) are counted only under that device, so failures from
 * anywhere else never use up the admin's own allowance.
 */
export const rateLimits = {
  signInIp: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  signInAccount: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
  signInDevice: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
  codeIp: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  codeAccount: { limit: 6, windowSeconds: FIFTEEN_MINUTES },
  codeDevice: { limit: 6, windowSeconds: FIFTEEN_MINUTES },
  // Passwords and codes given on /admin/security by a signed-in admin.
  securityAccount: { limit: 6, windowSeconds: FIFTEEN_MINUTES },
  resetIp: { limit: 10, windowSeconds: 60 * 60 },
  resetAccount: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${waitInMinutes(retryAfterSeconds)}.`);
  }

  /** How long to wait, in whole minutes for a sentence: "1 minute", "12 minutes". */
  get wait(): string {
    return waitInMinutes(this.retryAfterSeconds);
  }

  /** The Retry-After header a 429 carries. */
  get headers(): Headers {
    return new Headers({ "Retry-After": String(this.retryAfterSeconds) });
  }
}

function waitInMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

type CounterRow = { count: number; window_started_at: string | Date };

function secondsLeft(row: CounterRow, rule: RateLimitRule): number {
  const startedAt = new Date(row.window_started_at).getTime();
  return Math.max(1, Math.ceil((startedAt + rule.windowSeconds * 1000 - Date.now()) / 1000));
}

/**
 * Counts one attempt under `key` in a fixed window and returns the count in the current window.
 * One statement, so simultaneous attempts each get their own number, in one process or many.
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

/**
 * Charges an attempt to every counter before the attempt is evaluated, and throws
 * RateLimitedError when any is over its limit. Counting first is what holds under a burst:
 * checking, then evaluating, then counting lets every simultaneous guess past the check.
 */
export async function takeAttempt(db: AppDatabase, limits: readonly RateLimit[]): Promise<void> {
  await pruneExpiredCounters(db);
  let refusal: RateLimitedError | undefined;
  for (const { key, rule } of limits) {
    const row = await countAttempt(db, key, rule);
    if (row.count > rule.limit) {
      const error = new RateLimitedError(secondsLeft(row, rule));
      if (!refusal || error.retryAfterSeconds > refusal.retryAfterSeconds) refusal = error;
    }
  }
  if (refusal) throw refusal;
}

/** Forgets a counter (after a success, so an admin's own typos do not pile up). */
export async function clearAttempts(db: AppDatabase, key: string): Promise<void> {
  await db.execute(sql`delete from auth_rate_limit where key = ${key}`);
}

/** Gives back one attempt (a success shared with others, such as one address's sign-ins). */
export async function refundAttempt(db: AppDatabase, key: string): Promise<void> {
  await db.execute(sql`update auth_rate_limit set count = greatest(count - 1, 0) where key = ${key}`);
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const lastPruned = new WeakMap<AppDatabase, number>();

/** Deletes counters whose window ended a day ago (the longest window is an hour), hourly. */
async function pruneExpiredCounters(db: AppDatabase): Promise<void> {
  const now = Date.now();
  if (now - (lastPruned.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPruned.set(db, now);
  await db.execute(sql`delete from auth_rate_limit where window_started_at < now() - interval '1 day'`);
}
