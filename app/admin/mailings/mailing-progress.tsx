import { useEffect } from "react";
import { useRevalidator } from "react-router";
import studio from "#app/admin/studio.module.css";
import type { MailingProgress } from "#app/mailings/mailing-progress.server.ts";
import styles from "./mailings.module.css";

/** How often an open page asks again while a mailing is on its way. */
const REFRESH_MS = 2_000;

/** Where a sending mailing stands, asked again every 2 s until every message has been tried. */
export function MailingProgressView({
  progress,
  status,
  webAddress,
}: {
  progress: MailingProgress;
  status: string;
  webAddress: string;
}) {
  const revalidator = useRevalidator();
  const sending = status === "sending";
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  const rows: [string, number][] = [
    ["Queued", progress.queued],
    ["Sent", progress.sent],
    ["Bounced", progress.bounced],
    ["Failed", progress.failed],
    ["Not sent (left or forgotten since)", progress.skipped],
  ];
  return (
    <section className={studio.panel} aria-labelledby="progress-heading">
      <h2 id="progress-heading" className={studio.sectionTitle}>
        {sending ? "Sending" : "Sent"} to {progress.total} subscriber{progress.total === 1 ? "" : "s"}
      </h2>
      <dl className={styles.progress} aria-live="polite">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-progress={label.split(" ")[0]?.toLowerCase()}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={studio.hint}>
        Its web version: <a href={webAddress}>{webAddress}</a>. Failed messages can be sent again from Outgoing Mail.
      </p>
    </section>
  );
}
