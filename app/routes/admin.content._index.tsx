import { Form, Link } from "react-router";
import { adminHeaders, adminMeta } from "#app/admin/admin-page.ts";
import { listDocuments } from "#app/admin/content/content-editing.server.ts";
import styles from "#app/admin/content/content-editor.module.css";
import { folderLabel, foldersInOrder } from "#app/admin/content/content-folders.ts";
import { ContentGate } from "#app/admin/content/content-gate.tsx";
import enquiryStyles from "#app/admin/enquiries/enquiries.module.css";
import { enquiryAccess, gateAnswer, signInStep } from "#app/admin/enquiries/enquiry-access.server.ts";
import { AdminNav } from "#app/admin/nav/admin-nav.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import { databaseContext } from "#app/db/context.ts";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { unreadEnquiryCount } from "#app/enquiries/inbox.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.content._index";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(matches, loaderData?.state === "admin" ? "Content" : "Admin Login");

export const loader = answeringOutages("page", contentListLoader);
export const action = answeringOutages("page", contentListAction);

async function contentListLoader({ request, context }: Route.LoaderArgs) {
  const access = await enquiryAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const db = context.get(databaseContext).db;
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const [documents, unread] = await Promise.all([listDocuments(db), unreadEnquiryCount(db)]);
  const needle = query.toLowerCase();
  const shown = needle
    ? documents.filter((d) => d.label.toLowerCase().includes(needle) || d.path.includes(needle))
    : documents;
  return {
    state: "admin" as const,
    email: access.user.email,
    documents: shown,
    total: documents.length,
    query,
    unread,
  };
}

/** Only the sign-in steps post here; the list itself changes nothing. */
async function contentListAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/content");
  if (answer) return answer;
  return { error: "Unknown action." };
}

export default function ContentListPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <ContentGate state={loaderData.state} error={error} />;
  }
  const { documents, query, total } = loaderData;
  const byFolder = foldersInOrder(documents);
  return (
    <main id="main" className="page">
      <AdminNav unreadEnquiries={loaderData.unread} />
      <header className={enquiryStyles.head}>
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Content</h1>
          <p className={enquiryStyles.account}>
            The site's pages, works, exhibitions and writing. Each change you publish is live at once and kept: any
            earlier version can be restored. Signed in as {loaderData.email}.
          </p>
        </div>
      </header>
      <Form method="get" role="search" className={styles.search}>
        <label htmlFor="content-search">Find a document</label>
        <input id="content-search" name="q" type="search" defaultValue={query} maxLength={100} />
        <button type="submit" className="button button-ghost">
          Find
        </button>
      </Form>
      {query ? (
        <p className={styles.count}>
          {documents.length} of {total} documents match “{query}”. <Link to="/admin/content">Show all</Link>
        </p>
      ) : null}
      {byFolder.map(({ folder, documents: inFolder }) => (
        <section key={folder} aria-labelledby={`folder-${folder}`} className={styles.folder}>
          <h2 id={`folder-${folder}`}>{folderLabel(folder)}</h2>
          <ul className={styles.documents}>
            {inFolder.map((document) => (
              <li key={document.path}>
                <Link to={`/admin/content/${document.path}`}>{document.label}</Link>
                <span className={styles.meta}>
                  {document.path} · revision {document.revision} · {document.updatedBy},{" "}
                  <time dateTime={document.updatedAt.toISOString()}>{formatWhen(document.updatedAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
