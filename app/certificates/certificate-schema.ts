// What a certificate of authenticity says (issue 40), as the W3C Verifiable Credential (Data
// Model 2.0) the studio signs (decision 075). Used to check the facts before signing and every
// decoded payload before it is believed; no Node imports, so the browser checks the same way.
import { z } from "zod";

export const CREDENTIALS_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const CERTIFICATE_TYPE = "CertificateOfAuthenticity";

/** 128 random bits, base64url: the verify address's last segment, unguessable. */
export const CERTIFICATE_ID = /^[A-Za-z0-9_-]{22}$/;

const text = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

/** "3/8", "1/1", or an artist's proof "AP 1/2": a number no larger than the edition. */
const edition = z
  .string()
  .regex(/^(AP )?[1-9]\d{0,3}\/[1-9]\d{0,3}$/, 'must be a number of an edition, like "3/8", "1/1" or "AP 1/2"')
  .refine((value) => {
    const [number, size] = value.replace(/^AP /, "").split("/").map(Number) as [number, number];
    return number <= size;
  }, "must not number beyond the edition's size (9/8)");

/** The collector by name, or kept private at their wish: then no name is in the file at all. */
const collector = z.union([z.object({ name: text(200) }).strict(), z.object({ private: z.literal(true) }).strict()]);

/** The facts a certificate states about one unit of a work. */
export const certificateFactsSchema = z.object({
  artist: text(200),
  title: text(300),
  year: z.string().regex(/^\d{4}$/, 'must be a four-digit year, e.g. "2007"'),
  medium: text(300),
  size: text(120),
  edition,
  /** Where the work is minted, when it is. */
  token: z
    .object({ chain: text(40), mintAddress: text(300) })
    .strict()
    .optional(),
  /** SHA-256 of the studio's original image file, lower-case hex. */
  imageSha256: z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 in lower-case hex (64 characters)"),
  collector,
});

export type CertificateFacts = z.infer<typeof certificateFactsSchema>;

/** The signed payload: a Verifiable Credential whose subject is the facts. */
export const certificateCredentialSchema = z.object({
  "@context": z
    .array(z.unknown())
    .min(1)
    .refine((contexts) => contexts[0] === CREDENTIALS_V2_CONTEXT, `must start with ${CREDENTIALS_V2_CONTEXT}`),
  id: z.url().refine((id) => CERTIFICATE_ID.test(id.split("/verify/")[1] ?? ""), "must be a /verify/<id> address"),
  type: z
    .array(z.string())
    .refine(
      (types) => types.includes("VerifiableCredential") && types.includes(CERTIFICATE_TYPE),
      `must name VerifiableCredential and ${CERTIFICATE_TYPE}`,
    ),
  issuer: z.string().startsWith("did:web:", "must be the studio's did:web"),
  validFrom: z.iso.datetime({ offset: true }),
  credentialSubject: certificateFactsSchema,
});

export type CertificateCredential = z.infer<typeof certificateCredentialSchema>;

/** The certificate's id: the last segment of its verify address. */
export function certificateIdOf(credential: Pick<CertificateCredential, "id">): string {
  return credential.id.split("/verify/")[1] ?? "";
}
