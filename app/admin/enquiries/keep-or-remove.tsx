import { Form, Link } from "react-router";
import styles from "#app/admin/enquiries/enquiries.module.css";
import studio from "#app/admin/studio.module.css";

/** Mark an enquiry unread, delete it (after a confirmation), or forget everything from its sender. */
export function KeepOrRemove({ email }: { email: string }) {
  return (
    <section aria-labelledby="privacy-heading" className={studio.panel}>
      <h2 id="privacy-heading" className={studio.sectionTitle}>
        Keep or remove
      </h2>
      <div className={styles.dangerRow}>
        <Form method="post">
          <input type="hidden" name="intent" value="unread" />
          <button type="submit" className="button button-ghost">
            Mark Unread
          </button>
        </Form>
        <Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm("Delete this enquiry and its mail record? This cannot be undone.")) {
              event.preventDefault();
            }
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={`button button-ghost ${studio.danger}`}>
            Delete Enquiry
          </button>
        </Form>
        <Link to={`/admin/enquiries/forget?email=${encodeURIComponent(email)}`} className={studio.textLink}>
          Forget everything from {email}…
        </Link>
      </div>
    </section>
  );
}
