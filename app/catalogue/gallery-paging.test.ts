import { describe, expect, it } from "vitest";
import { type ArtworkCard, DEFAULT_FILTERS, listArtworks } from "./artwork-list.ts";
import {
  GALLERY_PAGE_SIZE,
  galleryHref,
  galleryQuery,
  pageOf,
  pagingFromSearchParams,
  pastTheEndMessage,
} from "./gallery-paging.ts";
import { galleryLister, galleryView } from "./gallery-view.server.ts";

const SERIES = ["Maestro", "Secrets", "Icaro"];
const card = (i: number): ArtworkCard => ({
  id: i % 97 === 0 ? i - 1 : i, // a few ids repeat, as in the real catalogue
  slug: `work-${i}`,
  title: `Work ${i}${i % 10 === 0 ? " Moth" : ""}`,
  year: String(2005 + (i % 21)),
  series: SERIES[i % 3] ?? "Icaro",
  chain: i % 2 ? "Solana" : "Ethereum",
  availability: i % 5 ? "Sold" : "Available",
  image: `work-${i}`,
});
const cards = Array.from({ length: 1_000 }, (_, i) => card(i + 1));
const lister = galleryLister(cards);
const params = (query: string) => new URLSearchParams(query);

describe("gallery paging", () => {
  it("reads page and per, defaulting to the first page of 36", () => {
    expect(pagingFromSearchParams(params(""))).toEqual({ ok: true, paging: { page: 1, per: 36 } });
    expect(GALLERY_PAGE_SIZE).toBe(36);
    expect(pagingFromSearchParams(params("per=120"))).toEqual({ ok: true, paging: { page: 1, per: 120 } });
    expect(pagingFromSearchParams(params("page=3&per=50"))).toEqual({ ok: true, paging: { page: 3, per: 50 } });
  });

  it.each([
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["page=", "page"],
    ["page=01", "page"],
    ["page=1e3", "page"],
    ["page=99999999999999999999", "page"],
    ["per=9", "per"],
    ["per=121", "per"],
    ["per=ten", "per"],
  ])("refuses %s with a message naming %s", (query, field) => {
    const result = pagingFromSearchParams(params(query));
    expect(result).toMatchObject({ ok: false, field });
    if (!result.ok) expect(result.message).toMatch(new RegExp(`^${field} must be a whole number`));
  });

  it("clips a long bad value in the message", () => {
    const result = pagingFromSearchParams(params(`page=${"x".repeat(5_000)}`));
    expect(!result.ok && result.message.length).toBeLessThan(120);
  });

  it("slices a view into pages and knows where it ends", () => {
    const list = listArtworks(cards, DEFAULT_FILTERS);
    const second = pageOf(list, DEFAULT_FILTERS, { page: 2, per: 36 });
    expect(second?.cards).toEqual(list.slice(36, 72));
    expect(second).toMatchObject({ page: 2, pages: Math.ceil(list.length / 36), total: list.length, query: "page=2" });
    expect(pageOf(list, DEFAULT_FILTERS, { page: 9999, per: 36 })).toBeUndefined();
    expect(pageOf([], DEFAULT_FILTERS, { page: 1, per: 36 })).toMatchObject({ cards: [], pages: 1, total: 0 });
    expect(pastTheEndMessage(9, 1)).toBe("There is no page 9 of this view: it has 1 page.");
  });

  it("writes the shortest URL of a page, filters first", () => {
    const filters = { ...DEFAULT_FILTERS, series: "Secrets", yearSort: "asc" as const };
    expect(galleryHref(DEFAULT_FILTERS, { page: 1, per: 36 })).toBe("/art");
    expect(galleryHref(filters, { page: 2, per: 50 })).toBe("/art?series=Secrets&sort=oldest&per=50&page=2");
    expect(galleryQuery(DEFAULT_FILTERS, { page: 3, per: 36 }).toString()).toBe("page=3");
  });
});

describe("galleryView (the server's list rule per request)", () => {
  it.each([
    "",
    "series=Secrets",
    "sort=oldest",
    "q=%20MOTH%20",
    "availability=Available&chain=Solana&sort=oldest",
    "chain=Ethereum&series=Maestro",
  ])("gives the same list as the rule itself for %j", (query) => {
    const result = galleryView(params(`${query}&per=10`), lister);
    const expected = listArtworks(cards, filtersOf(query));
    expect(result.ok && result.view.total).toBe(expected.length);
    expect(result.ok && result.view.cards).toEqual(expected.slice(0, 10));
  });

  it("answers a bad page with 400 and a page past the end with 404, each with a message", () => {
    expect(galleryView(params("page=zero"), lister)).toMatchObject({ ok: false, status: 400, field: "page" });
    expect(galleryView(params("per=100000"), lister)).toMatchObject({ ok: false, status: 400, field: "per" });
    expect(galleryView(params("q=nothing-like-this&page=2"), lister)).toEqual({
      ok: false,
      status: 404,
      field: "page",
      message: "There is no page 2 of this view: it has 1 page.",
    });
  });

  it("pages of a view cover it exactly once, in order", () => {
    const all = listArtworks(cards, DEFAULT_FILTERS);
    const seen: ArtworkCard[] = [];
    for (let page = 1; ; page++) {
      const result = galleryView(params(`page=${page}`), lister);
      if (!result.ok) break;
      seen.push(...result.view.cards);
    }
    expect(seen).toEqual(all);
  });
});

function filtersOf(query: string) {
  const p = params(query);
  return {
    availability: p.get("availability") ?? "",
    chain: p.get("chain") ?? "",
    series: p.get("series") ?? "",
    yearSort: p.get("sort") === "oldest" ? ("asc" as const) : ("desc" as const),
    search: p.get("q") ?? "",
  };
}
