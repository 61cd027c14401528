import { describe, expect, it } from "vitest";
import { readableSize, sizeProblem } from "./file-upload-control.tsx";

describe("the upload control's sizes", () => {
  it("says a small file's size in KB and a large one's in MB, never 0.0 MB", () => {
    expect(readableSize(300)).toBe("1 KB");
    expect(readableSize(420 * 1024)).toBe("420 KB");
    expect(readableSize(3.2 * 1024 * 1024)).toBe("3.2 MB");
  });

  it("refuses an empty file and one over its limit before anything is sent", () => {
    expect(sizeProblem({ size: 0, name: "a.pdf", type: "application/pdf" })).toContain("empty");
    expect(sizeProblem({ size: 41 * 1024 * 1024, name: "a.pdf", type: "" })).toContain("the limit is 40 MB");
    expect(sizeProblem({ size: 41 * 1024 * 1024, name: "a.wav", type: "audio/wav" })).toBeUndefined();
    expect(sizeProblem({ size: 101 * 1024 * 1024, name: "a.wav", type: "audio/wav" })).toContain("the limit is 100 MB");
  });
});
