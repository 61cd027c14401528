import type { ReactNode } from "react";
import { GalleryField } from "#app/admin/content-picker/gallery-field.tsx";
import type { PickerImage } from "#app/admin/content-picker/picker-images.ts";
import { UploadedImagesProvider } from "#app/admin/content-picker/uploaded-images.tsx";
import styles from "./document-form.module.css";
import { type DrawContext, FieldError, idsOf, Keep, type Path, scalarField, shown } from "./document-form-scalars.tsx";
import { FoldingItem, FoldingSection } from "./folding-section.tsx";
import { type FieldSpec, fieldName, labelFor, type ObjectField } from "./form-fields.ts";

/**
 * Draws a document as the form its schema describes (form-fields.ts). Plain inputs posted as
 * `blocks.3.paragraphs.0`; adding, removing and moving items are submit buttons with an intent
 * (`add:blocks`, `up:blocks.3`), so the form works without JavaScript and from the keyboard.
 * No browser validation: the server checks the whole document and shows each problem beside
 * its field, the typed values kept.
 */

export interface DocumentFormProps {
  spec: FieldSpec;
  value: unknown;
  /** Field name -> what is wrong with it. */
  errors: Record<string, string>;
  /** Markdown field name -> its sanitised HTML preview. */
  previews?: Record<string, string>;
  /** The site's page images, for image fields and galleries (the picker's list). */
  images?: readonly PickerImage[];
}

export function DocumentFields({ spec, value, errors, previews = {}, images = [] }: DocumentFormProps) {
  const context: DrawContext = { errors, previews, images };
  // An image uploaded in one field's picker is listed in every other field's.
  return (
    <UploadedImagesProvider>
      {spec.kind === "object"
        ? objectFields(spec.fields, value, [], context)
        : field({ key: "", label: "Items", optional: false, spec }, value, [], context)}
    </UploadedImagesProvider>
  );
}

function objectFields(fields: readonly ObjectField[], value: unknown, path: Path, context: DrawContext): ReactNode[] {
  return fields.map((entry) => {
    const child = childOf(value, entry.key);
    const drawn = field(entry, child, [...path, entry.key], context);
    // The document's own groups (a list of blocks, the biography) each fold under their heading.
    const folds = path.length === 0 && isGroup(entry.spec) && !(entry.optional && child === undefined);
    return (
      <div key={entry.key} className={styles.field}>
        {folds ? (
          <FoldingSection name={fieldName([entry.key])} label={entry.label} count={countOf(child)} context={context}>
            {drawn}
          </FoldingSection>
        ) : (
          drawn
        )}
      </div>
    );
  });
}

function isGroup(spec: FieldSpec): boolean {
  return spec.kind === "object" || spec.kind === "variants" || spec.kind === "list";
}

function countOf(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.length === 1 ? "1 item" : `${value.length} items`;
}

function childOf(value: unknown, step: string | number): unknown {
  if (value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) return typeof step === "number" ? value[step] : undefined;
  return Object.hasOwn(value, step) ? (value as Record<string, unknown>)[step] : undefined;
}

/** One field of the document: a single value (document-form-scalars.tsx) or a group of them. */
function field(entry: ObjectField, value: unknown, path: Path, context: DrawContext): ReactNode {
  const { spec } = entry;
  if (spec.kind === "object" || spec.kind === "variants" || spec.kind === "list")
    return container(entry, value, path, context);
  return scalarField({ ...entry, spec }, value, path, context);
}

/** An object, a choice of shapes or a list: a fieldset, or an "Add" button while it is absent. */
function container(entry: ObjectField, value: unknown, path: Path, context: DrawContext): ReactNode {
  const name = fieldName(path);
  const { spec, optional } = entry;
  const ids = idsOf(name, context);
  if (optional && value === undefined)
    return (
      <div className={styles.absent}>
        <FieldError ids={ids} />
        <button type="submit" name="intent" value={`add:${name}`} className="button button-ghost">
          Add {entry.label.toLowerCase()}
        </button>
      </div>
    );
  if (spec.kind === "variants") return variantFields(spec, value, path, context, entry.label);
  if (spec.kind === "list" && spec.gallery)
    // Keyed by what the server drew, so a redrawn form (another block moved into its place) starts afresh.
    return (
      <GalleryField
        key={`${name}|${JSON.stringify(value)}`}
        name={name}
        label={entry.label}
        value={value}
        images={context.images}
        errors={context.errors}
      />
    );
  if (spec.kind !== "object" && spec.kind !== "list") return null;
  return (
    <fieldset className={styles.group} id={`f-${name}`}>
      <legend>
        {entry.label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </legend>
      <FieldError ids={ids} />
      {optional ? <Keep name={name} /> : null}
      {spec.kind === "object"
        ? objectFields(spec.fields, value, path, context)
        : listFields(spec, Array.isArray(value) ? value : [], path, context, singularOf(entry.label))}
      {optional ? (
        <button type="submit" name="intent" value={`remove:${name}`} className="button button-ghost">
          Remove {entry.label.toLowerCase()}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A list's items, each with its move and remove buttons, and the row that adds one. */
function listFields(
  spec: Extract<FieldSpec, { kind: "list" }>,
  items: unknown[],
  path: Path,
  context: DrawContext,
  singular: string,
): ReactNode {
  const name = fieldName(path);
  return (
    <>
      <ol className={styles.items}>
        {items.map((item, index) => {
          const itemPath = [...path, index];
          const itemName = fieldName(itemPath);
          const itemLabel = `${singular} ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are positions; the form is redrawn whole after each change
            <li key={index} className={styles.item}>
              <input type="hidden" name="_item" value={itemName} />
              <FoldingItem
                name={itemName}
                label={
                  spec.item.kind === "variants"
                    ? `${itemLabel}: ${shown(childOf(item, spec.item.discriminator))}`
                    : itemLabel
                }
                value={item}
                folds={isGroup(spec.item)}
                context={context}
              >
                {spec.item.kind === "variants"
                  ? variantFields(spec.item, item, itemPath, context, itemLabel)
                  : field(
                      { key: String(index), label: itemLabel, optional: false, spec: spec.item },
                      item,
                      itemPath,
                      context,
                    )}
                <ItemActions
                  itemName={itemName}
                  itemLabel={itemLabel}
                  first={index === 0}
                  last={index === items.length - 1}
                />
              </FoldingItem>
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
    </>
  );
}

function ItemActions({
  itemName,
  itemLabel,
  first,
  last,
}: {
  itemName: string;
  itemLabel: string;
  first: boolean;
  last: boolean;
}) {
  const named = itemLabel.toLowerCase();
  return (
    <span className={styles.itemActions}>
      <button
        type="submit"
        name="intent"
        value={`up:${itemName}`}
        className="button button-ghost"
        disabled={first}
        aria-label={`Move ${named} up`}
      >
        Up
      </button>
      <button
        type="submit"
        name="intent"
        value={`down:${itemName}`}
        className="button button-ghost"
        disabled={last}
        aria-label={`Move ${named} down`}
      >
        Down
      </button>
      <button
        type="submit"
        name="intent"
        value={`remove:${itemName}`}
        className="button button-ghost"
        aria-label={`Remove ${named}`}
      >
        Remove
      </button>
    </span>
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
  const tagIds = idsOf(tagName, context);
  const name = fieldName(path);
  return (
    <fieldset className={styles.group} id={`f-${name}`}>
      <legend>
        {label}: {variant ? variant.value : "choose a type"}
      </legend>
      <FieldError ids={idsOf(name, context)} />
      <FieldError ids={tagIds} />
      {variant ? (
        <input type="hidden" name={tagName} value={variant.value} />
      ) : (
        <>
          <label htmlFor={tagIds.id}>{labelFor(spec.discriminator)}</label>
          <select {...tagIds.control} name={tagName} defaultValue="">
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
