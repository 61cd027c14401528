/** A stored certificate's state as the verify page says it (the table's, never the file's). */
export type CertificateStanding =
  | { kind: "valid" }
  | { kind: "revoked"; reason: string; on: string }
  | { kind: "superseded"; by: string; on: string };
