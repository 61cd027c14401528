// Checks a certificate file (decision 075) from its text alone: the signature over exactly the
// bytes in the file, the key that made it, and the facts it states. Pure WebCrypto and zod, so
// the verify page can run it in the visitor's browser; never throws, every refusal a sentence.
import { type CertificateCredential, certificateCredentialSchema } from "./certificate-schema.ts";
import { parseCompactJws } from "./compact-jws.ts";
import type { StudioKey } from "./did-document.ts";
import { ed25519Verifies, type PublicJwk, publicJwkSchema, thumbprintOf } from "./ed25519-jwk.ts";

export const CERTIFICATE_JWS_TYPE = "vc+jwt";
/** RFC 8037's name, which the studio signs with, and RFC 9864's fully specified one. */
const ED25519_ALGORITHMS = ["EdDSA", "Ed25519"];

export type CertificateVerdict =
  | {
      valid: true;
      credential: CertificateCredential;
      /** The signing key's DID URL and RFC 7638 thumbprint. */
      kid: string;
      thumbprint: string;
      /**
       * True when the key was found among the studio keys given; false when none were given and
       * only the key the file carries was used: the file is intact, and whether that key is the
       * studio's is still to be checked against its published did.json.
       */
      keyIsStudios: boolean;
    }
  | { valid: false; reason: string };

/**
 * Verifies a certificate file's text. With `studioKeys` (the studio's did.json, or its key
 * store), a file signed by any other key is refused; without, the key the file carries is used
 * and the verdict says so (`keyIsStudios: false`).
 */
export async function verifyCertificate(text: string, studioKeys?: readonly StudioKey[]): Promise<CertificateVerdict> {
  if (typeof text !== "string") return invalid("Not a certificate file: it is not text.");
  const parsed = parseCompactJws(text);
  if (!parsed.ok) return invalid(parsed.reason);
  const { header, payload, signature, signingInput } = parsed.jws;

  if (header.typ !== CERTIFICATE_JWS_TYPE) {
    return invalid(
      `Not a certificate file, or one that has been changed: its header says it is ${quoted(header.typ)}, not a signed credential (vc+jwt).`,
    );
  }
  if (typeof header.alg !== "string" || !ED25519_ALGORITHMS.includes(header.alg)) {
    return invalid(
      `Not signed the way the studio signs, or the file has been changed: its header names the algorithm ${quoted(header.alg)}, and only Ed25519 signatures are accepted.`,
    );
  }
  if (header.crit !== undefined) {
    return invalid(
      "Not signed the way the studio signs: its header demands extensions (crit) this checker does not know.",
    );
  }
  if (typeof header.kid !== "string" || !header.kid.startsWith("did:web:") || !header.kid.includes("#")) {
    return invalid(
      "Not a studio certificate, or the file has been changed: its header does not name the studio key (did:web) that signed it.",
    );
  }
  const key = await signingKey(header.kid, header.jwk, studioKeys);
  if (!key.ok) return invalid(key.reason);

  if (!(await ed25519Verifies(key.jwk, signature, signingInput))) {
    return invalid("The signature does not match: the file has been changed since it was signed.");
  }

  const credential = readCredential(payload);
  if (!credential.ok) return invalid(credential.reason);
  if (credential.value.issuer !== header.kid.split("#")[0]) {
    return invalid("Not a studio certificate: the issuer it names is not the owner of the key that signed it.");
  }
  return {
    valid: true,
    credential: credential.value,
    kid: header.kid,
    thumbprint: key.thumbprint,
    keyIsStudios: studioKeys !== undefined,
  };
}

type KeyChoice = { ok: true; jwk: PublicJwk; thumbprint: string } | { ok: false; reason: string };

/** The key to check with: the studio's key the file names, or, with no studio keys given, the one it carries. */
async function signingKey(kid: string, carried: unknown, studioKeys?: readonly StudioKey[]): Promise<KeyChoice> {
  const carriedJwk = carried === undefined ? undefined : publicJwkSchema.safeParse(carried);
  if (carriedJwk && !carriedJwk.success) {
    return {
      ok: false,
      reason:
        "Not a certificate file, or one that has been changed: the public key in its header is not an Ed25519 key.",
    };
  }
  const fragment = kid.slice(kid.indexOf("#") + 1);
  if (carriedJwk?.success && (await thumbprintOf(carriedJwk.data)) !== fragment) {
    return {
      ok: false,
      reason:
        "Not a studio certificate: the key it carries is not the key its header names (the file was changed, or forged).",
    };
  }
  if (studioKeys) {
    for (const studioKey of studioKeys) {
      const thumbprint = await thumbprintOf(studioKey.jwk);
      if (thumbprint === fragment) return { ok: true, jwk: studioKey.jwk, thumbprint };
    }
    return { ok: false, reason: `Signed by a key that is not the studio's (key ${fragment}).` };
  }
  if (!carriedJwk?.success) {
    return {
      ok: false,
      reason:
        "It cannot be checked from the file alone: it does not carry its public key. Check it against the studio's did.json.",
    };
  }
  return { ok: true, jwk: carriedJwk.data, thumbprint: fragment };
}

type Read = { ok: true; value: CertificateCredential } | { ok: false; reason: string };

function readCredential(payload: Uint8Array): Read {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(payload));
  } catch {
    return { ok: false, reason: "Signed, but what is signed is not a certificate: its content is not JSON." };
  }
  const result = certificateCredentialSchema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join(".")}: ${issue.message})` : "";
  return { ok: false, reason: `Signed, but not a certificate of authenticity this checker understands${where}.` };
}

function quoted(value: unknown): string {
  if (typeof value !== "string") return "nothing";
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return `"${shown}"`;
}

function invalid(reason: string): CertificateVerdict {
  return { valid: false, reason };
}
