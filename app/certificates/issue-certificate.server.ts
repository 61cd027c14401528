// Issues a certificate of authenticity (issue 40, decision 075): the facts checked, wrapped in a
// W3C Verifiable Credential and signed as a compact JWS with the studio's current key. The file
// carries the signing key's public half, so it can be checked from the file alone; whether that
// key is the studio's, a verifier checks against did.json (or the key store).
import { randomBytes } from "node:crypto";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import {
  CERTIFICATE_TYPE,
  type CertificateCredential,
  type CertificateFacts,
  CREDENTIALS_V2_CONTEXT,
  certificateCredentialSchema,
  certificateFactsSchema,
} from "./certificate-schema.ts";
import { signCompactJws } from "./compact-jws.ts";
import { didWebOf } from "./did-document.ts";
import { processSigningKeys, type SigningKeyStore } from "./signing-keys.server.ts";
import { CERTIFICATE_JWS_TYPE } from "./verify-certificate.ts";

/** The facts were refused; the message lists each problem by field, for the studio to correct. */
export class CertificateFactsError extends Error {
  override name = "CertificateFactsError";
}

export interface IssuedCertificate {
  /** 128 random bits, base64url: the verify page is /verify/<id>. */
  id: string;
  /** The certificate file's content: one line, the compact JWS. */
  text: string;
  credential: CertificateCredential;
}

export interface IssueOptions {
  keys?: SigningKeyStore;
  /** The site's public origin (configuration, never a request's Host). */
  origin?: string;
  now?: Date;
}

/** Signs a new certificate for `facts`; throws CertificateFactsError when they do not hold. */
export async function issueCertificate(
  facts: CertificateFacts,
  options: IssueOptions = {},
): Promise<IssuedCertificate> {
  const checked = certificateFactsSchema.safeParse(facts);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `${issue.path.join(".") || "facts"}: ${issue.message}`);
    throw new CertificateFactsError(`The certificate's facts are not right: ${problems.join("; ")}.`);
  }
  const origin = options.origin ?? publicOrigin();
  const issuer = didWebOf(origin);
  const id = randomBytes(16).toString("base64url");
  const credential = certificateCredentialSchema.parse({
    "@context": [CREDENTIALS_V2_CONTEXT],
    id: `${origin}/verify/${id}`,
    type: ["VerifiableCredential", CERTIFICATE_TYPE],
    issuer,
    validFrom: (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z"),
    credentialSubject: checked.data,
  } satisfies CertificateCredential);
  const key = await (options.keys ?? processSigningKeys()).currentSigningKey();
  const header = { alg: "EdDSA", typ: CERTIFICATE_JWS_TYPE, cty: "vc", kid: `${issuer}#${key.keyId}`, jwk: key.jwk };
  const text = await signCompactJws(header, new TextEncoder().encode(JSON.stringify(credential)), key.privateKey);
  return { id, text, credential };
}
