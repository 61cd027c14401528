import { redirect } from "react-router";
import { missingFilesProblem, missingUploadedFiles } from "#app/admin/content-files/missing-files.server.ts";
import { ContentConflict } from "#app/content/content-documents.server.ts";
import { documentSchema } from "#app/content/content-registry-views.server.ts";
import { MarkdownTooDeep, markdownToHtml } from "#app/content/long-form-files.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { sanitizeContentHtml } from "#app/security/content-html.server.ts";
import {
  discardDraft,
  MAX_DRAFT_CHARACTERS,
  publishedRevision,
  publishValue,
  saveDraft,
} from "./content-drafts.server.ts";
import { fieldProblems } from "./form-errors.ts";
import type { FieldSpec } from "./form-fields.ts";
import { describeSchema } from "./form-schema.server.ts";
import { applyEdit, editOf, valueFromForm } from "./form-values.server.ts";
import { freeWorkPath, nextArtworkId } from "./new-work.server.ts";

/**
 * What the editor's form posts (intent): publish, save or discard a draft, redraw after adding,
 * removing or moving an item, and a work's duplicate (its delete and hide: document-removal.server.ts). A refusal answers the form as
 * it was posted with each problem beside its field, so nothing typed is lost.
 */

/** Fields a form may post: ten times the largest document's (an exhibition has a few hundred). */
export const MAX_FORM_FIELDS = 5000;

/** The form redrawn: the value as posted (or edited), its problems, and a stamp that redraws the inputs. */
export interface FormAnswer {
  form: {
    value: unknown;
    errors: Record<string, string>;
    problems: string[];
    conflict?: boolean;
    stamp: string;
    previews: Record<string, string>;
  };
}

export type FormResult = { status: number; body: FormAnswer } | Response;

const specCache = new Map<string, FieldSpec>();

/** The form's description for a document path (the same for every document of a folder). */
export function formSpecFor(path: string): FieldSpec | undefined {
  const schema = documentSchema(path);
  if (!schema) return undefined;
  const key = path.startsWith("pages/") || path === "site.yaml" ? path : (path.split("/")[0] ?? path);
  let spec = specCache.get(key);
  if (!spec) {
    spec = describeSchema(schema);
    specCache.set(key, spec);
  }
  return spec;
}

/** Markdown fields' previews, rendered as the public long-form page renders them. */
export function markdownPreviews(spec: FieldSpec, value: unknown): Record<string, string> {
  if (spec.kind !== "object" || value === null || typeof value !== "object") return {};
  const previews: Record<string, string> = {};
  for (const field of spec.fields) {
    const text = (value as Record<string, unknown>)[field.key];
    if (field.spec.kind === "text" && field.spec.markdown && typeof text === "string") {
      try {
        previews[field.key] = sanitizeContentHtml(markdownToHtml(text));
      } catch (error) {
        // The field's own check says why (long-form-files.server.ts): no preview meanwhile.
        if (!(error instanceof MarkdownTooDeep)) throw error;
      }
    }
  }
  return previews;
}

function answer(spec: FieldSpec, value: unknown, status: number, more: Partial<FormAnswer["form"]> = {}): FormResult {
  return {
    status,
    body: {
      form: {
        value,
        errors: more.errors ?? {},
        problems: more.problems ?? [],
        ...(more.conflict ? { conflict: true } : {}),
        stamp: crypto.randomUUID(),
        previews: markdownPreviews(spec, value),
      },
    },
  };
}

interface FormActionInput {
  path: string;
  form: Map<string, string[]>;
  intent: string;
  baseRevision: number;
  author: string;
  fieldCount: number;
  /** The updatedAt of the draft the form was drawn from, if any. */
  draftStamp?: string;
}

export async function formAction(db: AppDatabase, input: FormActionInput): Promise<FormResult> {
  const { path, form, intent } = input;
  const spec = formSpecFor(path);
  if (!spec)
    return answer({ kind: "yaml" }, undefined, 400, { problems: ["This document has no form; edit its text."] });
  if (input.fieldCount > MAX_FORM_FIELDS)
    return answer(spec, undefined, 413, {
      problems: [
        `The form sent ${input.fieldCount} fields; a document's form has at most ${MAX_FORM_FIELDS}. Reload the page.`,
      ],
    });
  const reading = valueFromForm(spec, form);
  const value = reading.value;
  const size = JSON.stringify(value)?.length ?? 0;
  if (size > MAX_DRAFT_CHARACTERS)
    return answer(spec, value, 413, {
      errors: reading.problems,
      problems: [
        `The document is ${size} characters; a document holds at most ${MAX_DRAFT_CHARACTERS}. Shorten its longest texts.`,
      ],
    });

  const edit = editOf(intent, form);
  if (edit) return answer(spec, applyEdit(spec, value, edit), 200, { errors: reading.problems });
  if (intent === "preview") return answer(spec, value, 200, { errors: reading.problems });

  // A saved address of an upload the site has since removed would be a broken link (decision 051).
  if (intent === "save-draft" || intent === "form-publish") {
    const missing = await missingUploadedFiles(db, value);
    if (missing.length > 0) return answer(spec, value, 422, { problems: [missingFilesProblem(missing)] });
  }

  try {
    const done = await commitIntent(db, input, value, reading.problems);
    if (done) return done === "invalid" ? answer(spec, value, 422, { errors: reading.problems }) : done;
  } catch (error) {
    if (error instanceof ContentConflict)
      return answer(spec, value, 409, { problems: [error.message], conflict: true });
    if (error instanceof ContentError) return refusal(spec, value, input, error, reading.problems);
    throw error;
  }
  return answer(spec, value, 400, {
    problems: ["The form's action was not understood. Reload the page and try again."],
  });
}

/**
 * The intents that write: the redirect to follow, "invalid" when the form's own problems stop a
 * publish, or undefined for an intent that does not apply here.
 */
async function commitIntent(
  db: AppDatabase,
  input: FormActionInput,
  value: unknown,
  problems: Record<string, string>,
): Promise<Response | "invalid" | undefined> {
  const { path, baseRevision, author } = input;
  const here = `/admin/content/${path}`;
  switch (input.intent) {
    case "save-draft":
      await saveDraft(db, { path, data: value, baseRevision, author });
      return redirect(`${here}?saved=1`);
    case "discard-draft":
      await discardDraft(db, path);
      // A draft never published leaves nothing here to show: back to the list, saying so.
      return redirect(
        (await publishedRevision(db, path)) > 0
          ? `${here}?discarded=1`
          : `/admin/content?discarded=${encodeURIComponent(path)}`,
      );
    case "form-publish": {
      if (Object.keys(problems).length > 0) return "invalid";
      const summary = await publishValue(db, { path, data: value, baseRevision, author, draftStamp: input.draftStamp });
      const changed = summary.added.length + summary.changed.length + summary.removed.length > 0;
      return redirect(`${here}?${changed ? "published" : "unchanged"}=1`);
    }
    case "duplicate":
      return path.startsWith("works/") ? duplicateWork(db, value, author) : undefined;
    default:
      return undefined;
  }
}

/** A hidden draft copy of a work, titled "(copy)", with the next artwork id. */
async function duplicateWork(db: AppDatabase, value: unknown, author: string) {
  const title = `${String((value as { title?: unknown })?.title ?? "Untitled")} (copy)`;
  const copyPath = await freeWorkPath(db, title);
  if (!copyPath) return undefined;
  const data = { ...(value as Record<string, unknown>), title, artwork_id: await nextArtworkId(db), hidden: true };
  await saveDraft(db, { path: copyPath, data, baseRevision: 0, author });
  return redirect(`/admin/content/${copyPath}?saved=1`);
}

/** The content's own checks refused the change: each problem beside its field, the rest above. */
function refusal(
  spec: FieldSpec,
  value: unknown,
  input: FormActionInput,
  error: ContentError,
  formProblems: Record<string, string>,
): FormResult {
  const { byField, other } = fieldProblems(error.message, input.path);
  return answer(spec, value, 422, { errors: { ...byField, ...formProblems }, problems: other });
}
