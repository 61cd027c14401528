import { parse as parseYaml, stringify as yamlText } from "yaml";
import { GALLERY_PATTERN } from "#app/admin/content-picker/picker-images.ts";
import type { FieldSpec, ObjectField } from "./form-fields.ts";

/**
 * A posted editor form back into the document it edits, read field by field from the form's
 * description (form-schema.server.ts): only the names the schema has are read, so a forged name
 * (`__proto__.x`, a key the schema lacks) is never looked at, and objects are built with the
 * schema's keys only. Nothing is checked here beyond reading: the document goes to commitChanges,
 * which checks it as it would a file. A value that cannot be read (a number that is not one,
 * YAML that does not parse) is kept as typed and named in `problems`, so nothing typed is lost.
 *
 * Two markers make an untouched form give back exactly the document it was drawn from:
 * `_keep=<path>` says an optional field was present though empty (`mint_address: ""`,
 * `ordered: false`) or is a present optional list or object; `_item=<path>.<n>` lists each item
 * of a list, so an item whose fields are all empty is still one.
 */

export const KEEP = "_keep";
export const ITEM = "_item";
/** A new list item's block type: `_new.blocks`. */
export const NEW_TYPE = "_new";

/** Items one list may have: far above any page (the longest has dozens), far below a DoS. */
export const MAX_LIST_ITEMS = 500;

export interface FormReading {
  value: unknown;
  /** Field name -> why it could not be read. */
  problems: Record<string, string>;
}

type Path = (string | number)[];

export function valueFromForm(spec: FieldSpec, form: ReadonlyMap<string, string[]>): FormReading {
  const keep = new Set(form.get(KEEP) ?? []);
  const items = new Map<string, number[]>();
  for (const name of form.get(ITEM) ?? []) {
    const at = name.lastIndexOf(".");
    // `blocks.3`, or `3` for an item of a document that is a list (a page-image collection).
    const index = Number(name.slice(at + 1));
    if (at === 0 || !/^\d+$/.test(name.slice(at + 1)) || !Number.isSafeInteger(index)) continue;
    const list = at === -1 ? "" : name.slice(0, at);
    items.set(list, [...(items.get(list) ?? []), index]);
  }
  const problems: Record<string, string> = {};
  const one = (name: string) => form.get(name)?.[0];

  function read(field: FieldSpec, path: Path, optional: boolean): { present: boolean; value?: unknown } {
    const name = path.join(".");
    const absent = { present: false };
    switch (field.kind) {
      case "text": {
        const raw = one(name);
        if (raw === undefined) return optional ? absent : { present: true, value: "" };
        const text = raw.replace(/\r\n?/g, "\n");
        if (text === "" && optional && !keep.has(name)) return absent;
        return { present: true, value: text };
      }
      case "number": {
        const raw = (one(name) ?? "").trim();
        if (raw === "") {
          if (optional && !keep.has(name)) return absent;
          return { present: true, value: field.nullable ? null : "" };
        }
        const number = Number(raw);
        if (!Number.isFinite(number)) problems[name] = "must be a number";
        return { present: true, value: Number.isFinite(number) ? number : raw };
      }
      case "boolean": {
        const on = one(name) === "on" || one(name) === "true";
        if (!on && optional && !keep.has(name)) return absent;
        return { present: true, value: on };
      }
      case "choice": {
        const raw = one(name) ?? "";
        if (raw === "" && optional && !keep.has(name)) return absent;
        return { present: true, value: raw };
      }
      case "constant":
        // Required: the schema's value whatever was posted. Optional: a checkbox that includes it.
        if (!optional) return { present: true, value: field.value };
        return one(name) === undefined ? absent : { present: true, value: field.value };
      case "yaml": {
        const raw = (one(name) ?? "").replace(/\r\n?/g, "\n");
        if (raw.trim() === "" && optional && !keep.has(name)) return absent;
        try {
          return { present: true, value: parseYaml(raw) ?? "" };
        } catch (error) {
          problems[name] = `is not valid YAML: ${(error as Error).message.split("\n")[0]}`;
          return { present: true, value: raw };
        }
      }
      case "object":
        if (optional && !keep.has(name)) return absent;
        return { present: true, value: readObject(field.fields, path) };
      case "variants": {
        if (optional && !keep.has(name)) return absent;
        const chosen = one([...path, field.discriminator].join("."));
        const variant = field.variants.find((entry) => entry.value === chosen);
        if (!variant) {
          problems[[...path, field.discriminator].join(".")] =
            `choose one of ${field.variants.map((entry) => entry.value).join(", ")}`;
          return { present: true, value: { [field.discriminator]: chosen ?? "" } };
        }
        return { present: true, value: readObject(variant.spec.fields, path) };
      }
      case "list": {
        if (optional && !keep.has(name)) return absent;
        const indices = [...new Set(items.get(name) ?? [])].sort((a, b) => a - b);
        if (indices.length > MAX_LIST_ITEMS) {
          problems[name] = `has ${indices.length} items; a list holds at most ${MAX_LIST_ITEMS}`;
          return { present: true, value: [] };
        }
        const list = indices.map((index) => read(field.item, [...path, index], false).value);
        return { present: true, value: field.gallery ? galleryValue(form, name, list) : list };
      }
    }
  }

  function readObject(fields: readonly ObjectField[], path: Path): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    for (const field of fields) {
      const read_ = read(field.spec, [...path, field.key], field.optional);
      if (read_.present) object[field.key] = read_.value;
    }
    return object;
  }

  return { value: read(spec, [], false).value, problems };
}

/**
 * A gallery drawn from "collection/prefix*" (`_pattern.<name>` = "pattern|its images") keeps
 * the pattern while its images are still those, in that order, and no button changes them.
 */
function galleryValue(form: ReadonlyMap<string, string[]>, name: string, list: unknown[]): unknown {
  const marker = form.get(`${GALLERY_PATTERN}.${name}`)?.[0];
  const at = marker?.indexOf("|") ?? -1;
  if (!marker || at < 1) return list;
  const structural = /^(add|remove|up|down):(.+)$/.exec(form.get("intent")?.[0] ?? "")?.[2];
  if (structural && (structural === name || structural.startsWith(`${name}.`))) return list;
  return list.join(" ") === marker.slice(at + 1) ? marker.slice(0, at) : list;
}

/** A form's entries by name, every value of a repeated name kept (the markers repeat). */
export function formMap(form: Iterable<[string, FormDataEntryValue]>): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const values = map.get(name);
    if (values) values.push(value);
    else map.set(name, [value]);
  }
  return map;
}

/** What a new item or field starts as: empty texts to fill in, the first choice, the least a list needs. */
export function emptyValue(spec: FieldSpec, variant?: string): unknown {
  switch (spec.kind) {
    case "text":
    case "yaml":
      return "";
    case "number":
      return spec.nullable ? null : "";
    case "boolean":
      return false;
    case "choice":
      return spec.options[0] ?? "";
    case "constant":
      return spec.value;
    case "object":
      return Object.fromEntries(
        spec.fields.filter((field) => !field.optional).map((field) => [field.key, emptyValue(field.spec)]),
      );
    case "list":
      return Array.from({ length: spec.min ?? 0 }, () => emptyValue(spec.item));
    case "variants": {
      const chosen = spec.variants.find((entry) => entry.value === variant) ?? spec.variants[0];
      return chosen ? emptyValue(chosen.spec) : {};
    }
  }
}

/** The spec of the field at `path` in a value drawn with `spec` (variants resolved by the value). */
export function specAt(spec: FieldSpec, value: unknown, path: Path): FieldSpec | undefined {
  let current: FieldSpec | undefined = spec;
  let at: unknown = value;
  for (const step of path) {
    if (!current) return undefined;
    if (current.kind === "variants") current = variantOf(current, at)?.spec;
    if (!current) return undefined;
    if (current.kind === "list" && typeof step === "number") current = current.item;
    else if (current.kind === "object") current = current.fields.find((field) => field.key === step)?.spec;
    else return undefined;
    at = childOf(at, step);
  }
  if (current?.kind === "variants") return current;
  return current;
}

export function variantOf(spec: Extract<FieldSpec, { kind: "variants" }>, value: unknown) {
  const tag = childOf(value, spec.discriminator);
  return spec.variants.find((entry) => entry.value === tag);
}

export function childOf(value: unknown, step: string | number): unknown {
  if (value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) return typeof step === "number" ? value[step] : undefined;
  return Object.hasOwn(value, step) ? (value as Record<string, unknown>)[step] : undefined;
}

/** A field name back into its path: digits are list positions. */
export function pathOf(name: string): Path {
  return name.split(".").map((step) => (/^\d+$/.test(step) ? Number(step) : step));
}

/** YAML as a yaml field shows it. */
export function yamlFieldText(value: unknown): string {
  if (value === undefined || value === "") return "";
  return yamlText(value).replace(/\n$/, "");
}

export type Edit =
  | { op: "add"; path: Path; variant?: string }
  | { op: "remove"; path: Path }
  | { op: "up"; path: Path }
  | { op: "down"; path: Path };

/** `add:blocks`, `remove:blocks.3`, `up:blocks.3`, `down:blocks.3`: the form's structural buttons. */
export function editOf(intent: string, form: ReadonlyMap<string, string[]>): Edit | undefined {
  const match = /^(add|remove|up|down):([a-z0-9_.-]{1,300})$/i.exec(intent);
  if (!match) return undefined;
  const op = match[1] as Edit["op"];
  const path = pathOf(match[2] ?? "");
  if (op === "add") return { op, path, variant: form.get(`${NEW_TYPE}.${match[2]}`)?.[0] };
  return { op, path };
}

/**
 * Applies a structural edit to the document being edited (a copy): adds an item to a list or an
 * absent optional field, removes an item or an optional field, moves an item. A path the
 * document's schema does not have changes nothing.
 */
export function applyEdit(spec: FieldSpec, value: unknown, edit: Edit): unknown {
  const copy = structuredClone(value);
  const parentPath = edit.path.slice(0, -1);
  const last = edit.path.at(-1);
  const target = edit.path.length === 0 ? undefined : containerAt(copy, edit.path);
  if (edit.op === "add") {
    const fieldSpec = specAt(spec, copy, edit.path);
    if (!fieldSpec) return copy;
    if (Array.isArray(target)) {
      if (fieldSpec.kind !== "list" || target.length >= MAX_LIST_ITEMS) return copy;
      target.push(emptyValue(fieldSpec.item, edit.variant));
      return copy;
    }
    const parent = containerAt(copy, parentPath);
    if (parent && !Array.isArray(parent) && typeof last === "string" && !Object.hasOwn(parent, last))
      (parent as Record<string, unknown>)[last] = emptyValue(fieldSpec, edit.variant);
    return copy;
  }
  const parent = containerAt(copy, parentPath);
  if (!parent) return copy;
  if (Array.isArray(parent) && typeof last === "number" && last < parent.length) {
    if (edit.op === "remove") parent.splice(last, 1);
    const to = edit.op === "up" ? last - 1 : edit.op === "down" ? last + 1 : -1;
    if (to >= 0 && to < parent.length) [parent[last], parent[to]] = [parent[to], parent[last]];
    return copy;
  }
  if (!Array.isArray(parent) && typeof last === "string" && edit.op === "remove" && Object.hasOwn(parent, last))
    delete (parent as Record<string, unknown>)[last];
  return copy;
}

function containerAt(value: unknown, path: Path): Record<string, unknown> | unknown[] | undefined {
  let at = value;
  for (const step of path) at = childOf(at, step);
  return at !== null && typeof at === "object" ? (at as Record<string, unknown> | unknown[]) : undefined;
}
