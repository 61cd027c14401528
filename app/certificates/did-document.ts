// The studio's did:web document (https://w3c-ccg.github.io/did-method-web/): its identifier from
// the site's public origin, and the document listing every key that ever signed a certificate,
// current and retired, so a certificate signed before a rotation still verifies. Built by the
// server (/.well-known/did.json) and read back by the offline verifier (`--did FILE`).
import { z } from "zod";
import { type PublicJwk, publicJwkSchema, publicPart } from "./ed25519-jwk.ts";

/** A key a verifier trusts as the studio's: its DID URL (`did:web:host#thumbprint`) and JWK. */
export interface StudioKey {
  kid: string;
  jwk: PublicJwk;
}

export const DID_CONTEXT = "https://www.w3.org/ns/did/v1.1";

/** `did:web:umbra.example` for https://umbra.example; a port is percent-encoded (`localhost%3A3000`). */
export function didWebOf(origin: string): string {
  return `did:web:${new URL(origin).host.replace(":", "%3A")}`;
}

/** The DID document: each key a JsonWebKey verification method, each one an assertionMethod. */
export function buildDidDocument(origin: string, keys: readonly { keyId: string; jwk: PublicJwk }[]) {
  const did = didWebOf(origin);
  const methods = keys.map((key) => ({
    id: `${did}#${key.keyId}`,
    type: "JsonWebKey",
    controller: did,
    publicKeyJwk: publicPart(key.jwk),
  }));
  return {
    "@context": [DID_CONTEXT],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}

const didDocumentSchema = z.object({
  id: z.string().startsWith("did:web:"),
  verificationMethod: z
    .array(z.object({ id: z.string(), type: z.string(), publicKeyJwk: z.unknown().optional() }))
    .max(1000),
  assertionMethod: z.array(z.unknown()).max(1000),
});

export type DidKeys = { ok: true; keys: StudioKey[] } | { ok: false; reason: string };

/** The Ed25519 keys a DID document lets sign credentials (assertionMethod); others are left out. */
export function studioKeysFromDidDocument(document: unknown): DidKeys {
  const parsed = didDocumentSchema.safeParse(document);
  if (!parsed.success) return { ok: false, reason: "That is not a DID document (did.json) with keys in it." };
  const asserting = new Set(parsed.data.assertionMethod.filter((entry) => typeof entry === "string"));
  const keys: StudioKey[] = [];
  for (const method of parsed.data.verificationMethod) {
    const jwk = publicJwkSchema.safeParse(method.publicKeyJwk);
    if (asserting.has(method.id) && jwk.success) keys.push({ kid: method.id, jwk: jwk.data });
  }
  if (keys.length === 0) return { ok: false, reason: "That DID document lists no Ed25519 key for signing." };
  return { ok: true, keys };
}
