import crypto from "node:crypto";
import { getEnv } from "#app/config/env.server.ts";
import { wantsSecureCookies } from "./auth.server.ts";
import { authSecret } from "./auth-secret.server.ts";

/**
 * OWASP's device cookie: a browser that has completed a sign-in gets a signed cookie naming
 * the account and a random device id. Its later attempts are counted under that device alone,
 * so guesses from everywhere else (which exhaust the account's shared allowance) never lock
 * the admin's own browser out. Decision 013.
 */
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const NAMES = ["__Secure-umbra.device", "umbra.device"] as const;

export type Device = { userId: string; deviceId: string };

let derivedKey: Buffer | undefined;
/** Derived once per process: the secret may sit in a file under DATA_DIR. */
function signingKey(): Buffer {
  if (!derivedKey) {
    const env = getEnv();
    const secret = authSecret({ configured: env.AUTH_SECRET, dataDir: env.DATA_DIR });
    // A key of its own, so a device cookie can never be passed off as another signed value.
    derivedKey = crypto.createHmac("sha256", secret).update("umbra device cookie v1").digest();
  }
  return derivedKey;
}

function signature(userId: string, deviceId: string, key: Buffer): string {
  return crypto.createHmac("sha256", key).update(`${userId}.${deviceId}`).digest("base64url");
}

/** The device a request's cookie names, when its signature holds; otherwise null. */
export function readDevice(request: Request, key: Buffer = signingKey()): Device | null {
  const cookies = request.headers.get("cookie") ?? "";
  for (const name of NAMES) {
    const match = new RegExp(`(?:^|;\\s*)${name.replace(/\./g, "\\.")}=([^;]*)`).exec(cookies);
    const parts = match?.[1]?.split(".");
    if (parts?.length !== 3) continue;
    const [userId = "", deviceId = "", given = ""] = parts;
    if (!/^[\w-]{1,64}$/.test(userId) || !/^[\w-]{22}$/.test(deviceId)) continue;
    const expected = Buffer.from(signature(userId, deviceId, key));
    const actual = Buffer.from(given);
    if (actual.length === expected.length && crypto.timingSafeEqual(actual, expected)) return { userId, deviceId };
  }
  return null;
}

/**
 * The Set-Cookie line that marks this browser as a device of `userId` (keeping its device id
 * when it already was one), scoped to /admin where sign-in happens.
 */
export function deviceCookie(userId: string, existing: Device | null, key: Buffer = signingKey()): string {
  const deviceId = existing?.userId === userId ? existing.deviceId : crypto.randomBytes(16).toString("base64url");
  const secure = wantsSecureCookies();
  const name = secure ? NAMES[0] : NAMES[1];
  const value = `${userId}.${deviceId}.${signature(userId, deviceId, key)}`;
  return `${name}=${value}; Path=/admin; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}
