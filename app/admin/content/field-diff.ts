import type { FieldSpec } from "./form-fields.ts";
import { labelFor } from "./form-fields.ts";
import { sequenceDiff } from "./line-diff.ts";
import { type WordPart, wordDiff } from "./word-diff.ts";

/**
 * What changed between two revisions of a document, field by field, in the words of the form
 * ("Biography › Paragraphs › 2"): each field added, removed or changed with its value before and
 * after, long text as a word diff, images as the images. Pure: the page shows it and a restore of
 * one field works it out again on the server (field-restore.ts).
 */

/** Where a value sits in a document: object keys and list positions (from 0). */
export type FieldPath = (string | number)[];

/** An image as documents name it: "collection/name", or `{ collection, name }`. */
export interface ImageRef {
  collection: string;
  name: string;
}

/** A value as a person reads it: its words, its image, or both (a card's title and picture). */
export interface ShownValue {
  text?: string;
  image?: ImageRef;
}

export type ChangeKind = "added" | "removed" | "changed";

export interface FieldChange {
  /** Names this change in a restore form: its kind and its path ("changed:biography.paragraphs.1"). */
  key: string;
  kind: ChangeKind;
  /** The field's labels from the document down: "Cards › Items › 3 › Title". */
  label: string;
  /** Where it is in the later document; for a removed list item, where it would go back. */
  path: FieldPath;
  /** The raw values, for a restore; undefined on the side it is missing from. */
  before: unknown;
  after: unknown;
  show: { as: "words"; parts: WordPart[] } | { as: "values"; before?: ShownValue; after?: ShownValue };
}

/** Text longer than this (or written over several lines) is compared word by word. */
const SHORT_TEXT = 60;
/** Lists longer than this (items times items) are compared item by item in place, not aligned. */
const MAX_LIST_PAIRS = 250_000;
const IMAGE_NAME = /^([a-z0-9][a-z0-9-]*)\/([a-z0-9][a-z0-9_-]*)$/;

/**
 * The changes from `before` to `after` (two revisions' data) in the order the form shows the
 * fields. A missing document (null: the revision deleted it) is one change of the whole.
 */
export function fieldDiff(before: unknown, after: unknown, spec: FieldSpec | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  const walker = new Walker(changes);
  walker.walk(before ?? undefined, after ?? undefined, spec, { path: [], beforePath: [], labels: [] });
  return changes;
}

interface Place {
  path: FieldPath;
  /** The same place in the earlier document: what names a removed item. */
  beforePath: FieldPath;
  labels: string[];
}

class Walker {
  constructor(private readonly changes: FieldChange[]) {}

  walk(before: unknown, after: unknown, spec: FieldSpec | undefined, place: Place): void {
    if (sameValue(before, after)) return;
    if (before === undefined || after === undefined) {
      this.record(before === undefined ? "added" : "removed", before, after, spec, place);
      return;
    }
    if (!this.imageOf(before) && !this.imageOf(after)) {
      if (isRecord(before) && isRecord(after)) {
        this.walkObject(before, after, spec, place);
        return;
      }
      if (Array.isArray(before) && Array.isArray(after)) {
        this.walkList(before, after, spec?.kind === "list" ? spec.item : undefined, place);
        return;
      }
    }
    this.record("changed", before, after, spec, place);
  }

  private walkObject(
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    spec: FieldSpec | undefined,
    place: Place,
  ): void {
    const fields = objectFields(spec, after);
    const keys = [...fields.map((field) => field.key), ...Object.keys(after), ...Object.keys(before)];
    for (const key of new Set(keys)) {
      const field = fields.find((candidate) => candidate.key === key);
      this.walk(before[key], after[key], field?.spec, {
        path: [...place.path, key],
        beforePath: [...place.beforePath, key],
        labels: [...place.labels, field?.label ?? labelFor(key)],
      });
    }
  }

  /** Items kept in both are aligned (longest common run); an item changed in place is compared inside. */
  private walkList(before: unknown[], after: unknown[], item: FieldSpec | undefined, place: Place): void {
    const at = (path: FieldPath, index: number, shown: number) => ({
      path: [...place.path, index],
      beforePath: path,
      labels: [...place.labels, String(shown + 1)],
    });
    if (before.length * after.length > MAX_LIST_PAIRS) {
      for (let index = 0; index < Math.max(before.length, after.length); index++)
        this.walk(before[index], after[index], item, at([...place.beforePath, index], index, index));
      return;
    }
    const steps = sequenceDiff(before.map(stableKey), after.map(stableKey));
    let removed: number[] = [];
    let added: number[] = [];
    const flush = (insertAt: number) => {
      const paired = Math.min(removed.length, added.length);
      for (let k = 0; k < paired; k++) {
        const [from, to] = [removed[k] as number, added[k] as number];
        this.walk(before[from], after[to], item, at([...place.beforePath, from], to, to));
      }
      for (const from of removed.slice(paired))
        this.walk(before[from], undefined, item, at([...place.beforePath, from], insertAt, from));
      for (const to of added.slice(paired))
        this.walk(undefined, after[to], item, at([...place.beforePath, to], to, to));
      removed = [];
      added = [];
    };
    for (const step of steps) {
      if (step.kind === "removed") removed.push(step.before);
      else if (step.kind === "added") added.push(step.after);
      else flush(step.after);
    }
    flush(after.length);
  }

  private record(kind: ChangeKind, before: unknown, after: unknown, spec: FieldSpec | undefined, place: Place): void {
    const named = kind === "removed" ? place.beforePath : place.path;
    const wordy = spec?.kind === "text" && (spec.multiline || spec.markdown);
    const show: FieldChange["show"] =
      kind === "changed" && typeof before === "string" && typeof after === "string" && (wordy || isLong(before, after))
        ? { as: "words", parts: wordDiff(before, after) }
        : { as: "values", before: this.shown(before), after: this.shown(after) };
    this.changes.push({
      key: `${kind}:${named.join(".")}`,
      kind,
      label: place.labels.length > 0 ? place.labels.join(" › ") : "The whole document",
      path: place.path,
      before,
      after,
      show,
    });
  }

  /** A value in a sentence: a text as it is, an image as its picture, an item by its title and picture. */
  private shown(value: unknown): ShownValue | undefined {
    if (value === undefined) return undefined;
    const image = this.imageOf(value);
    if (image) return { image };
    if (value === null || value === "") return { text: "" };
    if (typeof value === "boolean") return { text: value ? "Yes" : "No" };
    if (typeof value === "string" || typeof value === "number") return { text: String(value) };
    if (Array.isArray(value)) return { text: value.length === 1 ? "1 item" : `${value.length} items` };
    if (isRecord(value)) {
      const entries = Object.entries(value);
      const named = ["title", "heading", "caption", "name", "label", "text"]
        .map((key) => value[key])
        .find((text) => typeof text === "string" && text.trim() !== "");
      const text = (named ?? entries.map(([, field]) => field).find((field) => typeof field === "string")) as
        | string
        | undefined;
      const picture = entries.map(([, field]) => this.imageOf(field)).find(Boolean);
      return { ...(text !== undefined && !this.imageOf(text) ? { text } : {}), ...(picture ? { image: picture } : {}) };
    }
    return { text: String(value) };
  }

  private imageOf(value: unknown): ImageRef | undefined {
    return imageRefOf(value);
  }
}

/** "collection/name" or `{ collection, name }` as an image reference; anything else undefined. */
export function imageRefOf(value: unknown): ImageRef | undefined {
  if (typeof value === "string") {
    const match = IMAGE_NAME.exec(value);
    return match ? { collection: match[1] as string, name: match[2] as string } : undefined;
  }
  if (isRecord(value) && Object.keys(value).length === 2) {
    const { collection, name } = value;
    if (typeof collection === "string" && typeof name === "string")
      return imageRefOf(`${collection}/${name}`) ? { collection, name } : undefined;
  }
  return undefined;
}

/** The fields an object of this spec has (a variant's, by its discriminator). */
export function objectFields(spec: FieldSpec | undefined, value: Record<string, unknown>) {
  if (spec?.kind === "object") return spec.fields;
  if (spec?.kind === "variants")
    return spec.variants.find((variant) => variant.value === value[spec.discriminator])?.spec.fields ?? [];
  return [];
}

function isLong(before: string, after: string): boolean {
  return before.length > SHORT_TEXT || after.length > SHORT_TEXT || /\n/.test(before + after);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A value as text with its keys sorted, so equal values give equal keys whatever their key order. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    isRecord(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (a !== undefined && b !== undefined && stableKey(a) === stableKey(b));
}
