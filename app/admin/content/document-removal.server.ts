import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { z } from "zod";
import { ContentConflict, commitChanges } from "#app/content/content-documents.server.ts";
import { documentKindLabel, documentTitle, isDeletable } from "#app/content/content-registry-views.server.ts";
import { findInTrash, TRASH_RETENTION_DAYS } from "#app/content/content-trash.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { contentDocuments } from "#app/db/content-schema.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { discardDraft, findDraft, saveDraft } from "./content-drafts.server.ts";
import type { RemovalOffer } from "./delete-confirm.tsx";
import { fieldProblems } from "./form-errors.ts";

/**
 * The two ways to take a document off the site (decision 067), asked for from the delete
 * question: delete it (to the Trash, restorable with its history for a set time) or, for a work,
 * hide it (published with `hidden: true`: kept in the studio and viewing rooms, on no public page).
 */

/** What a refused delete or hide tells the studio, beside the question. */
export interface RemovalRefusal {
  removal: { problems: string[] };
}

/** What the editor offers for the published document at `path`: the delete question, or nothing (the site needs it). */
export function removalOffer(path: string, live: { data: unknown } | undefined, url: URL): RemovalOffer | undefined {
  if (!live || !isDeletable(path)) return undefined;
  return {
    title: documentTitle(path, live.data),
    kind: documentKindLabel(path),
    hideable: path.startsWith("works/") && (live.data as { hidden?: unknown } | null)?.hidden !== true,
    retentionDays: TRASH_RETENTION_DAYS,
    confirming: url.searchParams.get("confirm") === "delete",
  };
}

export const REMOVAL_INTENTS = ["delete", "hide"] as const;

const removalInput = z.object({
  intent: z.enum(REMOVAL_INTENTS),
  baseRevision: z.coerce.number().int().min(1).max(2_147_483_647),
});

type RemovalResult = Response | { status: number; body: RemovalRefusal };

const refused = (status: number, ...problems: string[]): RemovalResult => ({ status, body: { removal: { problems } } });

export async function removalAction(
  db: AppDatabase,
  input: { path: string; fields: Record<string, unknown>; author: string },
): Promise<RemovalResult> {
  const { path, author } = input;
  const parsed = removalInput.safeParse(input.fields);
  if (!parsed.success) return refused(400, "The form was incomplete. Reload the page and try again.");
  const { intent, baseRevision } = parsed.data;
  if (!isDeletable(path) || (intent === "hide" && !path.startsWith("works/")))
    return refused(
      400,
      intent === "hide" ? "Only a work can be hidden." : "The site needs this page: it cannot be deleted.",
    );
  const [live] = await db.select().from(contentDocuments).where(eq(contentDocuments.path, path));
  if (!live) {
    // Asked twice (a second click, another tab): it is in the Trash already.
    if (intent === "delete" && (await findInTrash(db, path))) return redirect(deletedAddress(path));
    return refused(404, "This is not on the site any more. Open the content list or the Trash.");
  }
  const title = documentTitle(path, live.data);
  try {
    if (intent === "delete") {
      await commitChanges(db, [{ path, data: null, baseRevision }], { author, action: "publish" });
      await discardDraft(db, path);
      return redirect(deletedAddress(path));
    }
    await hideWork(db, { path, data: live.data, baseRevision, author });
    return redirect(`/admin/content/${path}?hidden=1`);
  } catch (error) {
    if (error instanceof ContentConflict)
      return refused(
        409,
        `Not ${intent === "delete" ? "deleted" : "hidden"}: someone else published a change to “${title}” since you opened it. Reload the page to see it, then decide again.`,
      );
    if (error instanceof ContentError)
      return refused(
        422,
        `Not ${intent === "delete" ? "deleted" : "hidden"}: the site still needs it. ${await siteProblems(db, error.message, path)}`,
      );
    throw error;
  }
}

/** The site's problems in one line, in the studio's words: no file paths, no field keys. */
async function siteProblems(db: AppDatabase, message: string, path: string): Promise<string> {
  const { byField, other } = fieldProblems(message, path);
  const named = await Promise.all(other.map((line) => namedByTitle(db, line)));
  return [...named, ...Object.values(byField)].join(" ");
}

/**
 * "exhibitions/solo-exhibition-london-2024.yaml: blocks.5.works.2: no work titled …" as
 * "Exhibition “Solo Exhibition: London, 2024”: no work titled …": the document by its kind and
 * title as the studio knows them, the problem without the field's key.
 */
async function namedByTitle(db: AppDatabase, line: string): Promise<string> {
  const match = /^([a-z0-9][a-z0-9/_-]*\.(?:ya?ml|md)): (?:[\w.]+: )?(.*)$/.exec(line);
  const [, other, problem] = match ?? [];
  if (!other || problem === undefined) return line;
  const [document] = await db
    .select({ data: contentDocuments.data })
    .from(contentDocuments)
    .where(eq(contentDocuments.path, other));
  return `${documentKindLabel(other)} “${documentTitle(other, document?.data)}”: ${problem}`;
}

function deletedAddress(path: string): string {
  return `/admin/content?deleted=${encodeURIComponent(path)}`;
}

/**
 * Publishes the work as it is live with `hidden: true`. A draft made from that revision keeps
 * its edits and is hidden too, so its later publish is not refused as someone else's change.
 */
async function hideWork(
  db: AppDatabase,
  input: { path: string; data: unknown; baseRevision: number; author: string },
): Promise<void> {
  const data = { ...(input.data as Record<string, unknown>), hidden: true };
  const summary = await commitChanges(db, [{ path: input.path, data, baseRevision: input.baseRevision }], {
    author: input.author,
    action: "publish",
  });
  const draft = await findDraft(db, input.path);
  if (summary.changed.length === 0 || !draft || draft.baseRevision !== input.baseRevision) return;
  await saveDraft(db, {
    path: input.path,
    data: { ...(draft.data as Record<string, unknown>), hidden: true },
    baseRevision: input.baseRevision + 1,
    author: draft.updatedBy,
  });
}
