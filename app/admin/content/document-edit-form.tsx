import { useRef } from "react";
import { Form } from "react-router";
import styles from "#app/admin/content/content-editor.module.css";
import { DeleteTrigger, type RemovalOffer } from "#app/admin/content/delete-confirm.tsx";
import { DocumentFields } from "#app/admin/content/document-form.tsx";
import { FoldAll } from "#app/admin/content/fold-all.tsx";
import { useFoldMemory } from "#app/admin/content/fold-memory.ts";
import type { PickerImage } from "#app/admin/content-picker/picker-images.ts";
import type { DocumentPageData } from "#app/routes/admin.content.$.tsx";

/** The document as its schema's form, with the publish, draft and (for works) duplicate and delete buttons. */
export function DocumentEditForm(props: {
  path: string;
  spec: NonNullable<DocumentPageData["spec"]>;
  value: unknown;
  errors: Record<string, string>;
  problems: string[];
  previews: Record<string, string>;
  images: readonly PickerImage[];
  conflict?: boolean;
  refused: boolean;
  baseRevision: number;
  draftStamp?: string;
  published: boolean;
  /** The delete question's offer, when this document may be deleted. */
  removal?: RemovalOffer;
}) {
  const fieldErrors = Object.entries(props.errors);
  const isWork = props.path.startsWith("works/");
  const form = useRef<HTMLFormElement>(null);
  useFoldMemory(form, props.path);
  return (
    <Form ref={form} method="post" className={styles.editor} aria-labelledby="form-heading" noValidate>
      {/* Enter in a field saves a draft: the form's first button is the one implicit submission presses. */}
      <button
        type="submit"
        name="intent"
        value="save-draft"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        Save draft
      </button>
      <div className={styles.formHead}>
        <h2 id="form-heading">Edit</h2>
        <FoldAll form={form} />
      </div>
      {props.problems.length > 0 || fieldErrors.length > 0 ? (
        <div role="alert" className={styles.problems} id="publish-problems">
          <p>
            {props.conflict
              ? "Not published: someone else published first. Your edit is kept below."
              : props.refused
                ? "Not published. Fix this first (each problem is also shown beside its field):"
                : "This draft cannot be published yet:"}
          </p>
          <ul>
            {props.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
            {fieldErrors.map(([field, problem]) => (
              <li key={field}>
                <a href={`#f-${field}`}>{field}</a>: {problem}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <input type="hidden" name="baseRevision" value={props.baseRevision} />
      {props.draftStamp ? <input type="hidden" name="draftStamp" value={props.draftStamp} /> : null}
      {/* spec, value, errors, previews and the picker's images */}
      <DocumentFields {...props} />
      {/* Always in reach at the window's foot, however long the form. */}
      <div className={styles.actionBar}>
        <button type="submit" name="intent" value="save-draft" className="button button-ghost">
          Save draft
        </button>
        {props.draftStamp ? (
          <a href={`/admin/preview/${props.path}`} className="button button-ghost">
            Preview
          </a>
        ) : null}
        <button type="submit" name="intent" value="form-publish" className="button">
          Publish
        </button>
      </div>
      <div className={styles.actions}>
        {props.draftStamp ? (
          <button type="submit" name="intent" value="discard-draft" className="button button-ghost">
            Discard draft
          </button>
        ) : null}
        {isWork && props.published ? (
          <button type="submit" name="intent" value="duplicate" className="button button-ghost">
            Duplicate
          </button>
        ) : null}
        {props.removal ? <DeleteTrigger kind={props.removal.kind} /> : null}
      </div>
      <p className={styles.note}>
        Publish puts it live at once, every revision kept. A draft is kept here, not on the site, until you publish it;
        preview it as the public page will show it.
      </p>
    </Form>
  );
}
