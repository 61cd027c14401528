// Ed25519 public keys as JSON Web Keys (RFC 8037), their RFC 7638 thumbprints, and WebCrypto's
// import of them: the same code verifies in Node and in the browser (decision 075).
import { z } from "zod";
import { fromBase64url, toBase64url } from "./base64url.ts";

/** An Ed25519 public key as a JWK: `x` is the 32-byte key, base64url. Nothing else is kept. */
export const publicJwkSchema = z.object({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string().refine((x) => fromBase64url(x)?.length === 32, "must be a 32-byte Ed25519 key, base64url"),
});

export type PublicJwk = z.infer<typeof publicJwkSchema>;

/** Only the public members, in the order RFC 7638 sorts them (so a key's JSON is stable). */
export function publicPart(jwk: PublicJwk): PublicJwk {
  return { crv: "Ed25519", kty: "OKP", x: jwk.x } as PublicJwk;
}

/**
 * The key's RFC 7638 thumbprint: SHA-256 of `{"crv","kty","x"}` in that order without spaces,
 * base64url. It names a key by its bytes, so a key id built from it cannot point at another key.
 */
export async function thumbprintOf(jwk: PublicJwk): Promise<string> {
  const canonical = `{"crv":"Ed25519","kty":"OKP","x":"${jwk.x}"}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return toBase64url(new Uint8Array(digest));
}

/** A WebCrypto key that can only verify. */
export function importVerifyKey(jwk: PublicJwk): Promise<CryptoKey> {
  return crypto.subtle.importKey("jwk", publicPart(jwk), { name: "Ed25519" }, false, ["verify"]);
}

/** Whether `signature` is `jwk`'s Ed25519 signature of `data`; false for any malformed input. */
export async function ed25519Verifies(jwk: PublicJwk, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  if (signature.length !== 64) return false;
  try {
    const key = await importVerifyKey(jwk);
    return await crypto.subtle.verify({ name: "Ed25519" }, key, signature as BufferSource, data as BufferSource);
  } catch {
    // A point that is not on the curve is refused at import: it verifies nothing.
    return false;
  }
}
