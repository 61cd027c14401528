import { describe, expect, it } from "vitest";
import { visibleRange } from "./virtual-window.ts";

describe("visibleRange", () => {
  it("renders only the rows in view plus overscan", () => {
    const range = visibleRange({
      scrollTop: 0,
      viewportHeight: 800,
      listTop: 200,
      rowHeight: 80,
      count: 20_000,
      overscan: 5,
    });
    expect(range).toEqual({ start: 0, end: 13 });
  });

  it("follows the scroll position deep into a long list", () => {
    const range = visibleRange({
      scrollTop: 800_200,
      viewportHeight: 800,
      listTop: 200,
      rowHeight: 80,
      count: 20_000,
      overscan: 5,
    });
    expect(range).toEqual({ start: 9995, end: 10015 });
  });

  it("clamps to the list's end and handles empty lists", () => {
    expect(visibleRange({ scrollTop: 10_000_000, viewportHeight: 800, listTop: 0, rowHeight: 80, count: 50 })).toEqual({
      start: 50,
      end: 50,
    });
    expect(visibleRange({ scrollTop: 0, viewportHeight: 800, listTop: 0, rowHeight: 80, count: 0 })).toEqual({
      start: 0,
      end: 0,
    });
  });
});
