import crypto from "node:crypto";
import { authSecret } from "#app/auth/auth-secret.server.ts";
import { countAttempt } from "#app/auth/rate-limit.server.ts";
import { getEnv } from "#app/config/env.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";

/**
 * The enquiry form's token (decision 032): `e1.<issued ms>.<random>.<HMAC>`, signed with a key
 * derived from AUTH_SECRET, so any process sharing the secret accepts it. It is given out with
 * the form (the /enquire page, or /api/enquiries when a script opens the form in place), and
 * refused when sent back too soon (no person fills the form in 3 s), too late, forged, or a
 * second time (claimed once in the database, the used-codes pattern).
 */
export const TOKEN_MIN_AGE_MS = 3_000;
export const TOKEN_MAX_AGE_MS = 12 * 60 * 60 * 1000;
const VERSION = "e1";

let derivedKey: Buffer | undefined;
function signingKey(): Buffer {
  if (!derivedKey) {
    const env = getEnv();
    const secret = authSecret({ configured: env.AUTH_SECRET, dataDir: env.DATA_DIR });
    // A key of its own, so no other signed value can pass for a form token.
    derivedKey = crypto.createHmac("sha256", secret).update("umbra enquiry form token v1").digest();
  }
  return derivedKey;
}

function sign(payload: string, key: Buffer): string {
  return crypto.createHmac("sha256", key).update(payload).digest("base64url");
}

export function issueFormToken(now = Date.now(), key: Buffer = signingKey()): string {
  const payload = `${VERSION}.${now}.${crypto.randomBytes(12).toString("base64url")}`;
  return `${payload}.${sign(payload, key)}`;
}

export type TokenProblem = "missing" | "forged" | "too-fast" | "expired" | "replayed";

export const tokenProblemMessages: Record<TokenProblem, string> = {
  missing: "This form has expired or was not opened on this site. Reload the page and send it again.",
  forged: "This form has expired or was not opened on this site. Reload the page and send it again.",
  "too-fast": "That was sent faster than anyone can type. Wait a few seconds, then send it again.",
  expired: "This form was opened too long ago. Reload the page and send it again; what you typed is kept.",
  replayed: "This form was already sent. Your enquiry has reached the studio; to send another, reload the page.",
};

/** Checks signature and age without claiming it: null when it would be accepted. */
export function tokenProblem(token: string, now = Date.now(), key: Buffer = signingKey()): TokenProblem | null {
  if (!token) return "missing";
  if (token.length > 200) return "forged";
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) return "forged";
  const [version, issued, nonce, given = ""] = parts;
  const expected = sign(`${version}.${issued}.${nonce}`, key);
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return "forged";
  const age = now - Number(issued);
  if (!Number.isFinite(age) || age > TOKEN_MAX_AGE_MS) return "expired";
  if (age < TOKEN_MIN_AGE_MS) return "too-fast";
  return null;
}

/**
 * Claims a valid token once, in any process: true the first time. The claim is a counter row in
 * auth_rate_limit whose window outlasts the token, pruned a day later with the other counters.
 */
export async function claimFormToken(db: AppDatabase, token: string): Promise<boolean> {
  const nonce = token.split(".")[2] ?? "";
  const row = await countAttempt(db, `enquiry-token:${nonce}`, {
    limit: 1,
    windowSeconds: Math.ceil(TOKEN_MAX_AGE_MS / 1000) + 60,
  });
  return row.count === 1;
}
