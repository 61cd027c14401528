import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { standInCacheKey } from "#app/images/stand-in-kinds.ts";
import { withEncoderSlot } from "./encoder-lanes.ts";
import { imageRoute } from "./image-route.ts";

let base = "";
let cacheDir = "";
let content = "";
let close: () => void = () => {};

beforeAll(async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-img-"));
  cacheDir = path.join(tmp, "cache");
  content = path.join(tmp, "content");
  // A real original for one work, beside its work file: a plain red 1000 x 700 picture.
  fs.mkdirSync(path.join(content, "works"), { recursive: true });
  fs.writeFileSync(path.join(content, "works", "real-one.md"), "---\ntitle: Real One\n---\n");
  await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#ff0000" } })
    .png()
    .toFile(path.join(content, "works", "real-one.png"));
  const known = new Set(["drawn-one", "real-one"]);
  const app = express().use(
    "/img",
    // Long enough that these tests get the real AVIF/WebP; the fallback has its own test.
    imageRoute({
      cacheDir,
      contentDir: content,
      isKnownArtwork: (name) => known.has(name),
      answerWithinMs: 60_000,
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
});

async function fetchImage(url: string) {
  const response = await fetch(base + url);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe("image route", () => {
  it("answers a page image declared at run time (the studio's registry), and not one nobody declared", async () => {
    let registry: Record<string, { name: string; alt: string; aspect: number; kind: "object" }[]> = {};
    const app = express().use(
      "/img",
      imageRoute({
        cacheDir: fs.mkdtempSync(path.join(os.tmpdir(), "umbra-img-run-")),
        isKnownArtwork: () => false,
        pageImages: () => registry,
        answerWithinMs: 60_000,
      }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/img/about-400/added-later.jpg`;
    try {
      expect((await fetch(url)).status).toBe(404);
      registry = { about: [{ name: "added-later", alt: "Added in the studio", aspect: 1.5, kind: "object" }] };
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
    } finally {
      server.close();
    }
  });

  it("serves from a cache folder given as a relative path, as the default DATA_DIR is", async () => {
    const relative = path.relative(process.cwd(), fs.mkdtempSync(path.join(os.tmpdir(), "umbra-img-rel-")));
    expect(path.isAbsolute(relative)).toBe(false);
    const app = express().use(
      "/img",
      imageRoute({ cacheDir: relative, isKnownArtwork: () => true, answerWithinMs: 60_000 }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/img/artworks-400/any.webp`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
    } finally {
      server.close();
    }
  });

  it("serves every image when the data folder sits under a dot-directory (~/.local/share/umbra)", async () => {
    const hidden = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "umbra-img-")), ".local", "share", "umbra");
    const app = express().use(
      "/img",
      imageRoute({ cacheDir: path.join(hidden, "image-cache"), isKnownArtwork: () => true, answerWithinMs: 60_000 }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/img/artworks-400/any.webp`;
      // Twice: derived on the first request, read back from the cache on the second.
      for (const attempt of [1, 2]) {
        const response = await fetch(url);
        expect([attempt, response.status, response.headers.get("content-type")]).toEqual([attempt, 200, "image/webp"]);
        expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe("webp");
      }
      // Dot names inside the cache still cannot be asked for.
      expect((await fetch(url.replace("any.webp", ".any.webp"))).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it("draws a stand-in JPEG at the asked width, 10:7, with immutable cache headers", async () => {
    const { response, body } = await fetchImage("/img/artworks-800/drawn-one.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 800, 560]);
  });

  it("serves AVIF and WebP of the same image and keeps each derivative on disk", async () => {
    const avif = await fetchImage("/img/artworks-400/drawn-one.avif");
    expect(avif.response.headers.get("content-type")).toBe("image/avif");
    expect((await sharp(avif.body).metadata()).format).toBe("heif");
    const webp = await fetchImage("/img/artworks-400/drawn-one.webp");
    expect((await sharp(webp.body).metadata()).format).toBe("webp");
    expect(fs.readdirSync(path.join(cacheDir, "artworks-400")).sort()).toEqual([
      "drawn-one.standin1.avif",
      "drawn-one.standin1.webp",
    ]);
  });

  it("draws a page image's stand-in by its kind and caches it under that kind's drawing version", async () => {
    const room = await fetchImage("/img/solo-london-400/documentation-01.jpg?v=installation1");
    expect(room.response.status).toBe(200);
    expect([(await sharp(room.body).metadata()).width, (await sharp(room.body).metadata()).height]).toEqual([400, 300]);
    const logo = await fetchImage("/img/partnership-400/icva-logo.png");
    const meta = await sharp(logo.body).metadata();
    expect([meta.format, meta.width, meta.hasAlpha]).toEqual(["png", 400, true]);
    expect(fs.readdirSync(path.join(cacheDir, "solo-london-400"))).toEqual([
      `documentation-01.${standInCacheKey("installation")}.jpg`,
    ]);
    expect(fs.readdirSync(path.join(cacheDir, "partnership-400"))).toEqual([
      `icva-logo.${standInCacheKey("logo")}.png`,
    ]);
  });

  it("answers 404 for undeclared names, collections, widths and a PNG of an opaque image", async () => {
    expect((await fetchImage("/img/artworks-800/not-in-catalogue.jpg")).response.status).toBe(404);
    expect((await fetchImage("/img/artworks-801/drawn-one.jpg")).response.status).toBe(404);
    expect((await fetchImage("/img/nowhere-800/drawn-one.jpg")).response.status).toBe(404);
    expect((await fetchImage("/img/artworks-800/drawn-one.png")).response.status).toBe(404);
  });

  it("derives from a real original dropped into the originals folder, never enlarging it", async () => {
    const { body } = await fetchImage("/img/artworks-1920/real-one.jpg");
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(1000);
    expect(data[0]).toBeGreaterThan(230);
    expect(data[1]).toBeLessThan(30);
  });

  it("makes a cold AVIF's small JPEG while the AVIF is waited for, so a late AVIF is followed by it at once", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-img-meanwhile-"));
    const route = imageRoute({ cacheDir: dir, isKnownArtwork: () => true, answerWithinMs: 30_000 });
    const server = express().use("/img", route).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/img/artworks-800/slow-one.avif`;
    let release: () => void = () => {};
    const held = withEncoderSlot("soon", () => new Promise<void>((resolve) => (release = resolve)));
    try {
      let answered = false;
      const answer = fetch(url).then((response) => {
        answered = true;
        return response;
      });
      // The AVIF waits behind the held encode; its fallback is made meanwhile, not after the wait.
      const fallback = path.join(dir, "artworks-400", `slow-one.${standInCacheKey("artwork")}.jpg`);
      for (let i = 0; i < 200 && !fs.existsSync(fallback); i++) await new Promise((r) => setTimeout(r, 50));
      expect(fs.existsSync(fallback)).toBe(true);
      expect(answered).toBe(false);
      release();
      await held;
      const response = await answer;
      expect(response.headers.get("content-type")).toBe("image/avif");
    } finally {
      release();
      server.close();
    }
  });

  it("never makes a visitor wait for AVIF: a small JPEG kept on disk and revalidated, then the real file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-img-fallback-"));
    const route = imageRoute({ cacheDir: dir, isKnownArtwork: () => true, answerWithinMs: 0 });
    const server = express().use("/img", route).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/img/artworks-1920/cold-one.avif`;
    // The AVIF waits behind another background encode, so the fallback is what is answered.
    let release: () => void = () => {};
    const held = withEncoderSlot("soon", () => new Promise<void>((resolve) => (release = resolve)));
    try {
      // Concurrent first visitors share one fallback encode and one real one.
      const first = await Promise.all(Array.from({ length: 8 }, () => fetch(url)));
      for (const response of first) {
        expect([response.status, response.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
        expect(response.headers.get("cache-control")).toBe("no-cache");
      }
      const quick = await sharp(Buffer.from(await (first[0] as Response).arrayBuffer())).metadata();
      expect([quick.format, quick.width]).toEqual(["jpeg", 400]);
      // Issue 26: the fallback was re-encoded for every request. Now it is a file the browser
      // keeps and revalidates (304), and the server encodes once.
      expect(fs.readdirSync(path.join(dir, "artworks-400"))).toEqual([`cold-one.${standInCacheKey("artwork")}.jpg`]);
      const etag = first[0]?.headers.get("etag") ?? "";
      expect(etag).not.toBe("");
      const revalidated = await new Promise<number>((resolve, reject) =>
        http
          .get(url, { headers: { "If-None-Match": etag } }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
          .on("error", reject),
      );
      expect(revalidated).toBe(304);
      release();
      await held;
      const target = route.targetOf("artworks-1920", "cold-one.avif");
      if (!target || target === "unmatched") throw new Error("not a target");
      await route.ensureDerived(target, "soon");
      const later = await fetch(url);
      expect(later.headers.get("content-type")).toBe("image/avif");
      expect(later.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      // With the JPEG on disk, the fallback is that file (revalidated next time), not a new encode.
      await route.ensureDerived({ ...target, name: "other-one", format: "jpg" }, "request");
      const fromDisk = await fetch(url.replace("cold-one", "other-one"));
      expect([fromDisk.headers.get("content-type"), fromDisk.headers.get("cache-control")]).toEqual([
        "image/jpeg",
        "no-cache",
      ]);
      expect((await sharp(Buffer.from(await fromDisk.arrayBuffer())).metadata()).width).toBe(1920);
    } finally {
      release();
      server.close();
    }
  });
});
