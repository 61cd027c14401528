import { Link } from "react-router";
import styles from "#app/admin/auth/admin-auth.module.css";
import { AdminCodeForm, AdminLoginForm } from "#app/admin/auth/admin-login-form.tsx";
import type { GateState } from "#app/admin/studio-access.server.ts";

/** Each gated screen's heading, and why it needs a second factor. */
const screens = {
  enquiries: {
    heading: "Enquiries",
    whyFactor:
      "Enquiries hold collectors’ names, addresses and messages, so reading them needs a second factor. Add an authenticator app, then come back.",
  },
  content: {
    heading: "Content",
    whyFactor:
      "Publishing changes the public site, so editing content needs a second factor. Add an authenticator app, then come back.",
  },
  "viewing-rooms": {
    heading: "Viewing rooms",
    whyFactor:
      "Viewing rooms hold prices, private notes and who each link is for, so using them needs a second factor. Add an authenticator app, then come back.",
  },
  editions: {
    heading: "Editions",
    whyFactor:
      "The edition ledger holds collectors’ names, addresses and what they paid, so using it needs a second factor. Add an authenticator app, then come back.",
  },
  subscribers: {
    heading: "Subscribers",
    whyFactor:
      "The subscriber list holds strangers’ email addresses and what they asked to hear about, so using it needs a second factor. Add an authenticator app, then come back.",
  },
  mailings: {
    heading: "Mailings",
    whyFactor:
      "A mailing goes to every subscriber of its topics at once, so writing one needs a second factor. Add an authenticator app, then come back.",
  },
  mail: {
    heading: "Outgoing Mail",
    whyFactor:
      "Outgoing mail is addressed to collectors and names them, so reading it needs a second factor. Add an authenticator app, then come back.",
  },
} as const;

export type GatedScreen = keyof typeof screens;

/**
 * What a studio screen that needs the second factor (the inbox, the rooms, the content editor,
 * the outgoing mail) shows to someone who may not use it yet: the sign-in steps (answered by the
 * page's own action, so the admin lands back where the link pointed), or what is missing.
 */
export function StudioGate({ state, error, screen }: { state: GateState; error?: string; screen: GatedScreen }) {
  const { heading, whyFactor } = screens[screen];
  return (
    <main id="main" className="page">
      {state === "login" ? <AdminLoginForm error={error} /> : null}
      {state === "code" ? <AdminCodeForm error={error} /> : null}
      {state === "needs-factor" ? (
        <section className={styles.card} aria-labelledby="needs-factor-heading">
          <p className="eyebrow">Admin</p>
          <h1 id="needs-factor-heading">{heading}</h1>
          <p>{whyFactor}</p>
          <p>
            <Link to="/admin/security">Add an authenticator app</Link>
          </p>
        </section>
      ) : null}
      {state === "not-admin" ? (
        <section className={styles.card} aria-labelledby="not-admin-heading">
          <h1 id="not-admin-heading">{heading}</h1>
          <p>This account is not an admin.</p>
        </section>
      ) : null}
    </main>
  );
}

/** The refused sign-in step's sentence a gate shows, from the screen's action data (if any). */
export function gateError(actionData: unknown): string | undefined {
  return actionData && typeof actionData === "object" && "error" in actionData ? String(actionData.error) : undefined;
}
