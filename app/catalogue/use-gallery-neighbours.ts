import { useEffect, useState } from "react";
import { filtersFromSearchParams, searchParamsFromFilters } from "./artwork-list.ts";
import type { Neighbours } from "./artwork-neighbours.ts";

/** The view's query as the neighbours API takes it: the gallery's filters and sort, no paging. */
export function neighboursQuery(slug: string, gallerySearch: string): string {
  const params = searchParamsFromFilters(filtersFromSearchParams(new URLSearchParams(gallerySearch)));
  params.set("slug", slug);
  return params.toString();
}

/**
 * Previous and Next in the gallery view the visitor came from. `gallerySearch` is only set after
 * a client-side navigation from the gallery (history state); without it, or if the API cannot
 * answer, the server's default-order neighbours stand. `loading` while the answer is on its way,
 * so no link points at the wrong work meanwhile.
 */
export function useGalleryNeighbours(
  slug: string,
  gallerySearch: string | undefined,
  fallback: Neighbours,
): { neighbours: Neighbours; loading: boolean } {
  const query = gallerySearch ? neighboursQuery(slug, gallerySearch) : undefined;
  const [answer, setAnswer] = useState<{ query: string; neighbours: Neighbours | undefined }>();
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    fetch(`/api/artworks/neighbours?${query}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<Neighbours>) : undefined))
      .catch(() => undefined)
      .then((neighbours) => {
        if (!controller.signal.aborted) setAnswer({ query, neighbours });
      });
    return () => controller.abort();
  }, [query]);
  if (!query) return { neighbours: fallback, loading: false };
  if (answer?.query !== query) return { neighbours: fallback, loading: true };
  return { neighbours: answer.neighbours ?? fallback, loading: false };
}
