import { contentStoreContext } from "#app/content/content-store.server.ts";
import { availabilityAnswer, availabilityQuery } from "#app/editions/availability-answer.server.ts";
import { editionAvailabilityContext } from "#app/editions/edition-availability.server.ts";
import { parseInput, searchParamsOf } from "#app/http/api-errors.server.ts";
import type { Route } from "./+types/api.editions.availability";

/**
 * GET /api/editions/availability?works=a,b&series=Icaro — the edition lines of the public
 * works and series a page shows, as they stand now, from memory (decision 076): `{ version,
 * works: { slug: line | null }, series: { name: line | null } }`. Open pages ask it every
 * second to stay live. Works and series outside the public catalogue are left out; no
 * collector's detail is in memory to give. An ETag, and a 304 when the lines did not change.
 * server/edition-lines-from-memory.ts answers the same before Express; this route answers what
 * it passes on (bad input: a 400 that says what to change) and in development.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = parseInput(availabilityQuery, searchParamsOf(request));
  const catalogue = context.get(contentStoreContext).catalogue();
  const { body, etag } = availabilityAnswer(query, catalogue, context.get(editionAvailabilityContext));
  const headers = { "Cache-Control": "no-cache", ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return Response.json(body, { headers });
}
