import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "./chunk-load-error.ts";

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://umbra.example/assets/art-abc.js",
    "error loading dynamically imported module",
    "Importing a module script failed.",
  ])("recognises the browser's chunk failure: %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it("ignores ordinary errors and non-errors", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
