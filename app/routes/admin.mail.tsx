import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { adminMeta } from "#app/admin/admin-page.ts";
import styles from "#app/admin/auth/admin-auth.module.css";
import mailStyles from "#app/admin/mail/admin-mail.module.css";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { SENT_MAIL_KEEP_DAYS } from "#app/email/mail-sender.server.ts";
import { mailNeedingAttention, retryFailedMail } from "#app/email/outgoing-mail.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.mail";

export const meta: Route.MetaFunction = ({ matches, error }) => adminMeta({ matches, error }, "Outgoing Mail");

export const loader = answeringOutages("page", mailLoader);
export const action = answeringOutages("page", mailAction);

/** "2026-11-25 22:31 UTC": exact enough to match a message with the logs. */
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The studio's view of the outgoing mail: what waits to be sent, what failed, and how much went
 * out. Its recipients and subjects name collectors, so it needs the second factor, as the inbox
 * does (decision 033); without it the page is the sign-in steps or says what is missing.
 */
async function mailLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const db = context.get(databaseContext).db;
  const { rows, totals } = await mailNeedingAttention(db);
  return {
    state: "admin" as const,
    email: access.user.email,
    keepDays: SENT_MAIL_KEEP_DAYS,
    sent: totals.sent ?? 0,
    skipped: totals.skipped ?? 0,
    messages: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      queuedAt: when(row.createdAt),
      nextAttemptAt: row.status === "queued" ? when(row.nextAttemptAt) : null,
      failedAt: row.status === "failed" ? when(row.updatedAt) : null,
    })),
  };
}

const retryInput = z.object({ intent: z.literal("retry"), id: z.coerce.number().int().positive() });

async function mailAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const step = await signInStep(request, context, form, "/admin/mail");
  if (step) return step;
  const access = await studioAccess(request, context);
  if (access.state !== "admin") {
    return data({ error: "Sign in as an admin with an authenticator app to do this." }, { status: 401 });
  }
  const input = retryInput.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!input.success) return data({ error: "Choose a failed message to send again." }, { status: 400 });
  if (!(await retryFailedMail(context.get(databaseContext).db, input.data.id))) {
    return data(
      { error: "That message is not waiting for a retry (it was sent, retried or removed)." },
      { status: 409 },
    );
  }
  return redirect("/admin/mail");
}

export default function AdminMailPage({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  if (loaderData.state !== "admin") {
    return <StudioGate screen="mail" state={loaderData.state} error={error} />;
  }
  const { messages } = loaderData;
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="mail-heading">
      <p className="eyebrow">Admin</p>
      <h1 id="mail-heading">Outgoing Mail</h1>
      <p>
        Signed in as {loaderData.email}. <Link to="/admin/quotes">Back to Manage Quotes</Link>
      </p>
      <p>
        Mail the site sends is recorded first, then sent, and tried again for about two hours when the mail server does
        not take it. Sent in the last {loaderData.keepDays} days: {loaderData.sent}; not sent because no account uses
        the address: {loaderData.skipped}.
      </p>
      <div role="alert" className={styles.alert}>
        {error}
      </div>
      <h2>Waiting and failed</h2>
      {messages.length === 0 ? (
        <p>Nothing is waiting: every message was sent.</p>
      ) : (
        <ul aria-label="Waiting and failed mail" className={mailStyles.list}>
          {messages.map((message) => (
            <li key={message.id} className={mailStyles.item}>
              <strong>{message.subject}</strong>
              <span>To {message.to}</span>
              <span className={mailStyles.meta}>
                <span className={mailStyles.status}>{message.status}</span> · {message.attempts}{" "}
                {message.attempts === 1 ? "attempt" : "attempts"} · queued {message.queuedAt}
                {message.nextAttemptAt ? ` · next attempt ${message.nextAttemptAt}` : ""}
                {message.failedAt ? ` · given up ${message.failedAt}` : ""}
              </span>
              {message.lastError ? <span className={mailStyles.error}>Last error: {message.lastError}</span> : null}
              {message.status === "failed" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="id" value={message.id} />
                  <button type="submit" className="button button-ghost">
                    Send Again
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
