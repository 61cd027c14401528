import type { ReactNode } from "react";
import { FileUploadControl } from "#app/admin/content-files/file-upload-control.tsx";
import styles from "./document-form.module.css";
import { type FieldSpec, fieldName, labelFor, type ObjectField } from "./form-fields.ts";

/**
 * Draws a document as the form its schema describes (form-fields.ts). Plain inputs posted as
 * `blocks.3.paragraphs.0`; adding, removing and moving items are submit buttons with an intent
 * (`add:blocks`, `up:blocks.3`), so the form works without JavaScript and from the keyboard.
 * No browser validation: the server checks the whole document and shows each problem beside
 * its field, the typed values kept.
 */

type Path = (string | number)[];

export interface DocumentFormProps {
  spec: FieldSpec;
  value: unknown;
  /** Field name -> what is wrong with it. */
  errors: Record<string, string>;
  /** Markdown field name -> its sanitised HTML preview. */
  previews?: Record<string, string>;
}

export function DocumentFields({ spec, value, errors, previews = {} }: DocumentFormProps) {
  const context: DrawContext = { errors, previews };
  if (spec.kind === "object") return <>{objectFields(spec.fields, value, [], context)}</>;
  return <>{field({ key: "", label: "Items", optional: false, spec }, value, [], context)}</>;
}

interface DrawContext {
  errors: Record<string, string>;
  previews: Record<string, string>;
}

function objectFields(fields: readonly ObjectField[], value: unknown, path: Path, context: DrawContext): ReactNode[] {
  return fields.map((entry) => (
    <div key={entry.key} className={styles.field}>
      {field(entry, childOf(value, entry.key), [...path, entry.key], context)}
    </div>
  ));
}

function childOf(value: unknown, step: string | number): unknown {
  if (value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) return typeof step === "number" ? value[step] : undefined;
  return Object.hasOwn(value, step) ? (value as Record<string, unknown>)[step] : undefined;
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : String(value);
}

function isEmptyish(value: unknown): boolean {
  return value === "" || value === false || value === null;
}

/** The error beside a field, and what ties the input to it. */
function errorOf(name: string, context: DrawContext) {
  const message = context.errors[name];
  const id = `e-${name}`;
  return {
    message,
    props: message ? { "aria-invalid": true as const, "aria-describedby": id } : {},
    node: message ? (
      <p id={id} className={styles.error}>
        {message}
      </p>
    ) : null,
  };
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

function Keep({ name }: { name: string }) {
  return <input type="hidden" name="_keep" value={name} />;
}

function field(entry: ObjectField, value: unknown, path: Path, context: DrawContext): ReactNode {
  const name = fieldName(path);
  const id = `f-${name}`;
  const { spec, optional } = entry;
  const label = (
    <label htmlFor={id}>
      {entry.label}
      {optional ? <span className={styles.optional}> (optional)</span> : null}
    </label>
  );
  const error = errorOf(name, context);
  const keepScalar = optional && value !== undefined && isEmptyish(value) ? <Keep name={name} /> : null;
  switch (spec.kind) {
    case "text":
      return (
        <>
          {label}
          {error.node}
          {spec.multiline ? (
            <textarea
              id={id}
              name={name}
              defaultValue={shown(value)}
              rows={spec.markdown ? 16 : Math.min(8, Math.max(3, Math.ceil(shown(value).length / 90)))}
              aria-required={!optional}
              {...error.props}
            />
          ) : (
            <input
              id={id}
              name={name}
              type="text"
              defaultValue={shown(value)}
              aria-required={!optional}
              {...error.props}
            />
          )}
          {keepScalar}
          {uploadBeside(path)}
          {spec.markdown ? (
            <details className={styles.preview}>
              <summary>Preview of the text as the page shows it</summary>
              <div
                className="prose"
                // Rendered on the server through the one content sanitiser (content-html.server.ts).
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side
                dangerouslySetInnerHTML={{ __html: context.previews[name] ?? "" }}
              />
              <button type="submit" name="intent" value="preview" className="button button-ghost">
                Update the preview
              </button>
            </details>
          ) : null}
        </>
      );
    case "number":
      return (
        <>
          {label}
          {error.node}
          <input
            id={id}
            name={name}
            type="text"
            inputMode={spec.integer ? "numeric" : "decimal"}
            defaultValue={shown(value)}
            aria-required={!optional && !spec.nullable}
            className={styles.number}
            {...error.props}
          />
          {spec.min !== undefined || spec.max !== undefined ? (
            <span className={styles.hint}>
              {spec.integer ? "A whole number" : "A number"}
              {spec.min !== undefined ? ` from ${spec.min}` : ""}
              {spec.max !== undefined ? ` to ${spec.max}` : ""}
              {spec.nullable ? "; empty for none" : ""}.
            </span>
          ) : null}
          {keepScalar}
        </>
      );
    case "boolean":
      return (
        <>
          {error.node}
          <span className={styles.check}>
            <input id={id} name={name} type="checkbox" defaultChecked={value === true} {...error.props} />
            {label}
          </span>
          {keepScalar}
        </>
      );
    case "choice":
      return (
        <>
          {label}
          {error.node}
          <select id={id} name={name} defaultValue={shown(value)} {...error.props}>
            {optional || !spec.options.includes(shown(value)) ? (
              <option value="">{optional ? "(none)" : "Choose…"}</option>
            ) : null}
            {spec.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {keepScalar}
        </>
      );
    case "constant":
      if (!optional) return <input type="hidden" name={name} value={String(spec.value)} />;
      return (
        <>
          {error.node}
          <span className={styles.check}>
            <input id={id} name={name} type="checkbox" defaultChecked={value !== undefined} {...error.props} />
            {label}
          </span>
        </>
      );
    case "yaml":
      return (
        <>
          {label}
          {error.node}
          <textarea
            id={id}
            name={name}
            rows={3}
            className={styles.code}
            defaultValue={error.message?.startsWith("is not valid YAML") ? shown(value) : yamlFieldTextOf(value)}
            aria-required={!optional}
            {...error.props}
          />
          <span className={styles.hint}>Written as in the file (YAML).</span>
          {keepScalar}
        </>
      );
    case "object":
    case "variants":
    case "list":
      return container(entry, value, path, context);
  }
}

/** A YAML field's text without the server's yaml module: what the page drew it from. */
function yamlFieldTextOf(value: unknown): string {
  if (value === undefined || value === "") return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return value.map((item) => `- ${item}`).join("\n");
  return JSON.stringify(value);
}

function container(entry: ObjectField, value: unknown, path: Path, context: DrawContext): ReactNode {
  const name = fieldName(path);
  const { spec, optional } = entry;
  const error = errorOf(name, context);
  if (optional && value === undefined)
    return (
      <div className={styles.absent}>
        {error.node}
        <button type="submit" name="intent" value={`add:${name}`} className="button button-ghost">
          Add {entry.label.toLowerCase()}
        </button>
      </div>
    );
  const legend = (
    <legend>
      {entry.label}
      {optional ? <span className={styles.optional}> (optional)</span> : null}
    </legend>
  );
  const remove = optional ? (
    <button type="submit" name="intent" value={`remove:${name}`} className="button button-ghost">
      Remove {entry.label.toLowerCase()}
    </button>
  ) : null;
  if (spec.kind === "object")
    return (
      <fieldset className={styles.group} id={`f-${name}`}>
        {legend}
        {error.node}
        {optional ? <Keep name={name} /> : null}
        {objectFields(spec.fields, value, path, context)}
        {remove}
      </fieldset>
    );
  if (spec.kind === "variants") return variantFields(spec, value, path, context, entry.label);
  if (spec.kind !== "list") return null;
  const items = Array.isArray(value) ? value : [];
  const singular = singularOf(entry.label);
  return (
    <fieldset className={styles.group} id={`f-${name}`}>
      {legend}
      {error.node}
      {optional ? <Keep name={name} /> : null}
      <ol className={styles.items}>
        {items.map((item, index) => {
          const itemPath = [...path, index];
          const itemName = fieldName(itemPath);
          const itemLabel = `${singular} ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are positions; the form is redrawn whole after each change
            <li key={index} className={styles.item}>
              <input type="hidden" name="_item" value={itemName} />
              {spec.item.kind === "variants"
                ? variantFields(spec.item, item, itemPath, context, itemLabel)
                : field(
                    { key: String(index), label: itemLabel, optional: false, spec: spec.item },
                    item,
                    itemPath,
                    context,
                  )}
              <span className={styles.itemActions}>
                <button
                  type="submit"
                  name="intent"
                  value={`up:${itemName}`}
                  className="button button-ghost"
                  disabled={index === 0}
                  aria-label={`Move ${itemLabel.toLowerCase()} up`}
                >
                  Move up
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={`down:${itemName}`}
                  className="button button-ghost"
                  disabled={index === items.length - 1}
                  aria-label={`Move ${itemLabel.toLowerCase()} down`}
                >
                  Move down
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={`remove:${itemName}`}
                  className="button button-ghost"
                  aria-label={`Remove ${itemLabel.toLowerCase()}`}
                >
                  Remove
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <span className={styles.addRow}>
        {spec.item.kind === "variants" ? (
          <>
            <label htmlFor={`new-${name}`}>New {singular.toLowerCase()}'s type</label>
            <select id={`new-${name}`} name={`_new.${name}`}>
              {spec.item.variants.map((variant) => (
                <option key={variant.value} value={variant.value}>
                  {variant.value}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button type="submit" name="intent" value={`add:${name}`} className="button button-ghost">
          Add {singular.toLowerCase()}
        </button>
      </span>
      {remove}
    </fieldset>
  );
}

function variantFields(
  spec: Extract<FieldSpec, { kind: "variants" }>,
  value: unknown,
  path: Path,
  context: DrawContext,
  label: string,
): ReactNode {
  const tag = shown(childOf(value, spec.discriminator));
  const variant = spec.variants.find((entry) => entry.value === tag);
  const tagName = fieldName([...path, spec.discriminator]);
  const tagError = errorOf(tagName, context);
  const name = fieldName(path);
  const error = errorOf(name, context);
  return (
    <fieldset className={styles.group} id={`f-${name}`}>
      <legend>
        {label}: {variant ? variant.value : "choose a type"}
      </legend>
      {error.node}
      {tagError.node}
      {variant ? (
        <input type="hidden" name={tagName} value={variant.value} />
      ) : (
        <>
          <label htmlFor={`f-${tagName}`}>{labelFor(spec.discriminator)}</label>
          <select id={`f-${tagName}`} name={tagName} defaultValue="" {...tagError.props}>
            <option value="">Choose…</option>
            {spec.variants.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.value}
              </option>
            ))}
          </select>
        </>
      )}
      {variant
        ? objectFields(
            variant.spec.fields.filter((entry) => entry.key !== spec.discriminator),
            value,
            path,
            context,
          )
        : null}
    </fieldset>
  );
}

/** "Blocks" -> "Block", "Entries" -> "Entry": a list item's name. */
function singularOf(label: string): string {
  if (/ies$/i.test(label)) return `${label.slice(0, -3)}y`;
  if (/(ss|us)$/i.test(label)) return label;
  if (/s$/i.test(label)) return label.slice(0, -1);
  return `${label} item`;
}
