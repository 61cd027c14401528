import { data, Form, Link } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import styles from "#app/admin/enquiries/enquiries.module.css";
import { badInput } from "#app/admin/enquiries/inbox-input.server.ts";
import { FORGET_ADDRESS_PROBLEM, forgetAddressInput } from "#app/admin/forget-address-input.ts";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { removeForgottenOutboxFiles } from "#app/enquiries/forgotten-mail-files.server.ts";
import { forgetEmail, forgetPreview } from "#app/enquiries/inbox.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.enquiries.forget";

export const meta: Route.MetaFunction = ({ matches, error }) =>
  adminMeta({ matches, error }, "Forget an Email Address");

export const loader = answeringOutages("page", forgetLoader);
export const action = answeringOutages("page", forgetAction);

async function forgetLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const db = context.get(databaseContext).db;
  const raw = new URL(request.url).searchParams.get("email");
  let preview: { email: string; enquiries: number; mail: number } | null = null;
  if (raw !== null && raw.trim() !== "") {
    const email = forgetAddressInput.safeParse(raw);
    if (!email.success) badInput(FORGET_ADDRESS_PROBLEM);
    preview = { email: email.data, ...(await forgetPreview(db, email.data)) };
  }
  return { state: "admin" as const, preview };
}

async function forgetAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/enquiries/forget");
  if (answer) return answer;
  const access = await studioAccess(request, context);
  if (access.state !== "admin") {
    return data({ error: "Sign in as an admin with an authenticator app to do this." }, { status: 401 });
  }
  if (form.get("intent") !== "forget") badInput("Unknown action.");
  const email = forgetAddressInput.safeParse(form.get("email") ?? "");
  if (!email.success) badInput(FORGET_ADDRESS_PROBLEM);
  const db = context.get(databaseContext).db;
  const gone = await forgetEmail(db, email.data);
  await removeForgottenOutboxFiles(db);
  return { done: { email: email.data, ...gone } };
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

export default function ForgetPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? actionData.error : undefined;
    return <StudioGate screen="enquiries" state={loaderData.state} error={error} />;
  }
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const preview = loaderData.preview;
  return (
    <>
      <p className={studio.back}>
        <Link to="/admin/enquiries" className={studio.textLink}>
          ← All enquiries
        </Link>
      </p>
      <section className={styles.forget} aria-labelledby="forget-heading">
        <p className="eyebrow">Privacy</p>
        <h1 id="forget-heading">Forget an Email Address</h1>
        <p className={studio.account}>
          When someone asks to be forgotten, this deletes every enquiry sent from their address and the mail records
          that carried them to the studio, all at once. It cannot be undone. Mail already delivered to the studio’s own
          inbox must be deleted there.
        </p>
        {done ? (
          <div className={styles.doneBox} role="status">
            <h2 className={studio.sectionTitle}>Forgotten</h2>
            <p>
              Deleted {plural(done.enquiries, "enquiry", "enquiries")} and{" "}
              {plural(done.mail, "mail record", "mail records")} from {done.email}.
            </p>
            <Link to="/admin/enquiries" className="button">
              Back to Enquiries
            </Link>
          </div>
        ) : preview ? (
          <div className={styles.confirmBox}>
            <h2 className={studio.sectionTitle}>Confirm</h2>
            {preview.enquiries + preview.mail === 0 ? (
              <p>Nothing is stored from {preview.email}.</p>
            ) : (
              <p>
                This will delete <strong>{plural(preview.enquiries, "enquiry", "enquiries")}</strong> and{" "}
                <strong>{plural(preview.mail, "mail record", "mail records")}</strong> from{" "}
                <strong>{preview.email}</strong>.
              </p>
            )}
            <div className={styles.dangerRow}>
              {preview.enquiries + preview.mail > 0 ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="forget" />
                  <input type="hidden" name="email" value={preview.email} />
                  <button type="submit" className={`button ${styles.dangerSolid}`}>
                    Delete Everything from This Address
                  </button>
                </Form>
              ) : null}
              <Link to="/admin/enquiries" className={studio.textLink}>
                Cancel
              </Link>
            </div>
          </div>
        ) : null}
        {done ? null : (
          <Form method="get" className={styles.forgetForm}>
            <label className={`${studio.field} ${styles.forgetField}`}>
              <span>Email address</span>
              <input type="email" name="email" defaultValue={preview?.email ?? ""} required maxLength={320} />
            </label>
            <button type="submit" className="button button-ghost">
              Show What Would Be Deleted
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
