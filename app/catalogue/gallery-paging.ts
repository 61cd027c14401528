import type { PictureImages } from "#app/images/picture-images.ts";
/**
 * The gallery's pages (docs/decisions/021): which slice of the list rule's result a URL shows,
 * and the URL of another page of the same view. Pure, shared by the server and the browser.
 */
import type { ArtworkCard, GalleryFilters } from "./artwork-list.ts";
import { searchParamsFromFilters } from "./artwork-list.ts";

/**
 * Cards on a page unless `?per=` asks otherwise (docs/decisions/054). 36 cards fill whole rows of
 * two, three or four columns and keep `/art` about 12 KB of compressed HTML with its hydration
 * data: one TCP round of a new connection (the first 14 KB), so the first card's picture is asked
 * for a round trip sooner than with the whole catalogue on the page (21 KB).
 */
export const GALLERY_PAGE_SIZE = 36;
/** `?per=` may ask for smaller pages (slow connections) or larger ones up to this. */
export const MAX_PER_PAGE = 120;
export const MIN_PER_PAGE = 10;

export interface GalleryPaging {
  /** 1-based. */
  page: number;
  per: number;
}

/** A page of the gallery as /art and /api/artworks send it: its cards' pictures resolved. */
export interface GalleryView extends GalleryPage {
  pictures: PictureImages;
}

export interface GalleryPage<T extends ArtworkCard = ArtworkCard> {
  cards: T[];
  page: number;
  /** Number of pages of this view; at least 1 (an empty view is one empty page). */
  pages: number;
  /** Works in this view, all pages together. */
  total: number;
  /** The canonical query of this page (galleryQuery): the key the browser keeps it under. */
  query: string;
}

export type PagingResult = { ok: true; paging: GalleryPaging } | { ok: false; field: "page" | "per"; message: string };

const WHOLE = /^[1-9][0-9]{0,8}$/;

/** `?page=` (default 1) and `?per=` (default GALLERY_PAGE_SIZE), or what is wrong with them. */
export function pagingFromSearchParams(params: URLSearchParams): PagingResult {
  const pageText = params.get("page");
  const perText = params.get("per");
  if (pageText !== null && !WHOLE.test(pageText))
    return { ok: false, field: "page", message: `page must be a whole number from 1 (got "${clip(pageText)}")` };
  if (perText !== null && !(WHOLE.test(perText) && Number(perText) >= MIN_PER_PAGE && Number(perText) <= MAX_PER_PAGE))
    return {
      ok: false,
      field: "per",
      message: `per must be a whole number from ${MIN_PER_PAGE} to ${MAX_PER_PAGE} (got "${clip(perText)}")`,
    };
  return {
    ok: true,
    paging: {
      page: pageText === null ? 1 : Number(pageText),
      per: perText === null ? GALLERY_PAGE_SIZE : Number(perText),
    },
  };
}

/** One page of an already listed view; `undefined` when the page is past the last one. */
export function pageOf<T extends ArtworkCard>(
  list: readonly T[],
  filters: GalleryFilters,
  paging: GalleryPaging,
): GalleryPage<T> | undefined {
  const pages = Math.max(1, Math.ceil(list.length / paging.per));
  if (paging.page > pages) return undefined;
  const start = (paging.page - 1) * paging.per;
  const cards = list.slice(start, start + paging.per);
  return { cards, page: paging.page, pages, total: list.length, query: galleryQuery(filters, paging).toString() };
}

/** What a visitor reads when a page number is past the end of the view. */
export function pastTheEndMessage(page: number, pages: number): string {
  return `There is no page ${page} of this view: it has ${pages === 1 ? "1 page" : `${pages} pages`}.`;
}

/** The query of a view's page: the filters' shortest query, then `per` and `page` when not default. */
export function galleryQuery(filters: GalleryFilters, paging: GalleryPaging): URLSearchParams {
  const params = searchParamsFromFilters(filters);
  if (paging.per !== GALLERY_PAGE_SIZE) params.set("per", String(paging.per));
  if (paging.page > 1) params.set("page", String(paging.page));
  return params;
}

/** `/art?...` for a view's page (`/art` alone for the first page of the default view). */
export function galleryHref(filters: GalleryFilters, paging: GalleryPaging): string {
  const query = galleryQuery(filters, paging).toString();
  return query ? `/art?${query}` : "/art";
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}...` : text);
