import styles from "./editions.module.css";
import { LedgerForm, type Refused, TextField } from "./ledger-fields.tsx";
import type { UnitCertificate } from "./unit-certificates.server.ts";
import { UnitButton } from "./unit-forms.tsx";

const stateWords: Record<UnitCertificate["state"], string> = {
  valid: "Valid",
  revoked: "Revoked",
  superseded: "Superseded by a newer certificate",
};

/**
 * A sold print's certificates of authenticity, newest first: each with its verify page, its PDF
 * on A4 or Letter and the signed file; the valid one can be revoked with a reason. A print sold
 * without one (its facts were refused at the sale) offers to issue it.
 */
export function UnitCertificates({
  slug,
  unit,
  certificates,
  refused,
}: {
  slug: string;
  unit: string;
  certificates: UnitCertificate[];
  refused: Refused;
}) {
  const valid = certificates.find((certificate) => certificate.state === "valid");
  return (
    <div>
      <h3>Certificates</h3>
      {certificates.length === 0 ? <p>No certificate has been issued for this print.</p> : null}
      <ul className={styles.certificates}>
        {certificates.map((certificate) => (
          <li key={certificate.id}>
            <strong>{stateWords[certificate.state]}</strong> · issued {certificate.issuedOn} to {certificate.ownerName}
            {certificate.revokedReason ? ` · ${certificate.revokedReason}` : ""}
            <br />
            <a href={`/verify/${certificate.id}`}>Verify page</a> ·{" "}
            <a href={`/admin/certificates/${certificate.id}.pdf?paper=a4`}>PDF (A4)</a> ·{" "}
            <a href={`/admin/certificates/${certificate.id}.pdf?paper=letter`}>PDF (Letter)</a> ·{" "}
            <a href={`/admin/certificates/${certificate.id}.jwt`}>Signed file</a>
          </li>
        ))}
      </ul>
      {valid ? (
        <LedgerForm
          slug={slug}
          intent="revoke-certificate"
          unit={unit}
          refused={refused}
          label="Revoke the certificate"
        >
          {(typed) => (
            <>
              <input type="hidden" name="certificate" value={valid.id} />
              <div className={styles.formGrid}>
                <TextField
                  label="Why it is revoked"
                  hint="Shown on the certificate's verify page."
                  name="reason"
                  typed={typed}
                  maxLength={500}
                  required
                  wide
                />
              </div>
              <button type="submit" className="button button-ghost">
                Revoke Certificate
              </button>
            </>
          )}
        </LedgerForm>
      ) : (
        <UnitButton slug={slug} unit={unit} intent="issue-certificate" refused={refused}>
          Issue the Certificate
        </UnitButton>
      )}
    </div>
  );
}
