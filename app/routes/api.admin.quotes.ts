import { requireAdmin } from "#app/auth/require-admin.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { methodNotAllowed, parseInput, readJsonBody, searchParamsOf, toApiError } from "#app/http/api-errors.server.ts";
import { publicQuoteCacheContext } from "#app/quotes/public-quote-cache.server.ts";
import { adminListQuery, setManyVisibilityBody } from "#app/quotes/quote-api-schemas.ts";
import { listAdminQuotes, setQuotesVisibility } from "#app/quotes/quotes.server.ts";
import type { Route } from "./+types/api.admin.quotes";

const noStore = { "Cache-Control": "no-store" };

/**
 * GET /api/admin/quotes?filter=all|public|hidden&q=&cursor=&limit= — every quote, newest first.
 * Answers `{ quotes: [{ id, text, createdAt, includeInSearch, updatedAt }], nextCursor, counts }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseInput(adminListQuery, searchParamsOf(request));
  const { db } = context.get(databaseContext);
  const page = await listAdminQuotes(db, query).catch(toApiError);
  return Response.json(page, { headers: noStore });
}

/**
 * PATCH /api/admin/quotes with `{ ids: number[], includeInSearch: boolean }` — sets many quotes
 * in one transaction (an unknown id: 404 and nothing changes). Answers `{ quotes }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  await requireAdmin(request, context);
  const body = parseInput(setManyVisibilityBody, await readJsonBody(request));
  const { db } = context.get(databaseContext);
  const quotes = await setQuotesVisibility(db, body.ids, body.includeInSearch).catch(toApiError);
  context.get(publicQuoteCacheContext).forget();
  return Response.json({ quotes }, { headers: noStore });
}
