import { z } from "zod";
import { requireStudioAdmin } from "#app/admin/studio-access.server.ts";
import { searchCatalogue } from "#app/admin/viewing-rooms/catalogue-search.server.ts";
import { ROOM_LIMITS } from "#app/admin/viewing-rooms/room-form.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { parseInput, searchParamsOf } from "#app/http/api-errors.server.ts";
import type { Route } from "./+types/admin.viewing-rooms.works";

const query = z.object({
  q: z.string().max(ROOM_LIMITS.search, `Search for at most ${ROOM_LIMITS.search} characters.`).default(""),
});

/**
 * The room editor's catalogue search (with JavaScript; without, the editor's Find button asks
 * the page's action): works whose title, series or year hold every word, at most 20, as JSON.
 * The same access as the rooms' pages: a session with a second factor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStudioAdmin(request, context);
  const { q } = parseInput(query, searchParamsOf(request));
  return Response.json(
    { results: searchCatalogue(context.get(contentStoreContext).catalogueWithHidden(), q) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
