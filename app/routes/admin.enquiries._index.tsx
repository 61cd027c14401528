import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import styles from "#app/admin/enquiries/enquiries.module.css";
import { badInput, readInboxFilter } from "#app/admin/enquiries/inbox-input.server.ts";
import { subscribeEnquiryEvents } from "#app/admin/nav/admin-events.ts";
import { AdminNav } from "#app/admin/nav/admin-nav.tsx";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import { databaseContext } from "#app/db/context.ts";
import { enquiryStatuses, enquirySubjects } from "#app/db/enquiry-schema.ts";
import { formatWhen, statusLabels, subjectLabels } from "#app/enquiries/enquiry-words.ts";
import { encodeCursor, inboxCounts, listEnquiries } from "#app/enquiries/inbox.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.enquiries._index";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Enquiries" : "Admin Login");

// While the database cannot be reached the admin screens say so (503), whatever the session.
export const loader = answeringOutages("page", inboxLoader);
export const action = answeringOutages("page", inboxAction);

async function inboxLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const url = new URL(request.url);
  const { filter, after } = readInboxFilter(url);
  const db = context.get(databaseContext).db;
  const [page, counts] = await Promise.all([listEnquiries(db, filter, after), inboxCounts(db)]);
  return {
    state: "admin" as const,
    email: access.user.email,
    filter: { status: filter.status ?? "", subject: filter.subject ?? "", q: filter.search ?? "" },
    paged: Boolean(after),
    rows: page.rows,
    next: page.next ? encodeCursor(page.next) : null,
    counts,
    deleted: url.searchParams.get("deleted") === "1",
  };
}

async function inboxAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/enquiries");
  if (answer) return answer;
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return data({ error: "Sign in as an admin to do this." }, { status: 401 });
  return badInput("Unknown action.");
}

/** The address of the inbox with some of its filter changed (and paging reset). */
function inboxHref(filter: { status: string; subject: string; q: string }, change: Partial<typeof filter> = {}) {
  const next = { ...filter, ...change };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.subject) params.set("subject", next.subject);
  if (next.q) params.set("q", next.q);
  const query = params.toString();
  return query ? `/admin/enquiries?${query}` : "/admin/enquiries";
}

/** Reloads the inbox as enquiries change anywhere (any process), one reload per burst. */
function useLiveInbox() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void revalidate.current();
      }, 60);
    };
    const unsubscribe = subscribeEnquiryEvents((event) => {
      if (event.type === "enquiry") {
        if (event.op === "INSERT") setAnnouncement(`New enquiry received at ${new Date().toLocaleTimeString()}.`);
        soon();
      } else if (event.type === "refetch") soon();
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, []);
  return announcement;
}

export default function EnquiriesPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? actionData.error : undefined;
    return <StudioGate screen="enquiries" state={loaderData.state} error={error} />;
  }
  return <Inbox data={loaderData} />;
}

type InboxData = Extract<Route.ComponentProps["loaderData"], { state: "admin" }>;

function Inbox({ data: inbox }: { data: InboxData }) {
  const announcement = useLiveInbox();
  const { filter, counts, rows } = inbox;
  const total = counts.byStatus.new + counts.byStatus.replied + counts.byStatus.closed;
  const csvQuery = new URLSearchParams(
    Object.entries({ status: filter.status, subject: filter.subject, q: filter.q }).filter(([, value]) => value),
  ).toString();
  const filtered = Boolean(filter.status || filter.subject || filter.q);
  return (
    <main id="main" className="page">
      <AdminNav unreadEnquiries={counts.unread} />
      <header className={styles.head}>
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Enquiries</h1>
          <p className={styles.account}>
            Signed in as {inbox.email}. {counts.unread} unread.
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" className="button button-ghost">
            Sign Out
          </button>
        </Form>
      </header>

      <p className={styles.live} aria-live="polite" role="status">
        {inbox.deleted ? "The enquiry was deleted." : announcement}
      </p>

      <nav aria-label="Enquiry status" className={styles.tabs}>
        <Link
          to={inboxHref(filter, { status: "" })}
          className={styles.tab}
          aria-current={filter.status === "" ? "page" : undefined}
        >
          All <span className={styles.count}>{total}</span>
        </Link>
        {enquiryStatuses.map((status) => (
          <Link
            key={status}
            to={inboxHref(filter, { status })}
            className={styles.tab}
            aria-current={filter.status === status ? "page" : undefined}
          >
            {statusLabels[status]} <span className={styles.count}>{counts.byStatus[status]}</span>
          </Link>
        ))}
      </nav>

      <Form method="get" className={styles.filters} role="search" aria-label="Filter enquiries">
        {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
        <label className={styles.field}>
          <span>Subject</span>
          <select name="subject" defaultValue={filter.subject} key={`subject-${filter.subject}`}>
            <option value="">Every subject</option>
            {enquirySubjects.map((subject) => (
              <option key={subject} value={subject}>
                {subjectLabels[subject]}
              </option>
            ))}
          </select>
        </label>
        <label className={`${styles.field} ${styles.searchField}`}>
          <span>Search name, email or text</span>
          <input type="search" name="q" defaultValue={filter.q} key={`q-${filter.q}`} maxLength={200} />
        </label>
        <div className={styles.filterActions}>
          <button type="submit" className="button">
            Filter
          </button>
          {filtered ? (
            <Link to="/admin/enquiries" className={styles.textLink}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      <div className={styles.tools}>
        <a href={`/admin/enquiries/export${csvQuery ? `?${csvQuery}` : ""}`} className={styles.textLink} download>
          {filtered ? "Export these to CSV" : "Export to CSV"}
        </a>
        {filtered ? (
          <a href="/admin/enquiries/export?all=1" className={styles.textLink} download>
            Export all to CSV
          </a>
        ) : null}
        <Link to="/admin/enquiries/forget" className={styles.textLink}>
          Forget an email address…
        </Link>
      </div>

      {rows.length === 0 ? (
        <p className={styles.empty}>
          {filtered ? "No enquiry matches this filter." : "No enquiries yet. New ones appear here as they arrive."}
        </p>
      ) : (
        <ol className={styles.list} aria-label="Enquiries, newest first">
          {rows.map((row) => (
            <li key={row.id} className={row.unread ? `${styles.row} ${styles.unread}` : styles.row}>
              <Link to={`/admin/enquiries/${row.id}`} className={styles.rowLink}>
                <span className={styles.rowTop}>
                  <span className={styles.who}>
                    {row.unread ? <span className={styles.dot} aria-hidden="true" /> : null}
                    {row.unread ? <span className="visually-hidden">Unread: </span> : null}
                    {row.name}
                  </span>
                  <time className={styles.when} dateTime={row.createdAt.toISOString()}>
                    {formatWhen(row.createdAt)}
                  </time>
                </span>
                <span className={styles.rowSubject}>
                  {row.subjectTitle}
                  <span className={styles.chip} data-status={row.status}>
                    {statusLabels[row.status]}
                  </span>
                </span>
                <span className={styles.excerpt}>
                  {row.email} — {row.excerpt}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}

      {inbox.paged || inbox.next ? (
        <nav aria-label="Pages" className={styles.pager}>
          {inbox.paged ? (
            <Link to={inboxHref(filter)} className={styles.textLink}>
              ← Newest
            </Link>
          ) : (
            <span />
          )}
          {inbox.next ? (
            <Link
              to={`${inboxHref(filter)}${inboxHref(filter).includes("?") ? "&" : "?"}after=${inbox.next}`}
              className={styles.textLink}
            >
              Older →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
