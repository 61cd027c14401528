import { redirect } from "react-router";
import { z } from "zod";
import { missingFilesProblem, missingUploadedFiles } from "#app/admin/content-files/missing-files.server.ts";
import { ContentConflict } from "#app/content/content-documents.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { PageImageRegistry } from "#app/images/image-info.server.ts";
import { buildConflict, type ConflictAnswer, ConflictRefused, type ConflictView } from "./content-conflict.server.ts";
import { discardDraft, findDraft, MAX_DRAFT_CHARACTERS, publishValue } from "./content-drafts.server.ts";
import { MAX_FORM_FIELDS } from "./form-actions.server.ts";
import { fieldProblems } from "./form-errors.ts";
import { conflictKeys, type Side, WHOLE_DOCUMENT } from "./three-way-merge.ts";

/**
 * The conflict view's form (issue 39): "Publish the merge", and "Keep all theirs" / "Keep all
 * mine" (which only redraw the choices). Everything is worked out again here from the stored
 * revisions and the posted value; the merge is published from the live revision, so a third
 * publish meanwhile is caught as a conflict again and shown, never written over.
 */

export const MERGE_INTENTS = ["merge-publish", "merge-all-theirs", "merge-all-mine"] as const;

const revision = z.coerce.number().int().min(0).max(2_147_483_647);
const mergeInput = z.object({
  intent: z.enum(MERGE_INTENTS),
  baseRevision: revision,
  liveRevision: revision,
  mine: z
    .string()
    .min(1)
    .max(MAX_DRAFT_CHARACTERS * 2, "Your version is larger than any document. Reload the page."),
  draftStamp: z.string().max(40).optional(),
});

/** A choice's form name: "choice:" and the field's key ("choice:biography.paragraphs.1"). */
export const CHOICE_PREFIX = "choice:";
const CHOICE_KEY = new RegExp(`^(?:${WHOLE_DOCUMENT}|[a-z0-9_-]+(?:\\.[a-z0-9_-]+)*)$`, "i");
const MAX_CHOICE_KEY = 300;

/** A merge refused before anything is worked out (a forged or broken form): what to do. */
export interface MergeRefusal {
  mergeProblem: string;
}

export type MergeResult = Response | { status: number; body: ConflictAnswer | MergeRefusal };

const refused = (status: number, mergeProblem: string): MergeResult => ({ status, body: { mergeProblem } });

/** The choices a form posted, or a refusal naming what is wrong. */
function postedChoices(entries: [string, string][]): Record<string, Side> | string {
  const chosen: Record<string, Side> = {};
  for (const [name, value] of entries) {
    if (!name.startsWith(CHOICE_PREFIX)) continue;
    const key = name.slice(CHOICE_PREFIX.length);
    if (key.length > MAX_CHOICE_KEY || !CHOICE_KEY.test(key)) return "A choice names no field of this document.";
    if (value !== "theirs" && value !== "mine") return "Each choice is “Keep theirs” or “Keep mine”.";
    chosen[key] = value;
  }
  return chosen;
}

export async function mergeAction(
  db: AppDatabase,
  input: { path: string; entries: [string, string][]; author: string; registry: PageImageRegistry },
): Promise<MergeResult> {
  const { path, entries, author, registry } = input;
  if (entries.length > MAX_FORM_FIELDS)
    return refused(413, `The form sent ${entries.length} fields; a merge has at most ${MAX_FORM_FIELDS}.`);
  const parsed = mergeInput.safeParse(Object.fromEntries(entries));
  if (!parsed.success) {
    const tooBig = parsed.error.issues.find((issue) => issue.code === "too_big" && issue.path[0] === "mine");
    if (tooBig) return refused(413, tooBig.message);
    return refused(400, "The merge form was incomplete. Reload the page: your edit is kept as a draft.");
  }
  const form = parsed.data;
  let mine: unknown;
  try {
    mine = JSON.parse(form.mine);
  } catch {
    return refused(400, "Your version could not be read. Reload the page: your edit is kept as a draft.");
  }
  if (mine === null || typeof mine !== "object" || Array.isArray(mine))
    return refused(400, "Your version is not a document. Reload the page: your edit is kept as a draft.");
  const chosen = postedChoices(entries);
  if (typeof chosen === "string") return refused(400, chosen);

  const build = (more: { chosen?: Record<string, Side>; problems?: string[] }) =>
    buildConflict(db, path, { baseRevision: form.baseRevision, mine, draftStamp: form.draftStamp, ...more }, registry);
  const view = (status: number, shown: ConflictView): MergeResult => ({ status, body: { conflict: shown } });
  try {
    const first = await build({});
    const conflicts = new Set(conflictKeys(first.merge));
    const stray = Object.keys(chosen).find((key) => !conflicts.has(key));
    if (first.view.liveRevision !== form.liveRevision) {
      const again = await build({ chosen, problems: [publishedAgain(first.view.liveRevision)] });
      return view(409, again.view);
    }
    if (stray !== undefined)
      return refused(400, "A choice names a field you did not both change. Reload the page and choose again.");
    if (form.intent !== "merge-publish") {
      const side: Side = form.intent === "merge-all-mine" ? "mine" : "theirs";
      return view(200, (await build({ chosen: Object.fromEntries([...conflicts].map((key) => [key, side])) })).view);
    }
    const built = await build({ chosen });
    const unresolved = built.merge.units.filter((unit) => built.merge.unresolved.includes(unit.key));
    if (unresolved.length > 0) {
      const names = unresolved.map((unit) => `“${unit.label}”`).join(", ");
      return view(422, (await build({ chosen, problems: [`Choose theirs or yours for ${names}.`] })).view);
    }
    return await publishMerge(db, { path, author, built, draftStamp: form.draftStamp, build, view });
  } catch (error) {
    if (error instanceof ConflictRefused) return refused(error.status, error.message);
    throw error;
  }
}

async function publishMerge(
  db: AppDatabase,
  input: {
    path: string;
    author: string;
    built: Awaited<ReturnType<typeof buildConflict>>;
    draftStamp?: string;
    build: (more: { chosen?: Record<string, Side>; problems?: string[] }) => ReturnType<typeof buildConflict>;
    view: (status: number, shown: ConflictView) => MergeResult;
  },
): Promise<MergeResult> {
  const { path, built, build, view } = input;
  const chosen = built.view.chosen;
  const merged = built.merge.value;
  if (merged === undefined) {
    // They deleted it and the studio kept their delete: nothing to publish, the draft goes.
    const draft = await findDraft(db, path);
    if (draft && draft.updatedAt.toISOString() === input.draftStamp) await discardDraft(db, path);
    return redirect("/admin/content");
  }
  const missing = await missingUploadedFiles(db, merged);
  if (missing.length > 0) return view(422, (await build({ chosen, problems: [missingFilesProblem(missing)] })).view);
  try {
    const summary = await publishValue(db, {
      path,
      data: merged,
      baseRevision: built.publishBase,
      author: input.author,
      draftStamp: input.draftStamp,
    });
    const changed = summary.added.length + summary.changed.length + summary.removed.length > 0;
    return redirect(`/admin/content/${path}?${changed ? "published" : "unchanged"}=1`);
  } catch (error) {
    if (error instanceof ContentConflict)
      return view(409, (await build({ chosen, problems: [publishedAgain(error.current)] })).view);
    if (error instanceof ContentError) {
      const { byField, other } = fieldProblems(error.message, path);
      const problems = [...Object.entries(byField).map(([field, problem]) => `${field}: ${problem}`), ...other];
      return view(422, (await build({ chosen, problems: ["The site cannot take this merge:", ...problems] })).view);
    }
    throw error;
  }
}

function publishedAgain(revision: number): string {
  return `Someone published again while you were choosing (revision ${revision} is the newest now). Their newest change is below: check it, then publish the merge again.`;
}
