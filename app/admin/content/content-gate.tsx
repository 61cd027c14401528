import { Link } from "react-router";
import styles from "#app/admin/auth/admin-auth.module.css";
import { AdminCodeForm, AdminLoginForm } from "#app/admin/auth/admin-login-form.tsx";

/**
 * What the content editor shows to someone who may not use it yet: the sign-in steps (answered
 * by the page's own action, so the admin lands back on the document), or what is missing. The
 * same gate as the inbox and the rooms: publishing changes the public site.
 */
export function ContentGate({
  state,
  error,
}: {
  state: "login" | "code" | "needs-factor" | "not-admin";
  error?: string;
}) {
  return (
    <main id="main" className="page">
      {state === "login" ? <AdminLoginForm error={error} /> : null}
      {state === "code" ? <AdminCodeForm error={error} /> : null}
      {state === "needs-factor" ? (
        <section className={styles.card} aria-labelledby="needs-factor-heading">
          <p className="eyebrow">Admin</p>
          <h1 id="needs-factor-heading">Content</h1>
          <p>
            Publishing changes the public site, so editing content needs a second factor. Add an authenticator app, then
            come back.
          </p>
          <p>
            <Link to="/admin/security">Add an authenticator app</Link>
          </p>
        </section>
      ) : null}
      {state === "not-admin" ? (
        <section className={styles.card} aria-labelledby="not-admin-heading">
          <h1 id="not-admin-heading">Content</h1>
          <p>This account is not an admin.</p>
        </section>
      ) : null}
    </main>
  );
}
