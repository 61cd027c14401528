import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { authSession, authVerification } from "~/db/auth-schema";
import { databaseContext } from "~/db/context";
import { getAuth } from "./auth.server";
import { authErrorOf, cookieHeaders } from "./auth-error.server";
import { clientIpContext } from "./client-ip-context";
import {
  assertNotLimited,
  clearAttempts,
  countAttempt,
  RateLimitedError,
  type RateLimitRule,
  rateLimits,
} from "./rate-limit.server";

export type AuthOutcome =
  | { ok: true; headers: Headers; codeRequired?: boolean }
  | { ok: false; status: number; message: string; headers?: Headers };

type Context = Readonly<RouterContextProvider>;

function limited(error: RateLimitedError): AuthOutcome {
  return { ok: false, status: 429, message: error.message };
}

async function guard(context: Context, keys: Array<[string, RateLimitRule]>): Promise<AuthOutcome | null> {
  const { db } = context.get(databaseContext);
  try {
    for (const [key, rule] of keys) await assertNotLimited(db, key, rule);
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return limited(error);
    throw error;
  }
}

async function countFailure(context: Context, keys: Array<[string, RateLimitRule]>) {
  const { db } = context.get(databaseContext);
  for (const [key, rule] of keys) await countAttempt(db, key, rule);
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

/**
 * Email and password. Throttled per IP and per account (failures counted in the database).
 * An account with a verified factor gets no session yet, only the two-factor cookie.
 */
export async function signInWithPassword(
  request: Request,
  context: Context,
  input: { email: string; password: string },
): Promise<AuthOutcome> {
  const ip = context.get(clientIpContext);
  const email = input.email.trim().toLowerCase();
  const keys: Array<[string, RateLimitRule]> = [
    [`sign-in:ip:${ip}`, rateLimits.signInIp],
    [`sign-in:account:${email}`, rateLimits.signInAccount],
  ];
  const refused = await guard(context, keys);
  if (refused) return refused;

  const auth = getAuth(context.get(databaseContext));
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: cookieOnly(request),
      returnHeaders: true,
    });
    const outHeaders = cookieHeaders(headers);
    if (response && "twoFactorRedirect" in response && response.twoFactorRedirect) {
      return { ok: true, headers: outHeaders, codeRequired: true };
    }
    const user = (response as { user?: { role?: string } }).user;
    if (user?.role !== "admin") {
      // A valid account that is not an admin gets no session here.
      const token = (response as { token?: string }).token;
      if (token) await context.get(databaseContext).db.delete(authSession).where(eq(authSession.token, token));
      await countFailure(context, keys);
      return { ok: false, status: 403, message: "This account is not an admin." };
    }
    await clearAttempts(context.get(databaseContext).db, `sign-in:account:${email}`);
    return { ok: true, headers: outHeaders };
  } catch (error) {
    const { status, message } = authErrorOf(error);
    if (status >= 500) return { ok: false, status, message };
    await countFailure(context, keys);
    return { ok: false, status: 401, message };
  }
}

/** The user a pending two-factor cookie belongs to (for the per-account counter). */
async function pendingUserId(request: Request, context: Context): Promise<string> {
  const match = /(?:^|;\s*)(?:__Secure-)?umbra\.two_factor=([^;]+)/.exec(request.headers.get("cookie") ?? "");
  const signed = match?.[1] ? decodeURIComponent(match[1]) : "";
  const identifier = signed.slice(0, Math.max(0, signed.lastIndexOf(".")));
  if (!identifier) return "unknown";
  const rows = await context
    .get(databaseContext)
    .db.select({ value: authVerification.value })
    .from(authVerification)
    .where(sql`${authVerification.identifier} = ${identifier}`)
    .limit(1);
  return rows[0]?.value ?? "unknown";
}

/** A backup code looks like "abcde-12345"; an authenticator code is six digits. */
export function isBackupCode(code: string): boolean {
  return !/^\d{6}$/.test(code);
}

/**
 * The second step of sign-in: an authenticator code (or a backup code) for the pending
 * two-factor cookie. Success creates a new session (a fresh token).
 */
export async function verifySignInCode(request: Request, context: Context, rawCode: string): Promise<AuthOutcome> {
  const code = rawCode.replace(/\s+/g, "");
  const ip = context.get(clientIpContext);
  const userId = await pendingUserId(request, context);
  const keys: Array<[string, RateLimitRule]> = [
    [`code:ip:${ip}`, rateLimits.codeIp],
    [`code:account:${userId}`, rateLimits.codeAccount],
  ];
  const refused = await guard(context, keys);
  if (refused) return refused;
  const auth = getAuth(context.get(databaseContext));
  try {
    const { headers } = isBackupCode(code)
      ? await auth.api.verifyBackupCode({ body: { code }, headers: cookieOnly(request), returnHeaders: true })
      : await auth.api.verifyTOTP({ body: { code }, headers: cookieOnly(request), returnHeaders: true });
    await clearAttempts(context.get(databaseContext).db, `code:account:${userId}`);
    return { ok: true, headers: cookieHeaders(headers) };
  } catch (error) {
    const { status, message } = authErrorOf(error);
    if (status >= 500) return { ok: false, status, message };
    await countFailure(context, keys);
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
