// JWS Compact Serialization (RFC 7515 §7.1): header.payload.signature, each base64url. Reading
// never throws: a file that is not one gets a sentence saying so. Signing takes a WebCrypto key,
// so no private key material passes through this module as bytes or text.
import { fromBase64url, textToBase64url, toBase64url } from "./base64url.ts";

/** Far above any certificate (about 2 KB), far below what would cost a reader anything. */
export const MAX_JWS_CHARACTERS = 64 * 1024;

export interface CompactJws {
  /** The protected header, decoded: a JSON object, otherwise unchecked. */
  header: Record<string, unknown>;
  /** The payload's bytes (a certificate's are JSON). */
  payload: Uint8Array;
  signature: Uint8Array;
  /** What the signature covers: the first two parts as they are in the file. */
  signingInput: Uint8Array;
}

export type ParsedJws = { ok: true; jws: CompactJws } | { ok: false; reason: string };

const NOT_A_CERTIFICATE = "Not a certificate file";

/** Reads a compact JWS; surrounding white space (a file's last newline) is ignored. */
export function parseCompactJws(text: string): ParsedJws {
  if (text.length > MAX_JWS_CHARACTERS) {
    return { ok: false, reason: `${NOT_A_CERTIFICATE}: it is far larger than any certificate (over 64 KB).` };
  }
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: `${NOT_A_CERTIFICATE}: it is empty.` };
  const parts = trimmed.split(".");
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) {
    return {
      ok: false,
      reason: `${NOT_A_CERTIFICATE}: a certificate is three runs of letters and digits joined by two dots, and this is not (or it has been damaged).`,
    };
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJsonObject(headerPart);
  if (!header) {
    return {
      ok: false,
      reason: `${NOT_A_CERTIFICATE}: its header cannot be read (the file is damaged or was changed).`,
    };
  }
  const payload = fromBase64url(payloadPart);
  if (!payload) {
    return {
      ok: false,
      reason:
        "The signature does not match: the file has been changed since it was signed (its content cannot be read).",
    };
  }
  // A signature part that does not decode to bytes is treated as a signature that does not match.
  const signature = fromBase64url(signaturePart) ?? new Uint8Array(0);
  const signingInput = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
  return { ok: true, jws: { header, payload, signature, signingInput } };
}

function decodeJsonObject(part: string): Record<string, unknown> | undefined {
  const bytes = fromBase64url(part);
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Signs `payload` under `header` (serialised as given) with an Ed25519 WebCrypto key. */
export async function signCompactJws(header: object, payload: Uint8Array, key: CryptoKey): Promise<string> {
  const signingInput = `${textToBase64url(JSON.stringify(header))}.${toBase64url(payload)}`;
  const signature = await crypto.subtle.sign(
    { name: "Ed25519" },
    key,
    new TextEncoder().encode(signingInput) as BufferSource,
  );
  return `${signingInput}.${toBase64url(new Uint8Array(signature))}`;
}
