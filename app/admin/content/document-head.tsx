import { Link } from "react-router";
import styles from "#app/admin/content/content-editor.module.css";
import studio from "#app/admin/studio.module.css";
import { RelativeTime } from "#app/components/relative-time.tsx";
import type { DocumentPageData } from "#app/routes/admin.content.$.tsx";
import { authorName } from "./author-name.ts";

/**
 * The top of a content document's page in plain words: its group ("Works", back to the list) and
 * its title, when it was published and by whom, what the last step did (published, saved,
 * discarded: not while the form shows a refusal, `quiet`), links to its public page and its
 * preview; its file and its text view only under Advanced, for the technical user.
 */
export function DocumentHead({ page, quiet }: { page: DocumentPageData; quiet: boolean }) {
  const { document, draft, published, unchanged, saved, discarded } = page;
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className="eyebrow">
            <Link to={`/admin/content#folder-${page.folder}`}>{page.groupLabel}</Link>
          </p>
          <h1>{page.title}</h1>
          <p className={studio.account}>
            {document ? (
              <>
                Published <RelativeTime date={document.updatedAt} now={page.now} /> by {authorName(document.updatedBy)}{" "}
                (revision {document.revision}).
              </>
            ) : (
              "Not published yet."
            )}{" "}
            {draft ? (
              <>
                Draft saved <RelativeTime date={draft.updatedAt} now={page.now} /> by {authorName(draft.updatedBy)}.
              </>
            ) : null}
          </p>
        </div>
      </header>
      {published && !quiet && document ? (
        <p role="status" className={styles.published}>
          Published: revision {document.revision} is live.
        </p>
      ) : null}
      {unchanged && !quiet ? (
        <p role="status" className={styles.published}>
          Nothing to publish: the document is the same as the live revision.
        </p>
      ) : null}
      {saved && draft && !quiet ? (
        <p role="status" className={styles.published}>
          Draft saved. It is not on the public site until you publish it.{" "}
          {page.draftProblems ? "It cannot be published yet: see the problems below." : null}
        </p>
      ) : null}
      {page.unpreviewable && !quiet ? (
        <p role="status" className={styles.published}>
          This draft cannot be previewed: the site would refuse it. Fix the problems below, save the draft, then preview
          it.
        </p>
      ) : null}
      {page.restored && !quiet && document ? (
        <p role="status" className={styles.published}>
          Restored from the Trash: revision {document.revision} is live, with its whole history below.
        </p>
      ) : null}
      {page.hidden && !quiet ? (
        <p role="status" className={styles.published}>
          Hidden from the site: this work is on no public page now. It stays here and in viewing rooms; untick Hidden
          and publish to show it again.
        </p>
      ) : null}
      {discarded && !quiet ? (
        <p role="status" className={styles.published}>
          Draft discarded: the form shows the live revision.
        </p>
      ) : null}
      <DocumentLinks page={page} />
    </>
  );
}

/** Where else the document can be seen: its public page, its draft's preview; its file and text under Advanced. */
function DocumentLinks({ page }: { page: DocumentPageData }) {
  const { document, draft, path, view, publicPath } = page;
  const textView = document && page.spec;
  return (
    <div className={styles.views}>
      {publicPath || draft || view === "text" ? (
        <nav aria-label="Where to see it">
          {view === "text" && page.spec ? <Link to="?view=form">Back to the form</Link> : null}
          {publicPath ? <a href={publicPath}>View on site</a> : null}
          {draft ? <a href={`/admin/preview/${path}`}>View preview</a> : null}
        </nav>
      ) : null}
      <details className={styles.advanced} open={view === "text"}>
        <summary>Advanced</summary>
        <p>
          Stored as <code>{path}</code>.
        </p>
        {textView ? (
          <p>
            {view === "text" ? (
              "Below is the whole document as one piece of text, for a change the form does not offer."
            ) : (
              <>
                <Link to="?view=text">Edit as text</Link>: the whole document as one piece of text, for a change the
                form does not offer.
              </>
            )}
          </p>
        ) : null}
      </details>
    </div>
  );
}
