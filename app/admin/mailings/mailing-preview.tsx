import studio from "#app/admin/studio.module.css";
import styles from "./mailings.module.css";

/**
 * The mail as its readers get it: the HTML part in a frame that runs no script (it keeps this
 * site's origin only so the page's image policy lets the studio's own pictures in), and the
 * plain-text part as written. Both come from the saved draft.
 */
export function MailingPreview({ html, text }: { html: string; text: string }) {
  return (
    <section className={studio.panel} aria-labelledby="preview-heading">
      <h2 id="preview-heading" className={studio.sectionTitle}>
        Preview of the saved draft
      </h2>
      <iframe className={styles.preview} title="The mail as HTML" srcDoc={html} sandbox="allow-same-origin" />
      <details className={styles.plain}>
        <summary>The plain-text part</summary>
        <pre>{text}</pre>
      </details>
    </section>
  );
}
