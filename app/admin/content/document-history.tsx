import { Form, Link } from "react-router";
import styles from "#app/admin/content/content-editor.module.css";
import { RelativeTime } from "#app/components/relative-time.tsx";
import type { DocumentPageData } from "#app/routes/admin.content.$.tsx";
import compare from "./revision-compare.module.css";
import { madeBy, RevisionCompare } from "./revision-compare.tsx";

/**
 * A published document's revisions, each but the live one to compare or restore; the chosen
 * comparison field by field (revision-compare.tsx); and a way to compare any two.
 */
export function DocumentHistory({
  document,
  comparison,
  restored,
  restoreProblem,
  view,
  now,
}: {
  document: NonNullable<DocumentPageData["document"]>;
  comparison: DocumentPageData["comparison"];
  restored?: string;
  restoreProblem?: string;
  view: DocumentPageData["view"];
  /** The loader's time, that "2 hours ago" counts from. */
  now: Date;
}) {
  return (
    <section className={styles.history} aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ol>
        {document.history.map((entry) => (
          <li key={entry.revision} aria-current={entry.revision === document.revision ? "true" : undefined}>
            <span>
              Revision {entry.revision}: {madeBy(entry)}, <RelativeTime date={entry.createdAt} now={now} />
            </span>
            {entry.revision === document.revision ? (
              <span className={styles.current}>Live</span>
            ) : (
              <span className={styles.revisionActions}>
                <Link
                  to={`?view=${view}&revision=${entry.revision}`}
                  preventScrollReset
                  aria-current={comparison?.from.revision === entry.revision ? "true" : undefined}
                >
                  Compare
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="view" value={view} />
                  <input type="hidden" name="revision" value={entry.revision} />
                  <input type="hidden" name="baseRevision" value={document.revision} />
                  <button type="submit" className="button button-ghost">
                    Restore revision {entry.revision}
                  </button>
                </Form>
              </span>
            )}
          </li>
        ))}
      </ol>
      {document.history.length > 2 ? (
        // Drawn again when the revisions move on: a select keeps its old choice otherwise.
        <CompareAnyTwo
          key={`${document.revision}-${comparison?.from.revision}-${comparison?.to.revision}`}
          document={document}
          comparison={comparison}
          view={view}
        />
      ) : null}
      {comparison ? (
        <RevisionCompare
          comparison={comparison}
          liveRevision={document.revision}
          restored={restored}
          restoreProblem={restoreProblem}
          view={view}
        />
      ) : null}
    </section>
  );
}

/** Two revisions chosen from lists (a plain GET form, so it works without JavaScript). */
function CompareAnyTwo({
  document,
  comparison,
  view,
}: {
  document: NonNullable<DocumentPageData["document"]>;
  comparison: DocumentPageData["comparison"];
  view: DocumentPageData["view"];
}) {
  const older = document.history.filter((entry) => entry.revision !== document.revision);
  return (
    <Form method="get" className={compare.pick} preventScrollReset>
      <input type="hidden" name="view" value={view} />
      <label>
        Compare revision
        <select name="revision" defaultValue={comparison?.from.revision ?? older[0]?.revision}>
          {document.history.map((entry) => (
            <option key={entry.revision} value={entry.revision}>
              {entry.revision}
            </option>
          ))}
        </select>
      </label>
      <label>
        with
        <select name="against" defaultValue={comparison?.to.revision ?? document.revision}>
          {document.history.map((entry) => (
            <option key={entry.revision} value={entry.revision}>
              {entry.revision === document.revision ? `the live one (${entry.revision})` : entry.revision}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button-ghost">
        Show the changes
      </button>
    </Form>
  );
}
