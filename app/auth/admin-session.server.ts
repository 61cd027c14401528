import type { RouterContextProvider } from "react-router";
import { databaseContext } from "#app/db/context.ts";
import { isDatabaseUnreachable } from "#app/db/database-unreachable.server.ts";
import { isDiskFull } from "#app/observability/disk-full.ts";
import { getAuth } from "./auth.server.ts";

export type AdminUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  twoFactorEnabled: boolean;
  twoFactorName: string | null;
  twoFactorAddedAt: Date | null;
};

export type SessionCheck =
  | { status: "admin"; user: AdminUser; sessionId: string; sessionExpiresAt: Date }
  | { status: "not-admin" }
  | { status: "signed-out" };

/**
 * Who the request's session cookie belongs to. better-auth issues no session for an account
 * with a verified factor until its code is given (between password and code there is only a
 * short-lived, signed two-factor cookie), so a session here is assurance level 2 whenever the
 * account has a factor; level-1 sessions from before enrolment are revoked when it completes.
 * Throws when the database cannot be reached or its disk is full.
 */
export async function checkSession(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionCheck> {
  const auth = getAuth(context.get(databaseContext));
  const result = await auth.api.getSession({ headers: request.headers }).catch((error: unknown) => {
    // A lookup that could not be made says nothing about the visitor: the outage is passed on
    // (503 "database unavailable", app/http/outage-answers.server.ts), never read as signed out.
    if (isDatabaseUnreachable(error) || isDiskFull(error)) throw error;
    return null;
  });
  if (!result) return { status: "signed-out" };
  const user = result.user as typeof result.user & Partial<AdminUser>;
  if (user.role !== "admin") return { status: "not-admin" };
  return {
    status: "admin",
    sessionId: result.session.id,
    sessionExpiresAt: new Date(result.session.expiresAt),
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      twoFactorName: user.twoFactorName ?? null,
      twoFactorAddedAt: user.twoFactorAddedAt ? new Date(user.twoFactorAddedAt) : null,
    },
  };
}

/** Whether a password was accepted and a code is now awaited (the two-factor cookie is set). */
export function hasPendingSecondFactor(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?umbra\.two_factor=/.test(request.headers.get("cookie") ?? "");
}
