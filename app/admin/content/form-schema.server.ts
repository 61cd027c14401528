import type { z } from "zod";
import { type EditorHints, hintsOf } from "#app/content/editor-hints.ts";
import { type FieldSpec, labelFor, type ObjectField } from "./form-fields.ts";

/**
 * Walks a document's zod schema (its public `def`) into the form the editor draws, so a field
 * added to a schema appears in the editor with its limits. How a field is drawn (a textarea, a
 * Markdown body, a page image, its label and help) comes from the schema's editor hints
 * (`.meta()`, app/content/editor-hints.ts). Transforms and refinements are walked through to
 * what the file holds (a page image's "collection/name" is a text); anything the form cannot
 * draw as fields becomes a YAML field rather than being left out.
 */

/** Hints that reach through wrappers (optional, a transform) and from a list to its items. */
type Carried = Pick<EditorHints, "long" | "markdown" | "image">;

interface Def {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: unknown): Def {
  return (schema as z.ZodType).def as unknown as Def;
}

function checksOf(def: Def): Record<string, unknown>[] {
  const checks = (def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? [];
  return checks.map((check) => check._zod.def);
}

/** What the form draws for a document's schema; `key` is the field's name in its object, for the text kind. */
export function describeSchema(schema: z.ZodType): FieldSpec {
  return walk(schema, {});
}

function walk(schema: unknown, outer: Carried): FieldSpec {
  const own = hintsOf(schema as z.ZodType);
  const carried: Carried = {
    long: own.long ?? outer.long,
    markdown: own.markdown ?? outer.markdown,
    image: own.image ?? outer.image,
  };
  // A gallery's images: a list of page images, whatever shapes the file may take.
  if (own.gallery)
    return { kind: "list", item: { kind: "text", multiline: false, image: true }, min: 1, gallery: true };
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return walk(def.innerType, carried);
    case "nullable": {
      const inner = walk(def.innerType, carried);
      return inner.kind === "number" ? { ...inner, nullable: true } : inner;
    }
    case "pipe": {
      // A transform's input is what the file holds; a pipe into a check, its input too.
      const input = defOf(def.in);
      return input.type === "transform" ? walk(def.out, carried) : walk(def.in, carried);
    }
    case "string": {
      const spec: Extract<FieldSpec, { kind: "text" }> = { kind: "text", multiline: carried.long === true };
      if (carried.markdown) spec.markdown = true;
      if (carried.image) spec.image = true;
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
        fields: objectFields(def.shape as Record<string, z.ZodType>),
      };
    case "array": {
      const spec: Extract<FieldSpec, { kind: "list" }> = {
        kind: "list",
        item: walk(def.element, carried),
      };
      for (const check of checksOf(def)) {
        if (check.check === "min_length") spec.min = check.minimum as number;
        if (check.check === "max_length") spec.max = check.maximum as number;
      }
      return spec;
    }
    case "union":
      return unionSpec(def, carried);
    default:
      return { kind: "yaml" };
  }
}

/** An object's fields with their labels and help, in the hints' order (the schema's where none is given). */
function objectFields(shape: Record<string, z.ZodType>): ObjectField[] {
  return Object.entries(shape)
    .map(([key, field], index) => {
      const hints = hintsAlong(field);
      const spec: ObjectField = {
        key,
        label: hints.label ?? labelFor(key),
        optional: isOptional(field),
        spec: walk(field, {}),
      };
      if (hints.help) spec.help = hints.help;
      return { spec, order: hints.order ?? index };
    })
    .sort((a, b) => a.order - b.order)
    .map(({ spec }) => spec);
}

/** A field's hints, from the outer schema inwards (an optional around a described text). */
function hintsAlong(schema: z.ZodType): EditorHints {
  let hints: EditorHints = {};
  let at: unknown = schema;
  for (let depth = 0; at && depth < 8; depth += 1) {
    hints = { ...hintsOf(at as z.ZodType), ...hints };
    const def = defOf(at);
    at = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
  }
  return hints;
}

function unionSpec(def: Def, carried: Carried): FieldSpec {
  const options = (def.options as unknown[]).map((option) => walk(option, carried));
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
