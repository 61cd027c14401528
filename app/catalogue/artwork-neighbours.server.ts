import { DEFAULT_FILTERS, type GalleryFilters } from "./artwork-list.ts";
import { type Neighbours, neighboursIn } from "./artwork-neighbours.ts";
import type { Catalogue } from "./catalogue.ts";
import { catalogueInView } from "./gallery-view.server.ts";

/**
 * A work's Previous and Next in a gallery view, by the gallery's own list rule (the default view
 * unless given its filters); `undefined` when the view does not hold the work.
 */
export function artworkNeighbours(
  catalogue: Catalogue,
  slug: string,
  filters: GalleryFilters = DEFAULT_FILTERS,
): Neighbours | undefined {
  return neighboursIn(catalogueInView(catalogue, filters), slug);
}
