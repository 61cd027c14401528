import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ImageTarget } from "./image-route.ts";
import { imageRoute } from "./image-route.ts";
import { firstScreenImageUrls, warmFirstScreenImages, warmOrder } from "./warm-images.ts";

const picture = (name: string) =>
  `<picture><source type="image/avif" srcset="/img/artworks-400/${name}.avif 400w, /img/artworks-800/${name}.avif 800w"/><img src="/img/artworks-800/${name}.jpg"/></picture>`;

describe("firstScreenImageUrls", () => {
  it("takes the preloaded image and the first three pictures, in page order", () => {
    const html = `<head><link rel="preload" as="image" imagesrcset="/img/artworks-1200/hero.avif 1200w"><link rel="preload" as="style" href="/a.css"></head>
      ${["a", "b", "c", "d"].map(picture).join("")}`;
    const urls = firstScreenImageUrls(html);
    expect(urls[0]).toBe("/img/artworks-1200/hero.avif");
    expect(urls).toContain("/img/artworks-800/c.jpg");
    expect(urls.some((url) => url.includes("/d."))).toBe(false);
  });

  it("finds nothing in pages without images, and survives malformed markup", () => {
    expect(firstScreenImageUrls("<p>no images</p>")).toEqual([]);
    expect(firstScreenImageUrls("<picture><source srcset='/img/../x.avif'>")).toEqual([]);
    expect(firstScreenImageUrls(`<picture>${"<".repeat(100_000)}`)).toEqual([]);
  });
});

describe("warmOrder", () => {
  it("puts phone-width AVIF first, then wide AVIF, fallbacks, WebP; no duplicates", () => {
    const t = (width: number, format: ImageTarget["format"]): ImageTarget => ({
      collection: "artworks",
      name: "x",
      width,
      format,
      transparent: false,
    });
    const order = warmOrder([t(1920, "webp"), t(1920, "jpg"), t(1920, "avif"), t(400, "avif"), t(400, "avif")]);
    expect(order.map((x) => `${x.width}.${x.format}`)).toEqual(["400.avif", "1920.avif", "1920.jpg", "1920.webp"]);
  });
});

describe("warmFirstScreenImages", () => {
  it("derives every first-screen image of the prerendered pages and logs the end", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-warm-"));
    fs.mkdirSync(path.join(root, "client", "art"), { recursive: true });
    fs.writeFileSync(path.join(root, "client", "art", "index.html"), picture("warm-one") + picture("not-known"));
    const images = imageRoute({ cacheDir: path.join(root, "cache"), isKnownArtwork: (name) => name === "warm-one" });
    const lines: string[] = [];
    const logger = { info: (_: object, message: string) => lines.push(message), warn: () => {} };
    const result = await warmFirstScreenImages({ clientDir: path.join(root, "client"), images, logger, sampleMs: 5 });
    // Two widths of one known image, in AVIF, JPEG and WebP.
    expect(result).toMatchObject({ derived: 6, total: 6 });
    expect(fs.readdirSync(path.join(root, "cache", "artworks-400")).sort()).toEqual([
      "warm-one.standin1.avif",
      "warm-one.standin1.jpg",
      "warm-one.standin1.webp",
    ]);
    expect(lines.at(-1)).toBe("first-screen images warm");
    // Again: everything is on disk, nothing is derived twice.
    expect((await warmFirstScreenImages({ clientDir: path.join(root, "client"), images, logger })).total).toBe(6);
  }, 60_000);

  it("reads the pages one at a time, so requests are answered while the list is made", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-warm-"));
    for (let i = 0; i < 40; i++) {
      fs.mkdirSync(path.join(root, "client", "art", `page-${i}`), { recursive: true });
      fs.writeFileSync(path.join(root, "client", "art", `page-${i}`, "index.html"), picture("not-known"));
    }
    const images = imageRoute({ cacheDir: path.join(root, "cache"), isKnownArtwork: () => false });
    // What a request needs to be answered: the event loop turning. Counted until the list is made.
    let turns = 0;
    let listed = false;
    const turn = () => {
      turns++;
      if (!listed) setImmediate(turn);
    };
    setImmediate(turn);
    const logger = {
      info: (_: object, message: string) => {
        if (message === "warming first-screen images") listed = true;
      },
      warn: () => {},
    };
    await warmFirstScreenImages({ clientDir: path.join(root, "client"), images, logger, sampleMs: 5 });
    expect(listed).toBe(true);
    // Before, every page was read in one synchronous pass: the loop did not turn at all.
    expect(turns).toBeGreaterThanOrEqual(40);
  });
});
