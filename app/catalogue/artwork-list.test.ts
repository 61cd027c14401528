import { describe, expect, it } from "vitest";
import {
  type ArtworkCard,
  activeFilterCount,
  DEFAULT_FILTERS,
  filtersFromSearchParams,
  type GalleryFilters,
  listArtworks,
  searchParamsFromFilters,
} from "./artwork-list.ts";

const card = (id: number, title: string, year: string, extra: Partial<ArtworkCard> = {}): ArtworkCard => ({
  id,
  slug: title.toLowerCase().replace(/\W+/g, "-"),
  title,
  year,
  series: "Visions",
  chain: "Solana",
  availability: "Sold",
  image: "x",
  ...extra,
});

const cards: ArtworkCard[] = [
  card(1, "Fern Cathedral", "2005", { series: "Maestro", chain: "Ethereum" }),
  card(2, "The New God", "2024", { series: "Secrets" }),
  card(3, "Night Bloom", "2009", { series: "Maestro", chain: "Ethereum", availability: "Available" }),
  card(4, "The Surrender", "2024", { series: "Secrets" }),
  card(5, "The Trinket Maker", "2023", { chain: "Ethereum" }),
  card(6, "Song of the Lupuna", "2025", { series: "Icaro" }),
  card(7, "The Return", "2021", { series: "The Return", chain: "Ethereum" }),
];
const list = (filters: Partial<GalleryFilters>, input = cards) =>
  listArtworks(input, { ...DEFAULT_FILTERS, ...filters }).map((c) => c.title);

describe("listArtworks", () => {
  it("shows everything newest first by default", () => {
    expect(list({})).toEqual([
      "Song of the Lupuna",
      "The New God",
      "The Surrender",
      "The Trinket Maker",
      "The Return",
      "Night Bloom",
      "Fern Cathedral",
    ]);
  });

  it("sorts oldest first, keeping the data order within a year", () => {
    expect(list({ yearSort: "asc" })).toEqual([
      "Fern Cathedral",
      "Night Bloom",
      "The Return",
      "The Trinket Maker",
      "The New God",
      "The Surrender",
      "Song of the Lupuna",
    ]);
  });

  it("sorts years as numbers, not as text", () => {
    const odd = [card(1, "Old", "999"), card(2, "New", "2005"), card(3, "Mid", "1500")];
    expect(list({}, odd)).toEqual(["New", "Mid", "Old"]);
    expect(list({ yearSort: "asc" }, odd)).toEqual(["Old", "Mid", "New"]);
  });

  it("searches titles case-insensitively and ignores surrounding spaces", () => {
    expect(list({ search: "the" })).toEqual([
      "Song of the Lupuna",
      "The New God",
      "The Surrender",
      "The Trinket Maker",
      "The Return",
      "Fern Cathedral",
    ]);
    expect(list({ search: "  NEW god  " })).toEqual(["The New God"]);
    expect(list({ search: "bloom" })).toEqual(["Night Bloom"]);
  });

  it("treats an empty or blank search as no search", () => {
    expect(list({ search: "   " })).toHaveLength(cards.length);
    expect(list({ search: "" })).toHaveLength(cards.length);
  });

  it("filters by chain, by series and by availability", () => {
    expect(list({ chain: "Solana" })).toEqual(["Song of the Lupuna", "The New God", "The Surrender"]);
    expect(list({ series: "Maestro" })).toEqual(["Night Bloom", "Fern Cathedral"]);
    expect(list({ availability: "Available" })).toEqual(["Night Bloom"]);
  });

  it("combines search, filters and sort", () => {
    expect(list({ chain: "Ethereum", search: "the", yearSort: "asc" })).toEqual([
      "Fern Cathedral",
      "The Return",
      "The Trinket Maker",
    ]);
    expect(list({ chain: "Ethereum", series: "Maestro", availability: "Sold" })).toEqual(["Fern Cathedral"]);
    expect(list({ chain: "Solana", series: "Maestro" })).toEqual([]);
  });

  it("keeps only the first card of each repeated id, after sorting", () => {
    const repeated = [
      card(53, "Orchid Bazaar", "2023"),
      card(53, "Orchid Bazaar After Hours", "2023"),
      card(84, "Later Copy", "2024"),
      card(84, "Earlier Original", "2022"),
    ];
    expect(list({}, repeated)).toEqual(["Later Copy", "Orchid Bazaar"]);
    expect(list({ yearSort: "asc" }, repeated)).toEqual(["Earlier Original", "Orchid Bazaar"]);
    // De-duplication applies to what the filters left: a hidden first copy does not hide the second.
    expect(list({ search: "after" }, repeated)).toEqual(["Orchid Bazaar After Hours"]);
  });

  it("does not reorder the caller's array", () => {
    const input = [...cards];
    listArtworks(input, DEFAULT_FILTERS);
    expect(input).toEqual(cards);
  });
});

describe("gallery filters in the URL", () => {
  it("reads defaults from an empty query and from the empty fields a plain GET form sends", () => {
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearchParams(new URLSearchParams("q=&availability=&chain=&series=&sort=newest"))).toEqual(
      DEFAULT_FILTERS,
    );
  });

  it("round-trips a view and leaves defaults out of the URL", () => {
    const filters: GalleryFilters = {
      availability: "Sold",
      chain: "Solana",
      series: "The Return",
      yearSort: "asc",
      search: "god",
    };
    const params = searchParamsFromFilters(filters);
    expect(params.toString()).toBe("q=god&availability=Sold&chain=Solana&series=The+Return&sort=oldest");
    expect(filtersFromSearchParams(params)).toEqual(filters);
    expect(searchParamsFromFilters(DEFAULT_FILTERS).toString()).toBe("");
  });

  it("counts each control that differs from its default once: the phone's Filter (n)", () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    // A blank search is no filter; "Newest First" is the default.
    expect(activeFilterCount({ ...DEFAULT_FILTERS, search: "   ", yearSort: "desc" })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, series: "Secrets", yearSort: "asc" })).toBe(2);
    expect(
      activeFilterCount({ availability: "Sold", chain: "Solana", series: "Icaro", yearSort: "asc", search: "moth" }),
    ).toBe(5);
  });
});
