import { data, Form, Link, redirect } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import styles from "#app/admin/auth/admin-auth.module.css";
import { studioAccess } from "#app/admin/studio-access.server.ts";
import { keepRetryAfter } from "#app/admin/studio-answer-headers.server.ts";
import { enrolmentToRetry } from "#app/auth/enrolment-retry.server.ts";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import {
  confirmEnrolment,
  newBackupCodes,
  removeFactor,
  type SecurityRefusal,
  startEnrolment,
} from "#app/auth/second-factor.server.ts";
import { Field } from "#app/components/forms/field.tsx";
import { formatUsDate } from "#app/format/us-date.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.security";

export const meta: Route.MetaFunction = ({ matches, error }) => adminMeta({ matches, error }, "Security");

/** Security is open to any admin: it is where the second factor is added. */
async function requireAdminPage(request: Request, context: Route.LoaderArgs["context"]) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin" && access.state !== "needs-factor") throw redirect("/admin/quotes");
  return access.user;
}

// While the database cannot be reached the admin screens say so (503), whatever the session.
export const loader = answeringOutages("page", securityLoader);
export const action = answeringOutages("page", securityAction);

async function securityLoader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  return {
    // The screen shows itself (the studio shell frames it with the navigation).
    state: "admin" as const,
    email: user.email,
    factor: user.twoFactorEnabled
      ? { name: user.twoFactorName ?? "Authenticator app", addedAt: user.twoFactorAddedAt?.toISOString() ?? null }
      : null,
  };
}

async function securityAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireAdminPage(request, context);
  const form = await readForm(request);
  const field = (name: string) => String(form.get(name) ?? "").slice(0, 1024);
  const refusal = (result: SecurityRefusal) => {
    keepRetryAfter(context, result.headers);
    return data({ error: result.error }, { status: result.status, headers: result.headers });
  };
  switch (form.get("intent")) {
    case "enrol": {
      const name = field("name").trim().slice(0, 60) || "Authenticator app";
      const result = await startEnrolment(request, context, { name, password: field("password"), userId: user.id });
      return "error" in result ? refusal(result) : { enrolment: result };
    }
    case "confirm": {
      const result = await confirmEnrolment(request, context, {
        code: field("code"),
        name: field("name").trim().slice(0, 60),
        userId: user.id,
      });
      // A wrong code keeps the QR code and the secret on screen, so the admin can try again.
      if ("error" in result) {
        keepRetryAfter(context, result.headers);
        const enrolment = await enrolmentToRetry(form, user.email);
        return data({ error: result.error, enrolment }, { status: result.status, headers: result.headers });
      }
      return redirect("/admin/security", { headers: result.headers });
    }
    case "remove": {
      const result = await removeFactor(request, context, { code: field("code"), userId: user.id });
      return "error" in result ? refusal(result) : redirect("/admin/security");
    }
    case "backup-codes": {
      const result = await newBackupCodes(request, context, { password: field("password"), userId: user.id });
      return "error" in result ? refusal(result) : { backupCodes: result.backupCodes };
    }
    default:
      return data({ error: "Unknown action." }, { status: 400 });
  }
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className={styles.notice}>
      <h2>Backup codes</h2>
      <p>Each works once, in place of a code from the app. Keep them somewhere safe; they are shown only now.</p>
      <ul aria-label="Backup codes" className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The screen's heading, who is signed in, and the last step's refusal. */
function SecurityHead({ email, error }: { email: string; error?: string }) {
  return (
    <>
      <p className="eyebrow">Admin</p>
      <h1 id="security-heading">Security</h1>
      <p>
        Signed in as {email}. <Link to="/admin/quotes">Back to Manage Quotes</Link> ·{" "}
        <Link to="/admin/mail">Outgoing Mail</Link>
      </p>
      <div role="alert" className={styles.alert}>
        {error}
      </div>
    </>
  );
}

export default function AdminSecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const enrolment = actionData && "enrolment" in actionData ? actionData.enrolment : undefined;
  const backupCodes = actionData && "backupCodes" in actionData ? actionData.backupCodes : undefined;
  const { factor } = loaderData;

  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="security-heading">
      <SecurityHead email={loaderData.email} error={error} />

      <h2>Second factor</h2>
      {factor ? (
        <>
          <ul aria-label="Factors" className={styles.factors}>
            <li>
              <strong>{factor.name}</strong> · authenticator app (TOTP) · verified
              {factor.addedAt ? ` · added ${formatUsDate(factor.addedAt)}` : ""}
            </li>
          </ul>
          {backupCodes ? <BackupCodes codes={backupCodes} /> : null}
          <Form method="post" className={styles.form}>
            <input type="hidden" name="intent" value="backup-codes" />
            <Field label="Password" className={styles.field}>
              {(control) => <input {...control} type="password" name="password" autoComplete="current-password" />}
            </Field>
            <div className={styles.actions}>
              <button type="submit" className="button button-ghost">
                Generate New Backup Codes
              </button>
            </div>
          </Form>
          <Form method="post" className={styles.form}>
            <input type="hidden" name="intent" value="remove" />
            <Field label={`Current code from ${factor.name}`} className={styles.field}>
              {(control) => (
                <input {...control} type="text" name="code" inputMode="numeric" autoComplete="one-time-code" />
              )}
            </Field>
            <div className={styles.actions}>
              <button type="submit" className="button button-ghost">
                Remove Factor
              </button>
            </div>
          </Form>
        </>
      ) : enrolment ? (
        <>
          <p>Scan this code with your authenticator app, or type the secret into it, then enter the code it shows.</p>
          <img src={enrolment.qrDataUrl} width={220} height={220} alt="QR code for your authenticator app" />
          <p className={styles.secret}>
            Secret: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <BackupCodes codes={enrolment.backupCodes} />
          <Form method="post" className={styles.form}>
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="name" value={enrolment.name} />
            {/* Sent back so a wrong code can show the same QR code and secret again. */}
            <input type="hidden" name="uri" value={enrolment.uri} />
            {enrolment.backupCodes.map((code) => (
              <input key={code} type="hidden" name="backup" value={code} />
            ))}
            <Field label="Code from the app" className={styles.field}>
              {(control) => (
                <input {...control} type="text" name="code" inputMode="numeric" autoComplete="one-time-code" />
              )}
            </Field>
            <div className={styles.actions}>
              <button type="submit" className="button">
                Confirm
              </button>
            </div>
          </Form>
        </>
      ) : (
        <>
          <p>No factor yet. Add an authenticator app so signing in also needs a code from your phone.</p>
          <Form method="post" className={styles.form}>
            <input type="hidden" name="intent" value="enrol" />
            <Field label="Name" className={styles.field}>
              {(control) => <input {...control} type="text" name="name" placeholder="My phone" maxLength={60} />}
            </Field>
            <Field label="Password" className={styles.field}>
              {(control) => <input {...control} type="password" name="password" autoComplete="current-password" />}
            </Field>
            <div className={styles.actions}>
              <button type="submit" className="button">
                Add Authenticator App
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
