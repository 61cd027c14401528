import { type FieldChange, type FieldPath, fieldDiff } from "./field-diff.ts";
import type { FieldSpec } from "./form-fields.ts";

/**
 * One field of an earlier revision put back into the live document: the change that field made
 * is found again by its key (field-diff.ts), and only that field is set back. Pure: the server
 * publishes the result through commitChanges (restore-field.server.ts).
 */

/** The change `key` names between an earlier revision and the live document, if it is still there. */
export function findFieldChange(
  earlier: unknown,
  live: unknown,
  spec: FieldSpec | undefined,
  key: string,
): FieldChange | undefined {
  return fieldDiff(earlier, live, spec).find((change) => change.key === key && change.path.length > 0);
}

/**
 * The live document with one change undone: a changed field gets its earlier value, an added one
 * goes (a list item is taken out), a removed one comes back (a list item where it stood). The
 * live value is not modified.
 */
export function withFieldRestored(live: unknown, change: FieldChange): unknown {
  const document = structuredClone(live);
  const parent = containerAt(document, change.path.slice(0, -1));
  const last = change.path[change.path.length - 1];
  if (change.path.some((segment) => UNSAFE_KEYS.has(String(segment)))) throw new Error("Not a field of a document");
  if (parent === undefined || last === undefined) throw new Error(`No field at ${change.path.join(".")}`);
  if (Array.isArray(parent) && typeof last === "number") {
    if (change.kind === "changed") parent[last] = change.before;
    else if (change.kind === "added") parent.splice(last, 1);
    else parent.splice(Math.min(last, parent.length), 0, change.before);
  } else if (!Array.isArray(parent) && typeof last === "string") {
    if (change.kind === "added") delete parent[last];
    else parent[last] = change.before;
  } else throw new Error(`No field at ${change.path.join(".")}`);
  return document;
}

/** Keys that would reach an object's prototype rather than a field of it. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function containerAt(value: unknown, path: FieldPath): Record<string, unknown> | unknown[] | undefined {
  let here = value;
  for (const segment of path) {
    if (here === null || typeof here !== "object") return undefined;
    here = (here as Record<string | number, unknown>)[segment];
  }
  return here !== null && typeof here === "object" ? (here as Record<string, unknown> | unknown[]) : undefined;
}
