import { useEffect, useRef, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import styles from "#app/admin/enquiries/enquiries.module.css";
import { InboxFilters } from "#app/admin/enquiries/inbox-filters.tsx";
import { inboxHref } from "#app/admin/enquiries/inbox-href.ts";
import { badInput, readInboxFilter } from "#app/admin/enquiries/inbox-input.server.ts";
import { InboxList } from "#app/admin/enquiries/inbox-list.tsx";
import { subscribeEnquiryEvents } from "#app/admin/nav/admin-events.ts";
import studio from "#app/admin/studio.module.css";
import { studioAccess } from "#app/admin/studio-access.server.ts";
import { gateError, StudioGate } from "#app/admin/studio-gate.tsx";
import { StudioHead } from "#app/admin/studio-head.tsx";
import { studioScreenAction, studioScreenLoader } from "#app/admin/studio-screen.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { encodeCursor, inboxCounts, listEnquiries } from "#app/enquiries/inbox.server.ts";
import type { Route } from "./+types/admin.enquiries._index";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Enquiries" : "Admin Login");

export const loader = studioScreenLoader(async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const { filter, after } = readInboxFilter(url);
  const db = context.get(databaseContext).db;
  const [page, counts] = await Promise.all([listEnquiries(db, filter, after), inboxCounts(db)]);
  return {
    filter: { status: filter.status ?? "", subject: filter.subject ?? "", q: filter.search ?? "" },
    paged: Boolean(after),
    rows: page.rows,
    next: page.next ? encodeCursor(page.next) : null,
    counts,
    deleted: url.searchParams.get("deleted") === "1",
  };
});

/** Only the sign-in steps and Sign Out: an enquiry is changed on its own page. */
export const action = studioScreenAction("/admin/enquiries", async ({ request, context }: Route.ActionArgs) => {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return data({ error: "Sign in as an admin to do this." }, { status: 401 });
  return badInput("Unknown action.");
});

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
  if (loaderData.state !== "admin")
    return <StudioGate screen="enquiries" state={loaderData.state} error={gateError(actionData)} />;
  return <Inbox data={loaderData} />;
}

export type InboxData = Extract<Route.ComponentProps["loaderData"], { state: "admin" }>;

function Inbox({ data: inbox }: { data: InboxData }) {
  const announcement = useLiveInbox();
  const { filter, counts, rows } = inbox;
  const csvQuery = new URLSearchParams(
    Object.entries({ status: filter.status, subject: filter.subject, q: filter.q }).filter(([, value]) => value),
  ).toString();
  const filtered = Boolean(filter.status || filter.subject || filter.q);
  return (
    <>
      <StudioHead
        title="Enquiries"
        account={
          <>
            Signed in as {inbox.email}. {counts.unread} unread.
          </>
        }
      />

      <p className={studio.live} aria-live="polite" role="status">
        {inbox.deleted ? "The enquiry was deleted." : announcement}
      </p>

      <InboxFilters filter={filter} counts={counts} />

      <div className={styles.tools}>
        <a href={`/admin/enquiries/export${csvQuery ? `?${csvQuery}` : ""}`} className={studio.textLink} download>
          {filtered ? "Export these to CSV" : "Export to CSV"}
        </a>
        {filtered ? (
          <a href="/admin/enquiries/export?all=1" className={studio.textLink} download>
            Export all to CSV
          </a>
        ) : null}
        <Link to="/admin/enquiries/forget" className={studio.textLink}>
          Forget an email address…
        </Link>
      </div>

      <InboxList rows={rows} filtered={filtered} />

      {inbox.paged || inbox.next ? (
        <nav aria-label="Pages" className={styles.pager}>
          {inbox.paged ? (
            <Link to={inboxHref(filter)} className={studio.textLink}>
              ← Newest
            </Link>
          ) : (
            <span />
          )}
          {inbox.next ? (
            <Link
              to={`${inboxHref(filter)}${inboxHref(filter).includes("?") ? "&" : "?"}after=${inbox.next}`}
              className={studio.textLink}
            >
              Older →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
