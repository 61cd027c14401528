import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import editor from "#app/admin/content/content-editor.module.css";
import styles from "#app/admin/content/content-trash.module.css";
import studio from "#app/admin/studio.module.css";

/**
 * Deleting asks first (decision 067): the editor's Delete link opens this question as a modal
 * dialog, or (without JavaScript) the page again with it inline (`?confirm=delete`). Delete sends
 * the document to the Trash; a work can be hidden from the site instead.
 */

const DIALOG_ID = "delete-dialog";

/** What the question needs to know: the loader's `removal`. */
export interface RemovalOffer {
  title: string;
  /** Work, Exhibition, Article, Interview. */
  kind: string;
  /** A work shown on the site: Hide is offered beside Delete. */
  hideable: boolean;
  retentionDays: number;
  /** The question was asked for by address (no JavaScript): it shows inline. */
  confirming: boolean;
}

/** The editor's button that asks the question. */
export function DeleteTrigger({ kind }: { kind: string }) {
  return (
    <Link
      to="?confirm=delete#delete-question"
      className="button button-ghost"
      onClick={(event) => {
        const dialog = document.getElementById(DIALOG_ID);
        if (!(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== "function") return;
        event.preventDefault();
        dialog.showModal();
      }}
    >
      Delete this {kind.toLowerCase()}
    </Link>
  );
}

export function DeleteConfirm(props: { path: string; offer: RemovalOffer; baseRevision: number; problems?: string[] }) {
  const here = `/admin/content/${props.path}`;
  return (
    <>
      {props.offer.confirming ? (
        <section id="delete-question" aria-labelledby="delete-question-heading" className={styles.question}>
          <DeleteQuestion
            {...props}
            headingId="delete-question-heading"
            action={`${here}?confirm=delete`}
            cancel={
              <Link to={here} className="button button-ghost">
                Cancel
              </Link>
            }
          />
        </section>
      ) : null}
      <dialog id={DIALOG_ID} aria-labelledby="delete-dialog-heading" className={styles.dialog}>
        <DeleteQuestion
          {...props}
          problems={props.offer.confirming ? undefined : props.problems}
          headingId="delete-dialog-heading"
          action={here}
          cancel={
            <button
              type="button"
              className="button button-ghost"
              onClick={(event) => event.currentTarget.closest("dialog")?.close()}
            >
              Cancel
            </button>
          }
        />
      </dialog>
    </>
  );
}

function DeleteQuestion(props: {
  offer: RemovalOffer;
  baseRevision: number;
  problems?: string[];
  headingId: string;
  action: string;
  cancel: ReactNode;
}) {
  const { offer } = props;
  return (
    <>
      <h2 id={props.headingId}>Delete “{offer.title}”?</h2>
      <p>
        It leaves the site at once and goes to the Trash for {offer.retentionDays} days: until then you can restore it,
        with its whole history. After that it is gone for good.
      </p>
      {props.problems && props.problems.length > 0 ? (
        <div role="alert" className={editor.problems}>
          {props.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <Form method="post" action={props.action} className={styles.choices}>
        <input type="hidden" name="baseRevision" value={props.baseRevision} />
        <button type="submit" name="intent" value="delete" className={`button ${styles.deleteButton}`}>
          Delete
        </button>
        {offer.hideable ? (
          <button type="submit" name="intent" value="hide" className="button button-ghost">
            Hide from the site instead
          </button>
        ) : null}
        {props.cancel}
      </Form>
      {offer.hideable ? (
        <p className={studio.hint}>
          Hide from the site keeps the {offer.kind.toLowerCase()} here and in viewing rooms, but on no public page, list
          or search. Untick Hidden and publish to show it again.
        </p>
      ) : null}
    </>
  );
}
