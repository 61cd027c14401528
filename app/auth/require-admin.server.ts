import type { RouterContextProvider } from "react-router";
import { jsonError } from "#app/http/api-errors.server.ts";
import { rethrowAsOutageAnswer } from "#app/http/outage-answers.server.ts";
import { checkSession } from "./admin-session.server.ts";
import { crossOriginResponse, isSameOriginRequest } from "./origin-check.server.ts";

/** Who is acting as admin. */
export interface AdminIdentity {
  kind: "session";
  id: string;
  email: string;
  /** The sign-in session the request carried; long-lived responses end with it. */
  session: { id: string; expiresAt: Date };
}

/**
 * Guards every admin endpoint. Denies by default: a mutation must come from this site's own
 * pages (Origin), and the request must carry a session of an admin-role account (assurance
 * level 2 when the account has a verified factor; see admin-session.server.ts). Returns the
 * admin, or throws a JSON Response: 403 cross-origin or not an admin, 401 no valid session, 503
 * the database cannot be reached to tell.
 */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<AdminIdentity> {
  if (!isSameOriginRequest(request)) throw crossOriginResponse();
  const check = await checkSession(request, context).catch(rethrowAsOutageAnswer("json"));
  if (check.status === "signed-out") throw jsonError(401, "Sign in as an admin to do this.");
  if (check.status === "not-admin") throw jsonError(403, "This account is not an admin.");
  return {
    kind: "session",
    id: check.user.id,
    email: check.user.email,
    session: { id: check.sessionId, expiresAt: check.sessionExpiresAt },
  };
}
