import { withCardPictures } from "#app/catalogue/gallery-pictures.server.ts";
import { catalogueLister, galleryView } from "#app/catalogue/gallery-view.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { editionAvailabilityContext } from "#app/editions/edition-availability.server.ts";
import { withEditionLines } from "#app/editions/edition-cards.server.ts";
import { jsonError } from "#app/http/api-errors.server.ts";
import type { Route } from "./+types/api.artworks";

/**
 * GET /api/artworks?q=&availability=&chain=&series=&sort=&page=&per= — one page of the gallery's
 * view, by the same rule and URL as /art: `{ cards, page, pages, total, query, pictures }`. The gallery
 * asks it when its filters or page change in the browser, so no visitor downloads the whole
 * catalogue. A bad `page` or `per` is a 400, a page past the end a 404, each with a message.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const catalogue = context.get(contentStoreContext).catalogue();
  const result = galleryView(new URL(request.url).searchParams, catalogueLister(catalogue));
  if (!result.ok) return jsonError(result.status, result.message, { field: result.field });
  const view = withEditionLines(withCardPictures(result.view), context.get(editionAvailabilityContext));
  return Response.json(view, {
    headers: { "Cache-Control": "public, max-age=0, must-revalidate" },
  });
}
