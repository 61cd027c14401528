// A certificate file posted to the verify page without JavaScript: one multipart file field,
// read only when it is small enough to be a certificate. Every other body is a sentence and a
// 4xx, never a 500.
import { MAX_CERTIFICATE_FILE_BYTES, TOO_LARGE_REASON } from "./certificate-file-check.ts";

export type CertificateUpload = { ok: true; text: string } | { ok: false; status: 400 | 413 | 415; reason: string };

const CHOOSE = "Choose the certificate file (ending .vc.jwt) and press Check this file.";

export async function readCertificateUpload(request: Request): Promise<CertificateUpload> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "multipart/form-data") {
    return { ok: false, status: 415, reason: `This address takes a certificate file sent from its form. ${CHOOSE}` };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_CERTIFICATE_FILE_BYTES + 16 * 1024) return { ok: false, status: 413, reason: TOO_LARGE_REASON };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, status: 400, reason: `The upload could not be read (it is incomplete or damaged). ${CHOOSE}` };
  }
  const file = form.get("certificate");
  if (!file || typeof file === "string" || file.size === 0) return { ok: false, status: 400, reason: CHOOSE };
  if (file.size > MAX_CERTIFICATE_FILE_BYTES) return { ok: false, status: 413, reason: TOO_LARGE_REASON };
  return { ok: true, text: await file.text() };
}
