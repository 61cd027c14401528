import { and, eq, ne } from "drizzle-orm";
import QRCode from "qrcode";
import type { RouterContextProvider } from "react-router";
import { authSession, authTwoFactor, authUser } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { getAuth } from "./auth.server.ts";
import { authErrorOf, cookieHeaders } from "./auth-error.server.ts";
import { RateLimitedError, rateLimits, takeAttempt } from "./rate-limit.server.ts";
import { CODE_ALREADY_USED, claimCode, releaseCode } from "./used-codes.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Why a step on /admin/security was refused, with the status (and Retry-After) to answer. */
export type SecurityRefusal = { error: string; status: number; headers?: Headers };

/**
 * Every password and code given on /admin/security is counted before it is checked, so a
 * stolen session cannot be used to guess the password or walk the code space (decision 013).
 */
async function charge(context: Context, userId: string): Promise<SecurityRefusal | null> {
  try {
    await takeAttempt(context.get(databaseContext).db, [
      { key: `security:account:${userId}`, rule: rateLimits.securityAccount },
    ]);
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return { error: error.message, status: 429, headers: error.headers };
    throw error;
  }
}

/** Checks a code with its single-use claim: refused when it was already accepted. */
async function withClaimedCode<T>(
  context: Context,
  userId: string,
  code: string,
  verify: () => Promise<T>,
): Promise<T | SecurityRefusal> {
  const { db } = context.get(databaseContext);
  if (!(await claimCode(db, userId, code))) return { error: CODE_ALREADY_USED, status: 400 };
  try {
    return await verify();
  } catch (error) {
    await releaseCode(db, userId, code);
    const { status, message } = authErrorOf(error);
    return {
      error: status === 401 || status === 400 ? "Invalid code." : message,
      status: status >= 500 ? status : 400,
    };
  }
}

function cookieOnly(request: Request): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

/** `uri` is the otpauth:// address the QR code shows; the confirm form carries it for a retry. */
export type Enrolment = { secret: string; qrDataUrl: string; backupCodes: string[]; name: string; uri: string };

/** Starts enrolling a TOTP factor (unverified until a code confirms it). Needs the password. */
export async function startEnrolment(
  request: Request,
  context: Context,
  input: { name: string; password: string; userId: string },
): Promise<Enrolment | SecurityRefusal> {
  const refused = await charge(context, input.userId);
  if (refused) return refused;
  const database = context.get(databaseContext);
  try {
    const result = await getAuth(database).api.enableTwoFactor({
      body: { password: input.password },
      headers: cookieOnly(request),
    });
    if (!("totpURI" in result) || !result.totpURI) return { error: "Could not start enrolment.", status: 400 };
    const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
    const qrDataUrl = await QRCode.toDataURL(result.totpURI, { margin: 1, width: 220 });
    return { secret, qrDataUrl, backupCodes: result.backupCodes ?? [], name: input.name, uri: result.totpURI };
  } catch (error) {
    const { status, message } = authErrorOf(error);
    return { error: message, status: status >= 500 ? status : 400 };
  }
}

/**
 * Confirms enrolment with a code. better-auth then marks the factor verified and rotates this
 * session; every other session of the account (level 1, from before) is ended.
 */
export async function confirmEnrolment(
  request: Request,
  context: Context,
  input: { code: string; name: string; userId: string },
): Promise<{ headers: Headers } | SecurityRefusal> {
  const refused = await charge(context, input.userId);
  if (refused) return refused;
  const database = context.get(databaseContext);
  const code = input.code.replace(/\s+/g, "");
  const verified = await withClaimedCode(context, input.userId, code, () =>
    getAuth(database).api.verifyTOTP({ body: { code }, headers: cookieOnly(request), returnHeaders: true }),
  );
  if ("error" in verified) return verified;
  const out = cookieHeaders(verified.headers);
  const newToken = /umbra\.session_token=([^.;]+)/.exec(out.getSetCookie().join(";"))?.[1];
  await database.db
    .update(authUser)
    .set({ twoFactorName: input.name || "Authenticator app", twoFactorAddedAt: new Date() })
    .where(eq(authUser.id, input.userId));
  if (newToken) {
    await database.db
      .delete(authSession)
      .where(and(eq(authSession.userId, input.userId), ne(authSession.token, decodeURIComponent(newToken))));
  }
  return { headers: out };
}

/** Removes the factor after checking a fresh code from it. */
export async function removeFactor(
  request: Request,
  context: Context,
  input: { code: string; userId: string },
): Promise<{ ok: true } | SecurityRefusal> {
  const refused = await charge(context, input.userId);
  if (refused) return refused;
  const database = context.get(databaseContext);
  const code = input.code.replace(/\s+/g, "");
  const verified = await withClaimedCode(context, input.userId, code, () =>
    getAuth(database).api.verifyTOTP({ body: { code }, headers: cookieOnly(request) }),
  );
  if ("error" in verified) return verified;
  await database.db.delete(authTwoFactor).where(eq(authTwoFactor.userId, input.userId));
  await database.db
    .update(authUser)
    .set({ twoFactorEnabled: false, twoFactorName: null, twoFactorAddedAt: null })
    .where(eq(authUser.id, input.userId));
  return { ok: true };
}

/** New backup codes (the old ones stop working). Needs the password. */
export async function newBackupCodes(
  request: Request,
  context: Context,
  input: { password: string; userId: string },
): Promise<{ backupCodes: string[] } | SecurityRefusal> {
  const refused = await charge(context, input.userId);
  if (refused) return refused;
  try {
    const result = await getAuth(context.get(databaseContext)).api.generateBackupCodes({
      body: { password: input.password },
      headers: cookieOnly(request),
    });
    return { backupCodes: result.backupCodes };
  } catch (error) {
    const { status, message } = authErrorOf(error);
    return { error: message, status: status >= 500 ? status : 400 };
  }
}
