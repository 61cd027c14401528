import { requireAdmin } from "#app/auth/require-admin.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { jsonError, methodNotAllowed, parseInput, readJsonBody, toApiError } from "#app/http/api-errors.server.ts";
import { publicQuoteCacheContext } from "#app/quotes/public-quote-cache.server.ts";
import { quoteIdParams, setVisibilityBody } from "#app/quotes/quote-api-schemas.ts";
import { getQuote, setQuoteVisibility } from "#app/quotes/quotes.server.ts";
import type { Route } from "./+types/api.admin.quotes.$id";

const noStore = { "Cache-Control": "no-store" };

/** GET /api/admin/quotes/:id — one quote, `{ quote }`. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { id } = parseInput(quoteIdParams, params);
  const quote = await getQuote(context.get(databaseContext).db, id).catch(toApiError);
  if (!quote) throw jsonError(404, `No quote with id ${id}`);
  return Response.json({ quote }, { headers: noStore });
}

/** PATCH /api/admin/quotes/:id with `{ includeInSearch: boolean }` — answers `{ quote }`. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  await requireAdmin(request, context);
  const { id } = parseInput(quoteIdParams, params);
  const body = parseInput(setVisibilityBody, await readJsonBody(request));
  const quote = await setQuoteVisibility(context.get(databaseContext).db, id, body.includeInSearch).catch(toApiError);
  context.get(publicQuoteCacheContext).forget();
  return Response.json({ quote }, { headers: noStore });
}
