// A stored certificate's two files, for the collector's mail and the studio's downloads: the
// signed file as it was issued (one line, .vc.jwt) and the printable PDF made from what it says.
import type { CertificateRow } from "#app/db/certificate-schema.ts";
import { certificatePdf, type Paper } from "./certificate-pdf.server.ts";
import type { CertificateCredential } from "./certificate-schema.ts";
import { verifyCertificate } from "./verify-certificate.ts";
import type { WorkImageSource } from "./work-image.server.ts";

export const SIGNED_FILE_TYPE = "application/vc+jwt";

/** "certificate-a-door-in-the-canopy-3-of-8": the files' name, without an extension. */
export function certificateFileName(row: Pick<CertificateRow, "workSlug" | "editionLabel">): string {
  const edition = row.editionLabel
    .toLowerCase()
    .replace("/", "-of-")
    .replace(/[^a-z0-9-]+/g, "-");
  return `certificate-${row.workSlug}-${edition}`;
}

/** The signed file's text with a final newline, as saved: the verifier ignores surrounding space. */
export function signedFileText(row: Pick<CertificateRow, "jws">): string {
  return `${row.jws}\n`;
}

/** The credential the stored file states (its own signature checked; the key is not the point here). */
export async function storedCredential(row: Pick<CertificateRow, "id" | "jws">): Promise<CertificateCredential> {
  const verdict = await verifyCertificate(row.jws);
  if (!verdict.valid) throw new Error(`stored certificate ${row.id} does not read: ${verdict.reason}`);
  return verdict.credential;
}

/** The printable PDF of a stored certificate, on A4 or Letter, with the work's picture. */
export async function storedCertificatePdf(
  row: Pick<CertificateRow, "id" | "jws">,
  images: WorkImageSource,
  imageName: string,
  paper: Paper,
): Promise<Uint8Array> {
  const credential = await storedCredential(row);
  const jpeg = await (await images(imageName)).jpeg();
  return certificatePdf({ credential, jpeg, paper });
}
