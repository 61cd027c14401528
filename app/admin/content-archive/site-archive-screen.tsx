import { Form, Link, useNavigation } from "react-router";
import studio from "#app/admin/studio.module.css";
import type { ImportPreview } from "#app/content-archive/import-preview.ts";
import styles from "./site-archive-screen.module.css";

type Review =
  | { state: "preview"; archive: string; preview: ImportPreview; version: number }
  | { state: "refused"; problems: string[] }
  | { state: "gone" };

/**
 * The studio's export and import: download the whole site as one file; upload one, see what it
 * would change in plain words, then Apply or Cancel. Plain forms (they work without JavaScript),
 * with a "busy" label while an upload or an import runs.
 */
export function SiteArchiveScreen(props: {
  review?: Review;
  applied?: number;
  notice?: string;
  error?: string;
  problems?: string[];
}) {
  const { review } = props;
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className={studio.back}>
            <Link to="/admin/content" className={studio.textLink}>
              ← Content
            </Link>
          </p>
          <h1>Export and import the site</h1>
          <p className={studio.account}>
            Keep a copy of the whole site, or bring a copy back. The site stays open while you do.
          </p>
        </div>
      </header>
      <Messages {...props} />
      <section className={studio.panel} aria-labelledby="download-heading">
        <h2 id="download-heading" className={studio.sectionTitle}>
          Download
        </h2>
        <p>
          One file with every page, work, exhibition, article and interview, and every picture and file uploaded here.
          Keep it as a backup, or import it into another copy of the site.
        </p>
        <a href="/admin/content/archive/download" className="button" download>
          Download the whole site
        </a>
      </section>
      <section className={studio.panel} aria-labelledby="import-heading">
        <h2 id="import-heading" className={studio.sectionTitle}>
          Import a site
        </h2>
        {review?.state === "preview" ? <PreviewPanel review={review} /> : <UploadForm />}
      </section>
    </>
  );
}

function Messages({ review, applied, notice, error, problems }: Parameters<typeof SiteArchiveScreen>[0]) {
  return (
    <>
      {applied !== undefined ? (
        <p role="status" className={styles.done}>
          {applied === 0
            ? "Imported: the site was already the same as the archive, so nothing changed."
            : `Imported: ${applied} change${applied === 1 ? "" : "s"} published. The site shows ${applied === 1 ? "it" : "them"} now, and each earlier version is kept in its history.`}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className={styles.done}>
          {notice}
        </p>
      ) : null}
      {review?.state === "gone" ? (
        <p role="alert" className={styles.problems}>
          This upload has expired or was already used. Upload the archive again to see what it would change.
        </p>
      ) : null}
      {review?.state === "refused" || error ? (
        <div role="alert" className={styles.problems}>
          <p>{review?.state === "refused" ? "This archive cannot be imported; nothing was changed." : error}</p>
          <ProblemList problems={review?.state === "refused" ? review.problems : (problems ?? [])} />
        </div>
      ) : null}
    </>
  );
}

function ProblemList({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  const shown = problems.slice(0, 50);
  return (
    <ul>
      {shown.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
      {problems.length > shown.length ? <li>…and {problems.length - shown.length} more.</li> : null}
    </ul>
  );
}

function UploadForm() {
  const busy = useNavigation().formEncType === "multipart/form-data";
  return (
    <Form method="post" encType="multipart/form-data" className={styles.upload}>
      <label htmlFor="site-archive">Site archive (a .tar.gz file downloaded from this screen)</label>
      <input id="site-archive" name="archive" type="file" accept=".gz,.tgz,application/gzip" required />
      <p className={studio.hint}>Nothing changes until you have seen what the archive would change and chosen Apply.</p>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Uploading…" : "Upload and preview"}
        </button>
      </div>
    </Form>
  );
}

function PreviewPanel({ review }: { review: Extract<Review, { state: "preview" }> }) {
  const navigation = useNavigation();
  const applying = navigation.formData?.get("intent") === "apply";
  const { preview } = review;
  return (
    <Form method="post" aria-labelledby="preview-heading">
      <h3 id="preview-heading">What this archive would change</h3>
      {preview.nothing ? (
        <p role="status">Nothing would change: the site is already the same as this archive.</p>
      ) : (
        <ul className={styles.changes}>
          {preview.groups.flatMap((group) => [
            ...changeLine(group.label, "added", group.added),
            ...changeLine(group.label, "changed", group.changed),
            ...changeLine(group.label, "removed", group.removed),
          ])}
          {preview.images > 0 ? (
            <li>
              <strong>Pictures:</strong> {preview.images} added or replaced
            </li>
          ) : null}
          {preview.files > 0 ? (
            <li>
              <strong>Exhibition files:</strong> {preview.files} added
            </li>
          ) : null}
        </ul>
      )}
      <input type="hidden" name="archive" value={review.archive} />
      <input type="hidden" name="version" value={review.version} />
      <p className={studio.hint}>
        {preview.nothing
          ? "There is nothing to apply."
          : "Apply publishes all of it at once; every earlier version stays in each page's history."}
      </p>
      <div className={styles.actions}>
        {preview.nothing ? null : (
          <button type="submit" name="intent" value="apply" className="button" disabled={applying}>
            {applying ? "Applying…" : "Apply"}
          </button>
        )}
        <button type="submit" name="intent" value="cancel" className="button button-ghost" disabled={applying}>
          {preview.nothing ? "Done" : "Cancel"}
        </button>
      </div>
    </Form>
  );
}

function changeLine(label: string, what: "added" | "changed" | "removed", titles: string[]) {
  if (titles.length === 0) return [];
  const shown = titles.length > 12 ? [...titles.slice(0, 12), `and ${titles.length - 12} more`] : titles;
  return [
    <li key={`${label}-${what}`}>
      <strong>
        {label} {what}:
      </strong>{" "}
      {shown.join(", ")}
    </li>,
  ];
}
