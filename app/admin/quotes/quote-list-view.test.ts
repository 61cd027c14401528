import { describe, expect, it } from "vitest";
import type { AdminQuote } from "#app/quotes/quote-views.ts";
import { sampleAdminQuotes } from "#tests/support/sample-admin-quotes.ts";
import {
  appendQuotes,
  quoteCounts,
  replaceQuotes,
  setVisibility,
  sortNewestFirst,
  visibleQuotes,
} from "./quote-list-view.ts";

const quotes = sampleAdminQuotes;

describe("quote list view", () => {
  it("appends a later page, skipping rows held and taking rows changed meanwhile in their new state", () => {
    const [three, two, one] = quotes as [AdminQuote, AdminQuote, AdminQuote];
    const changed = { ...one, includeInSearch: true };
    const next = appendQuotes([three], [three, two, one], new Map([[1, changed]]));
    expect(next.map((q) => q.id)).toEqual([3, 2, 1]);
    expect(next[2]).toBe(changed);
    const held = [three];
    expect(appendQuotes(held, [])).toBe(held);
  });

  it("counts all, public and hidden quotes", () => {
    expect(quoteCounts(quotes)).toEqual({ all: 3, public: 1, hidden: 2 });
  });

  it("filters by visibility", () => {
    expect(visibleQuotes(quotes, { filter: "public", search: "" }).map((q) => q.id)).toEqual([3]);
    expect(visibleQuotes(quotes, { filter: "hidden", search: "" }).map((q) => q.id)).toEqual([2, 1]);
    expect(visibleQuotes(quotes, { filter: "all", search: "" }).map((q) => q.id)).toEqual([3, 2, 1]);
  });

  it("searches text case-insensitively after trimming, and ids as #n", () => {
    expect(visibleQuotes(quotes, { filter: "all", search: "  LANTERN " }).map((q) => q.id)).toEqual([2]);
    expect(visibleQuotes(quotes, { filter: "all", search: "#1" }).map((q) => q.id)).toEqual([1]);
    expect(visibleQuotes(quotes, { filter: "public", search: "river" })).toEqual([]);
  });

  it("sorts newest first with the larger id breaking ties", () => {
    const tied = {
      id: 4,
      text: "x",
      createdAt: "2025-03-01T00:00:00.000Z",
      includeInSearch: false,
      updatedAt: "2025-04-01T00:00:00.000Z",
    };
    expect(sortNewestFirst([quotes[2] as AdminQuote, tied, ...quotes]).map((q) => q.id)).toEqual([4, 3, 2, 1, 1]);
  });

  it("replaces rows from a live update and ignores unknown ids", () => {
    const next = replaceQuotes(quotes, [
      {
        id: 2,
        text: "A lantern is a question",
        createdAt: "2025-02-01T00:00:00.000Z",
        includeInSearch: true,
        updatedAt: "2025-04-01T00:00:00.000Z",
      },
      {
        id: 99,
        text: "not held",
        createdAt: "2025-02-01T00:00:00.000Z",
        includeInSearch: true,
        updatedAt: "2025-04-01T00:00:00.000Z",
      },
    ]);
    expect(next.map((q) => q.includeInSearch)).toEqual([true, true, false]);
    expect(next).toHaveLength(3);
  });

  it("sets visibility on the given ids only", () => {
    const next = setVisibility(quotes, new Map([[1, true]]));
    expect(next.map((q) => q.includeInSearch)).toEqual([true, false, true]);
    expect(next[0]).toBe(quotes[0]);
  });
});
