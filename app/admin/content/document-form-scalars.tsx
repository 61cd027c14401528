import type { ReactNode } from "react";
import { FileUploadControl } from "#app/admin/content-files/file-upload-control.tsx";
import { ImageField } from "#app/admin/content-picker/image-field.tsx";
import type { PickerImage } from "#app/admin/content-picker/picker-images.ts";
import { ErrorList } from "#app/components/forms/error-list.tsx";
import { type FieldIds, fieldIds } from "#app/components/forms/field-ids.ts";
import styles from "./document-form.module.css";
import { type FieldSpec, fieldName, type ObjectField } from "./form-fields.ts";

/**
 * The editor's one-value fields (text, number, yes/no, choice, YAML), wired through the form
 * kit: the control `f-<name>`, its error `e-<name>` (tests and the page's links name them),
 * its hint `f-<name>-hint`, both in aria-describedby; aria-invalid only with an error.
 */

export type Path = (string | number)[];

export interface DrawContext {
  /** Field name -> what is wrong with it. */
  errors: Record<string, string>;
  /** Markdown field name -> its sanitised HTML preview. */
  previews: Record<string, string>;
  /** The site's page images, for image fields and galleries. */
  images: readonly PickerImage[];
}

export type ScalarSpec = Extract<FieldSpec, { kind: "text" | "number" | "boolean" | "choice" | "constant" | "yaml" }>;

/** The ids and aria wiring of the field at `name`, from the kit. */
export function idsOf(name: string, context: DrawContext, hint = false): FieldIds {
  return fieldIds({ id: `f-${name}`, errorId: `e-${name}`, hint, errors: context.errors[name] });
}

/** The error beside a field (nothing while it has none). */
export function FieldError({ ids }: { ids: FieldIds }) {
  return <ErrorList id={ids.errorId} errors={ids.messages} className={styles.error} />;
}

/** Keeps an optional field that was emptied on purpose (rather than left out) in the document. */
export function Keep({ name }: { name: string }) {
  return <input type="hidden" name="_keep" value={name} />;
}

export function shown(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : String(value);
}

function isEmptyish(value: unknown): boolean {
  return value === "" || value === false || value === null;
}

/** One field that holds a single value, drawn by its kind. */
export function scalarField(
  entry: ObjectField & { spec: ScalarSpec },
  value: unknown,
  path: Path,
  context: DrawContext,
): ReactNode {
  const name = fieldName(path);
  const { spec, optional } = entry;
  const label = (
    <label htmlFor={`f-${name}`}>
      {entry.label}
      {optional ? <span className={styles.optional}> (optional)</span> : null}
    </label>
  );
  const keep = optional && value !== undefined && isEmptyish(value) ? <Keep name={name} /> : null;
  const drawn = { name, label, value, optional, context, keep, help: entry.help };
  switch (spec.kind) {
    case "text":
      if (spec.image && !spec.multiline) {
        const ids = idsOf(name, context);
        return (
          <ImageField
            key={`${name}|${shown(value)}`}
            {...{ name, label, optional, ids, keep }}
            fieldLabel={entry.label}
            value={shown(value)}
            images={context.images}
            error={<FieldError ids={ids} />}
          />
        );
      }
      return <TextField {...drawn} spec={spec} upload={uploadBeside(path)} />;
    case "number":
      return <NumberField {...drawn} spec={spec} />;
    case "boolean":
      return <CheckField {...drawn} checked={value === true} />;
    case "choice":
      return <ChoiceField {...drawn} options={spec.options} />;
    case "constant":
      if (!optional) return <input type="hidden" name={name} value={String(spec.value)} />;
      return <CheckField {...drawn} checked={value !== undefined} keep={null} />;
    case "yaml":
      return <YamlField {...drawn} />;
  }
}

interface DrawnField {
  name: string;
  label: ReactNode;
  value: unknown;
  optional: boolean;
  context: DrawContext;
  keep: ReactNode;
  /** The schema's help for the field (an editor hint), in a line under its label. */
  help?: string;
}

/** A field's help line, which describes its control. */
function Help({ ids, text }: { ids: FieldIds; text: string | undefined }) {
  return text ? (
    <span id={ids.hintId} className={styles.hint}>
      {text}
    </span>
  ) : null;
}

function TextField({
  name,
  label,
  value,
  optional,
  context,
  keep,
  spec,
  upload,
  help,
}: DrawnField & { spec: Extract<FieldSpec, { kind: "text" }>; upload: ReactNode }) {
  const ids = idsOf(name, context, Boolean(help));
  const text = shown(value);
  return (
    <>
      {label}
      <Help ids={ids} text={help} />
      <FieldError ids={ids} />
      {spec.multiline ? (
        <textarea
          {...ids.control}
          name={name}
          defaultValue={text}
          rows={spec.markdown ? 16 : Math.min(8, Math.max(3, Math.ceil(text.length / 90)))}
          aria-required={!optional}
        />
      ) : (
        <input {...ids.control} name={name} type="text" defaultValue={text} aria-required={!optional} />
      )}
      {keep}
      {upload}
      {spec.markdown ? <MarkdownPreview html={context.previews[name] ?? ""} /> : null}
    </>
  );
}

/** A Markdown body as the page shows it, rendered on the server. */
function MarkdownPreview({ html }: { html: string }) {
  return (
    <details className={styles.preview}>
      <summary>Preview of the text as the page shows it</summary>
      <div
        className="prose"
        // Rendered on the server through the one content sanitiser (content-html.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <button type="submit" name="intent" value="preview" className="button button-ghost">
        Update the preview
      </button>
    </details>
  );
}

function NumberField({
  name,
  label,
  value,
  optional,
  context,
  keep,
  spec,
}: DrawnField & { spec: Extract<FieldSpec, { kind: "number" }> }) {
  const bounded = spec.min !== undefined || spec.max !== undefined;
  const ids = idsOf(name, context, bounded);
  return (
    <>
      {label}
      <FieldError ids={ids} />
      <input
        {...ids.control}
        name={name}
        type="text"
        inputMode={spec.integer ? "numeric" : "decimal"}
        defaultValue={shown(value)}
        aria-required={!optional && !spec.nullable}
        className={styles.number}
      />
      {bounded ? (
        <span id={ids.hintId} className={styles.hint}>
          {spec.integer ? "A whole number" : "A number"}
          {spec.min !== undefined ? ` from ${spec.min}` : ""}
          {spec.max !== undefined ? ` to ${spec.max}` : ""}
          {spec.nullable ? "; empty for none" : ""}.
        </span>
      ) : null}
      {keep}
    </>
  );
}

/** A yes/no (or an optional constant's present/absent): the box before its label. */
function CheckField({ name, label, context, keep, checked }: DrawnField & { checked: boolean }) {
  const ids = idsOf(name, context);
  return (
    <>
      <FieldError ids={ids} />
      <span className={styles.check}>
        <input {...ids.control} name={name} type="checkbox" defaultChecked={checked} />
        {label}
      </span>
      {keep}
    </>
  );
}

function ChoiceField({
  name,
  label,
  value,
  optional,
  context,
  keep,
  options,
  help,
}: DrawnField & { options: string[] }) {
  const ids = idsOf(name, context, Boolean(help));
  return (
    <>
      {label}
      <Help ids={ids} text={help} />
      <FieldError ids={ids} />
      <select {...ids.control} name={name} defaultValue={shown(value)}>
        {optional || !options.includes(shown(value)) ? (
          <option value="">{optional ? "(none)" : "Choose…"}</option>
        ) : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {keep}
    </>
  );
}

function YamlField({ name, label, value, optional, context, keep }: DrawnField) {
  const ids = idsOf(name, context, true);
  return (
    <>
      {label}
      <FieldError ids={ids} />
      <textarea
        {...ids.control}
        name={name}
        rows={3}
        className={styles.code}
        defaultValue={ids.messages[0]?.startsWith("is not valid YAML") ? shown(value) : yamlFieldTextOf(value)}
        aria-required={!optional}
      />
      <span id={ids.hintId} className={styles.hint}>
        Written as in the file (YAML).
      </span>
      {keep}
    </>
  );
}

/** A YAML field's text without the server's yaml module: what the page drew it from. */
function yamlFieldTextOf(value: unknown): string {
  if (value === undefined || value === "") return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return value.map((item) => `- ${item}`).join("\n");
  return JSON.stringify(value);
}

/**
 * An exhibition's file fields take an upload (decision 048): a downloads block's
 * `blocks.N.files.M.href` (named by its label) and an audio block's `blocks.N.src` (named by its
 * heading, its mime filled too).
 */
function uploadBeside(path: Path): ReactNode {
  const last = path.at(-1);
  if (path[0] !== "blocks" || typeof path[1] !== "number") return null;
  const id = (at: Path) => `f-${fieldName(at)}`;
  if (last === "href" && path.length === 5 && path[2] === "files")
    return (
      <FileUploadControl
        fieldId={id(path)}
        labelFieldId={id([...path.slice(0, -1), "label"])}
        accept="application/pdf,audio/*"
      />
    );
  if (last === "src" && path.length === 3)
    return (
      <FileUploadControl
        fieldId={id(path)}
        labelFieldId={id([...path.slice(0, 2), "heading"])}
        mimeFieldId={id([...path.slice(0, 2), "mime"])}
        accept="audio/*"
        audioOnly
      />
    );
  return null;
}
