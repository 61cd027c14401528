import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { bookImageSource, PLATE_WIDTH } from "./catalogue-images.ts";
import { imageCache } from "./image-cache.ts";

let dir = "";
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("bookImageSource", () => {
  it("gives each plate from the site's pipeline and its detail as a closer crop of the same work", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-images-"));
    const work = processContentStore().catalogue().find("the-new-god");
    const ref = { collection: "artworks", name: work?.imageLarge ?? "" };
    const source = bookImageSource(imageCache(dir, "test"));
    const plate = await sharp(await source.plate(ref)).metadata();
    const detail = await sharp(await source.detail(ref, 0, 0.75)).metadata();
    expect(plate.format).toBe("jpeg");
    expect(plate.width).toBe(PLATE_WIDTH);
    expect(plate.height).toBe(Math.round(PLATE_WIDTH / (10 / 7)));
    expect(detail.format).toBe("jpeg");
    expect((detail.width ?? 0) / (detail.height ?? 1)).toBeCloseTo(0.75, 2);
    // The detail is 32% of the work's width cut from the 2400 px derivative: more pixels per
    // centimetre of the work than the plate has, so it holds up printed larger.
    const pixelsPerWorkWidth = (detail.width ?? 0) / 0.32;
    expect(pixelsPerWorkWidth).toBeGreaterThan(plate.width ?? 0);
    // Asked again, both come from the cache.
    await source.plate(ref);
    await source.detail(ref, 0, 0.75);
    expect(source.cache.stats()).toEqual({ hits: 2, made: 2 });
  });
});
