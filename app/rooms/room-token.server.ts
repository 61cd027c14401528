import crypto from "node:crypto";
import { authSecret } from "#app/auth/auth-secret.server.ts";
import { getEnv } from "#app/config/env.server.ts";

/**
 * A viewing-room link's token (issue 22): 32 random bytes (256 bits) in base64url, 43
 * characters, the only thing in `/rooms/<token>`. The database keeps its SHA-256 for lookup and
 * a copy sealed with AES-256-GCM under a key derived from AUTH_SECRET, so the studio can copy a
 * link again while a copy of the database alone opens no room.
 */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SEAL_VERSION = "s1";

let derivedKey: Buffer | undefined;
function sealingKey(): Buffer {
  if (!derivedKey) {
    const env = getEnv();
    const secret = authSecret({ configured: env.AUTH_SECRET, dataDir: env.DATA_DIR });
    // A key of its own: nothing else signed or sealed with AUTH_SECRET can open a room link.
    derivedKey = crypto.createHmac("sha256", secret).update("umbra viewing room link v1").digest();
  }
  return derivedKey;
}

export function generateRoomToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString("base64url");
}

/** Whether a path segment could be a token at all; anything else is a 404 without a query. */
export function isWellFormedRoomToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function hashRoomToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function sealRoomToken(token: string, key: Buffer = sealingKey()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [
    SEAL_VERSION,
    iv.toString("base64url"),
    sealed.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
  ].join(".");
}

/** The token back, or null when the sealed value was made with another secret or altered. */
export function unsealRoomToken(sealed: string, key: Buffer = sealingKey()): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== SEAL_VERSION || !iv || !body || !tag) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
