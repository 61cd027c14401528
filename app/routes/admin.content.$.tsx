import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { z } from "zod";
import { adminMeta } from "#app/admin/admin-page.ts";
import { ConflictMerge } from "#app/admin/content/conflict-merge.tsx";
import { contentWriteAccess } from "#app/admin/content/content-access.server.ts";
import {
  type ConflictAnswer,
  conflictOnPublish,
  staleDraftConflict,
} from "#app/admin/content/content-conflict.server.ts";
import { findDraft } from "#app/admin/content/content-drafts.server.ts";
import { openDocument, publishDocumentText } from "#app/admin/content/content-editing.server.ts";
import styles from "#app/admin/content/content-editor.module.css";
import { DeleteConfirm } from "#app/admin/content/delete-confirm.tsx";
import { DocumentEditForm } from "#app/admin/content/document-edit-form.tsx";
import { DocumentHead } from "#app/admin/content/document-head.tsx";
import { DocumentHistory } from "#app/admin/content/document-history.tsx";
import { type RemovalRefusal, removalAction, removalOffer } from "#app/admin/content/document-removal.server.ts";
import { DocumentTextEditor } from "#app/admin/content/document-text-editor.tsx";
import { siteWith } from "#app/admin/content/draft-check.server.ts";
import { type FormAnswer, formAction, formSpecFor, markdownPreviews } from "#app/admin/content/form-actions.server.ts";
import { fieldProblems } from "#app/admin/content/form-errors.ts";
import { formMap } from "#app/admin/content/form-values.server.ts";
import { MERGE_INTENTS, type MergeRefusal, mergeAction } from "#app/admin/content/merge-publish.server.ts";
import { namingDocuments } from "#app/admin/content/plain-problems.server.ts";
import { restoreFieldAction } from "#app/admin/content/restore-field.server.ts";
import { compareRevisions } from "#app/admin/content/revision-compare.server.ts";
import { trashedItemAt } from "#app/admin/content/trash-items.server.ts";
import { TrashedDocument } from "#app/admin/content/trashed-document.tsx";
import { imagePanels } from "#app/admin/content-images/image-panel.server.ts";
import { ImagePanel } from "#app/admin/content-images/image-panel.tsx";
import { pickerImages } from "#app/admin/content-picker/picker-images.server.ts";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { ContentConflict, restoreRevision } from "#app/content/content-documents.server.ts";
import {
  documentGroupLabel,
  documentTitle,
  groupOf,
  publicPathOf,
} from "#app/content/content-registry-views.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { contentSyncContext } from "#app/content/content-sync.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.content.$";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta(
    { matches, error },
    loaderData?.state === "admin"
      ? `Content: ${loaderData.title}`
      : loaderData?.state === "trashed"
        ? `In the Trash: ${loaderData.item.title}`
        : "Admin Login",
  );

export const loader = answeringOutages("page", documentLoader);

/** After "someone else published first" (409) the page reads again: its history and head show their revision. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;
export const action = answeringOutages("page", documentAction);

const noStore = { "Cache-Control": "no-store" };

function notFound(path: string): never {
  throw data(`There is no published document "${path.slice(0, 200)}". Open the content list to choose one.`, {
    status: 404,
    headers: noStore,
  });
}

async function documentLoader({ request, context, params }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  // After a publish (the action redirects here) this process serves the change before saying so.
  await context.get(contentSyncContext)?.caughtUp();
  const path = params["*"] ?? "";
  const db = context.get(databaseContext).db;
  const [published, draft] = await Promise.all([openDocument(db, path), findDraft(db, path)]);
  if (!published && !draft) {
    // A deleted document's address says where it went, with Restore (decision 067).
    const item = await trashedItemAt(db, path);
    if (item) return { state: "trashed" as const, item };
    notFound(path);
  }
  // A new work's draft has its image panel before its first publish (decision 073).
  const images = await imagePanels(db, path, context, !published);
  const url = new URL(request.url);
  const spec = formSpecFor(path);
  const view = !spec || (url.searchParams.get("view") === "text" && published) ? "text" : "form";
  const formValue = draft ? draft.data : published?.data;
  // A saved draft is checked as a publish would be, so its problems show beside its fields.
  const checking = url.searchParams.has("saved") || url.searchParams.has("check");
  const draftCheck = draft && checking ? await siteWith(db, path, draft.data) : undefined;
  const checked = draftCheck && "problems" in draftCheck ? fieldProblems(draftCheck.problems, path) : undefined;
  const draftProblems = checked && { ...checked, other: checked.other.map(namingDocuments) };
  return {
    state: "admin" as const,
    // Plain words for the head: the item's title under its group's label, and its public page.
    title: documentTitle(path, formValue),
    groupLabel: documentGroupLabel(path),
    folder: groupOf(path),
    publicPath: published ? publicPathOf(path, context.get(contentStoreContext).snapshot()) : undefined,
    // What "2 hours ago" counts from: the server's render and the browser's hydration then agree.
    now: new Date(),
    images,
    path,
    view,
    spec,
    formValue,
    previews: spec ? markdownPreviews(spec, formValue) : {},
    // The picker's list: thumbnails and alt texts, made once per content version.
    pickerImages: spec ? pickerImages(context.get(contentStoreContext)) : [],
    draft: draft
      ? { baseRevision: draft.baseRevision, updatedAt: draft.updatedAt, updatedBy: draft.updatedBy }
      : undefined,
    draftProblems,
    document: published
      ? {
          ...published,
          data: undefined,
          history: published.history.map(({ data: _data, ...revision }) => revision),
        }
      : undefined,
    published: url.searchParams.has("published"),
    unchanged: url.searchParams.has("unchanged"),
    saved: url.searchParams.has("saved"),
    unpreviewable: url.searchParams.has("check") && draftProblems !== undefined,
    discarded: url.searchParams.has("discarded"),
    hidden: url.searchParams.has("hidden"),
    restored: url.searchParams.has("restored"),
    removal: removalOffer(path, published, url),
    comparison: published
      ? compareRevisions(path, published, url.searchParams, context.get(contentStoreContext).pageImages())
      : undefined,
    restoredField: url.searchParams.get("field-restored")?.slice(0, 200),
    // A draft made before someone else's publish: their change and the draft's, side by side.
    conflict:
      view === "form"
        ? await staleDraftConflict(db, path, draft, published?.revision, context.get(contentStoreContext).pageImages())
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
  const intent = String(fields.intent ?? "");
  if (intent === "delete" || intent === "hide") {
    const removed = await removalAction(db, { path, fields, author });
    return removed instanceof Response ? removed : data(removed.body, { status: removed.status, headers: noStore });
  }
  if (intent === "restore-field") {
    const restored = await restoreFieldAction(db, path, fields, author);
    return restored instanceof Response ? restored : data(restored.body, { status: restored.status, headers: noStore });
  }
  if ((MERGE_INTENTS as readonly string[]).includes(intent)) {
    const registry = context.get(contentStoreContext).pageImages();
    const entries = [...form].map(([name, value]) => [name, String(value)] as [string, string]);
    const merged = await mergeAction(db, { path, entries, author, registry });
    return merged instanceof Response ? merged : data(merged.body, { status: merged.status, headers: noStore });
  }
  if (intent !== "publish" && intent !== "restore") {
    const baseRevision = z.coerce.number().int().min(0).max(2_147_483_647).safeParse(fields.baseRevision);
    if (!baseRevision.success)
      return data(
        { problems: ["The form was incomplete. Reload the page and make the change again."] } satisfies PublishRefusal,
        {
          status: 400,
        },
      );
    const entries = [...form];
    const result = await formAction(db, {
      path,
      form: formMap(entries),
      intent,
      baseRevision: baseRevision.data,
      author,
      fieldCount: entries.length,
      draftStamp: typeof fields.draftStamp === "string" ? fields.draftStamp : undefined,
    });
    if (result instanceof Response) return result;
    if (result.status === 409 && result.body.form.conflict) {
      const conflict = await conflictOnPublish(
        db,
        {
          path,
          value: result.body.form.value,
          baseRevision: baseRevision.data,
          author,
          draftStamp: String(fields.draftStamp ?? ""),
        },
        context.get(contentStoreContext).pageImages(),
      );
      // The conflict view says what happened; the form below keeps what was typed.
      if (conflict)
        return data({ form: { ...result.body.form, problems: [] }, conflict } satisfies FormAnswer & ConflictAnswer, {
          status: 409,
          headers: noStore,
        });
    }
    return data(result.body, { status: result.status, headers: noStore });
  }
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
      return redirect(`/admin/content/${path}?${changed ? "published" : "unchanged"}=1&view=text`);
    }
    if (restore?.success) {
      await restoreRevision(db, path, restore.data.revision, { author, baseRevision: restore.data.baseRevision });
      const view = fields.view === "text" ? "&view=text" : "";
      return redirect(`/admin/content/${path}?published=1${view}`);
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

/** A problem in this document reads from its field on (`heading: ...`); one in another names it by its kind and name. */
function ownProblems(message: string, path: string): string[] {
  return message
    .split("\n")
    .map((line) =>
      namingDocuments(
        line.replace(new RegExp(`^(?:database/)?${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:? ?`), ""),
      ),
    );
}

/** What the page shows an admin who may edit content. */
export type DocumentPageData = Extract<Route.ComponentProps["loaderData"], { state: "admin" }>;

export default function DocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "trashed") return <TrashedDocument item={loaderData.item} />;
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="content" state={loaderData.state} error={error} />;
  }
  const { document, draft, comparison, path, view } = loaderData;
  const refusal = actionData && "problems" in actionData ? (actionData as PublishRefusal) : undefined;
  const answered = actionData && "form" in actionData ? (actionData as FormAnswer).form : undefined;
  const conflict =
    actionData && "conflict" in actionData ? (actionData as ConflictAnswer).conflict : loaderData.conflict;
  const mergeProblem =
    actionData && "mergeProblem" in actionData ? (actionData as MergeRefusal).mergeProblem : undefined;
  const quiet = refusal || answered || conflict || mergeProblem;
  return (
    <>
      <DocumentHead page={loaderData} quiet={Boolean(quiet)} />
      {loaderData.removal && document ? (
        <DeleteConfirm
          path={path}
          offer={loaderData.removal}
          baseRevision={document.revision}
          problems={actionData && "removal" in actionData ? (actionData as RemovalRefusal).removal.problems : undefined}
        />
      ) : null}
      {loaderData.images.map((panel) => (
        <ImagePanel key={panel.image.name} panel={panel} titled={panel.image.collection !== "artworks"} />
      ))}
      {mergeProblem ? (
        <p role="alert" className={styles.problems}>
          {mergeProblem}
        </p>
      ) : null}
      {conflict && view === "form" ? (
        <ConflictMerge key={`${conflict.liveRevision}-${JSON.stringify(conflict.chosen)}`} conflict={conflict} />
      ) : null}
      <div className={styles.layout}>
        {view === "form" && loaderData.spec ? (
          <DocumentEditForm
            key={answered?.stamp ?? `${document?.revision ?? 0}-${draft?.updatedAt.toISOString() ?? "live"}`}
            path={path}
            spec={loaderData.spec}
            value={answered ? answered.value : loaderData.formValue}
            errors={answered?.errors ?? loaderData.draftProblems?.byField ?? {}}
            problems={answered?.problems ?? loaderData.draftProblems?.other ?? []}
            previews={answered?.previews ?? loaderData.previews}
            images={loaderData.pickerImages}
            conflict={answered?.conflict}
            refused={Boolean(answered && (answered.problems.length > 0 || Object.keys(answered.errors).length > 0))}
            baseRevision={draft ? draft.baseRevision : (document?.revision ?? 0)}
            draftStamp={draft?.updatedAt.toISOString()}
            published={Boolean(document)}
            removal={loaderData.removal}
          />
        ) : document ? (
          <DocumentTextEditor document={document} refusal={refusal} />
        ) : null}
        {document ? (
          <div className={styles.aside}>
            <DocumentHistory
              document={document}
              comparison={comparison}
              restored={loaderData.restoredField}
              restoreProblem={
                actionData && "restoreProblem" in actionData ? String(actionData.restoreProblem) : undefined
              }
              view={view}
              now={loaderData.now}
            />
          </div>
        ) : null}
      </div>
    </>
  );
}
