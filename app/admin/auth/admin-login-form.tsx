import { Form, Link, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/forms/error-summary.tsx";
import { Field } from "#app/components/forms/field.tsx";
import styles from "./admin-auth.module.css";

/** SPEC.md's "Admin Login": Email, Password, "Login", and a "Reset Password" link. */
export function AdminLoginForm({ error, notice }: { error?: string; notice?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.card} aria-labelledby="admin-login-heading">
      <h1 id="admin-login-heading">Admin Login</h1>
      {notice ? <p className={styles.notice}>{notice}</p> : null}
      <Form method="post" className={styles.form}>
        <input type="hidden" name="intent" value="login" />
        <Field label="Email" className={styles.field}>
          {(control) => <input {...control} type="email" name="email" autoComplete="username" />}
        </Field>
        <Field label="Password" className={styles.field}>
          {(control) => <input {...control} type="password" name="password" autoComplete="current-password" />}
        </Field>
        <ErrorSummary message={error} alwaysLive className={styles.alert} />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={busy}>
            Login
          </button>
          <Link to="/reset-password">Reset Password</Link>
        </div>
      </Form>
    </section>
  );
}

/** The second step: a code from the authenticator app (or a backup code). */
export function AdminCodeForm({ error }: { error?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.card} aria-labelledby="admin-code-heading">
      <h1 id="admin-code-heading">Admin Login</h1>
      <p>Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
      <Form method="post" className={styles.form}>
        <input type="hidden" name="intent" value="verify-code" />
        <Field label="Code" className={styles.field}>
          {(control) => (
            <input
              {...control}
              type="text"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              autoCapitalize="off"
            />
          )}
        </Field>
        <ErrorSummary message={error} alwaysLive className={styles.alert} />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={busy}>
            Verify
          </button>
        </div>
      </Form>
      <Form method="post" className={styles.secondary}>
        <input type="hidden" name="intent" value="cancel-code" />
        <button type="submit" className="button button-ghost">
          Start over
        </button>
      </Form>
    </section>
  );
}
