// What /verify/<id> shows (issue 40): the stored certificate checked against the studio's
// published keys, as any verifier would check it, its facts read from the signed file (not the
// row), and its state from the table: valid, revoked with the reason, or superseded by a newer
// certificate after a resale. A dropped or uploaded file is checked the same way.
import type { CertificateRow } from "#app/db/certificate-schema.ts";
import { pageLines } from "./certificate-page-lines.ts";
import { certificateIdOf } from "./certificate-schema.ts";
import type { CertificateStanding } from "./certificate-standing.ts";
import type { StudioKey } from "./did-document.ts";
import { verifyCertificate } from "./verify-certificate.ts";

export type StoredCertificateView =
  | {
      signature: "valid";
      title: string;
      edition: string;
      lines: Array<[string, string]>;
      standing: CertificateStanding;
      collectorPrivate: boolean;
    }
  | { signature: "invalid"; reason: string };

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : "");

function standingOf(row: CertificateRow): CertificateStanding {
  if (row.state === "revoked") return { kind: "revoked", reason: row.revokedReason ?? "", on: day(row.revokedAt) };
  if (row.state === "superseded") return { kind: "superseded", by: row.supersededBy ?? "", on: day(row.supersededAt) };
  return { kind: "valid" };
}

/** The stored certificate's page: believed only when its signature is the studio's and it names this id. */
export async function storedCertificateView(
  row: CertificateRow,
  keys: readonly StudioKey[],
): Promise<StoredCertificateView> {
  const verdict = await verifyCertificate(row.jws, keys);
  if (!verdict.valid) return { signature: "invalid", reason: verdict.reason };
  if (certificateIdOf(verdict.credential) !== row.id) {
    return { signature: "invalid", reason: "The signed file kept for this address is for another certificate." };
  }
  const facts = verdict.credential.credentialSubject;
  return {
    signature: "valid",
    title: facts.title,
    edition: facts.edition,
    lines: pageLines(verdict.credential),
    standing: standingOf(row),
    collectorPrivate: "private" in facts.collector,
  };
}
