import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title.ts";

describe("pageTitle", () => {
  it("suffixes the brand", () => expect(pageTitle("About")).toBe("About - Umbra"));
  it("is the brand alone without a page name", () => expect(pageTitle()).toBe("Umbra"));
  it("keeps a title SPEC.md gives exactly", () =>
    expect(pageTitle("Art Basel Miami 2023: Artist Residency", { exact: true })).toBe(
      "Art Basel Miami 2023: Artist Residency",
    ));
});
