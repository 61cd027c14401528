// The keys the site checks its own certificates against: exactly what /.well-known/did.json
// publishes, read back the way any verifier reads it, so the verify page believes a certificate
// only when a visitor's own check against did.json would.
import { data } from "react-router";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import { buildDidDocument, type StudioKey, studioKeysFromDidDocument } from "./did-document.ts";
import { processSigningKeys, SigningKeyError, type SigningKeyStore } from "./signing-keys.server.ts";

export async function publishedStudioKeys(
  store: SigningKeyStore = processSigningKeys(),
  origin: string = publicOrigin(),
): Promise<StudioKey[]> {
  const read = studioKeysFromDidDocument(buildDidDocument(origin, await store.publicKeys()));
  // The document is built from the store just above; it lists at least the current key.
  if (!read.ok) throw new Error(read.reason);
  return read.keys;
}

/** For a page: the published keys, or a thrown 503 with a sentence when the key file cannot be read. */
export async function studioKeysForPage(): Promise<StudioKey[]> {
  try {
    return await publishedStudioKeys();
  } catch (error) {
    if (!(error instanceof SigningKeyError)) throw error;
    throw data("The studio's keys cannot be read just now, so no certificate can be checked; try again later.", {
      status: 503,
      headers: { "Retry-After": "300", "Cache-Control": "no-store" },
    });
  }
}
