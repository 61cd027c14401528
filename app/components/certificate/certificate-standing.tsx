import type { CertificateStanding } from "#app/certificates/certificate-standing.ts";
import styles from "./certificate-check.module.css";

/** The certificate's state in words: valid, revoked with the studio's reason, or replaced after a resale. */
export function CertificateStandingNote({ standing }: { standing: CertificateStanding }) {
  if (standing.kind === "valid") {
    return (
      <div className={`${styles.verdict} ${styles.valid}`} data-standing="valid">
        <p className={styles.verdictHeading}>Valid</p>
        <p>Signed by the studio's published key, and the current certificate for this print.</p>
      </div>
    );
  }
  if (standing.kind === "revoked") {
    return (
      <div className={`${styles.verdict} ${styles.invalid}`} data-standing="revoked">
        <p className={styles.verdictHeading}>Revoked on {standing.on}</p>
        <p>The studio withdrew this certificate: {standing.reason}</p>
      </div>
    );
  }
  return (
    <div className={`${styles.verdict} ${styles.invalid}`} data-standing="superseded">
      <p className={styles.verdictHeading}>Superseded on {standing.on}</p>
      <p>
        The print changed hands and the studio issued its new owner a newer certificate.{" "}
        <a href={`/verify/${standing.by}`}>See the current certificate</a>
      </p>
    </div>
  );
}
