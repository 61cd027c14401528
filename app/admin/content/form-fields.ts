/**
 * What the editor's form is made of: a description of a document's zod schema (walked on the
 * server by form-schema.server.ts) that the form component draws and form-values.server.ts reads
 * back. Plain data, so a loader can hand it to the page.
 */
export type FieldSpec =
  | {
      kind: "text";
      /** A textarea rather than one line: paragraphs, descriptions, bodies. */
      multiline: boolean;
      /** A Markdown body, shown with a preview. */
      markdown?: boolean;
      /** A page image ("collection/name"), shown with its picture. */
      image?: boolean;
      minLength?: number;
      maxLength?: number;
    }
  | { kind: "number"; integer: boolean; min?: number; max?: number; nullable: boolean }
  | { kind: "boolean" }
  | { kind: "choice"; options: string[] }
  /** A fixed value (a block's `type`, `exhibitions: true`): kept as it is. */
  | { kind: "constant"; value: string | number | boolean }
  | { kind: "object"; fields: ObjectField[] }
  | {
      kind: "list";
      item: FieldSpec;
      min?: number;
      max?: number;
      /** A gallery of page images: thumbnails with add, remove and reorder; may be written "collection/prefix*". */
      gallery?: boolean;
    }
  /** One of several object shapes chosen by a field (the exhibition blocks' `type`). */
  | {
      kind: "variants";
      discriminator: string;
      variants: { value: string; spec: Extract<FieldSpec, { kind: "object" }> }[];
    }
  /** A value the form cannot draw as fields (a number or a ratio, a name or a list): edited as YAML. */
  | { kind: "yaml" };

export interface ObjectField {
  key: string;
  label: string;
  /** Optional or with a default: may be left out of the document. */
  optional: boolean;
  /** What the field is for, in a line under its label. */
  help?: string;
  spec: FieldSpec;
}

/** A field's name in the form: its path in the document (`blocks.3.paragraphs.0`). */
export function fieldName(path: readonly (string | number)[]): string {
  return path.join(".");
}

/** "image_alt" -> "Image alt", "artwork_id" -> "Artwork id". */
export function labelFor(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
