import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pyramidStore } from "./deep-zoom-pyramid.ts";
import { imageRoute } from "./image-route.ts";

// The server runs with umask 077 (its database and secrets private), but nginx, another user,
// reads the image cache: every folder there must be 0755 and every file 0644 all the same.

let previousUmask = 0;
beforeAll(() => {
  previousUmask = process.umask(0o077);
});
afterAll(() => {
  process.umask(previousUmask);
});

/** Every path under `dir` (itself included) with its permission bits, as octal text. */
function modes(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (current: string) => {
    found.set(path.relative(dir, current) || ".", (fs.statSync(current).mode & 0o777).toString(8));
    if (fs.statSync(current).isDirectory())
      for (const entry of fs.readdirSync(current)) walk(path.join(current, entry));
  };
  walk(dir);
  return found;
}

describe("image cache file modes under umask 077", () => {
  it("makes derivatives 0644 in 0755 folders, the cache folder included", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-modes-"));
    const cacheDir = path.join(dataDir, "image-cache");
    const route = imageRoute({ cacheDir, isKnownArtwork: () => true });
    const target = route.targetOf("artworks-400", "mode-one.jpg");
    if (!target || target === "unmatched") throw new Error("not a target");
    await route.ensureDerived(target, "request");
    const found = modes(cacheDir);
    expect(found.size).toBe(3);
    for (const [file, mode] of found) expect(mode, file).toBe(file.endsWith(".jpg") ? "644" : "755");
  });

  it("makes a zoom pyramid's folders 0755 and its tiles and descriptor 0644", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-modes-"));
    const original = path.join(dataDir, "small.png");
    await sharp({ create: { width: 700, height: 500, channels: 3, background: "#225588" } })
      .png()
      .toFile(original);
    const cacheDir = path.join(dataDir, "image-cache");
    const store = pyramidStore({ cacheDir, priority: "request" });
    await store.ensurePyramid({ slug: "small", version: "0123456789", originalFile: original });
    const found = modes(cacheDir);
    expect(found.size).toBeGreaterThan(10);
    for (const [file, mode] of found) {
      expect(mode, file).toBe(fs.statSync(path.join(cacheDir, file)).isDirectory() ? "755" : "644");
    }
  });
});
