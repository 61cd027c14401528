import { data, Form, Link } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { authorName } from "#app/admin/content/author-name.ts";
import { cataloguePdfLine } from "#app/admin/content/catalogue-pdf-line.ts";
import { contentWriteAccess } from "#app/admin/content/content-access.server.ts";
import { draftPaths, findDraft } from "#app/admin/content/content-drafts.server.ts";
import { listDocuments } from "#app/admin/content/content-editing.server.ts";
import styles from "#app/admin/content/content-editor.module.css";
import { NewWorkForm } from "#app/admin/content/new-work-form.tsx";
import { trashItems } from "#app/admin/content/trash-items.server.ts";
import { TrashNotices } from "#app/admin/content/trash-notices.tsx";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { cataloguePdfContext } from "#app/catalogue-pdf/catalogue-pdf.server.ts";
import { documentKindLabel, documentsByGroup, documentTitle } from "#app/content/content-registry-views.server.ts";
import { contentSyncContext } from "#app/content/content-sync.server.ts";
import { TRASH_RETENTION_DAYS } from "#app/content/content-trash.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.content._index";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Content" : "Admin Login");

export const loader = answeringOutages("page", contentListLoader);
export const action = answeringOutages("page", contentListAction);

async function contentListLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  // After a publish (the action redirects here) this process serves the change before saying so.
  await context.get(contentSyncContext)?.caughtUp();
  const db = context.get(databaseContext).db;
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const [published, drafts, trash] = await Promise.all([listDocuments(db), draftPaths(db), trashItems(db)]);
  // A new work is a draft before it is published: listed with the rest, marked as a draft.
  // Named by its title, as in its editor's head, not by its file.
  const unpublished = await Promise.all(
    [...drafts]
      .filter((path) => !published.some((document) => document.path === path))
      .map(async (path) => ({
        path,
        label: documentTitle(path, (await findDraft(db, path))?.data),
        revision: 0,
        updatedAt: undefined,
        updatedBy: "",
        hidden: false,
      })),
  );
  const documents = [...published, ...unpublished]
    .map((document) => ({ ...document, kind: documentKindLabel(document.path), draft: drafts.has(document.path) }))
    .sort((a, b) => a.path.localeCompare(b.path));
  const needle = query.toLowerCase();
  const shown = needle
    ? documents.filter((d) => d.label.toLowerCase().includes(needle) || d.path.includes(needle))
    : documents;
  return {
    state: "admin" as const,
    email: access.user.email,
    groups: documentsByGroup(shown),
    shown: shown.length,
    total: documents.length,
    query,
    deleted: trash.find((item) => item.path === new URL(request.url).searchParams.get("deleted")),
    discarded: new URL(request.url).searchParams.has("discarded"),
    trashCount: trash.length,
    retentionDays: TRASH_RETENTION_DAYS,
    cataloguePdf: cataloguePdfLine(context.get(cataloguePdfContext)?.status()),
  };
}

/** The sign-in steps; a new work is made on its own screen (admin.content.new-work.tsx), which the form below posts to. */
async function contentListAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/content");
  if (answer) return answer;
  const allowed = await contentWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  return data({ error: "Nothing to do here: create a work with the New work form." }, { status: 400 });
}

export default function ContentListPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="content" state={loaderData.state} error={error} />;
  }
  const { groups, query, total } = loaderData;
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Content</h1>
          <p className={studio.account}>
            The site's pages, works, exhibitions and writing. Each change you publish is live at once and kept: any
            earlier version can be restored. Signed in as {loaderData.email}.
          </p>
          <p className={studio.account}>
            <Link to="/admin/content/archive" className={studio.textLink}>
              Download the whole site, or import one
            </Link>
          </p>
        </div>
      </header>
      {loaderData.cataloguePdf ? (
        <p className={loaderData.cataloguePdf.failed ? styles.problems : styles.count}>
          {loaderData.cataloguePdf.text} <a href="/files/umbra-secrets-catalogue-full.pdf">Open the PDF</a>
        </p>
      ) : null}
      <TrashNotices
        deleted={loaderData.deleted}
        discarded={loaderData.discarded}
        trashCount={loaderData.trashCount}
        retentionDays={loaderData.retentionDays}
      />
      <Form method="get" role="search" className={styles.search}>
        <label htmlFor="content-search">Find a document</label>
        <input id="content-search" name="q" type="search" defaultValue={query} maxLength={100} />
        <button type="submit" className="button button-ghost">
          Find
        </button>
      </Form>
      <NewWorkForm />
      {query ? (
        <p className={styles.count}>
          {loaderData.shown} of {total} documents match “{query}”. <Link to="/admin/content">Show all</Link>
        </p>
      ) : null}
      {groups.map(({ folder, label, documents: inFolder }) => (
        <section key={folder} aria-labelledby={`folder-${folder}`} className={styles.folder}>
          <h2 id={`folder-${folder}`}>{label}</h2>
          <ul className={styles.documents}>
            {inFolder.map((document) => (
              <li key={document.path}>
                <Link to={`/admin/content/${document.path}`}>{document.label}</Link>
                {document.draft ? <span className={styles.draftMark}>Draft</span> : null}
                {document.hidden ? <span className={styles.draftMark}>Hidden</span> : null}
                <span className={styles.meta}>
                  {document.kind}
                  {document.updatedAt ? (
                    <>
                      {" "}
                      · changed by {authorName(document.updatedBy)},{" "}
                      <time dateTime={document.updatedAt.toISOString()}>{formatWhen(document.updatedAt)}</time>
                    </>
                  ) : (
                    " · not published yet"
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
