import { data, Form, Link } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { startMailing } from "#app/admin/mailings/mailing-actions.server.ts";
import styles from "#app/admin/mailings/mailings.module.css";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess, studioWriteAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { Field } from "#app/components/forms/field.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { editionAvailabilityContext } from "#app/editions/edition-availability.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import { listMailings } from "#app/mailings/mailing-records.server.ts";
import { notifySuggestions } from "#app/mailings/mailing-suggestions.server.ts";
import { topicCounts } from "#app/subscriptions/subscriber-records.server.ts";
import type { Route } from "./+types/admin.mailings._index";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Mailings" : "Admin Login");

export const loader = answeringOutages("page", mailingsLoader);
export const action = answeringOutages("page", mailingsAction);

const STATUS_WORDS = { draft: "Draft", scheduled: "Scheduled", sending: "Sending", sent: "Sent" } as const;

async function suggestionsNow(context: Route.LoaderArgs["context"]) {
  const db = context.get(databaseContext).db;
  const catalogue = context.get(contentStoreContext).catalogueWithHidden();
  return notifySuggestions(db, await topicCounts(db), context.get(editionAvailabilityContext), catalogue, new Date());
}

async function mailingsLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const db = context.get(databaseContext).db;
  const mailings = (await listMailings(db)).map((mailing) => ({
    id: mailing.id,
    subject: mailing.subject,
    status: mailing.status,
    when: (mailing.sendingAt ?? mailing.scheduledFor ?? mailing.updatedAt).toISOString().slice(0, 16).replace("T", " "),
    recipients: mailing.recipientCount,
  }));
  const deleted = new URL(request.url).searchParams.get("done") === "deleted";
  return { state: "admin" as const, mailings, suggestions: await suggestionsNow(context), deleted };
}

async function mailingsAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/mailings");
  if (answer) return answer;
  const allowed = await studioWriteAccess(request, context, "writing mailings");
  if (!allowed.ok) return allowed.answer;
  const intent = form.get("intent");
  if (intent !== "create" && intent !== "write-suggested") {
    throw data("Unknown action. Reload the page.", { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  return startMailing(
    context.get(databaseContext).db,
    form,
    intent === "write-suggested" ? await suggestionsNow(context) : [],
  );
}

export default function MailingsPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="mailings" state={loaderData.state} error={error} />;
  }
  const refused = actionData && "refused" in actionData ? (actionData.refused as { message: string }) : undefined;
  const { mailings, suggestions } = loaderData;
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Mailings</h1>
          <p className={studio.account}>Write to the subscribers of a topic; each reader gets it once.</p>
        </div>
      </header>
      <p className={studio.live} role="status">
        {loaderData.deleted ? "The mailing is deleted." : ""}
      </p>
      {refused ? (
        <p className={styles.refused} role="alert">
          {refused.message}
        </p>
      ) : null}
      {suggestions.length > 0 ? (
        <section className={studio.panel} aria-labelledby="notify-heading">
          <h2 id="notify-heading" className={studio.sectionTitle}>
            Asked to be told
          </h2>
          <ul className={styles.list}>
            {suggestions.map((suggestion) => (
              <li key={suggestion.topicKey}>
                <span>
                  <strong>{suggestion.subject}</strong>
                  <br />
                  <span className={styles.muted}>
                    {suggestion.line} · {suggestion.subscribers} subscriber{suggestion.subscribers === 1 ? "" : "s"}{" "}
                    asked to hear
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="write-suggested" />
                  <input type="hidden" name="topic" value={suggestion.topicKey} />
                  <button type="submit" className="button">
                    Review This Mailing
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" className={studio.panel} aria-label="A new mailing">
        <input type="hidden" name="intent" value="create" />
        <Field label="Subject of a new mailing" className={studio.field}>
          {(control) => <input {...control} name="subject" maxLength={150} required autoComplete="off" />}
        </Field>
        <button type="submit" className="button">
          Start Writing
        </button>
      </Form>
      <section className={studio.panel} aria-labelledby="mailings-heading">
        <h2 id="mailings-heading" className={studio.sectionTitle}>
          All mailings
        </h2>
        {mailings.length === 0 ? (
          <p className={studio.empty}>No mailing yet.</p>
        ) : (
          <ul className={styles.list}>
            {mailings.map((mailing) => (
              <li key={mailing.id}>
                <Link to={`/admin/mailings/${mailing.id}`} className={studio.textLink}>
                  {mailing.subject}
                </Link>
                <span className={styles.muted}>
                  {STATUS_WORDS[mailing.status]} · {mailing.when} UTC
                  {mailing.recipients > 0 ? ` · ${mailing.recipients} readers` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
