import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { adminHeaders, adminMeta } from "#app/admin/admin-page.ts";
import styles from "#app/admin/auth/admin-auth.module.css";
import { getAuth, RESET_LINK_MINUTES } from "#app/auth/auth.server.ts";
import { authErrorOf } from "#app/auth/auth-error.server.ts";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { passwordProblem } from "#app/auth/password-policy.ts";
import { requestPasswordReset } from "#app/auth/password-reset-request.server.ts";
import { RateLimitedError, rateLimits, takeAttempt } from "#app/auth/rate-limit.server.ts";
import { ErrorSummary } from "#app/components/forms/error-summary.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import { loggerContext } from "#app/observability/context.ts";
import type { Route } from "./+types/reset-password";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches, error }) => adminMeta({ matches, error }, "Reset Password");

const SENT = `If an admin account uses that address, a reset link is on its way; mail can take a few minutes. It works once, for ${RESET_LINK_MINUTES} minutes.`;

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: token && token.length <= 200 ? token : null };
}

// While the database cannot be reached the page says so (503) rather than failing (500).
export const action = answeringOutages("page", resetPasswordAction);

async function resetPasswordAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const database = context.get(databaseContext);
  const auth = getAuth(database);

  if (form.get("intent") === "request") {
    const email = z.email().safeParse(
      String(form.get("email") ?? "")
        .trim()
        .toLowerCase(),
    );
    if (!email.success) return data({ error: "Enter the email address of your admin account." }, { status: 400 });
    try {
      await takeAttempt(database.db, [
        { key: `reset:ip:${context.get(clientIpContext)}`, rule: rateLimits.resetIp },
        { key: `reset:account:${email.data}`, rule: rateLimits.resetAccount },
      ]);
    } catch (error) {
      if (error instanceof RateLimitedError)
        return data({ error: error.message }, { status: 429, headers: error.headers });
      throw error;
    }
    // The same write and the same answer whether or not the account exists; the mail sender
    // makes the link (on the configured origin, never this request's Host) and sends it.
    try {
      await requestPasswordReset(database.db, email.data);
    } catch (error) {
      context.get(loggerContext).error({ err: error }, "could not record a password-reset request");
      return data(
        { error: "Your request could not be recorded just now. Try again in a minute." },
        { status: 503, headers: { "Retry-After": "60" } },
      );
    }
    return { sent: SENT };
  }

  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  const problem = passwordProblem(password);
  if (problem) return data({ error: problem }, { status: 400 });
  if (password !== String(form.get("confirm") ?? "")) {
    return data({ error: "The two passwords do not match." }, { status: 400 });
  }
  try {
    // Single use; success ends every session of the account (revokeSessionsOnPasswordReset).
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    const { status, code, message } = authErrorOf(error);
    if (code === "INVALID_TOKEN" || status === 400) {
      return data({ error: "This reset link has expired or was already used. Ask for a new one." }, { status: 400 });
    }
    return data({ error: message }, { status });
  }
  return redirect("/admin/quotes?reset=done");
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  return (
    <main id="main" className="page">
      <section className={styles.card} aria-labelledby="reset-heading">
        <h1 id="reset-heading">Reset Password</h1>
        {loaderData.token ? (
          <Form method="post" className={styles.form}>
            <input type="hidden" name="token" value={loaderData.token} />
            <Field
              label="New password"
              hint="12 to 128 characters, anything you like; not a common password."
              className={styles.field}
              hintClassName={styles.hint}
            >
              {(control) => <input {...control} type="password" name="password" autoComplete="new-password" />}
            </Field>
            <Field label="Repeat the new password" className={styles.field}>
              {(control) => <input {...control} type="password" name="confirm" autoComplete="new-password" />}
            </Field>
            <ErrorSummary message={error} alwaysLive className={styles.alert} />
            <div className={styles.actions}>
              <button type="submit" className="button">
                Set New Password
              </button>
            </div>
          </Form>
        ) : (
          <Form method="post" className={styles.form}>
            <input type="hidden" name="intent" value="request" />
            <p>Enter the email address of your admin account and we will send you a link to choose a new password.</p>
            <Field label="Email" className={styles.field}>
              {(control) => <input {...control} type="email" name="email" autoComplete="username" />}
            </Field>
            <ErrorSummary message={error} alwaysLive className={styles.alert} />
            {sent ? (
              <p className={styles.notice} role="status">
                {sent}
              </p>
            ) : null}
            <div className={styles.actions}>
              <button type="submit" className="button">
                Send Reset Link
              </button>
              <Link to="/admin/quotes">Back to Admin Login</Link>
            </div>
          </Form>
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
