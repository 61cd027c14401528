import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deepZoomRoute } from "./deep-zoom-route.ts";
import { zoomVersion } from "./deep-zoom-source.ts";
import { findOriginals } from "./originals.ts";

let base = "";
let cacheDir = "";
let content = "";
let zoom: ReturnType<typeof deepZoomRoute>;
let close: () => void = () => {};

/** A GET sent exactly as written: fetch would resolve `..` and re-encode before sending. */
function rawGet(rawPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${base}/`, { path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

const drawn = () => `/img/zoom/drawn-one.${zoomVersion("drawn-one", undefined)}`;
const real = () => {
  const original = findOriginals(content).find((o) => o.name === "real-one");
  return `/img/zoom/real-one.${zoomVersion("real-one", original?.version)}`;
};

beforeAll(async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-zoom-"));
  cacheDir = path.join(tmp, "cache");
  content = path.join(tmp, "content");
  // A real original for one work beside its record: a 1300 x 900 JPEG, so its pyramid is
  // that size, not the stand-ins' 6000 px.
  fs.mkdirSync(path.join(content, "works"), { recursive: true });
  fs.writeFileSync(path.join(content, "works", "real-one.md"), "---\ntitle: Real One\n---\n");
  await sharp({ create: { width: 1300, height: 900, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toFile(path.join(content, "works", "real-one.jpg"));
  const known = new Set(["drawn-one", "real-one"]);
  // The request lane: these tests must not queue behind another file's background encodes.
  // Requests wait for the pyramid here however long it takes on a busy machine: these tests are
  // about what is built and answered; the 503 after answerWithinMs is tested in image-work-bound.test.ts and the traffic run.
  zoom = deepZoomRoute({
    cacheDir,
    contentDir: content,
    isKnownWork: (slug) => known.has(slug),
    priority: "request",
    answerWithinMs: 60_000,
  });
  const server = express().use("/img/zoom", zoom).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

describe("deep zoom route", () => {
  it("builds a stand-in's pyramid once for concurrent first requests, 6000 px across", async () => {
    const answers = await Promise.all([
      fetch(`${base}${drawn()}.dzi`),
      fetch(`${base}${drawn()}.dzi`),
      fetch(`${base}${drawn()}_files/13/0_0.jpeg`),
      fetch(`${base}${drawn()}_files/0/0_0.jpeg`),
      fetch(`${base}${drawn()}_files/13/11_8.jpeg`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(zoom.buildsStarted()).toBe(1);
    const descriptor = await answers[0]?.text();
    expect(descriptor).toMatch(/Width="6000"/);
    expect(descriptor).toMatch(/Height="4200"/);
    expect(descriptor).toMatch(/TileSize="510"/);
    expect(descriptor).toMatch(/Format="jpeg"/);
    expect(answers[0]?.headers.get("content-type")).toMatch(/^application\/xml/);
    // The last full-size tile is a real 510 px tile plus its 1 px overlap, cut to the edge.
    const corner = await sharp(Buffer.from(await answers[4]!.arrayBuffer())).metadata();
    expect(corner.format).toBe("jpeg");
    expect(corner.width).toBe(6000 - 11 * 510 + 1);
    expect(corner.height).toBe(4200 - 8 * 510 + 1);
    // Only the finished pyramid is left: no temporary folder from the build.
    expect(fs.readdirSync(path.join(cacheDir, "zoom"))).toEqual([drawn().split("/").pop()]);
  });

  it("tiles a real original at its own full size", async () => {
    const answer = await fetch(`${base}${real()}.dzi`);
    expect(answer.status).toBe(200);
    const descriptor = await answer.text();
    expect(descriptor).toMatch(/Width="1300"/);
    expect(descriptor).toMatch(/Height="900"/);
    // ceil(log2(1300)) = 11 is the full-size level; 1300 / 510 gives 3 columns.
    expect((await fetch(`${base}${real()}_files/11/2_1.jpeg`)).status).toBe(200);
    expect((await fetch(`${base}${real()}_files/11/3_0.jpeg`)).status).toBe(404);
    expect((await fetch(`${base}${real()}_files/12/0_0.jpeg`)).status).toBe(404);
  });

  it("serves later requests from the cache with immutable headers, ETag and 304", async () => {
    await fetch(`${base}${drawn()}.dzi`);
    const builds = zoom.buildsStarted();
    const tile = await fetch(`${base}${drawn()}_files/12/1_1.jpeg`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get("content-type")).toBe("image/jpeg");
    expect(tile.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = tile.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    // A raw request: fetch may ask past the cache, and the point is what a browser revalidating gets.
    const again = await rawGet(`${drawn()}_files/12/1_1.jpeg`, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(zoom.buildsStarted()).toBe(builds);
  });

  it("answers an unknown work 404 with a sentence, building nothing", async () => {
    const builds = zoom.buildsStarted();
    const answer = await fetch(`${base}/img/zoom/not-a-work.0123456789.dzi`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('There is no work "not-a-work"');
    expect(zoom.buildsStarted()).toBe(builds);
  });

  it("answers a replaced version 404, telling the visitor to reload", async () => {
    const answer = await fetch(`${base}/img/zoom/drawn-one.0000000000.dzi`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toMatch(/reload the zoom page/);
  });

  it("answers tiles outside the pyramid 404", async () => {
    for (const tile of ["14/0_0", "13/12_0", "13/0_9", "0/1_0", "9999/0_0"]) {
      expect((await fetch(`${base}${drawn()}_files/${tile}.jpeg`)).status, tile).toBe(404);
    }
  });

  it("answers malformed levels, other formats and traversal 400 before touching the disk", async () => {
    for (const tail of ["_files/x/0_0.jpeg", "_files/-1/0_0.jpeg", "_files/01/0_0.jpeg", "_files/3/0_0.png"]) {
      const answer = await rawGet(`${drawn()}${tail}`);
      expect(answer.status, tail).toBe(400);
      expect(answer.body.toString()).toMatch(/not a zoom image address/);
    }
    for (const attack of [
      "/img/zoom/../../../../etc/passwd",
      `${drawn()}_files/../../../image-cache.dzi`,
      `${drawn()}_files%2F13%2F0_0.jpeg`,
      `/img/zoom/%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
      `/img/zoom/drawn-one.${"0".repeat(10)}_files/13/0_0.jpeg%00.png`,
    ]) {
      const answer = await rawGet(attack);
      expect([400, 404], attack).toContain(answer.status);
      expect(answer.body.toString(), attack).not.toMatch(/root:/);
    }
  });

  it("gives the zoom page the descriptor URL of the current version", () => {
    expect(zoom.descriptorUrl("drawn-one")).toBe(`${drawn()}.dzi`);
  });
});
