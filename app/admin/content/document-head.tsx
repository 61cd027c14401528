import { Link } from "react-router";
import styles from "#app/admin/content/content-editor.module.css";
import studio from "#app/admin/studio.module.css";
import { RelativeTime } from "#app/components/relative-time.tsx";
import type { DocumentPageData } from "#app/routes/admin.content.$.tsx";

/**
 * The top of a content document's page: its path and revision, what the last step did (published,
 * saved, discarded: not while the form shows a refusal, `quiet`), and the ways to edit it.
 */
export function DocumentHead({ page, quiet }: { page: DocumentPageData; quiet: boolean }) {
  const { document, draft, published, unchanged, saved, discarded, path, view } = page;
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className="eyebrow">
            <Link to="/admin/content">Content</Link>
          </p>
          <h1>{path}</h1>
          <p className={studio.account}>
            {document ? (
              <>
                Published <RelativeTime date={document.updatedAt} now={page.now} /> by {document.updatedBy} (revision{" "}
                {document.revision}).
              </>
            ) : (
              "Not published yet."
            )}{" "}
            {draft ? (
              <>
                Draft saved <RelativeTime date={draft.updatedAt} now={page.now} /> by {draft.updatedBy}.
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
      {document || page.spec ? (
        <nav className={styles.views} aria-label="How to edit">
          {page.spec ? (
            <Link to="?view=form" aria-current={view === "form" ? "page" : undefined}>
              Form
            </Link>
          ) : null}
          {document ? (
            <Link to="?view=text" aria-current={view === "text" ? "page" : undefined}>
              Text
            </Link>
          ) : null}
          {draft ? <a href={`/admin/preview/${path}`}>Preview the draft</a> : null}
        </nav>
      ) : null}
    </>
  );
}
