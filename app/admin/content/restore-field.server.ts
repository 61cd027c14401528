import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import { z } from "zod";
import { ContentConflict, commitChanges, isDocumentPath } from "#app/content/content-documents.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { contentDocuments, contentRevisions } from "#app/db/content-schema.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { findFieldChange, withFieldRestored } from "./field-restore.ts";
import { formSpecFor } from "./form-actions.server.ts";
import { fieldProblems } from "./form-errors.ts";

/**
 * "Restore this field" (issue 39): a new revision equal to the live document with one field set
 * back to an earlier revision's value, published through commitChanges from the live revision
 * the studio compared against, so the whole site is checked and an edit published meanwhile is
 * refused as a conflict rather than written over.
 */

/** The field a restore names: the change's kind and its path, as the compare view writes it. */
export const FIELD_KEY = /^(?:added|removed|changed):[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/i;
export const MAX_FIELD_KEY = 300;

export const restoreFieldInput = z.object({
  intent: z.literal("restore-field"),
  revision: z.coerce.number().int().min(1).max(2_147_483_647),
  baseRevision: z.coerce.number().int().min(0).max(2_147_483_647),
  field: z
    .string()
    .max(MAX_FIELD_KEY, "That field's name is too long to be one of this document's.")
    .regex(FIELD_KEY, "That is not a field of this document."),
});
export type RestoreFieldInput = z.infer<typeof restoreFieldInput>;

/** The restore cannot be made as asked: no such revision, or the field no longer differs. */
export class FieldNotRestorable extends Error {
  override name = "FieldNotRestorable";
  constructor(
    message: string,
    readonly status: 404 | 422,
  ) {
    super(message);
  }
}

/** Publishes the live document with one field set back; answers the field's label. */
export async function restoreField(
  db: AppDatabase,
  path: string,
  input: RestoreFieldInput,
  author: string,
): Promise<{ label: string }> {
  if (!isDocumentPath(path)) throw new FieldNotRestorable("There is no such document.", 404);
  const [earlier] = await db
    .select({ data: contentRevisions.data })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.path, path), eq(contentRevisions.revision, input.revision)));
  const [live] = await db
    .select({ data: contentDocuments.data, revision: contentDocuments.revision })
    .from(contentDocuments)
    .where(eq(contentDocuments.path, path));
  if (!earlier || !live)
    throw new FieldNotRestorable(`There is no revision ${input.revision} of this document to restore from.`, 404);
  // The field was chosen on the live revision the studio saw; a newer one may have moved it.
  if (live.revision !== input.baseRevision) throw new ContentConflict(path, live.revision, input.baseRevision);
  const change = findFieldChange(earlier.data, live.data, formSpecFor(path), input.field);
  if (!change)
    throw new FieldNotRestorable(
      `That field is the same in revision ${input.revision} and the live one, so there is nothing to restore. Compare again to see what differs.`,
      422,
    );
  await commitChanges(db, [{ path, data: withFieldRestored(live.data, change), baseRevision: live.revision }], {
    author,
    action: "restore",
  });
  return { label: change.label };
}

/** What a refused field restore tells the studio, shown with the comparison. */
export interface RestoreFieldRefusal {
  restoreProblem: string;
}

/**
 * The editor's "Restore this field" form: checked, published, and answered with the page that
 * shows the comparison again (the field gone from it), or a refusal that says what to do.
 */
export async function restoreFieldAction(
  db: AppDatabase,
  path: string,
  fields: Record<string, FormDataEntryValue>,
  author: string,
): Promise<Response | { status: number; body: RestoreFieldRefusal }> {
  const input = restoreFieldInput.safeParse(fields);
  if (!input.success) {
    const fieldIssue = input.error.issues.find((issue) => issue.path[0] === "field");
    return refused(400, fieldIssue?.message ?? "The form was incomplete. Reload the page and try again.");
  }
  try {
    const { label } = await restoreField(db, path, input.data, author);
    const view = fields.view === "text" ? "&view=text" : "";
    const restored = encodeURIComponent(label);
    return redirect(
      `/admin/content/${path}?published=1&revision=${input.data.revision}&field-restored=${restored}${view}`,
    );
  } catch (error) {
    if (error instanceof FieldNotRestorable) return refused(error.status, error.message);
    if (error instanceof ContentConflict)
      return refused(
        409,
        `Someone else published a change after you opened this comparison (revision ${error.current} is live now). Nothing was restored: compare again with the live revision, then restore the field from there.`,
      );
    if (error instanceof ContentError) {
      // This document's problems by what is wrong, not by where it is stored.
      const { byField, other } = fieldProblems(error.message, path);
      const problems = [...Object.values(byField), ...other].slice(0, 3).join(" ");
      return refused(422, `The site cannot take that field back as it was: ${problems}`);
    }
    throw error;
  }
}

function refused(status: number, restoreProblem: string) {
  return { status, body: { restoreProblem } };
}
