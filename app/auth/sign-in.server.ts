import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { authSession, authUser, authVerification } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { getAuth } from "./auth.server.ts";
import { authErrorOf, cookieHeaders } from "./auth-error.server.ts";
import { clientIpContext } from "./client-ip-context.ts";
import { type Device, deviceCookie, readDevice } from "./device-cookie.server.ts";
import {
  clearAttempts,
  type RateLimit,
  RateLimitedError,
  rateLimits,
  refundAttempt,
  takeAttempt,
} from "./rate-limit.server.ts";
import { CODE_ALREADY_USED, claimCode, releaseCode } from "./used-codes.server.ts";

export type AuthOutcome =
  | { ok: true; headers: Headers; codeRequired?: boolean }
  | { ok: false; status: number; message: string; headers?: Headers };

type Context = Readonly<RouterContextProvider>;

function limited(error: RateLimitedError): AuthOutcome {
  return { ok: false, status: 429, message: error.message, headers: error.headers };
}

/** Charges the attempt before it is evaluated; a refusal when any allowance is used up. */
async function charge(context: Context, limits: RateLimit[]): Promise<AuthOutcome | null> {
  try {
    await takeAttempt(context.get(databaseContext).db, limits);
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return limited(error);
    throw error;
  }
}

/**
 * The counters a sign-in step is charged to. A browser whose device cookie names this account
 * has an allowance of its own; everyone else shares the account's and their address's
 * (decision 013).
 */
function limitsFor(
  step: "sign-in" | "code",
  device: Device | null,
  account: string,
  ip: string,
): { limits: RateLimit[]; own: string; shared?: string } {
  if (device) {
    const key = `${step}:device:${device.deviceId}`;
    return { limits: [{ key, rule: step === "code" ? rateLimits.codeDevice : rateLimits.signInDevice }], own: key };
  }
  const accountKey = `${step}:account:${account}`;
  const ipKey = `${step}:ip:${ip}`;
  return {
    limits: [
      { key: ipKey, rule: step === "code" ? rateLimits.codeIp : rateLimits.signInIp },
      { key: accountKey, rule: step === "code" ? rateLimits.codeAccount : rateLimits.signInAccount },
    ],
    own: accountKey,
    shared: ipKey,
  };
}

/** After a success: the account's (or device's) failures are forgiven, the address's attempt given back. */
async function forgive(context: Context, counters: { own: string; shared?: string }) {
  const { db } = context.get(databaseContext);
  await clearAttempts(db, counters.own);
  if (counters.shared) await refundAttempt(db, counters.shared);
}

/** Only the cookie header goes to the auth library; Origin was checked by the caller. */
function cookieOnly(request: Request): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  return headers;
}

/** The request's device cookie, when it names the account being signed in to. */
async function deviceOf(request: Request, context: Context, account: { email?: string; userId?: string }) {
  const device = readDevice(request);
  if (!device) return null;
  if (account.userId) return device.userId === account.userId ? device : null;
  const rows = await context
    .get(databaseContext)
    .db.select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.email, account.email ?? ""))
    .limit(1);
  return rows[0]?.id === device.userId ? device : null;
}

/**
 * Email and password. Every attempt is counted before the password is checked, per device
 * when the browser has signed in to this account before, otherwise per address and account.
 * An account with a verified factor gets no session yet, only the two-factor cookie.
 */
export async function signInWithPassword(
  request: Request,
  context: Context,
  input: { email: string; password: string },
): Promise<AuthOutcome> {
  const email = input.email.trim().toLowerCase();
  const device = await deviceOf(request, context, { email });
  const counters = limitsFor("sign-in", device, email, context.get(clientIpContext));
  const refused = await charge(context, counters.limits);
  if (refused) return refused;

  const auth = getAuth(context.get(databaseContext));
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: cookieOnly(request),
      returnHeaders: true,
    });
    const outHeaders = cookieHeaders(headers);
    const user = (response as { user?: { id?: string; role?: string } } | null)?.user;
    if (response && "twoFactorRedirect" in response && response.twoFactorRedirect) {
      await forgive(context, counters);
      return { ok: true, headers: outHeaders, codeRequired: true };
    }
    if (user?.role !== "admin" || !user.id) {
      // A valid account that is not an admin gets no session here, and the attempt stays counted.
      const token = (response as { token?: string }).token;
      if (token) await context.get(databaseContext).db.delete(authSession).where(eq(authSession.token, token));
      return { ok: false, status: 403, message: "This account is not an admin." };
    }
    await forgive(context, counters);
    outHeaders.append("Set-Cookie", deviceCookie(user.id, device));
    return { ok: true, headers: outHeaders };
  } catch (error) {
    const { status, message } = authErrorOf(error);
    if (status >= 500) return { ok: false, status, message };
    return { ok: false, status: 401, message };
  }
}

/** The user a pending two-factor cookie belongs to (for the per-account counter). */
async function pendingUserId(request: Request, context: Context): Promise<string | null> {
  const match = /(?:^|;\s*)(?:__Secure-)?umbra\.two_factor=([^;]+)/.exec(request.headers.get("cookie") ?? "");
  let signed = "";
  try {
    signed = match?.[1] ? decodeURIComponent(match[1]) : "";
  } catch {
    return null;
  }
  const identifier = signed.slice(0, Math.max(0, signed.lastIndexOf(".")));
  if (!identifier) return null;
  const rows = await context
    .get(databaseContext)
    .db.select({ value: authVerification.value })
    .from(authVerification)
    .where(sql`${authVerification.identifier} = ${identifier}`)
    .limit(1);
  return rows[0]?.value ?? null;
}

/** A backup code looks like "abcde-12345"; an authenticator code is six digits. */
export function isBackupCode(code: string): boolean {
  return !/^\d{6}$/.test(code);
}

/**
 * The second step of sign-in: an authenticator code (or a backup code) for the pending
 * two-factor cookie. Counted before it is checked, like the password; a code that was
 * accepted once is refused for the rest of its validity. Success creates a new session.
 */
export async function verifySignInCode(request: Request, context: Context, rawCode: string): Promise<AuthOutcome> {
  const code = rawCode.replace(/\s+/g, "");
  const userId = await pendingUserId(request, context);
  const device = userId ? await deviceOf(request, context, { userId }) : null;
  const counters = limitsFor("code", device, userId ?? "unknown", context.get(clientIpContext));
  const refused = await charge(context, counters.limits);
  if (refused) return refused;
  if (!userId) return { ok: false, status: 401, message: "Your sign-in expired. Enter your password again." };

  const { db } = context.get(databaseContext);
  if (!(await claimCode(db, userId, code))) return { ok: false, status: 401, message: CODE_ALREADY_USED };
  const auth = getAuth(context.get(databaseContext));
  try {
    const { headers } = isBackupCode(code)
      ? await auth.api.verifyBackupCode({ body: { code }, headers: cookieOnly(request), returnHeaders: true })
      : await auth.api.verifyTOTP({ body: { code }, headers: cookieOnly(request), returnHeaders: true });
    await forgive(context, counters);
    const outHeaders = cookieHeaders(headers);
    outHeaders.append("Set-Cookie", deviceCookie(userId, device));
    return { ok: true, headers: outHeaders };
  } catch (error) {
    await releaseCode(db, userId, code);
    const { status, message } = authErrorOf(error);
    if (status >= 500) return { ok: false, status, message };
    return { ok: false, status: status === 429 ? 429 : 401, message: status === 429 ? message : "Invalid code." };
  }
}

/** Ends the session on the server and clears its cookie. */
export async function signOut(request: Request, context: Context): Promise<Headers> {
  const auth = getAuth(context.get(databaseContext));
  try {
    const { headers } = await auth.api.signOut({ headers: cookieOnly(request), returnHeaders: true });
    return cookieHeaders(headers);
  } catch {
    return new Headers();
  }
}

/** Forgets a pending two-factor sign-in (back to the password form). */
export function clearPendingSecondFactor(): Headers {
  const headers = new Headers();
  for (const name of ["umbra.two_factor", "__Secure-umbra.two_factor"]) {
    headers.append(
      "Set-Cookie",
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure") ? "; Secure" : ""}`,
    );
  }
  return headers;
}
