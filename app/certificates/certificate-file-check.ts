// A certificate file a visitor brings, checked against the studio's published keys: in their
// browser (the verify page's drop zone, with the did.json it fetches) or, without JavaScript,
// on the server from a plain upload. No Node imports: both run this same code.
import { pageLines } from "./certificate-page-lines.ts";
import { certificateIdOf } from "./certificate-schema.ts";
import { type StudioKey, studioKeysFromDidDocument } from "./did-document.ts";
import { verifyCertificate } from "./verify-certificate.ts";

/** The largest file the check reads; a certificate is about 1.5 KB. */
export const MAX_CERTIFICATE_FILE_BYTES = 64 * 1024;

export type FileVerdict =
  | { valid: true; id: string; title: string; edition: string; lines: Array<[string, string]> }
  | { valid: false; reason: string };

export const TOO_LARGE_REASON =
  "Not a certificate file: it is far larger than any certificate (over 64 KB). Choose the .vc.jwt file the studio sent.";

export async function checkCertificateText(text: string, keys: readonly StudioKey[]): Promise<FileVerdict> {
  const verdict = await verifyCertificate(text, keys);
  if (!verdict.valid) return { valid: false, reason: verdict.reason };
  const facts = verdict.credential.credentialSubject;
  return {
    valid: true,
    id: certificateIdOf(verdict.credential),
    title: facts.title,
    edition: facts.edition,
    lines: pageLines(verdict.credential),
  };
}

/** In the browser: reads the file, fetches the site's did.json and checks the file against its keys. */
export async function checkCertificateFileInBrowser(file: Blob, didJsonUrl: string): Promise<FileVerdict> {
  if (file.size > MAX_CERTIFICATE_FILE_BYTES) return { valid: false, reason: TOO_LARGE_REASON };
  let document: unknown;
  try {
    const answer = await fetch(didJsonUrl, { headers: { Accept: "application/json" } });
    document = answer.ok ? await answer.json() : undefined;
  } catch {
    document = undefined;
  }
  const keys = studioKeysFromDidDocument(document);
  if (!keys.ok) {
    return { valid: false, reason: "The studio's published keys could not be read just now; try again in a minute." };
  }
  return checkCertificateText(await file.text(), keys.keys);
}
