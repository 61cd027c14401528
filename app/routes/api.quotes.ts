import { parseInput, searchParamsOf, toApiError } from "#app/http/api-errors.server.ts";
import { readPublicQuotes } from "#app/quotes/public-quote-cache.server.ts";
import { publicListQuery } from "#app/quotes/quote-api-schemas.ts";
import type { Route } from "./+types/api.quotes";

/**
 * GET /api/quotes?q=&cursor=&limit= — public quotes only (include_in_search), newest first.
 * Answers `{ quotes: [{ id, text, createdAt }], nextCursor }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseInput(publicListQuery, searchParamsOf(request));
  const page = await readPublicQuotes(context, query).catch(toApiError);
  return Response.json(page, { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } });
}
