import { and, eq, ne } from "drizzle-orm";
import QRCode from "qrcode";
import type { RouterContextProvider } from "react-router";
import { authSession, authTwoFactor, authUser } from "~/db/auth-schema";
import { databaseContext } from "~/db/context";
import { getAuth } from "./auth.server";
import { authErrorOf, cookieHeaders } from "./auth-error.server";

type Context = Readonly<RouterContextProvider>;

function cookieOnly(request: Request): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

export type Enrolment = { secret: string; qrDataUrl: string; backupCodes: string[]; name: string };

/** Starts enrolling a TOTP factor (unverified until a code confirms it). Needs the password. */
export async function startEnrolment(
  request: Request,
  context: Context,
  input: { name: string; password: string },
): Promise<Enrolment | { error: string }> {
  const database = context.get(databaseContext);
  try {
    const result = await getAuth(database).api.enableTwoFactor({
      body: { password: input.password },
      headers: cookieOnly(request),
    });
    if (!("totpURI" in result) || !result.totpURI) return { error: "Could not start enrolment." };
    const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
    const qrDataUrl = await QRCode.toDataURL(result.totpURI, { margin: 1, width: 220 });
    return { secret, qrDataUrl, backupCodes: result.backupCodes ?? [], name: input.name };
  } catch (error) {
    return { error: authErrorOf(error).message };
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
): Promise<{ headers: Headers } | { error: string }> {
  const database = context.get(databaseContext);
  try {
    const { headers } = await getAuth(database).api.verifyTOTP({
      body: { code: input.code.replace(/\s+/g, "") },
      headers: cookieOnly(request),
      returnHeaders: true,
    });
    const out = cookieHeaders(headers);
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
  } catch (error) {
    const { status, message } = authErrorOf(error);
    return { error: status === 401 ? "Invalid code." : message };
  }
}

/** Removes the factor after checking a fresh code from it. */
export async function removeFactor(
  request: Request,
  context: Context,
  input: { code: string; userId: string },
): Promise<{ ok: true } | { error: string }> {
  const database = context.get(databaseContext);
  try {
    await getAuth(database).api.verifyTOTP({
      body: { code: input.code.replace(/\s+/g, "") },
      headers: cookieOnly(request),
    });
  } catch {
    return { error: "Invalid code." };
  }
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
  password: string,
): Promise<{ backupCodes: string[] } | { error: string }> {
  try {
    const result = await getAuth(context.get(databaseContext)).api.generateBackupCodes({
      body: { password },
      headers: cookieOnly(request),
    });
    return { backupCodes: result.backupCodes };
  } catch (error) {
    return { error: authErrorOf(error).message };
  }
}
