import { describe, expect, it } from "vitest";
import { imageUrl } from "./image-catalog.ts";
import { imageInfo } from "./image-info.server.ts";
import { STAND_IN_KINDS, standInCacheKey, standInKindPlaceholderCss, standInUrlVersion } from "./stand-in-kinds.ts";
import { standInPlaceholderCss } from "./stand-in-palette.ts";

describe("stand-in kinds", () => {
  it("keeps the artworks' first drawing at its old URLs and cache key", () => {
    expect(standInCacheKey("artwork")).toBe("standin1");
    expect(standInUrlVersion("artwork")).toBeUndefined();
    expect(imageUrl(imageInfo("artworks", "the-new-god"), 800, "jpg")).toBe("/img/artworks-800/the-new-god.jpg");
  });

  it("versions every other kind's URLs and cache key by its drawing, so a redrawn kind is fetched again", () => {
    const keys = STAND_IN_KINDS.filter((kind) => kind !== "artwork").map(standInCacheKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+\d+$/);
    expect(imageUrl(imageInfo("solo-london", "documentation-01"), 800, "jpg")).toBe(
      `/img/solo-london-800/documentation-01.jpg?v=${standInCacheKey("installation")}`,
    );
    expect(imageUrl(imageInfo("partnership", "icva-logo"), 400, "png")).toBe(
      `/img/partnership-400/icva-logo.png?v=${standInCacheKey("logo")}`,
    );
  });

  it("gives each scene a placeholder of its own ground, and artworks their old one", () => {
    expect(standInKindPlaceholderCss("artwork", "artworks/x")).toBe(standInPlaceholderCss("artworks/x"));
    const room = standInKindPlaceholderCss("installation", "solo-london/feature");
    expect(room).toMatch(/^linear-gradient\(180deg, #[0-9a-f]{6} 0%/);
    expect(standInKindPlaceholderCss("installation", "miami/feature", "dark")).not.toBe(
      standInKindPlaceholderCss("installation", "miami/feature"),
    );
    expect(imageInfo("solo-london", "documentation-01").placeholder).toBe(
      standInKindPlaceholderCss("installation", "solo-london/documentation-01"),
    );
  });
});
