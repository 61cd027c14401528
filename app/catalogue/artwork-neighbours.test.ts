import { describe, expect, it } from "vitest";
import { neighboursIn } from "./artwork-neighbours.ts";

const list = [
  { slug: "first", title: "First", year: "2024" },
  { slug: "middle", title: "Middle", year: "2023" },
  { slug: "last", title: "Last", year: "2005" },
];

describe("neighboursIn", () => {
  it("gives the works before and after, with only their slug and title", () => {
    expect(neighboursIn(list, "middle")).toEqual({
      previous: { slug: "first", title: "First" },
      next: { slug: "last", title: "Last" },
    });
  });

  it("has no previous work at the start and no next work at the end", () => {
    expect(neighboursIn(list, "first")).toEqual({ previous: null, next: { slug: "middle", title: "Middle" } });
    expect(neighboursIn(list, "last")).toEqual({ previous: { slug: "middle", title: "Middle" }, next: null });
  });

  it("has neither for the only work of a view", () => {
    expect(neighboursIn([list[1]!], "middle")).toEqual({ previous: null, next: null });
  });

  it("is undefined for a work the view does not hold", () => {
    expect(neighboursIn(list, "elsewhere")).toBeUndefined();
    expect(neighboursIn([], "first")).toBeUndefined();
  });
});
