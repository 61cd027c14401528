import { z } from "zod";

/**
 * What a schema tells the studio's editor about a field, through zod metadata (`.meta()`), so
 * the schema stays the one definition of a document (issue 39). The form generator
 * (app/admin/content/form-schema.server.ts) reads these and nothing else to choose how a field
 * is drawn: no guessing from field names.
 */
export interface EditorHints {
  /** The field's name in the form, when the key's words are not plain enough. */
  label?: string;
  /** One line under the label saying what the field is for. */
  help?: string;
  /** Paragraphs rather than a line: a textarea. On a list, each item is. */
  long?: boolean;
  /** A Markdown body, previewed as the public page renders it. */
  markdown?: boolean;
  /** A page image, written "collection/name": drawn with its picture and a picker. */
  image?: boolean;
  /** A gallery's images (a list of page images, or "collection/prefix*"): drawn as thumbnails to add, remove and reorder. */
  gallery?: boolean;
  /** Where the field comes among its object's fields (lower first; unset keeps the schema's order). */
  order?: number;
}

declare module "zod" {
  interface GlobalMeta extends EditorHints {}
}

/** A schema's own hints (none when it has no metadata). */
export function hintsOf(schema: z.ZodType): EditorHints {
  return (z.globalRegistry.get(schema) as EditorHints | undefined) ?? {};
}
