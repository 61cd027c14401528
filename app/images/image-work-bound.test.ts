import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deepZoomRoute } from "./deep-zoom-route.ts";
import { zoomVersion } from "./deep-zoom-source.ts";
import { encodesWaiting, setMaxWaiting, withEncoderSlot } from "./encoder-lanes.ts";
import { imageRoute } from "./image-route.ts";

// Issue 26, row 5: 30 cold zoom requests at once queued ~1,000 jobs behind one lane, and a
// visitor's zoom got no answer in 60 s. The lanes are bounded: past the bound, an answer at once.

let base = "";
let cacheDir = "";
let close: () => void = () => {};
let images: ReturnType<typeof imageRoute>;

beforeAll(async () => {
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-bound-"));
  images = imageRoute({ cacheDir, isKnownArtwork: () => true, answerWithinMs: 0 });
  const zoom = deepZoomRoute({ cacheDir, isKnownWork: () => true, answerWithinMs: 60_000 });
  const server = express().use("/img/zoom", zoom).use("/img", images).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** Holds `count` slots of a lane until the returned function is called. */
function holdLane(priority: "request" | "soon", count: number): () => Promise<void> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = Array.from({ length: count }, () => withEncoderSlot(priority, () => gate).catch(() => {}));
  return async () => {
    release();
    await Promise.all(held);
  };
}

const get = (url: string) => fetch(base + url, { signal: AbortSignal.timeout(20_000) });
const dzi = (slug: string) => `/img/zoom/${slug}.${zoomVersion(slug, undefined)}.dzi`;

describe("bounded image work", () => {
  it("answers a cold zoom 503 with Retry-After at once when the lane is full, and queues nothing", async () => {
    const restore = setMaxWaiting({ soon: 2 });
    // One pyramid building and two waiting: the lane is full.
    const release = holdLane("soon", 3);
    try {
      expect(encodesWaiting().soon).toBe(2);
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => get(dzi(`burst-${i}`))));
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await answer.text()).toMatch(/try again in \d+ s/);
      }
      expect(encodesWaiting().soon).toBe(2);
    } finally {
      await release();
      restore();
    }
  });

  it("answers a cold JPEG with the nearest ready size when every encoder is taken", async () => {
    const target = images.targetOf("artworks-400", "ready-one.jpg");
    if (!target || target === "unmatched") throw new Error("not a target");
    await images.ensureDerived(target, "request");
    const restore = setMaxWaiting({ request: 0 });
    const release = holdLane("request", os.availableParallelism());
    try {
      const nearest = await get("/img/artworks-1200/ready-one.jpg");
      expect([nearest.status, nearest.headers.get("cache-control")]).toEqual([200, "no-cache"]);
      const none = await get("/img/artworks-1200/nothing-ready.jpg");
      expect(none.status).toBe(503);
      expect(none.headers.get("retry-after")).toBe("2");
    } finally {
      await release();
      restore();
    }
  });

  it("keeps an AVIF flood from queueing encodes past the bound", async () => {
    const restore = setMaxWaiting({ soon: 3 });
    const release = holdLane("soon", 1);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(`/img/artworks-800/flood-${i}.avif`)));
      // Each got a fallback made in its own lane (after visitors' JPEGs), or, past its bound, a 503.
      for (const answer of answers) {
        if (answer.status === 503) expect(answer.headers.get("retry-after")).toBe("2");
        else expect([answer.status, answer.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
      }
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
      expect(encodesWaiting().soon).toBe(3);
    } finally {
      await release();
      restore();
    }
  });

  it("answers a zoom whose pyramid is still building 503 with Retry-After, and the built one after", async () => {
    const quick = deepZoomRoute({ cacheDir, isKnownWork: () => true, answerWithinMs: 50 });
    const server = express().use("/img/zoom", quick).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${dzi("slow-one")}`;
    try {
      const waiting = await fetch(url);
      expect([waiting.status, waiting.headers.get("retry-after")]).toEqual([503, "5"]);
      expect(await waiting.text()).toMatch(/being prepared/);
      // The build went on without the visitor.
      await quick.ensurePyramid("slow-one");
      expect((await fetch(url)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
