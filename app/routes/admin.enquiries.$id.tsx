import { useEffect, useRef } from "react";
import { data, Link, redirect, useFetcher, useRevalidator } from "react-router";
import { z } from "zod";
import { adminMeta } from "#app/admin/admin-page.ts";
import styles from "#app/admin/enquiries/enquiries.module.css";
import { EnquiryFacts } from "#app/admin/enquiries/enquiry-facts.tsx";
import { type EnquiryHoldAnswer, enquiryHoldOffer, holdForEnquiry } from "#app/admin/enquiries/enquiry-hold.server.ts";
import { EnquiryHoldForm } from "#app/admin/enquiries/enquiry-hold-form.tsx";
import { badInput, readEnquiryId } from "#app/admin/enquiries/inbox-input.server.ts";
import { KeepOrRemove } from "#app/admin/enquiries/keep-or-remove.tsx";
import { markOpenedRead } from "#app/admin/enquiries/mark-opened-read.server.ts";
import { NotesForm } from "#app/admin/enquiries/notes-form.tsx";
import { subscribeEnquiryEvents } from "#app/admin/nav/admin-events.ts";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { enquiryStatuses } from "#app/db/enquiry-schema.ts";
import { formatWhen, interestLabels, replyMailto, statusLabels, workHref } from "#app/enquiries/enquiry-words.ts";
import { removeForgottenOutboxFiles } from "#app/enquiries/forgotten-mail-files.server.ts";
import {
  deleteEnquiry,
  getEnquiry,
  markEnquiryUnread,
  openEnquiry,
  saveEnquiryNotes,
  setEnquiryStatus,
} from "#app/enquiries/inbox.server.ts";
import { MAX_NOTES_LENGTH } from "#app/enquiries/inbox-limits.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.enquiries.$id";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta(
    { matches, error },
    loaderData?.state === "admin" ? `Enquiry from ${loaderData.enquiry.name}` : "Admin Login",
  );

// Marks the enquiry read before the studio shell counts the unread ones.
export const middleware: Route.MiddlewareFunction[] = [markOpenedRead];
export const loader = answeringOutages("page", enquiryLoader);
export const action = answeringOutages("page", enquiryAction);

function notFound(): never {
  badInput("No enquiry has that number: it may have been deleted, or removed after its retention period.", 404);
}

async function enquiryLoader({ request, context, params }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const id = readEnquiryId(params.id);
  const db = context.get(databaseContext).db;
  // Opening an enquiry marks it read (the first time).
  const enquiry = await openEnquiry(db, id);
  if (!enquiry) notFound();
  const catalogue = context.get(contentStoreContext).catalogueWithHidden();
  return {
    state: "admin" as const,
    email: access.user.email,
    // An enquiry about a work with an edition can hold a print for its sender (issue 40).
    holdOffer: (await enquiryHoldOffer(db, catalogue, enquiry, new Date())) ?? null,
    enquiry: {
      id: enquiry.id,
      subject: enquiry.subject,
      subjectTitle: enquiry.subjectTitle,
      workHref: workHref(enquiry.subject, enquiry.subjectRef) ?? null,
      interests: enquiry.interests.map((interest) => interestLabels[interest] ?? interest),
      name: enquiry.name,
      email: enquiry.email,
      location: enquiry.location,
      phone: enquiry.phone,
      message: enquiry.message,
      sourcePath: enquiry.sourcePath,
      status: enquiry.status as (typeof enquiryStatuses)[number],
      notes: enquiry.notes,
      createdAt: enquiry.createdAt,
      readAt: enquiry.readAt,
      updatedAt: enquiry.updatedAt,
      mail: enquiry.mail,
      mailto: replyMailto(enquiry),
    },
  };
}

const actionInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.enum(enquiryStatuses) }),
  z.object({ intent: z.literal("notes"), notes: z.string().max(MAX_NOTES_LENGTH) }),
  z.object({ intent: z.literal("unread") }),
  z.object({ intent: z.literal("delete") }),
]);

async function enquiryAction({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  // Back to this enquiry (a script's submission goes to its `.data` address: not that).
  const answer = await signInStep(request, context, form, `/admin/enquiries/${readEnquiryId(params.id)}`);
  if (answer) return answer;
  const access = await studioAccess(request, context);
  if (access.state !== "admin") {
    return data({ error: "Sign in as an admin with an authenticator app to do this." }, { status: 401 });
  }
  const id = readEnquiryId(params.id);
  const db = context.get(databaseContext).db;
  if (form.get("intent") === "hold-print") {
    const enquiry = await getEnquiry(db, id);
    if (!enquiry) notFound();
    return holdForEnquiry(db, context.get(contentStoreContext).catalogueWithHidden(), enquiry, form);
  }
  const input = actionInput.safeParse(Object.fromEntries(form));
  if (!input.success) {
    const intent = form.get("intent");
    if (intent === "status") badInput("Choose one of the statuses: new, replied, closed or spam.");
    if (intent === "notes") {
      badInput(`Notes can be at most ${MAX_NOTES_LENGTH.toLocaleString("en-US")} characters.`, 413);
    }
    badInput("Unknown action.");
  }
  switch (input.data.intent) {
    case "status":
      if (!(await setEnquiryStatus(db, id, input.data.status))) notFound();
      return { ok: true, saved: "status" as const };
    case "notes":
      if (!(await saveEnquiryNotes(db, id, input.data.notes))) notFound();
      return { ok: true, saved: "notes" as const, notes: input.data.notes };
    case "unread":
      if (!(await markEnquiryUnread(db, id))) notFound();
      return redirect("/admin/enquiries");
    case "delete":
      if (!(await deleteEnquiry(db, id))) notFound();
      await removeForgottenOutboxFiles(db);
      return redirect("/admin/enquiries?deleted=1");
  }
}

/** Reloads this enquiry when it changes elsewhere (another tab, process or admin). */
function useLiveEnquiry(id: number) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(
    () =>
      subscribeEnquiryEvents((event) => {
        if (event.type === "refetch" || (event.type === "enquiry" && event.id === id && event.op === "UPDATE")) {
          void revalidate.current();
        }
      }),
    [id],
  );
}

export default function EnquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? actionData.error : undefined;
    return <StudioGate screen="enquiries" state={loaderData.state} error={error} />;
  }
  return (
    <EnquiryDetail
      data={loaderData}
      savedNotes={actionData && "notes" in actionData ? actionData.notes : undefined}
      holdAnswer={actionData && "hold" in actionData ? (actionData as EnquiryHoldAnswer).hold : undefined}
    />
  );
}

export type DetailData = Extract<Route.ComponentProps["loaderData"], { state: "admin" }>;

function EnquiryDetail({
  data: detail,
  savedNotes,
  holdAnswer,
}: {
  data: DetailData;
  savedNotes?: string;
  holdAnswer?: EnquiryHoldAnswer["hold"];
}) {
  const { enquiry } = detail;
  useLiveEnquiry(enquiry.id);
  const statusFetcher = useFetcher<{ ok: true }>();
  const pendingStatus = statusFetcher.formData?.get("status");
  const status = typeof pendingStatus === "string" ? pendingStatus : enquiry.status;
  return (
    <>
      <p className={studio.back}>
        <Link to="/admin/enquiries" className={studio.textLink}>
          ← All enquiries
        </Link>
      </p>
      <article className={styles.detail} aria-labelledby="enquiry-heading">
        <header className={studio.detailHead}>
          <p className="eyebrow">
            Enquiry {enquiry.id} ·{" "}
            <span className={studio.chip} data-state={status}>
              {statusLabels[status as "new"]}
            </span>
          </p>
          <h1 id="enquiry-heading">
            {enquiry.workHref ? <Link to={enquiry.workHref}>{enquiry.subjectTitle}</Link> : enquiry.subjectTitle}
          </h1>
          <p className={studio.account}>
            From {enquiry.name} ·{" "}
            <time dateTime={enquiry.createdAt.toISOString()}>{formatWhen(enquiry.createdAt)}</time>
          </p>
        </header>

        <div className={styles.detailGrid}>
          <section aria-labelledby="message-heading" className={styles.messageCard}>
            <h2 id="message-heading" className={studio.sectionTitle}>
              Message
            </h2>
            <p className={styles.message}>{enquiry.message}</p>
            {enquiry.interests.length > 0 ? (
              <>
                <h3 className={styles.subTitle}>Would like to know about</h3>
                <ul className={styles.interests}>
                  {enquiry.interests.map((interest) => (
                    <li key={interest}>{interest}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <p className={styles.replyRow}>
              <a href={enquiry.mailto} className="button">
                Reply by Email
              </a>
              <span className={studio.hint}>Opens your mail program with the message quoted.</span>
            </p>
          </section>

          <EnquiryFacts enquiry={enquiry} />
        </div>

        <section aria-labelledby="status-heading" className={studio.panel}>
          <h2 id="status-heading" className={studio.sectionTitle}>
            Status
          </h2>
          <statusFetcher.Form method="post" className={styles.statusButtons}>
            <input type="hidden" name="intent" value="status" />
            {enquiryStatuses.map((option) => (
              <button
                key={option}
                type="submit"
                name="status"
                value={option}
                className={styles.statusButton}
                aria-pressed={status === option}
              >
                {statusLabels[option]}
              </button>
            ))}
          </statusFetcher.Form>
        </section>

        {detail.holdOffer ? <EnquiryHoldForm offer={detail.holdOffer} answer={holdAnswer} /> : null}

        <NotesForm key={enquiry.id} notes={enquiry.notes} savedNotes={savedNotes} />

        <KeepOrRemove email={enquiry.email} />
      </article>
    </>
  );
}
