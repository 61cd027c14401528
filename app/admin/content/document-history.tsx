import { Form, Link } from "react-router";
import styles from "#app/admin/content/content-editor.module.css";
import { RelativeTime } from "#app/components/relative-time.tsx";
import type { DocumentPageData } from "#app/routes/admin.content.$.tsx";

/** A published document's revisions, each but the live one to compare or restore, and the compared one's diff. */
export function DocumentHistory({
  document,
  revision,
  view,
  now,
}: {
  document: NonNullable<DocumentPageData["document"]>;
  revision: DocumentPageData["revision"];
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
              Revision {entry.revision}: {entry.action}, <RelativeTime date={entry.createdAt} now={now} /> by{" "}
              {entry.author}
            </span>
            {entry.revision === document.revision ? (
              <span className={styles.current}>Live</span>
            ) : (
              <span className={styles.revisionActions}>
                <Link to={`?view=${view}&revision=${entry.revision}`} preventScrollReset>
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
      {revision ? (
        <section aria-labelledby="diff-heading" className={styles.diff}>
          <h3 id="diff-heading">Revision {revision.revision} against the live one</h3>
          {revision.deleted ? <p>Revision {revision.revision} deleted the document.</p> : null}
          {revision.diff ? (
            <pre>
              {revision.diff
                .filter((line) => line.kind !== "same")
                .map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of one fixed diff
                  <span key={index} data-kind={line.kind}>
                    {line.kind === "removed" ? "- " : "+ "}
                    {line.text}
                    {"\n"}
                  </span>
                ))}
            </pre>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
