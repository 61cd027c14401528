// A certificate's facts as the verify page shows them (the signed credential's, never the
// database's), in the browser and on the server alike: no Node imports.
import { certificateLines } from "./certificate-lines.ts";
import type { CertificateCredential } from "./certificate-schema.ts";

/** "30 November 2026": an issue date in words, as the page and the PDF print it. */
export function issueDay(validFrom: string): string {
  return new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(validFrom),
  );
}

/** [label, value] pairs for a page: the issue date in words; the address and the issuer's DID left to the page. */
export function pageLines(credential: CertificateCredential): Array<[string, string]> {
  return certificateLines(credential)
    .filter(([label]) => label !== "Verify at" && label !== "Issuer" && label !== "Certificate")
    .map(([label, value]) => [label, label === "Issued" ? issueDay(value) : value]);
}
