import { z } from "zod";
import { filtersFromSearchParams } from "#app/catalogue/artwork-list.ts";
import { artworkNeighbours } from "#app/catalogue/artwork-neighbours.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { jsonError, parseInput } from "#app/http/api-errors.server.ts";
import type { Route } from "./+types/api.artworks.neighbours";

/** Longer than any real gallery view's query; a longer one is refused before it is read. */
const MAX_QUERY_LENGTH = 1000;

const filterValue = z
  .string()
  .max(100, "must be at most 100 characters, as the gallery's filter values are")
  .optional();

/** The gallery's query names (artwork-list.ts), plus the work; anything else is a mistake. */
const neighboursQuery = z.strictObject(
  {
    slug: z
      .string({ error: "is required: the work's address name, e.g. the-new-god" })
      .max(100, "must be at most 100 characters")
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a work's address name, e.g. the-new-god"),
    q: z.string().max(200, "must be at most 200 characters").optional(),
    availability: filterValue,
    chain: filterValue,
    series: filterValue,
    sort: z.enum(["newest", "oldest"], { error: 'must be "newest" or "oldest"' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown parameter ${issue.keys.join(", ")}: use slug, q, availability, chain, series and sort.`
        : undefined,
  },
);

/**
 * GET /api/artworks/neighbours?slug=&q=&availability=&chain=&series=&sort= — the works before and
 * after `slug` in that gallery view: `{ previous, next }`, each `{ slug, title }` or null. The
 * artwork page asks it only when the visitor came from a filtered or sorted gallery in this tab
 * (docs/decisions/022). Unknown keys or bad values are a 400; a work that does not exist, or is
 * not in the view, a 404.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.search.length > MAX_QUERY_LENGTH)
    return jsonError(400, `The query is too long: at most ${MAX_QUERY_LENGTH} characters, as a gallery view's is.`);
  const params = url.searchParams;
  const keys = [...params.keys()];
  const repeated = keys.find((key, i) => keys.indexOf(key) !== i);
  if (repeated) return jsonError(400, `${repeated} is given twice; give it once.`, { field: repeated });
  const query = parseInput(neighboursQuery, Object.fromEntries(params));
  const catalogue = context.get(contentStoreContext).catalogue();
  if (!catalogue.find(query.slug))
    return jsonError(404, `There is no work "${query.slug}" in the catalogue.`, { field: "slug" });
  const neighbours = artworkNeighbours(catalogue, query.slug, filtersFromSearchParams(params));
  if (!neighbours)
    return jsonError(404, `The work "${query.slug}" is not in this view of the gallery; its filters leave it out.`, {
      field: "slug",
    });
  return Response.json(neighbours, { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } });
}
