import type { z } from "zod";
import { type FieldSpec, labelFor, type ObjectField } from "./form-fields.ts";

/**
 * Walks a document's zod schema (zod 4's `_zod.def`) into the form the editor draws, so a field
 * added to a schema appears in the editor with its limits. Transforms and refinements are walked
 * through to what the file holds (a page image's "collection/name" is a text); anything the form
 * cannot draw as fields becomes a YAML field rather than being left out.
 */

/** Fields whose text runs to paragraphs: drawn as textareas. */
const LONG_TEXT = new Set([
  "body",
  "description",
  "text",
  "summary",
  "intro",
  "lede",
  "message",
  "closing",
  "note",
  "caption",
]);
/** Lists whose items are paragraphs. */
const LONG_LISTS = new Set(["paragraphs", "lines", "transcript", "closing", "points"]);
/** Markdown bodies (articles and interviews): previewed as the public page renders them. */
const MARKDOWN = new Set(["body"]);

interface Def {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

function checksOf(def: Def): Record<string, unknown>[] {
  const checks = (def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? [];
  return checks.map((check) => check._zod.def);
}

/** What the form draws for a document's schema; `key` is the field's name in its object, for the text kind. */
export function describeSchema(schema: z.ZodType): FieldSpec {
  return walk(schema, "", false);
}

function walk(schema: unknown, key: string, inLongList: boolean): FieldSpec {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return walk(def.innerType, key, inLongList);
    case "nullable": {
      const inner = walk(def.innerType, key, inLongList);
      return inner.kind === "number" ? { ...inner, nullable: true } : inner;
    }
    case "pipe": {
      // A transform's input is what the file holds; a pipe into a check, its input too.
      const input = defOf(def.in);
      return input.type === "transform" ? walk(def.out, key, inLongList) : walk(def.in, key, inLongList);
    }
    case "string": {
      const spec: Extract<FieldSpec, { kind: "text" }> = {
        kind: "text",
        multiline: inLongList || LONG_TEXT.has(key),
      };
      if (MARKDOWN.has(key)) spec.markdown = true;
      for (const check of checksOf(def)) {
        if (check.check === "min_length") spec.minLength = check.minimum as number;
        if (check.check === "max_length") spec.maxLength = check.maximum as number;
      }
      return spec;
    }
    case "number": {
      const spec: Extract<FieldSpec, { kind: "number" }> = { kind: "number", integer: false, nullable: false };
      for (const check of checksOf(def)) {
        if (check.check === "number_format" && String(check.format).includes("int")) spec.integer = true;
        if (check.check === "greater_than") spec.min = (check.value as number) + (check.inclusive ? 0 : 1);
        if (check.check === "less_than") spec.max = (check.value as number) - (check.inclusive ? 0 : 1);
      }
      return spec;
    }
    case "boolean":
      return { kind: "boolean" };
    case "enum":
      return { kind: "choice", options: Object.values(def.entries as Record<string, string>).map(String) };
    case "literal": {
      const values = def.values as (string | number | boolean)[];
      return values.length === 1 && values[0] !== undefined
        ? { kind: "constant", value: values[0] }
        : { kind: "choice", options: values.map(String) };
    }
    case "object":
      return {
        kind: "object",
        fields: Object.entries(def.shape as Record<string, unknown>).map(([name, field]): ObjectField => {
          return { key: name, label: labelFor(name), optional: isOptional(field), spec: walk(field, name, false) };
        }),
      };
    case "array": {
      const spec: Extract<FieldSpec, { kind: "list" }> = {
        kind: "list",
        item: walk(def.element, key, LONG_LISTS.has(key)),
      };
      for (const check of checksOf(def)) {
        if (check.check === "min_length") spec.min = check.minimum as number;
        if (check.check === "max_length") spec.max = check.maximum as number;
      }
      return spec;
    }
    case "union":
      return unionSpec(def, key, inLongList);
    default:
      return { kind: "yaml" };
  }
}

function unionSpec(def: Def, key: string, inLongList: boolean): FieldSpec {
  const options = (def.options as unknown[]).map((option) => walk(option, key, inLongList));
  const discriminator = def.discriminator as string | undefined;
  if (discriminator) {
    const variants = options.flatMap((option) => {
      if (option.kind !== "object") return [];
      const tag = option.fields.find((field) => field.key === discriminator)?.spec;
      return tag?.kind === "constant" ? [{ value: String(tag.value), spec: option }] : [];
    });
    if (variants.length === options.length) return { kind: "variants", discriminator, variants };
  }
  // `"" or an https:// link`: every option is a text (or a fixed text), so the field is one.
  if (
    options.every(
      (option) => option.kind === "text" || (option.kind === "constant" && typeof option.value === "string"),
    )
  )
    return options.find((option) => option.kind === "text") ?? { kind: "text", multiline: false };
  return { kind: "yaml" };
}

function isOptional(schema: unknown): boolean {
  const type = defOf(schema).type;
  return type === "optional" || type === "default" || type === "prefault";
}
