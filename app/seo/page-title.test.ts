import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title.ts";

const site = { brand: "Umbra" };

describe("pageTitle", () => {
  it("suffixes the brand", () => expect(pageTitle(site, "About")).toBe("About - Umbra"));
  it("is the brand alone without a page name", () => expect(pageTitle(site)).toBe("Umbra"));
  it("takes the brand it is given, so a rebrand needs no new bundle", () =>
    expect(pageTitle({ brand: "Penumbra" }, "About")).toBe("About - Penumbra"));
  it("keeps a title SPEC.md gives exactly", () =>
    expect(pageTitle(site, "Art Basel Miami 2023: Artist Residency", { exact: true })).toBe(
      "Art Basel Miami 2023: Artist Residency",
    ));
});
