import type { ReactNode } from "react";
import { Link } from "react-router";
import styles from "#app/admin/auth/admin-auth.module.css";
import { AdminCodeForm, AdminLoginForm } from "#app/admin/auth/admin-login-form.tsx";

/**
 * What an admin screen that needs the second factor (the inbox, the rooms, the content editor)
 * shows to someone who may not use it yet: the sign-in steps (answered by the page's own action,
 * so the admin lands back where the link pointed), or what is missing. `screen` is its heading,
 * `whyFactor` the sentence saying why it needs a second factor.
 */
export function AdminGate({
  state,
  error,
  screen,
  whyFactor,
}: {
  state: "login" | "code" | "needs-factor" | "not-admin";
  error?: string;
  screen: string;
  whyFactor: ReactNode;
}) {
  return (
    <main id="main" className="page">
      {state === "login" ? <AdminLoginForm error={error} /> : null}
      {state === "code" ? <AdminCodeForm error={error} /> : null}
      {state === "needs-factor" ? (
        <section className={styles.card} aria-labelledby="needs-factor-heading">
          <p className="eyebrow">Admin</p>
          <h1 id="needs-factor-heading">{screen}</h1>
          <p>{whyFactor}</p>
          <p>
            <Link to="/admin/security">Add an authenticator app</Link>
          </p>
        </section>
      ) : null}
      {state === "not-admin" ? (
        <section className={styles.card} aria-labelledby="not-admin-heading">
          <h1 id="not-admin-heading">{screen}</h1>
          <p>This account is not an admin.</p>
        </section>
      ) : null}
    </main>
  );
}

export type GateState = Parameters<typeof AdminGate>[0]["state"];
