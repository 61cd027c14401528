import { Link } from "react-router";
import styles from "#app/admin/enquiries/enquiries.module.css";
import { IntentButton } from "#app/admin/intent-button.tsx";
import studio from "#app/admin/studio.module.css";

/** Mark an enquiry unread, delete it (after a confirmation), or forget everything from its sender. */
export function KeepOrRemove({ email }: { email: string }) {
  return (
    <section aria-labelledby="privacy-heading" className={studio.panel}>
      <h2 id="privacy-heading" className={studio.sectionTitle}>
        Keep or remove
      </h2>
      <div className={styles.dangerRow}>
        <IntentButton intent="unread">Mark Unread</IntentButton>
        <IntentButton intent="delete" danger confirm="Delete this enquiry and its mail record? This cannot be undone.">
          Delete Enquiry
        </IntentButton>
        <Link to={`/admin/enquiries/forget?email=${encodeURIComponent(email)}`} className={studio.textLink}>
          Forget everything from {email}…
        </Link>
      </div>
    </section>
  );
}
