import { databaseContext } from "~/db/context";
import { parseInput, searchParamsOf, toApiError } from "~/http/api-errors.server";
import { publicListQuery } from "~/quotes/quote-api-schemas";
import { listPublicQuotes } from "~/quotes/quotes.server";
import type { Route } from "./+types/api.quotes";

/**
 * GET /api/quotes?q=&cursor=&limit= — public quotes only (include_in_search), newest first.
 * Answers `{ quotes: [{ id, text, createdAt }], nextCursor }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseInput(publicListQuery, searchParamsOf(request));
  const { db } = context.get(databaseContext);
  const page = await listPublicQuotes(db, query).catch(toApiError);
  return Response.json(page, { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } });
}
