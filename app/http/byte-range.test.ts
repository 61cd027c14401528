import { describe, expect, it } from "vitest";
import { byteRange } from "./byte-range.ts";

describe("byteRange", () => {
  it("serves the whole file without a Range, or with one it does not understand", () => {
    expect(byteRange(null, 100)).toEqual({ kind: "whole" });
    expect(byteRange("items=0-5", 100)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=0-5,10-20", 100)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=-", 100)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=9-3", 100)).toEqual({ kind: "whole" });
  });

  it("reads first-last, open-ended and suffix ranges, clamped to the file", () => {
    expect(byteRange("bytes=0-9", 100)).toEqual({ kind: "part", start: 0, end: 9 });
    expect(byteRange("bytes=50-", 100)).toEqual({ kind: "part", start: 50, end: 99 });
    expect(byteRange("bytes=90-500", 100)).toEqual({ kind: "part", start: 90, end: 99 });
    expect(byteRange("bytes=-10", 100)).toEqual({ kind: "part", start: 90, end: 99 });
    expect(byteRange("bytes=-500", 100)).toEqual({ kind: "part", start: 0, end: 99 });
  });

  it("calls a range past the end unsatisfiable", () => {
    expect(byteRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=200-300", 100)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
  });
});
