// The studio's did:web document (decision 075): every key that ever signed a certificate, so a
// verifier anywhere can check that a certificate's key is the studio's. The DID is the site's
// configured public origin, never the request's Host (decision 013).
import { buildDidDocument } from "#app/certificates/did-document.ts";
import { processSigningKeys, SigningKeyError } from "#app/certificates/signing-keys.server.ts";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import { jsonError } from "#app/http/api-errors.server.ts";
import { outageAnswer } from "#app/http/outage-answers.server.ts";
import { loggerContext } from "#app/observability/context.ts";
import type { Route } from "./+types/[.]well-known.did[.]json";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const keys = await processSigningKeys().publicKeys();
    return Response.json(buildDidDocument(publicOrigin(), keys), {
      headers: {
        "Cache-Control": "public, max-age=300",
        // Public keys, nothing else: any page (a verifier in a visitor's browser) may read them.
        "Access-Control-Allow-Origin": "*",
      },
    });
  } catch (error) {
    const outage = outageAnswer(error, "json");
    if (outage) return outage;
    if (!(error instanceof SigningKeyError)) throw error;
    // The message names the file, never its content.
    context.get(loggerContext).error({ problem: error.message }, "did.json: the signing keys cannot be read");
    return jsonError(503, "The studio's keys cannot be read just now; try again later.", {}, { "Retry-After": "300" });
  }
}
