import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { subscriptionTokens, type TokenPurpose } from "#app/db/subscription-schema.ts";

/** The database or a transaction on it. */
export type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];
export type Writer = AppDatabase | Tx;

const DAY_MS = 24 * 60 * 60_000;

/** How long a link works: a confirmation a week, a mailing's manage/unsubscribe link a year (RFC 8058 clicks come late). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = { confirm: 7 * DAY_MS, manage: 365 * DAY_MS };

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newRawToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, hex. */
export function hashToken(raw: string): string {
  return crypto.createHash("sha256").update(raw).digest("hex");
}

/** Whether a string could be one of our tokens at all (anything else is refused before a lookup). */
export function isTokenShaped(raw: string): boolean {
  return TOKEN_SHAPE.test(raw);
}

/** Makes a token for a subscriber and purpose; only its hash is written. Returns the raw token. */
export async function issueToken(db: Writer, subscriberId: number, purpose: TokenPurpose, now: Date): Promise<string> {
  const raw = newRawToken();
  await db.insert(subscriptionTokens).values({
    subscriberId,
    purpose,
    tokenHash: hashToken(raw),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return raw;
}

export type TokenLookup =
  | { found: true; id: number; subscriberId: number }
  | { found: false; reason: "unknown" | "expired" | "used" };

/**
 * The token's row for this purpose. A token of the other purpose is "unknown": a confirmation
 * link can never unsubscribe, nor a manage link confirm. A confirm token is "used" once opened.
 */
export async function findToken(db: Writer, raw: string, purpose: TokenPurpose, now: Date): Promise<TokenLookup> {
  if (!isTokenShaped(raw)) return { found: false, reason: "unknown" };
  const [row] = await db
    .select()
    .from(subscriptionTokens)
    .where(and(eq(subscriptionTokens.tokenHash, hashToken(raw)), eq(subscriptionTokens.purpose, purpose)));
  if (!row) return { found: false, reason: "unknown" };
  if (row.expiresAt.getTime() <= now.getTime()) return { found: false, reason: "expired" };
  if (purpose === "confirm" && row.usedAt) return { found: false, reason: "used" };
  return { found: true, id: row.id, subscriberId: row.subscriberId };
}

/** Marks a confirm token used, once: false when another request used it first. */
export async function claimToken(tx: Tx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(subscriptionTokens)
    .set({ usedAt: now })
    .where(and(eq(subscriptionTokens.id, id), isNull(subscriptionTokens.usedAt), gt(subscriptionTokens.expiresAt, now)))
    .returning({ id: subscriptionTokens.id });
  return rows.length === 1;
}
