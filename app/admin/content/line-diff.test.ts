import { describe, expect, it } from "vitest";
import { lineDiff, MAX_DIFF_LINES } from "./line-diff.ts";

describe("lineDiff", () => {
  it("marks the changed line as removed then added, and keeps the rest", () => {
    expect(
      lineDiff("title: About\nheading: About Umbra\neyebrow: x", "title: About\nheading: The artist\neyebrow: x"),
    ).toEqual([
      { kind: "same", text: "title: About" },
      { kind: "removed", text: "heading: About Umbra" },
      { kind: "added", text: "heading: The artist" },
      { kind: "same", text: "eyebrow: x" },
    ]);
  });

  it("shows lines added at the end and removed from the start", () => {
    expect(lineDiff("a\nb", "b\nc")).toEqual([
      { kind: "removed", text: "a" },
      { kind: "same", text: "b" },
      { kind: "added", text: "c" },
    ]);
  });

  it("declines texts too long to compare line by line", () => {
    expect(lineDiff("x\n".repeat(MAX_DIFF_LINES + 1), "y")).toBeUndefined();
  });
});
