/** Why a certificate could not be issued, revoked or found: the HTTP status a screen answers with. */
export type CertificateRefusalStatus = 400 | 404 | 409 | 422;

/**
 * The certificates said no, with a sentence the studio can act on ("This certificate is already
 * revoked.") and the 4xx a route answers with; nothing was written.
 */
export class CertificateRefusal extends Error {
  override readonly name = "CertificateRefusal";
  constructor(
    message: string,
    readonly status: CertificateRefusalStatus,
  ) {
    super(message);
  }
}

export function refuseCertificate(message: string, status: CertificateRefusalStatus): never {
  throw new CertificateRefusal(message, status);
}
