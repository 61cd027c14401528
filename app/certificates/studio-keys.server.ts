// The keys the site checks its own certificates against: exactly what /.well-known/did.json
// publishes, read back the way any verifier reads it, so the verify page believes a certificate
// only when a visitor's own check against did.json would.
import { publicOrigin } from "#app/config/public-origin.server.ts";
import { buildDidDocument, type StudioKey, studioKeysFromDidDocument } from "./did-document.ts";
import { processSigningKeys, type SigningKeyStore } from "./signing-keys.server.ts";

export async function publishedStudioKeys(
  store: SigningKeyStore = processSigningKeys(),
  origin: string = publicOrigin(),
): Promise<StudioKey[]> {
  const read = studioKeysFromDidDocument(buildDidDocument(origin, await store.publicKeys()));
  // The document is built from the store just above; it lists at least the current key.
  if (!read.ok) throw new Error(read.reason);
  return read.keys;
}
