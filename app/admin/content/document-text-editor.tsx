import { Form } from "react-router";
import styles from "#app/admin/content/content-editor.module.css";
import type { DocumentPageData, PublishRefusal } from "#app/routes/admin.content.$.tsx";

/** The document as its file is written, to edit and publish; a refusal keeps the text as typed. */
export function DocumentTextEditor({
  document,
  refusal,
}: {
  document: NonNullable<DocumentPageData["document"]>;
  refusal?: PublishRefusal;
}) {
  return (
    <Form method="post" className={styles.editor} aria-labelledby="edit-heading">
      <h2 id="edit-heading">Edit</h2>
      {refusal ? (
        <div role="alert" className={styles.problems} id="publish-problems">
          <p>{refusal.conflict ? "Not published: someone else published first." : "Not published. Fix this first:"}</p>
          <ul>
            {refusal.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="baseRevision" value={document.revision} />
      <label htmlFor="document-text">
        The document, as its file is written{" "}
        {document.path.endsWith(".md") ? "(front matter, then the text)" : "(YAML)"}
      </label>
      <textarea
        id="document-text"
        name="text"
        className={styles.text}
        defaultValue={refusal?.text ?? document.text}
        key={`${document.revision}-${refusal ? "refused" : "saved"}`}
        spellCheck={document.path.endsWith(".md")}
        aria-describedby={refusal ? "publish-problems" : undefined}
        rows={24}
      />
      <div className={styles.actions}>
        <button type="submit" className="button">
          Publish
        </button>
        <span>Live at once on every page; this revision is kept and can be restored.</span>
      </div>
    </Form>
  );
}
