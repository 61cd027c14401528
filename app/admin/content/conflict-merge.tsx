import { type MouseEvent, useEffect, useRef } from "react";
import { Form } from "react-router";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { authorName } from "./author-name.ts";
import styles from "./conflict-merge.module.css";
import type { ConflictField, ConflictView, ShownChange } from "./content-conflict.server.ts";
import compare from "./revision-compare.module.css";
import { Value, Words } from "./revision-compare.tsx";

/**
 * "Someone else published first", resolved (issue 39): each field they or the studio changed
 * since the form was opened, theirs beside yours; one-sided changes are merged already, fields
 * both changed ask "Keep theirs" or "Keep mine". A plain POST form (radio buttons, and the "Keep
 * all" buttons redraw it with every choice made); with JavaScript the "Keep all" buttons set the
 * choices at once. The form below keeps what was typed.
 */
export function ConflictMerge({ conflict }: { conflict: ConflictView }) {
  const asked = conflict.fields.filter((field) => field.state === "conflict");
  const { theirs } = conflict;
  const alert = useRef<HTMLDivElement>(null);
  // The publish was pressed at the form's foot: bring the answer into view, and the focus to it.
  useEffect(() => {
    if (!conflict) return;
    alert.current?.scrollIntoView({ block: "start" });
    alert.current?.focus({ preventScroll: true });
  }, [conflict]);
  return (
    <section aria-labelledby="conflict-heading" className={styles.conflict}>
      <div role="alert" className={styles.alert} ref={alert} tabIndex={-1}>
        <p>
          Not published: someone else published first. Your edit is kept
          {conflict.draftStamp ? " as a draft and" : ""} in the form below; nothing is lost.
        </p>
        {conflict.problems.length > 0 ? (
          <ul>
            {conflict.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <h2 id="conflict-heading">Their change and yours</h2>
      <p className={styles.when}>
        {authorName(theirs.author)} {theirs.deleted ? "deleted this" : "published"}{" "}
        <time dateTime={theirs.at.toISOString()}>{formatWhen(theirs.at)}</time>, after you opened it.{" "}
        {asked.length === 0
          ? "You changed different fields, so both are kept: check them and publish the merge."
          : `You both changed ${asked.length === 1 ? "one field" : `${asked.length} fields`}: choose whose to keep. The rest is merged.`}
      </p>
      <Form method="post" className={styles.form} preventScrollReset>
        <input type="hidden" name="baseRevision" value={conflict.baseRevision} />
        <input type="hidden" name="liveRevision" value={conflict.liveRevision} />
        <input type="hidden" name="mine" value={conflict.mine} />
        {conflict.draftStamp ? <input type="hidden" name="draftStamp" value={conflict.draftStamp} /> : null}
        <ol className={styles.fields} aria-label="Changed fields">
          {conflict.fields.map((field) => (
            <FieldItem key={field.key} field={field} conflict={conflict} />
          ))}
        </ol>
        <div className={styles.actions}>
          {asked.length > 0 ? (
            <>
              <button
                type="submit"
                name="intent"
                value="merge-all-theirs"
                className="button button-ghost"
                onClick={chooseAll}
              >
                Keep all theirs
              </button>
              <button
                type="submit"
                name="intent"
                value="merge-all-mine"
                className="button button-ghost"
                onClick={chooseAll}
              >
                Keep all mine
              </button>
            </>
          ) : null}
          <button type="submit" name="intent" value="merge-publish" className="button">
            Publish the merge
          </button>
        </div>
      </Form>
    </section>
  );
}

/** With JavaScript, "Keep all …" checks every choice here rather than asking the server to redraw. */
function chooseAll(event: MouseEvent<HTMLButtonElement>) {
  const side = event.currentTarget.value === "merge-all-mine" ? "mine" : "theirs";
  const form = event.currentTarget.form;
  if (!form) return;
  event.preventDefault();
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="radio"]'))
    if (input.value === side) input.checked = true;
}

const STATE_WORDS = {
  theirs: "Their change: kept",
  mine: "Your change: kept",
  both: "You both made this change",
  conflict: "You both changed this",
} as const;

function FieldItem({ field, conflict }: { field: ConflictField; conflict: ConflictView }) {
  const chosen = conflict.chosen[field.key];
  return (
    <li className={styles.field} data-state={field.state}>
      <h3>
        {field.label} <span className={styles.state}>{STATE_WORDS[field.state]}</span>
      </h3>
      <div className={styles.sides}>
        {field.state === "both" ? (
          <Side title="Both of you" changes={field.mine} thumbnails={conflict.thumbnails} />
        ) : (
          <>
            <Side title="Theirs" changes={field.theirs} thumbnails={conflict.thumbnails} />
            <Side title="Yours" changes={field.mine} thumbnails={conflict.thumbnails} />
          </>
        )}
      </div>
      {field.state === "conflict" ? (
        <fieldset className={styles.choice}>
          <legend>Keep for “{field.label}”</legend>
          <label>
            <input type="radio" name={`choice:${field.key}`} value="theirs" defaultChecked={chosen === "theirs"} /> Keep
            theirs
          </label>
          <label>
            <input type="radio" name={`choice:${field.key}`} value="mine" defaultChecked={chosen === "mine"} /> Keep
            mine
          </label>
        </fieldset>
      ) : null}
    </li>
  );
}

function Side({
  title,
  changes,
  thumbnails,
}: {
  title: string;
  changes: ShownChange[];
  thumbnails: Record<string, string>;
}) {
  return (
    <div className={styles.side}>
      <h4>{title}</h4>
      {changes.length === 0 ? (
        <p className={styles.unchanged}>Not changed</p>
      ) : (
        <ul>
          {changes.map((change) => (
            <li key={change.key}>
              {changes.length > 1 || change.kind !== "changed" ? (
                <p className={styles.what}>
                  {change.label}: {change.kind}
                </p>
              ) : null}
              {change.show.as === "words" ? (
                <Words parts={change.show.parts} />
              ) : (
                <div className={compare.values}>
                  {change.kind === "added" ? null : (
                    <Value value={change.show.before} side="Before" thumbnails={thumbnails} />
                  )}
                  {change.kind === "changed" ? (
                    <span aria-hidden="true" className={compare.arrow}>
                      →
                    </span>
                  ) : null}
                  {change.kind === "removed" ? null : (
                    <Value value={change.show.after} side="After" thumbnails={thumbnails} />
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
