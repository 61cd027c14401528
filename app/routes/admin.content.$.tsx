import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { adminHeaders, adminMeta } from "#app/admin/admin-page.ts";
import { contentWriteAccess } from "#app/admin/content/content-access.server.ts";
import { openDocument, publishDocumentText, revisionText } from "#app/admin/content/content-editing.server.ts";
import styles from "#app/admin/content/content-editor.module.css";
import { ContentGate } from "#app/admin/content/content-gate.tsx";
import { lineDiff } from "#app/admin/content/line-diff.ts";
import { imagePanels } from "#app/admin/content-images/image-panel.server.ts";
import { ImagePanel } from "#app/admin/content-images/image-panel.tsx";
import enquiryStyles from "#app/admin/enquiries/enquiries.module.css";
import { enquiryAccess, gateAnswer, signInStep } from "#app/admin/enquiries/enquiry-access.server.ts";
import { AdminNav } from "#app/admin/nav/admin-nav.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import { ContentConflict, restoreRevision } from "#app/content/content-documents.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { unreadEnquiryCount } from "#app/enquiries/inbox.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.content.$";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(matches, loaderData?.state === "admin" ? `Content: ${loaderData.document.path}` : "Admin Login");

export const loader = answeringOutages("page", documentLoader);
export const action = answeringOutages("page", documentAction);

const noStore = { "Cache-Control": "no-store" };

function notFound(path: string): never {
  throw data(`There is no published document "${path.slice(0, 200)}". Open the content list to choose one.`, {
    status: 404,
    headers: noStore,
  });
}

async function documentLoader({ request, context, params }: Route.LoaderArgs) {
  const access = await enquiryAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const path = params["*"] ?? "";
  const db = context.get(databaseContext).db;
  const [document, unread, images] = await Promise.all([
    openDocument(db, path),
    unreadEnquiryCount(db),
    imagePanels(db, path, context),
  ]);
  if (!document) notFound(path);
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("revision"));
  const shown = document.history.find((revision) => revision.revision === asked && asked !== document.revision);
  const shownText = shown ? revisionText(path, shown) : undefined;
  return {
    state: "admin" as const,
    unread,
    images,
    document: { ...document, history: document.history.map(({ data: _data, ...revision }) => revision) },
    published: url.searchParams.has("published"),
    unchanged: url.searchParams.has("unchanged"),
    revision: shown
      ? {
          revision: shown.revision,
          action: shown.action,
          author: shown.author,
          createdAt: shown.createdAt,
          diff: shownText === null || shownText === undefined ? undefined : lineDiff(shownText, document.text),
          deleted: shownText === null,
        }
      : undefined,
  };
}

const publishInput = z.object({
  intent: z.literal("publish"),
  text: z.string(),
  baseRevision: z.coerce.number().int().min(0),
});
const restoreInput = z.object({
  intent: z.literal("restore"),
  revision: z.coerce.number().int().min(1),
  baseRevision: z.coerce.number().int().min(0),
});

/** What a refused publish tells the studio: the problems, and the text as typed, so nothing is lost. */
export interface PublishRefusal {
  problems: string[];
  text?: string;
  conflict?: boolean;
}

async function documentAction({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const path = params["*"] ?? "";
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, `/admin/content/${path}`);
  if (answer) return answer;
  const allowed = await contentWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  const db = context.get(databaseContext).db;
  const fields = Object.fromEntries(form);
  const author = allowed.access.user.email;
  const publish = publishInput.safeParse(fields);
  const restore = publish.success ? undefined : restoreInput.safeParse(fields);
  if (!publish.success && !restore?.success)
    return data(
      { problems: ["The form was incomplete. Reload the page and make the change again."] } satisfies PublishRefusal,
      {
        status: 400,
      },
    );
  try {
    if (publish.success) {
      const summary = await publishDocumentText(db, { path, author, ...publish.data });
      const changed = summary.added.length + summary.changed.length + summary.removed.length > 0;
      return redirect(`/admin/content/${path}?${changed ? "published" : "unchanged"}=1`);
    }
    if (restore?.success) {
      await restoreRevision(db, path, restore.data.revision, { author, baseRevision: restore.data.baseRevision });
      return redirect(`/admin/content/${path}?published=1`);
    }
  } catch (error) {
    const text = publish.success ? publish.data.text : undefined;
    if (error instanceof ContentConflict)
      return data({ problems: [error.message], text, conflict: true } satisfies PublishRefusal, { status: 409 });
    if (error instanceof ContentError)
      return data({ problems: ownProblems(error.message, path), text } satisfies PublishRefusal, { status: 422 });
    throw error;
  }
  notFound(path);
}

/** A problem in this document reads from its field on (`heading: ...`); one in another names it. */
function ownProblems(message: string, path: string): string[] {
  return message
    .split("\n")
    .map((line) => line.replace(new RegExp(`^(?:database/)?${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:? ?`), ""));
}

export default function DocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <ContentGate state={loaderData.state} error={error} />;
  }
  const { document, revision, published, unchanged } = loaderData;
  const refusal = actionData && "problems" in actionData ? (actionData as PublishRefusal) : undefined;
  return (
    <main id="main" className="page">
      <AdminNav unreadEnquiries={loaderData.unread} />
      <header className={enquiryStyles.head}>
        <div>
          <p className="eyebrow">
            <Link to="/admin/content">Content</Link>
          </p>
          <h1>{document.path}</h1>
          <p className={enquiryStyles.account}>
            Revision {document.revision}, by {document.updatedBy},{" "}
            <time dateTime={document.updatedAt.toISOString()}>{formatWhen(document.updatedAt)}</time>.
          </p>
        </div>
      </header>
      {published && !refusal ? (
        <p role="status" className={styles.published}>
          Published: revision {document.revision} is live.
        </p>
      ) : null}
      {unchanged && !refusal ? (
        <p role="status" className={styles.published}>
          Nothing to publish: the text is the same as the live revision.
        </p>
      ) : null}
      {loaderData.images.map((panel) => (
        <ImagePanel key={panel.image.name} panel={panel} titled={panel.image.collection !== "artworks"} />
      ))}
      <div className={styles.layout}>
        <Form method="post" className={styles.editor} aria-labelledby="edit-heading">
          <h2 id="edit-heading">Edit</h2>
          {refusal ? (
            <div role="alert" className={styles.problems} id="publish-problems">
              <p>
                {refusal.conflict ? "Not published: someone else published first." : "Not published. Fix this first:"}
              </p>
              <ul>
                {refusal.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="baseRevision" value={document.revision} />
          <label htmlFor="document-text">
            The document, as its file is written{" "}
            {document.path.endsWith(".md") ? "(front matter, then the text)" : "(YAML)"}
          </label>
          <textarea
            id="document-text"
            name="text"
            className={styles.text}
            defaultValue={refusal?.text ?? document.text}
            key={`${document.revision}-${refusal ? "refused" : "saved"}`}
            spellCheck={document.path.endsWith(".md")}
            aria-describedby={refusal ? "publish-problems" : undefined}
            rows={24}
          />
          <div className={styles.actions}>
            <button type="submit" className="button">
              Publish
            </button>
            <span>Live at once on every page; this revision is kept and can be restored.</span>
          </div>
        </Form>
        <section className={styles.history} aria-labelledby="history-heading">
          <h2 id="history-heading">History</h2>
          <ol>
            {document.history.map((entry) => (
              <li key={entry.revision} aria-current={entry.revision === document.revision ? "true" : undefined}>
                <span>
                  Revision {entry.revision}: {entry.action} by {entry.author},{" "}
                  <time dateTime={entry.createdAt.toISOString()}>{formatWhen(entry.createdAt)}</time>
                </span>
                {entry.revision === document.revision ? (
                  <span className={styles.current}>Live</span>
                ) : (
                  <span className={styles.revisionActions}>
                    <Link to={`?revision=${entry.revision}`} preventScrollReset>
                      Compare
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="restore" />
                      <input type="hidden" name="revision" value={entry.revision} />
                      <input type="hidden" name="baseRevision" value={document.revision} />
                      <button type="submit" className="button button-ghost">
                        Restore revision {entry.revision}
                      </button>
                    </Form>
                  </span>
                )}
              </li>
            ))}
          </ol>
          {revision ? (
            <section aria-labelledby="diff-heading" className={styles.diff}>
              <h3 id="diff-heading">Revision {revision.revision} against the live one</h3>
              {revision.deleted ? <p>Revision {revision.revision} deleted the document.</p> : null}
              {revision.diff ? (
                <pre>
                  {revision.diff
                    .filter((line) => line.kind !== "same")
                    .map((line, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: lines of one fixed diff
                      <span key={index} data-kind={line.kind}>
                        {line.kind === "removed" ? "- " : "+ "}
                        {line.text}
                        {"\n"}
                      </span>
                    ))}
                </pre>
              ) : null}
            </section>
          ) : null}
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
