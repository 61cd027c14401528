import { describe, expect, it } from "vitest";
import { processContentStore } from "./content-store.server.ts";
import { prerenderPaths } from "./prerender-paths.ts";
import { publicPagePaths } from "./public-page-paths.server.ts";

describe("publicPagePaths", () => {
  it("lists, from the content served, the pages the build prerenders from the files", () => {
    const paths = publicPagePaths(processContentStore());
    expect([...paths].sort()).toEqual([...prerenderPaths()].sort());
    expect(paths.has("/about")).toBe(true);
    // The home page and the wall follow the quotes too: the quote wall's cache keeps them.
    expect(paths.has("/")).toBe(false);
    expect(paths.has("/quotes")).toBe(false);
    expect([...paths].some((path) => path.startsWith("/rooms") || path.startsWith("/admin"))).toBe(false);
  });
});
