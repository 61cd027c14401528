import { data, Form, Link } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { runMailingForm } from "#app/admin/mailings/mailing-actions.server.ts";
import { MailingEditor, type MailingRefused } from "#app/admin/mailings/mailing-editor.tsx";
import { readMailingPage } from "#app/admin/mailings/mailing-page.server.ts";
import { MailingPreview } from "#app/admin/mailings/mailing-preview.tsx";
import { MailingProgressView } from "#app/admin/mailings/mailing-progress.tsx";
import styles from "#app/admin/mailings/mailings.module.css";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess, studioWriteAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import { mailingIdSchema } from "#app/mailings/mailing-input.server.ts";
import { MailingRefusal } from "#app/mailings/mailing-refusal.ts";
import type { Route } from "./+types/admin.mailings.$id";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta(
    { matches, error },
    loaderData?.state === "admin" ? `Mailing: ${loaderData.mailing.subject}` : "Admin Login",
  );

export const loader = answeringOutages("page", mailingLoader);
export const action = answeringOutages("page", mailingAction);

function notFound(): never {
  throw data("There is no mailing at this address. It may have been deleted.", {
    status: 404,
    headers: { "Cache-Control": "no-store" },
  });
}

function idOf(param: string | undefined): number {
  const id = mailingIdSchema.safeParse(param);
  if (!id.success) notFound();
  return id.data;
}

async function mailingLoader({ request, context, params }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  try {
    const page = await readMailingPage(
      context.get(databaseContext).db,
      idOf(params.id),
      context.get(contentStoreContext),
      new URL(request.url),
    );
    return { state: "admin" as const, studioAddress: access.user.email, ...page };
  } catch (error) {
    if (error instanceof MailingRefusal && error.status === 404) notFound();
    throw error;
  }
}

async function mailingAction({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, `/admin/mailings/${idOf(params.id)}`);
  if (answer) return answer;
  const allowed = await studioWriteAccess(request, context, "sending mailings");
  if (!allowed.ok) return allowed.answer;
  return runMailingForm(context.get(databaseContext).db, idOf(params.id), form, allowed.access.user.email);
}

export default function MailingPage({ loaderData, actionData }: Route.ComponentProps) {
  // A sign-in step's error, or a refused change with what was typed (mailing-actions.server.ts).
  const answered = actionData as { error?: string; refused?: MailingRefused } | undefined;
  if (loaderData.state !== "admin") {
    return <StudioGate screen="mailings" state={loaderData.state} error={answered?.error} />;
  }
  const { mailing, progress } = loaderData;
  const refused = answered?.refused;
  const editable = mailing.status === "draft" || mailing.status === "scheduled";
  return (
    <>
      <p className={studio.back}>
        <Link to="/admin/mailings" className={studio.textLink}>
          ← All mailings
        </Link>
      </p>
      <header className={studio.head}>
        <div className={studio.detailHead}>
          <p className="eyebrow">Mailing</p>
          <h1>{mailing.subject}</h1>
          <p className={studio.account}>
            {mailing.status === "scheduled" && mailing.scheduledFor
              ? `Scheduled for ${mailing.scheduledFor.slice(0, 16).replace("T", " ")} UTC.`
              : mailing.status === "draft"
                ? "A draft."
                : `${mailing.status === "sending" ? "Sending since" : "Sent"} ${mailing.sendingAt?.slice(0, 16).replace("T", " ")} UTC.`}
            {mailing.testSentAt ? ` Last test sent ${mailing.testSentAt.slice(0, 16).replace("T", " ")} UTC.` : ""}
          </p>
        </div>
      </header>
      <p className={studio.live} role="status">
        {loaderData.done}
      </p>
      {editable ? (
        <div className={styles.layout}>
          <div>
            <MailingEditor
              key={`${mailing.id}-${mailing.subject}-${mailing.body.length}`}
              mailing={mailing}
              topics={loaderData.topics}
              images={loaderData.images}
              reach={loaderData.reach}
              studioAddress={loaderData.studioAddress}
              refused={refused}
            />
            <Form method="post" className={studio.panel} aria-label="Remove the mailing">
              {mailing.status === "scheduled" ? (
                <button type="submit" name="intent" value="unschedule" className="button button-ghost">
                  Unschedule
                </button>
              ) : null}{" "}
              <button type="submit" name="intent" value="delete" className={`button button-ghost ${studio.danger}`}>
                Delete Mailing
              </button>
            </Form>
          </div>
          <MailingPreview html={loaderData.preview.html} text={loaderData.preview.text} />
        </div>
      ) : (
        <>
          <MailingProgressView progress={progress} status={mailing.status} webAddress={mailing.webAddress} />
          <MailingPreview html={loaderData.preview.html} text={loaderData.preview.text} />
        </>
      )}
    </>
  );
}
