import { describe, expect, it } from "vitest";
import { hasTile, levelSize, levelTiles, pyramidGeometry, tileCount } from "./deep-zoom-geometry.ts";
import { parseZoomPath } from "./deep-zoom-path.ts";

describe("zoom URL paths", () => {
  it("reads a descriptor and a tile address", () => {
    expect(parseZoomPath("/the-new-god.0123456789.dzi")).toEqual({
      ok: true,
      request: { kind: "descriptor", slug: "the-new-god", version: "0123456789" },
    });
    expect(parseZoomPath("/the-new-god.abcdef0123_files/13/11_8.jpeg")).toEqual({
      ok: true,
      request: { kind: "tile", slug: "the-new-god", version: "abcdef0123", level: 13, column: 11, row: 8 },
    });
  });

  it.each([
    ["traversal with dots", "/../../etc/passwd"],
    ["dots inside the tile path", "/the-new-god.0123456789_files/../13/0_0.jpeg"],
    ["an encoded slash", "/the-new-god.0123456789_files%2F13/0_0.jpeg"],
    ["an encoded dot-dot", "/%2e%2e/the-new-god.0123456789.dzi"],
    ["a backslash", "/the-new-god.0123456789_files\\13\\0_0.jpeg"],
    ["an absolute path in the name", "//etc/passwd.0123456789.dzi"],
    ["another extension", "/the-new-god.0123456789_files/13/0_0.png"],
    ["a webp tile", "/the-new-god.0123456789_files/13/0_0.webp"],
    ["an xml descriptor name", "/the-new-god.0123456789.xml"],
    ["no version", "/the-new-god.dzi"],
    ["a short version", "/the-new-god.01234.dzi"],
    ["an uppercase version", "/the-new-god.ABCDEF0123.dzi"],
    ["an uppercase slug", "/The-New-God.0123456789.dzi"],
    ["a negative level", "/the-new-god.0123456789_files/-1/0_0.jpeg"],
    ["a fractional column", "/the-new-god.0123456789_files/3/0.5_0.jpeg"],
    ["a leading zero", "/the-new-god.0123456789_files/03/0_0.jpeg"],
    ["a huge level", "/the-new-god.0123456789_files/123456/0_0.jpeg"],
    ["a missing row", "/the-new-god.0123456789_files/3/0.jpeg"],
    ["vips' own properties file", "/the-new-god.0123456789_files/vips-properties.xml"],
    ["an oversized name", `/${"a".repeat(400)}.0123456789.dzi`],
    ["nothing", "/"],
  ])("refuses %s", (_, path) => {
    const parsed = parseZoomPath(path);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/^This is not a zoom image address/);
  });
});

describe("the pyramid's shape", () => {
  // A stand-in: 6000 x 4200 in 510 px tiles, as dzsave lays it out (checked against a real
  // build in deep-zoom-route.test.ts).
  const standIn = pyramidGeometry(6000, 4200, 510);

  it("has 14 levels from 1 px to full size", () => {
    expect(standIn.maxLevel).toBe(13);
    expect(levelSize(standIn, 13)).toEqual({ width: 6000, height: 4200 });
    expect(levelSize(standIn, 12)).toEqual({ width: 3000, height: 2100 });
    expect(levelSize(standIn, 0)).toEqual({ width: 1, height: 1 });
  });

  it("counts the tiles across and down each level", () => {
    expect(levelTiles(standIn, 13)).toEqual({ columns: 12, rows: 9 });
    expect(levelTiles(standIn, 10)).toEqual({ columns: 2, rows: 2 });
    expect(tileCount(standIn)).toBe(161);
  });

  it("knows which tiles exist", () => {
    expect(hasTile(standIn, 13, 11, 8)).toBe(true);
    expect(hasTile(standIn, 13, 12, 8)).toBe(false);
    expect(hasTile(standIn, 13, 11, 9)).toBe(false);
    expect(hasTile(standIn, 14, 0, 0)).toBe(false);
    expect(hasTile(standIn, 0, 0, 0)).toBe(true);
    expect(hasTile(standIn, 0, 1, 0)).toBe(false);
  });
});
