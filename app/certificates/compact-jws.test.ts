// The published test vectors through this folder's own signing and verifying code: RFC 8037
// Appendix A (the JWK, its thumbprint, and the Ed25519 JWS) and RFC 8032 §7.1 test 1.
import { describe, expect, it } from "vitest";
import { fromBase64url, textToBase64url, toBase64url } from "./base64url.ts";
import { parseCompactJws, signCompactJws } from "./compact-jws.ts";
import { ed25519Verifies, type PublicJwk, thumbprintOf } from "./ed25519-jwk.ts";

// RFC 8037 A.1: the private key's d and x (the same key as RFC 8032 §7.1 test 1).
const RFC8037_D = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A";
const RFC8037_PUBLIC: PublicJwk = { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" };
// RFC 8037 A.4: {"alg":"EdDSA"} over "Example of Ed25519 signing".
const RFC8037_JWS =
  "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc." +
  "hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg";

const hex = (value: string) => Uint8Array.from(value.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

function importSigningKey(x: string, d: string) {
  return crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x, d }, { name: "Ed25519" }, false, ["sign"]);
}

describe("RFC 8037 Appendix A", () => {
  it("A.3: the key's thumbprint", async () => {
    expect(await thumbprintOf(RFC8037_PUBLIC)).toBe("kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k");
  });

  it("A.4: signing gives the published JWS byte for byte, and it verifies", async () => {
    const key = await importSigningKey(RFC8037_PUBLIC.x, RFC8037_D);
    const signed = await signCompactJws({ alg: "EdDSA" }, new TextEncoder().encode("Example of Ed25519 signing"), key);
    expect(signed).toBe(RFC8037_JWS);

    const parsed = parseCompactJws(RFC8037_JWS);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.jws.header).toEqual({ alg: "EdDSA" });
    expect(new TextDecoder().decode(parsed.jws.payload)).toBe("Example of Ed25519 signing");
    expect(await ed25519Verifies(RFC8037_PUBLIC, parsed.jws.signature, parsed.jws.signingInput)).toBe(true);
  });

  it("A.4 with one bit of the signature flipped does not verify", async () => {
    const parsed = parseCompactJws(RFC8037_JWS);
    if (!parsed.ok) throw new Error(parsed.reason);
    const signature = parsed.jws.signature.slice();
    signature[10] = (signature[10] ?? 0) ^ 1;
    expect(await ed25519Verifies(RFC8037_PUBLIC, signature, parsed.jws.signingInput)).toBe(false);
  });
});

describe("RFC 8032 §7.1 test 1", () => {
  const secret = hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
  const publicKey = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  const signature =
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";

  it("is the RFC 8037 key, and signing the empty message gives the published signature", async () => {
    expect(toBase64url(secret)).toBe(RFC8037_D);
    expect(toBase64url(publicKey)).toBe(RFC8037_PUBLIC.x);
    const key = await importSigningKey(toBase64url(publicKey), toBase64url(secret));
    // The empty payload under an empty-object header: the signature covers "e30." only, so the
    // raw signature is checked directly as well.
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, key, new Uint8Array(0)));
    expect(toHex(raw)).toBe(signature);
    expect(await ed25519Verifies(RFC8037_PUBLIC, hex(signature), new Uint8Array(0))).toBe(true);
    expect(await ed25519Verifies(RFC8037_PUBLIC, hex(signature), new Uint8Array([0]))).toBe(false);
  });
});

describe("base64url", () => {
  it("round-trips text and refuses what no encoder writes", () => {
    expect(textToBase64url('{"alg":"EdDSA"}')).toBe("eyJhbGciOiJFZERTQSJ9");
    expect(fromBase64url("eyJhbGciOiJFZERTQSJ9")).toEqual(new TextEncoder().encode('{"alg":"EdDSA"}'));
    for (const bad of ["ab+c", "ab/c", "abc=", "a", "YR"]) expect(fromBase64url(bad), bad).toBeUndefined();
  });
});
