import { type ArtworkCard, filtersFromSearchParams, type GalleryFilters, listArtworks } from "./artwork-list.ts";
import type { Catalogue } from "./catalogue.ts";
import { type GalleryPage, pageOf, pagingFromSearchParams, pastTheEndMessage } from "./gallery-paging.ts";

export type GalleryViewResult =
  | { ok: true; filters: GalleryFilters; view: GalleryPage }
  | { ok: false; status: 400 | 404; field: "page" | "per"; message: string };

/**
 * The list rule over a fixed card list, made cheap per request: both year orders are sorted
 * once (the rule's sort is stable, so filtering a stably sorted list gives the same order as
 * sorting the filtered one), leaving a filter and the duplicate-id pass per request.
 */
export function galleryLister(cards: readonly ArtworkCard[]) {
  const noFilter = { availability: "", chain: "", series: "", search: "" };
  const sorted = {
    desc: listSorted(cards, { ...noFilter, yearSort: "desc" }),
    asc: listSorted(cards, { ...noFilter, yearSort: "asc" }),
  };
  return (filters: GalleryFilters) => listArtworks(sorted[filters.yearSort], filters, { sorted: true });
}

/** Sorted by year, duplicates kept: which of two works sharing an id shows depends on the filters. */
function listSorted(cards: readonly ArtworkCard[], filters: GalleryFilters): ArtworkCard[] {
  const direction = filters.yearSort === "asc" ? 1 : -1;
  return [...cards].sort((a, b) => (Number(a.year) - Number(b.year)) * direction);
}

type Lister = (filters: GalleryFilters) => ArtworkCard[];

/** One lister per catalogue: a new version of the content gets its own, the old one goes with it. */
const listers = new WeakMap<Catalogue, Lister>();

/** The gallery's list rule over a catalogue, sorted once per catalogue. */
export function catalogueLister(catalogue: Catalogue): Lister {
  let lister = listers.get(catalogue);
  if (!lister) {
    lister = galleryLister(catalogue.cards());
    listers.set(catalogue, lister);
  }
  return lister;
}

/** The page of the catalogue a gallery URL asks for, or why it cannot be shown (400 or 404). */
export function galleryView(params: URLSearchParams, lister: Lister): GalleryViewResult {
  const paging = pagingFromSearchParams(params);
  if (!paging.ok) return { ok: false, status: 400, field: paging.field, message: paging.message };
  const filters = filtersFromSearchParams(params);
  const list = lister(filters);
  const view = pageOf(list, filters, paging.paging);
  if (!view) {
    const pages = Math.max(1, Math.ceil(list.length / paging.paging.per));
    return { ok: false, status: 404, field: "page", message: pastTheEndMessage(paging.paging.page, pages) };
  }
  return { ok: true, filters, view };
}

/** The whole catalogue in a view's order (every page), for the artwork page's Previous and Next. */
export function catalogueInView(catalogue: Catalogue, filters: GalleryFilters): ArtworkCard[] {
  return catalogueLister(catalogue)(filters);
}
