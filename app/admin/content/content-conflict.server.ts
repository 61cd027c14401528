import { isDeepStrictEqual } from "node:util";
import { and, desc, eq } from "drizzle-orm";
import { contentRevisions } from "#app/db/content-schema.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { PageImageRegistry } from "#app/images/image-info.server.ts";
import { findDraft, saveDraft } from "./content-drafts.server.ts";
import { type FieldChange, fieldDiff } from "./field-diff.ts";
import { formSpecFor } from "./form-actions.server.ts";
import { thumbnailsOf } from "./revision-compare.server.ts";
import { conflictKeys, type Merge, type MergeState, type Side, threeWayMerge } from "./three-way-merge.ts";

/**
 * "Someone else published first" (issue 39), as the studio sees it: every field they changed
 * (from the revision the form was opened at to the live one) and every field the studio changed
 * (from that revision to what it typed), side by side in the form's words, merged where only one
 * side changed and asked where both did. What was typed is kept as the draft, so a reload or a
 * closed tab loses nothing; the page shows the same view again from the draft.
 */

/** One side's change of a field, as the history shows it (field-diff.ts), without the raw values. */
export interface ShownChange {
  key: string;
  kind: FieldChange["kind"];
  label: string;
  show: FieldChange["show"];
}

export interface ConflictField {
  key: string;
  state: MergeState;
  label: string;
  theirs: ShownChange[];
  mine: ShownChange[];
}

export interface ConflictView {
  /** The revision the studio's edit was made from. */
  baseRevision: number;
  /** The newest revision (the live one, or the one that deleted the document). */
  liveRevision: number;
  theirs: { author: string; at: Date; deleted: boolean };
  /** What the studio typed, as JSON: posted back with the merge, so no tab depends on the shared draft. */
  mine: string;
  /** The draft that holds what was typed, dropped when the merge is published. */
  draftStamp?: string;
  fields: ConflictField[];
  /** The choice made for each field both changed. */
  chosen: Record<string, Side>;
  thumbnails: Record<string, string>;
  problems: string[];
}

/** The answer that shows the conflict view. */
export interface ConflictAnswer {
  conflict: ConflictView;
}

/** A merge that cannot be worked out as posted: its status and what to do. */
export class ConflictRefused extends Error {
  override name = "ConflictRefused";
  constructor(
    message: string,
    readonly status: 400 | 404,
  ) {
    super(message);
  }
}

/** The view with the merge it shows, and the revision a publish of it is made from. */
export interface BuiltConflict {
  view: ConflictView;
  merge: Merge;
  /** The live document's revision (0 when they deleted it): what commitChanges checks the merge against. */
  publishBase: number;
}

export interface ConflictInput {
  baseRevision: number;
  mine: unknown;
  chosen?: Record<string, Side>;
  problems?: string[];
  draftStamp?: string;
}

/** Works the conflict out from the stored revisions; refuses a base revision that is not one before the live one. */
export async function buildConflict(
  db: AppDatabase,
  path: string,
  input: ConflictInput,
  registry: PageImageRegistry,
): Promise<BuiltConflict> {
  const [live] = await db
    .select({
      revision: contentRevisions.revision,
      data: contentRevisions.data,
      author: contentRevisions.author,
      createdAt: contentRevisions.createdAt,
    })
    .from(contentRevisions)
    .where(eq(contentRevisions.path, path))
    .orderBy(desc(contentRevisions.revision))
    .limit(1);
  if (!live) throw new ConflictRefused("There is no such document.", 404);
  if (input.baseRevision >= live.revision)
    throw new ConflictRefused(
      `Revision ${input.baseRevision} is not an earlier revision of this document (revision ${live.revision} is the newest), so there is nothing to merge. Reload the page and publish from there.`,
      400,
    );
  let base: unknown;
  if (input.baseRevision > 0) {
    const [row] = await db
      .select({ data: contentRevisions.data })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.path, path), eq(contentRevisions.revision, input.baseRevision)));
    if (!row)
      throw new ConflictRefused(
        `This document has no revision ${input.baseRevision} to merge from. Reload the page and make the change again.`,
        400,
      );
    base = row.data;
  }
  const spec = formSpecFor(path);
  const conflicts = new Set(conflictKeys(threeWayMerge(base, live.data, input.mine, spec)));
  const chosen = Object.fromEntries(Object.entries(input.chosen ?? {}).filter(([key]) => conflicts.has(key)));
  const merge = threeWayMerge(base, live.data, input.mine, spec, chosen);
  const all: FieldChange[] = [];
  const shown = (before: unknown, after: unknown, unitSpec: Merge["units"][number]["spec"], label: string) => {
    const changes = fieldDiff(before, after, unitSpec);
    all.push(...changes);
    return changes.map((change) => ({
      key: change.key,
      kind: change.kind,
      label: change.path.length > 0 ? `${label} › ${change.label}` : label,
      show: change.show,
    }));
  };
  const fields = merge.units.map((unit) => ({
    key: unit.key,
    state: unit.state,
    label: unit.label,
    theirs: unit.state === "mine" ? [] : shown(unit.base, unit.theirs, unit.spec, unit.label),
    mine: unit.state === "theirs" ? [] : shown(unit.base, unit.mine, unit.spec, unit.label),
  }));
  return {
    view: {
      baseRevision: input.baseRevision,
      liveRevision: live.revision,
      theirs: { author: live.author, at: live.createdAt, deleted: live.data === null },
      mine: JSON.stringify(input.mine ?? null),
      ...(input.draftStamp ? { draftStamp: input.draftStamp } : {}),
      fields,
      chosen,
      thumbnails: thumbnailsOf(all, registry),
      problems: input.problems ?? [],
    },
    merge,
    publishBase: live.data === null ? 0 : live.revision,
  };
}

/**
 * A refused publish's typed value kept as the document's draft (made from the revision the form
 * was opened at), unless someone else saved a draft since the form was drawn: theirs is not
 * written over, and what was typed stays in the answer. The draft's stamp, when it holds it.
 */
export async function keepTypedAsDraft(
  db: AppDatabase,
  input: { path: string; value: unknown; baseRevision: number; author: string; draftStamp?: string },
): Promise<string | undefined> {
  const draft = await findDraft(db, input.path);
  const ours =
    !draft || draft.updatedAt.toISOString() === input.draftStamp || isDeepStrictEqual(draft.data, input.value);
  if (!ours) return undefined;
  await saveDraft(db, { path: input.path, data: input.value, baseRevision: input.baseRevision, author: input.author });
  return (await findDraft(db, input.path))?.updatedAt.toISOString();
}

/** A draft made from an older revision than the live one: the conflict view, shown when the page opens. */
export async function staleDraftConflict(
  db: AppDatabase,
  path: string,
  draft: { data: unknown; baseRevision: number; updatedAt: Date } | undefined,
  liveRevision: number | undefined,
  registry: PageImageRegistry,
): Promise<ConflictView | undefined> {
  if (!draft || liveRevision === undefined || draft.baseRevision >= liveRevision || !formSpecFor(path))
    return undefined;
  try {
    const built = await buildConflict(
      db,
      path,
      { baseRevision: draft.baseRevision, mine: draft.data, draftStamp: draft.updatedAt.toISOString() },
      registry,
    );
    return built.view;
  } catch (error) {
    // A draft whose base revision is gone is shown as a plain draft, as before.
    if (error instanceof ConflictRefused) return undefined;
    throw error;
  }
}

/**
 * A form publish refused because someone published first: what was typed kept as the draft, and
 * the conflict view to show with the form (its own alert then says so, not the form's).
 */
export async function conflictOnPublish(
  db: AppDatabase,
  input: { path: string; value: unknown; baseRevision: number; author: string; draftStamp?: string },
  registry: PageImageRegistry,
): Promise<ConflictView | undefined> {
  const draftStamp = await keepTypedAsDraft(db, input);
  try {
    const built = await buildConflict(
      db,
      input.path,
      { baseRevision: input.baseRevision, mine: input.value, draftStamp },
      registry,
    );
    return built.view;
  } catch (error) {
    if (error instanceof ConflictRefused) return undefined;
    throw error;
  }
}
