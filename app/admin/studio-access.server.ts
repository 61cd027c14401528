import { createContext, data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { type AdminUser, checkSession, hasPendingSecondFactor } from "#app/auth/admin-session.server.ts";
import { crossOriginResponse, isSameOriginRequest } from "#app/auth/origin-check.server.ts";
import { clearPendingSecondFactor, signInWithPassword, signOut, verifySignInCode } from "#app/auth/sign-in.server.ts";
import { jsonError } from "#app/http/api-errors.server.ts";
import { type AnswerKind, rethrowAsOutageAnswer } from "#app/http/outage-answers.server.ts";
import { keepRetryAfter } from "./studio-answer-headers.server.ts";

/**
 * Who may use the studio: a signed-in admin whose account has a verified second factor (the
 * session then exists only after the code: assurance level 2). The studio's screens hold
 * strangers' names, addresses and messages, prices and unpublished work, so an admin who has not
 * added an authenticator app yet is sent to /admin/security first ("needs-factor", which still
 * carries the account: Manage Quotes and Security are open to it).
 */
export type StudioAccess =
  | { state: "admin"; user: AdminUser; sessionId: string; sessionExpiresAt: Date }
  | { state: "needs-factor"; user: AdminUser; sessionId: string; sessionExpiresAt: Date }
  | { state: "login" | "code" | "not-admin" };

/** What a screen shows in place of itself: the sign-in steps or why not. */
export type GateState = Exclude<StudioAccess["state"], "admin">;

/**
 * The request's studio access, looked up once by the studio shell's middleware (routes/admin.tsx)
 * and read by every studio loader and action of that request.
 */
const studioAccessContext = createContext<Promise<StudioAccess> | null>(null);

async function lookUpStudioAccess(request: Request, context: Readonly<RouterContextProvider>): Promise<StudioAccess> {
  const check = await checkSession(request, context);
  if (check.status === "signed-out") return { state: hasPendingSecondFactor(request) ? "code" : "login" };
  if (check.status === "not-admin") return { state: "not-admin" };
  const session = { user: check.user, sessionId: check.sessionId, sessionExpiresAt: check.sessionExpiresAt };
  return { state: check.user.twoFactorEnabled ? "admin" : "needs-factor", ...session };
}

/** Starts the request's lookup (the shell's middleware does, before any loader runs). */
export function startStudioAccess(request: Request, context: Readonly<RouterContextProvider>) {
  const lookup = lookUpStudioAccess(request, context);
  // Read later by a loader; a failure here is answered there (as a page or as JSON).
  lookup.catch(() => {});
  context.set(studioAccessContext, lookup);
}

function accessOf(request: Request, context: Readonly<RouterContextProvider>, kind: AnswerKind) {
  // A handler called without the shell (a unit test, the outage walk) looks it up itself.
  const lookup = context.get(studioAccessContext) ?? lookUpStudioAccess(request, context);
  return lookup.catch(rethrowAsOutageAnswer(kind));
}

/**
 * A studio page's access. While the database cannot be reached it throws the outage's answer
 * (503; a page's is shown by the screen's error boundary, `kind` "json" for an endpoint),
 * whatever the session.
 */
export function studioAccess(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: AnswerKind = "page",
): Promise<StudioAccess> {
  return accessOf(request, context, kind);
}

/**
 * For the studio's data endpoints (event stream, CSV, the rooms' work list): throws a JSON 403
 * for another origin's write or an admin without a second factor (`doing` says what needs it),
 * 401 without a session, 503 when the database cannot tell.
 */
export async function requireStudioAdmin(
  request: Request,
  context: Readonly<RouterContextProvider>,
  doing = "reading enquiries",
) {
  if (!isSameOriginRequest(request)) throw crossOriginResponse();
  const access = await accessOf(request, context, "json");
  if (access.state === "admin") return access;
  if (access.state === "not-admin") throw jsonError(403, "This account is not an admin.");
  if (access.state === "needs-factor")
    throw jsonError(403, `Add an authenticator app on the Security screen before ${doing}.`);
  throw jsonError(401, "Sign in as an admin to do this.");
}

/**
 * A studio write's access (a room's, a content document's): a session with a second factor,
 * Origin already checked by the caller. Returns the access, or the answer to give: 401 signed
 * out, 403 without a second factor (`doing` says what needs it) or not an admin.
 */
export async function studioWriteAccess(request: Request, context: Readonly<RouterContextProvider>, doing: string) {
  const access = await studioAccess(request, context);
  if (access.state === "admin") return { ok: true as const, access };
  if (access.state === "login" || access.state === "code")
    return { ok: false as const, answer: data({ error: "Sign in as an admin to do this." }, { status: 401 }) };
  const error =
    access.state === "needs-factor"
      ? `Add an authenticator app on the Security screen before ${doing}.`
      : "This account is not an admin.";
  return { ok: false as const, answer: data({ error }, { status: 403 }) };
}

const loginInput = z.object({ email: z.string().max(320), password: z.string().max(1024) });

/** A refused sign-in step: its message and status, its cookies, its Retry-After (passed on by the shell). */
function refusedStep(
  context: Readonly<RouterContextProvider>,
  outcome: { message: string; status: number; headers?: HeadersInit },
) {
  keepRetryAfter(context, outcome.headers);
  return data({ error: outcome.message }, { status: outcome.status, headers: outcome.headers });
}

/**
 * The sign-in steps, answered on each studio screen's own page so that a link from the studio's
 * mail (`/admin/enquiries/<id>`) opens that enquiry once the admin has signed in. Returns
 * undefined when the form is not a sign-in step.
 */
export async function signInStep(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
  returnTo: string,
) {
  switch (form.get("intent")) {
    case "login": {
      const input = loginInput.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
      if (!input.success) return data({ error: "Enter your email and password." }, { status: 400 });
      const outcome = await signInWithPassword(request, context, input.data);
      if (!outcome.ok) return refusedStep(context, outcome);
      return redirect(returnTo, { headers: outcome.headers });
    }
    case "verify-code": {
      const code = String(form.get("code") ?? "").slice(0, 64);
      const outcome = await verifySignInCode(request, context, code);
      if (!outcome.ok) return refusedStep(context, outcome);
      return redirect(returnTo, { headers: outcome.headers });
    }
    case "cancel-code":
      return redirect(returnTo, { headers: clearPendingSecondFactor() });
    case "sign-out":
      return redirect("/admin/quotes", { headers: await signOut(request, context) });
    default:
      return undefined;
  }
}

/** A page's answer to someone who may not use it: the sign-in form (401) or why not (403). */
export function gateAnswer(state: GateState) {
  return data({ state }, { status: state === "login" || state === "code" ? 401 : 403 });
}
