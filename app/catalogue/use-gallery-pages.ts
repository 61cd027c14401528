import { useEffect, useRef, useState } from "react";
import type { PictureImages } from "#app/images/picture-images.ts";
import type { ArtworkCard, GalleryFilters } from "./artwork-list.ts";
import { type GalleryPaging, type GalleryView, galleryQuery } from "./gallery-paging.ts";

/**
 * Pages of gallery views the browser has seen, by canonical query (gallery-paging.ts), so Back,
 * the work page's back link and "More works" show them without asking again. Bounded.
 */
const seen = new Map<string, GalleryView>();
const SEEN_LIMIT = 200;

function remember(view: GalleryView) {
  seen.delete(view.query);
  seen.set(view.query, view);
  if (seen.size > SEEN_LIMIT) seen.delete(seen.keys().next().value as string);
}

export interface ShownCards {
  cards: ArtworkCard[];
  /** What the cards' pictures need, as the pages brought it. */
  pictures: PictureImages;
  total: number;
  pages: number;
  /** First page on screen: pages `first`..`paging.page` are shown together. */
  first: number;
  /** The URL's page is still on its way; the previous cards stay until it comes. */
  loading: boolean;
}

/**
 * The cards the gallery shows for the URL's view and page. The loader's page (server-rendered)
 * comes first; other views and pages come from GET /api/artworks in the browser. `from` is the
 * page a run of "More works" started at (kept in history state), so the pages loaded since
 * stay on screen through Back and the work page's back link.
 */
export function useGalleryPages(
  loaded: GalleryView,
  filters: GalleryFilters,
  paging: GalleryPaging,
  from: number,
): ShownCards {
  const [, setVersion] = useState(0);
  const previous = useRef<ShownCards | undefined>(undefined);
  useEffect(() => remember(loaded), [loaded]);

  const queryOf = (page: number) => galleryQuery(filters, { ...paging, page }).toString();
  const lookup = (page: number) => {
    const query = queryOf(page);
    return query === loaded.query ? loaded : seen.get(query);
  };
  const wanted = queryOf(paging.page);
  const current = lookup(paging.page);

  useEffect(() => {
    if (current) return;
    const controller = new AbortController();
    fetch(`/api/artworks?${wanted}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET /api/artworks answered ${response.status}`);
        remember((await response.json()) as GalleryView);
        setVersion((v) => v + 1);
      })
      .catch(() => {
        // Offline, or the catalogue changed under an old tab: let the server answer the page.
        if (!controller.signal.aborted) window.location.assign(`/art${wanted ? `?${wanted}` : ""}`);
      });
    return () => controller.abort();
  }, [current, wanted]);

  if (!current) {
    const stale = previous.current;
    return stale
      ? { ...stale, loading: true }
      : { cards: [], pictures: {}, total: 0, pages: 1, first: paging.page, loading: true };
  }
  // Earlier pages of the run, as far back as they are still known (a reload forgets them).
  let first = paging.page;
  const earlier: GalleryView[] = [];
  while (first > Math.max(1, from)) {
    const page = lookup(first - 1);
    if (!page) break;
    earlier.unshift(page);
    first -= 1;
  }
  const shown: ShownCards = {
    cards: [...earlier, current].flatMap((page) => page.cards),
    pictures: Object.assign({}, ...[...earlier, current].map((page) => page.pictures)),
    total: current.total,
    pages: current.pages,
    first,
    loading: false,
  };
  previous.current = shown;
  return shown;
}
