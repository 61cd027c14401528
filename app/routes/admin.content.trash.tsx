import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { adminMeta } from "#app/admin/admin-page.ts";
import { contentWriteAccess } from "#app/admin/content/content-access.server.ts";
import editor from "#app/admin/content/content-editor.module.css";
import styles from "#app/admin/content/content-trash.module.css";
import { trashedItemAt, trashItems } from "#app/admin/content/trash-items.server.ts";
import { deletedLine, RestoreButton } from "#app/admin/content/trashed-document.tsx";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { ContentConflict, isDocumentPath } from "#app/content/content-documents.server.ts";
import { contentSyncContext } from "#app/content/content-sync.server.ts";
import {
  NotInTrash,
  restoreFromTrash,
  restoreRefusal,
  TRASH_RETENTION_DAYS,
} from "#app/content/content-trash.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.content.trash";

// The Trash (decision 067): deleted documents, restorable with their history for a set time.

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Trash" : "Admin Login");

export const loader = answeringOutages("page", trashLoader);
export const action = answeringOutages("page", trashAction);

const noStore = { "Cache-Control": "no-store" };

async function trashLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  // After a delete elsewhere, this process lists what the database holds now.
  await context.get(contentSyncContext)?.caughtUp();
  return {
    state: "admin" as const,
    items: await trashItems(context.get(databaseContext).db),
    retentionDays: TRASH_RETENTION_DAYS,
  };
}

const restoreInput = z.object({
  intent: z.literal("restore", { error: "The form's action was not understood. Reload the page and try again." }),
  path: z
    .string({ error: "The form did not say what to restore. Reload the page and try again." })
    .max(300, "That is not a document of the site. Reload the Trash and try again.")
    .refine(isDocumentPath, "That is not a document of the site. Reload the Trash and try again."),
});

/** The sign-in steps, and Restore: the document back with its history, then its editor. */
async function trashAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/content/trash");
  if (answer) return answer;
  const allowed = await contentWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  const input = restoreInput.safeParse(Object.fromEntries(form));
  if (!input.success)
    return data({ restoreError: input.error.issues[0]?.message ?? "Reload the Trash and try again." }, { status: 400 });
  const { path } = input.data;
  const db = context.get(databaseContext).db;
  const title = (await trashedItemAt(db, path))?.title;
  try {
    await restoreFromTrash(db, path, allowed.access.user.email);
  } catch (error) {
    if (error instanceof NotInTrash) return data({ restoreError: error.message }, { status: 404, headers: noStore });
    // Another restore (or a new document at its address) came first: the document is there.
    if (error instanceof ContentConflict)
      return data(
        { restoreError: `“${title ?? path}” is on the site already: it was restored a moment ago.`, restored: path },
        { status: 409, headers: noStore },
      );
    if (error instanceof ContentError)
      return data({ restoreError: restoreRefusal(title ?? path, error) }, { status: 422, headers: noStore });
    throw error;
  }
  return redirect(`/admin/content/${path}?restored=1`);
}

export default function TrashPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="content" state={loaderData.state} error={error} />;
  }
  const problem = actionData && "restoreError" in actionData ? String(actionData.restoreError) : undefined;
  const restored = actionData && "restored" in actionData ? String(actionData.restored) : undefined;
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className="eyebrow">
            <Link to="/admin/content">Content</Link>
          </p>
          <h1>Trash</h1>
          <p className={studio.account}>
            Deleted works, exhibitions, articles and interviews stay here for {loaderData.retentionDays} days. Restore
            puts one back on the site as it was, with its whole history; after {loaderData.retentionDays} days it is
            gone for good.
          </p>
        </div>
      </header>
      {problem ? (
        <div role="alert" className={editor.problems}>
          <p>{problem}</p>
          {restored ? (
            <p>
              <Link to={`/admin/content/${restored}`}>Open it</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {loaderData.items.length === 0 ? (
        <p className={studio.empty}>The Trash is empty.</p>
      ) : (
        <ul className={styles.items} aria-label="Deleted">
          {loaderData.items.map((item) => (
            <li key={item.path}>
              <div>
                <h2>{item.title}</h2>
                <p className={editor.meta}>
                  {item.kind}. {deletedLine(item)}
                </p>
              </div>
              <RestoreButton item={item} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
