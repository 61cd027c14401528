import { describe, expect, it } from "vitest";
import { sizeProblem } from "./file-upload-control.tsx";

describe("the upload control's sizes", () => {
  it("refuses an empty file and one over its limit before anything is sent", () => {
    expect(sizeProblem({ size: 0, name: "a.pdf", type: "application/pdf" })).toContain("empty");
    expect(sizeProblem({ size: 41 * 1024 * 1024, name: "a.pdf", type: "" })).toBe(
      "This PDF is 41.0 MB; the limit is 40 MB. Export it with smaller images.",
    );
    expect(sizeProblem({ size: 41 * 1024 * 1024, name: "a.wav", type: "audio/wav" })).toBeUndefined();
    expect(sizeProblem({ size: 101 * 1024 * 1024, name: "a.wav", type: "audio/wav" })).toContain("the limit is 100 MB");
  });
});
