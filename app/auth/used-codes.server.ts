import crypto from "node:crypto";
import type { AppDatabase } from "#app/db/database.server.ts";
import { clearAttempts, countAttempt } from "./rate-limit.server.ts";

// An authenticator code is accepted for up to 90 s (its 30 s step and one either side); a
// claim outlives that, so an accepted code is refused for as long as it could still verify.
const CLAIM = { limit: 1, windowSeconds: 120 };

function claimKey(userId: string, code: string): string {
  const digest = crypto.createHash("sha256").update(code).digest("base64url").slice(0, 22);
  return `code-used:${userId}:${digest}`;
}

/**
 * Claims a one-time code (authenticator or backup) for an account before it is checked: true
 * the first time, false when the same code was already presented in its validity window, by
 * this request's twin or by any process (ASVS V6: a code works once). Atomic in the database.
 */
export async function claimCode(db: AppDatabase, userId: string, code: string): Promise<boolean> {
  const row = await countAttempt(db, claimKey(userId, code), CLAIM);
  return row.count === 1;
}

/** Releases the claim of a code that turned out wrong, so retyping it is judged afresh. */
export async function releaseCode(db: AppDatabase, userId: string, code: string): Promise<void> {
  await clearAttempts(db, claimKey(userId, code));
}

export const CODE_ALREADY_USED = "This code was already used. Wait for the next one in your app.";
