import { describe, expect, it } from "vitest";
import { buildDidDocument, didWebOf, studioKeysFromDidDocument } from "./did-document.ts";

const KEY = {
  keyId: "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k",
  jwk: { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" },
} as const;
const OLD = { keyId: "old", jwk: { kty: "OKP", crv: "Ed25519", x: "A".repeat(43) } } as const;

describe("did:web", () => {
  it("names the site by its host, a port percent-encoded", () => {
    expect(didWebOf("https://umbra.example")).toBe("did:web:umbra.example");
    expect(didWebOf("http://localhost:3000")).toBe("did:web:localhost%3A3000");
  });

  it("lists every key as a JsonWebKey that may sign credentials, and reads back the same keys", () => {
    const document = buildDidDocument("https://umbra.example", [OLD, KEY]);
    expect(document).toEqual({
      "@context": ["https://www.w3.org/ns/did/v1.1"],
      id: "did:web:umbra.example",
      verificationMethod: [
        {
          id: "did:web:umbra.example#old",
          type: "JsonWebKey",
          controller: "did:web:umbra.example",
          publicKeyJwk: { crv: "Ed25519", kty: "OKP", x: OLD.jwk.x },
        },
        {
          id: `did:web:umbra.example#${KEY.keyId}`,
          type: "JsonWebKey",
          controller: "did:web:umbra.example",
          publicKeyJwk: { crv: "Ed25519", kty: "OKP", x: KEY.jwk.x },
        },
      ],
      assertionMethod: ["did:web:umbra.example#old", `did:web:umbra.example#${KEY.keyId}`],
    });
    expect(studioKeysFromDidDocument(document)).toEqual({
      ok: true,
      keys: [
        { kid: "did:web:umbra.example#old", jwk: document.verificationMethod[0]?.publicKeyJwk },
        { kid: `did:web:umbra.example#${KEY.keyId}`, jwk: document.verificationMethod[1]?.publicKeyJwk },
      ],
    });
  });

  it("trusts only keys listed for assertion, and says when a file is not a DID document", () => {
    const document = buildDidDocument("https://umbra.example", [KEY]);
    expect(studioKeysFromDidDocument({ ...document, assertionMethod: [] })).toEqual({
      ok: false,
      reason: "That DID document lists no Ed25519 key for signing.",
    });
    expect(studioKeysFromDidDocument({ hello: "world" })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a DID document/),
    });
  });
});
