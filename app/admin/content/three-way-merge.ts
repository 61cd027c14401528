import { type FieldPath, imageRefOf, objectFields, stableKey } from "./field-diff.ts";
import type { FieldSpec } from "./form-fields.ts";
import { labelFor } from "./form-fields.ts";

/**
 * "Someone else published first" resolved field by field (issue 39): from the revision the form
 * was opened at (base), the one live now (theirs) and what the studio typed (mine). A field only
 * one side changed takes that side's value; one both changed alike is kept; one both changed
 * differently is a conflict the studio settles (keep theirs or keep mine). Objects are merged key
 * by key, lists of the same length item by item; any other list both changed is one conflict, so
 * no item is lost to a guess. Pure: the server recomputes it from the revisions on every post.
 */

export type Side = "theirs" | "mine";

/** Who changed a field since the base: one side, both alike, or both differently (a conflict). */
export type MergeState = "theirs" | "mine" | "both" | "conflict";

export interface MergeUnit {
  /** Names the field in a choice: its path joined by dots ("biography.paragraphs.1"); "document" for the whole. */
  key: string;
  state: MergeState;
  /** The form's labels from the document down: "Biography › Paragraphs › 2". */
  label: string;
  path: FieldPath;
  spec: FieldSpec | undefined;
  base: unknown;
  theirs: unknown;
  mine: unknown;
}

export interface Merge {
  /** The merged document; a conflict not chosen keeps theirs. undefined: the document stays deleted. */
  value: unknown;
  /** Every field someone changed, in the form's order. */
  units: MergeUnit[];
  /** Conflicts without a choice. */
  unresolved: string[];
}

/** The key of the whole document (a deleted document on one side). */
export const WHOLE_DOCUMENT = "document";

/** A document deleted by a revision is null; it merges as absent. */
export function threeWayMerge(
  base: unknown,
  theirs: unknown,
  mine: unknown,
  spec: FieldSpec | undefined,
  choices: Readonly<Record<string, Side>> = {},
): Merge {
  const merge: Merge = { value: undefined, units: [], unresolved: [] };
  merge.value = walk(base ?? undefined, theirs ?? undefined, mine ?? undefined, spec, [], [], merge, choices);
  return merge;
}

/** The conflicts' keys: the fields a choice may name. */
export function conflictKeys(merge: Merge): string[] {
  return merge.units.filter((unit) => unit.state === "conflict").map((unit) => unit.key);
}

function walk(
  base: unknown,
  theirs: unknown,
  mine: unknown,
  spec: FieldSpec | undefined,
  path: FieldPath,
  labels: string[],
  merge: Merge,
  choices: Readonly<Record<string, Side>>,
): unknown {
  const unit = (state: MergeState) =>
    merge.units.push({
      key: path.length > 0 ? path.join(".") : WHOLE_DOCUMENT,
      state,
      label: labels.length > 0 ? labels.join(" › ") : "The whole document",
      path,
      spec,
      base,
      theirs,
      mine,
    });
  if (same(theirs, mine) && same(base, theirs)) return theirs;
  if (isRecord(base) && isRecord(theirs) && isRecord(mine) && !anyImage(base, theirs, mine)) {
    const fields = objectFields(spec, mine);
    const keys = new Set([...fields.map((field) => field.key), ...Object.keys(theirs), ...Object.keys(mine)]);
    const merged: Record<string, unknown> = {};
    for (const key of keys) {
      const field = fields.find((candidate) => candidate.key === key);
      const value = walk(
        base[key],
        theirs[key],
        mine[key],
        field?.spec,
        [...path, key],
        [...labels, field?.label ?? labelFor(key)],
        merge,
        choices,
      );
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(theirs) && Array.isArray(mine) && sameLength(base, theirs, mine)) {
    const item = spec?.kind === "list" ? spec.item : undefined;
    return mine.map((_, index) =>
      walk(
        base[index],
        theirs[index],
        mine[index],
        item,
        [...path, index],
        [...labels, String(index + 1)],
        merge,
        choices,
      ),
    );
  }
  if (same(theirs, mine)) {
    unit("both");
    return theirs;
  }
  if (same(base, theirs) || same(base, mine)) {
    unit(same(base, theirs) ? "mine" : "theirs");
    return same(base, theirs) ? mine : theirs;
  }
  unit("conflict");
  const key = path.length > 0 ? path.join(".") : WHOLE_DOCUMENT;
  const choice = choices[key];
  if (!choice) merge.unresolved.push(key);
  return choice === "mine" ? mine : theirs;
}

function sameLength(a: unknown[], b: unknown[], c: unknown[]): boolean {
  return a.length === b.length && b.length === c.length;
}

function anyImage(...values: unknown[]): boolean {
  return values.some((value) => imageRefOf(value) !== undefined);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return a === b || (a !== undefined && b !== undefined && stableKey(a) === stableKey(b));
}
