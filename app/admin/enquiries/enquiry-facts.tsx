import styles from "#app/admin/enquiries/enquiries.module.css";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import type { DetailData } from "#app/routes/admin.enquiries.$id.tsx";

/** Who sent an enquiry, from where and when, and what became of the studio's mail about it. */
export function EnquiryFacts({ enquiry }: { enquiry: DetailData["enquiry"] }) {
  return (
    <aside className={styles.side} aria-label="About this enquiry">
      <dl className={styles.facts}>
        <dt>Name</dt>
        <dd>{enquiry.name}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${encodeURIComponent(enquiry.email).replace(/%40/g, "@")}`}>{enquiry.email}</a>
        </dd>
        {enquiry.location ? (
          <>
            <dt>Location</dt>
            <dd>{enquiry.location}</dd>
          </>
        ) : null}
        {enquiry.phone ? (
          <>
            <dt>Phone</dt>
            <dd>{enquiry.phone}</dd>
          </>
        ) : null}
        <dt>Sent from</dt>
        <dd>
          {enquiry.sourcePath.startsWith("/") && !enquiry.sourcePath.startsWith("//") ? (
            <a href={enquiry.sourcePath}>{enquiry.sourcePath}</a>
          ) : (
            enquiry.sourcePath
          )}
        </dd>
        <dt>Received</dt>
        <dd>{formatWhen(enquiry.createdAt)}</dd>
        <dt>Mail to the studio</dt>
        <dd>{mailState(enquiry.mail)}</dd>
      </dl>
    </aside>
  );
}

function mailState(mail: DetailData["enquiry"]["mail"]): string {
  if (!mail) return "No mail record (already pruned, or not sent).";
  const tries = `${mail.attempts} ${mail.attempts === 1 ? "attempt" : "attempts"}`;
  switch (mail.status) {
    case "sent":
      return `Delivered${mail.sentAt ? ` ${formatWhen(mail.sentAt)}` : ""}.`;
    case "failed":
      return `Failed after ${tries}${mail.lastError ? `: ${mail.lastError}` : ""}. See Outgoing Mail.`;
    case "queued":
      return mail.attempts > 0 ? `Waiting to be retried (${tries}).` : "Waiting to be sent.";
    case "sending":
      return "Being sent now.";
    default:
      return mail.status;
  }
}
