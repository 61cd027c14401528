import { describe, expect, it } from "vitest";
import { toPrefixTsQuery } from "./search-query.ts";

describe("toPrefixTsQuery", () => {
  it("joins words with AND and makes the last one a prefix", () => {
    expect(toPrefixTsQuery("  Painted the gard ")).toBe("painted & the & gard:*");
  });
  it("drops tsquery operators and punctuation so input cannot break the query", () => {
    expect(toPrefixTsQuery("a & !b | (c):* <-> 'd'")).toBe("a & b & c & d:*");
  });
  it("is empty for input with no words", () => {
    expect(toPrefixTsQuery(" !?& ")).toBe("");
  });
});
