import { Link } from "react-router";
import styles from "#app/admin/enquiries/enquiries.module.css";
import studio from "#app/admin/studio.module.css";
import { formatWhen, statusLabels } from "#app/enquiries/enquiry-words.ts";
import type { InboxData } from "#app/routes/admin.enquiries._index.tsx";

/** The inbox's page of enquiries, newest first, unread ones marked; or why there are none. */
export function InboxList({ rows, filtered }: { rows: InboxData["rows"]; filtered: boolean }) {
  return rows.length === 0 ? (
    <p className={studio.empty}>
      {filtered ? "No enquiry matches this filter." : "No enquiries yet. New ones appear here as they arrive."}
    </p>
  ) : (
    <ol className={styles.list} aria-label="Enquiries, newest first">
      {rows.map((row) => (
        <li key={row.id} className={row.unread ? `${styles.row} ${styles.unread}` : styles.row}>
          <Link to={`/admin/enquiries/${row.id}`} className={styles.rowLink}>
            <span className={styles.rowTop}>
              <span className={styles.who}>
                {row.unread ? <span className={styles.dot} aria-hidden="true" /> : null}
                {row.unread ? <span className="visually-hidden">Unread: </span> : null}
                {row.name}
              </span>
              <time className={styles.when} dateTime={row.createdAt.toISOString()}>
                {formatWhen(row.createdAt)}
              </time>
            </span>
            <span className={styles.rowSubject}>
              {row.subjectTitle}
              <span className={studio.chip} data-state={row.status}>
                {statusLabels[row.status]}
              </span>
            </span>
            <span className={styles.excerpt}>
              {row.email} — {row.excerpt}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
