/**
 * The gallery's list rule (SPEC.md point 4) and its URL form. Pure and free of catalogue data,
 * so the browser can run it on every change without downloading the catalogue.
 */
export interface ArtworkCard {
  id: number;
  slug: string;
  title: string;
  year: string;
  series: string;
  chain: string;
  availability: string;
  /** Image name in the "artworks" collection. */
  image: string;
  /** "Edition of 8 · 6 available" when the ledger has the work's edition (issue 40). */
  edition?: string;
}

export type YearSort = "desc" | "asc";

export interface GalleryFilters {
  /** Empty string means all. */
  availability: string;
  chain: string;
  series: string;
  yearSort: YearSort;
  search: string;
}

export const DEFAULT_FILTERS: GalleryFilters = {
  availability: "",
  chain: "",
  series: "",
  yearSort: "desc",
  search: "",
};

/**
 * Trimmed, case-insensitive title search, then the availability/chain/series filters (empty =
 * all), then a stable sort by numeric year, then duplicate removal by id keeping the first.
 */
export function listArtworks<T extends ArtworkCard>(
  cards: readonly T[],
  filters: GalleryFilters,
  options: { sorted?: boolean } = {},
): T[] {
  const needle = filters.search.trim().toLowerCase();
  const matching = cards.filter(
    (card) =>
      (!needle || card.title.toLowerCase().includes(needle)) &&
      (!filters.availability || card.availability === filters.availability) &&
      (!filters.chain || card.chain === filters.chain) &&
      (!filters.series || card.series === filters.series),
  );
  const direction = filters.yearSort === "asc" ? 1 : -1;
  // `sorted`: the cards are already in the filters' year order (the server sorts once).
  const sorted = options.sorted ? matching : matching.sort((a, b) => (Number(a.year) - Number(b.year)) * direction);
  const seen = new Set<number>();
  return sorted.filter((card) => {
    if (seen.has(card.id)) return false;
    seen.add(card.id);
    return true;
  });
}

/** URL query names: ?q=&availability=&chain=&series=&sort=oldest */
export function filtersFromSearchParams(params: URLSearchParams): GalleryFilters {
  return {
    availability: params.get("availability") ?? "",
    chain: params.get("chain") ?? "",
    series: params.get("series") ?? "",
    yearSort: params.get("sort") === "oldest" ? "asc" : "desc",
    search: params.get("q") ?? "",
  };
}

/** The shortest query for a view: defaults and empty values are left out. */
export function searchParamsFromFilters(filters: GalleryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("q", filters.search);
  if (filters.availability) params.set("availability", filters.availability);
  if (filters.chain) params.set("chain", filters.chain);
  if (filters.series) params.set("series", filters.series);
  if (filters.yearSort === "asc") params.set("sort", "oldest");
  return params;
}

export function hasActiveFilters(filters: GalleryFilters): boolean {
  return activeFilterCount(filters) > 0;
}

/**
 * How many of the five controls differ from their default (a search, a chosen availability,
 * chain or series, or "Oldest First"): the number the phone's "Filter (n)" button shows.
 */
export function activeFilterCount(filters: GalleryFilters): number {
  return searchParamsFromFilters(filters).size;
}
