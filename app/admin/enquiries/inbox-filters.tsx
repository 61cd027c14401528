import { Form, Link } from "react-router";
import styles from "#app/admin/enquiries/enquiries.module.css";
import { type InboxFilter, inboxHref } from "#app/admin/enquiries/inbox-href.ts";
import studio from "#app/admin/studio.module.css";
import { enquiryStatuses, enquirySubjects } from "#app/db/enquiry-schema.ts";
import { statusLabels, subjectLabels } from "#app/enquiries/enquiry-words.ts";
import type { InboxData } from "#app/routes/admin.enquiries._index.tsx";

/** The inbox's status tabs (with their counts) and its subject and text filter. */
export function InboxFilters({ filter, counts }: { filter: InboxFilter; counts: InboxData["counts"] }) {
  const total = counts.byStatus.new + counts.byStatus.replied + counts.byStatus.closed;
  const filtered = Boolean(filter.status || filter.subject || filter.q);
  return (
    <>
      <nav aria-label="Enquiry status" className={styles.tabs}>
        <Link
          to={inboxHref(filter, { status: "" })}
          className={styles.tab}
          aria-current={filter.status === "" ? "page" : undefined}
        >
          All <span className={styles.count}>{total}</span>
        </Link>
        {enquiryStatuses.map((status) => (
          <Link
            key={status}
            to={inboxHref(filter, { status })}
            className={styles.tab}
            aria-current={filter.status === status ? "page" : undefined}
          >
            {statusLabels[status]} <span className={styles.count}>{counts.byStatus[status]}</span>
          </Link>
        ))}
      </nav>

      <Form method="get" className={styles.filters} role="search" aria-label="Filter enquiries">
        {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
        <label className={studio.field}>
          <span>Subject</span>
          <select name="subject" defaultValue={filter.subject} key={`subject-${filter.subject}`}>
            <option value="">Every subject</option>
            {enquirySubjects.map((subject) => (
              <option key={subject} value={subject}>
                {subjectLabels[subject]}
              </option>
            ))}
          </select>
        </label>
        <label className={`${studio.field} ${styles.searchField}`}>
          <span>Search name, email or text</span>
          <input type="search" name="q" defaultValue={filter.q} key={`q-${filter.q}`} maxLength={200} />
        </label>
        <div className={styles.filterActions}>
          <button type="submit" className="button">
            Filter
          </button>
          {filtered ? (
            <Link to="/admin/enquiries" className={studio.textLink}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}
