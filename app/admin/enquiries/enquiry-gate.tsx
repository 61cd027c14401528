import { Link } from "react-router";
import styles from "#app/admin/auth/admin-auth.module.css";
import { AdminCodeForm, AdminLoginForm } from "#app/admin/auth/admin-login-form.tsx";

/**
 * What an enquiry page shows to someone who may not read it yet: the sign-in steps (answered by
 * the page's own action, so the admin lands back on the enquiry the link named), or a sentence
 * saying what is missing.
 */
export function EnquiryGate({
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
          <h1 id="needs-factor-heading">Enquiries</h1>
          <p>
            Enquiries hold collectors’ names, addresses and messages, so reading them needs a second factor. Add an
            authenticator app, then come back.
          </p>
          <p>
            <Link to="/admin/security">Add an authenticator app</Link>
          </p>
        </section>
      ) : null}
      {state === "not-admin" ? (
        <section className={styles.card} aria-labelledby="not-admin-heading">
          <h1 id="not-admin-heading">Enquiries</h1>
          <p>This account is not an admin.</p>
        </section>
      ) : null}
    </main>
  );
}
