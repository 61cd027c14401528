import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { type AdminUser, checkSession, hasPendingSecondFactor } from "#app/auth/admin-session.server.ts";
import { crossOriginResponse, isSameOriginRequest } from "#app/auth/origin-check.server.ts";
import { clearPendingSecondFactor, signInWithPassword, signOut, verifySignInCode } from "#app/auth/sign-in.server.ts";
import { jsonError } from "#app/http/api-errors.server.ts";
import { rethrowAsOutageAnswer } from "#app/http/outage-answers.server.ts";

/**
 * Who may read enquiries: a signed-in admin whose account has a verified second factor (the
 * session then exists only after the code: assurance level 2). Enquiries hold strangers'
 * names, addresses and messages, so an admin who has not added an authenticator app yet is
 * sent to /admin/security first.
 */
export type EnquiryAccess =
  | { state: "admin"; user: AdminUser; sessionId: string; sessionExpiresAt: Date }
  | { state: "login" | "code" | "needs-factor" | "not-admin" };

export async function enquiryAccess(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<EnquiryAccess> {
  const check = await checkSession(request, context);
  if (check.status === "signed-out") return { state: hasPendingSecondFactor(request) ? "code" : "login" };
  if (check.status === "not-admin") return { state: "not-admin" };
  if (!check.user.twoFactorEnabled) return { state: "needs-factor" };
  return { state: "admin", user: check.user, sessionId: check.sessionId, sessionExpiresAt: check.sessionExpiresAt };
}

/**
 * For the inbox's data endpoints (event stream, CSV): throws a JSON 403 for another origin's
 * write or an admin without a second factor, 401 without a session, 503 when the database
 * cannot tell.
 */
export async function requireEnquiryAdmin(request: Request, context: Readonly<RouterContextProvider>) {
  if (!isSameOriginRequest(request)) throw crossOriginResponse();
  const access = await enquiryAccess(request, context).catch(rethrowAsOutageAnswer("json"));
  if (access.state !== "admin") {
    if (access.state === "not-admin") throw jsonError(403, "This account is not an admin.");
    if (access.state === "needs-factor") {
      throw jsonError(403, "Add an authenticator app on the Security screen before reading enquiries.");
    }
    throw jsonError(401, "Sign in as an admin to do this.");
  }
  return access;
}

/**
 * An admin write's access (a room's, a content document's): the same as the inbox's (session
 * with a second factor), Origin already checked by the caller. Returns the access, or the answer
 * to give: 401 signed out, 403 without a second factor (`doing` says what needs it) or not an admin.
 */
export async function adminWriteAccess(request: Request, context: Readonly<RouterContextProvider>, doing: string) {
  const access = await enquiryAccess(request, context);
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

/**
 * The sign-in steps, answered on the inbox's own pages so that a link from the studio's mail
 * (`/admin/enquiries/<id>`) opens that enquiry once the admin has signed in. Returns undefined
 * when the form is not a sign-in step.
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
      if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status, headers: outcome.headers });
      return redirect(returnTo, { headers: outcome.headers });
    }
    case "verify-code": {
      const code = String(form.get("code") ?? "").slice(0, 64);
      const outcome = await verifySignInCode(request, context, code);
      if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status, headers: outcome.headers });
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

/** A page's answer to someone who may not read enquiries: the sign-in form (401) or why not (403). */
export function gateAnswer(state: Exclude<EnquiryAccess["state"], "admin">) {
  return data({ state }, { status: state === "login" || state === "code" ? 401 : 403 });
}
