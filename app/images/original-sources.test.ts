import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3OriginalStore } from "#app/uploads/s3-original-store.server.ts";
import { UploadedOriginals, uploadedVersion } from "#app/uploads/uploaded-originals.ts";
import { startTestS3 } from "#tests/support/test-s3-server.server.ts";
import { imageRoute } from "./image-route.ts";
import { originalSources } from "./original-sources.ts";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-sources-"));
let s3: Awaited<ReturnType<typeof startTestS3>>;
let store: S3OriginalStore;
let server: http.Server;
let base = "";
const uploaded = new UploadedOriginals();

beforeAll(async () => {
  s3 = await startTestS3();
  store = new S3OriginalStore({ ...s3, cacheDir: path.join(tmp, "originals-cache") });
  // The build's original of the work: red.
  const content = path.join(tmp, "content");
  fs.mkdirSync(path.join(content, "works"), { recursive: true });
  fs.writeFileSync(path.join(content, "works", "real-one.md"), "---\ntitle: Real One\n---\n");
  await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#ff0000" } })
    .png()
    .toFile(path.join(content, "works", "real-one.png"));
  const originals = originalSources({ contentDir: content, uploaded, store: () => store });
  const app = express().use(
    "/img",
    imageRoute({ cacheDir: path.join(tmp, "cache"), originals, isKnownArtwork: () => true, answerWithinMs: 60_000 }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await s3?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function colourOf(url: string): Promise<{ red: number; blue: number; width?: number }> {
  const response = await fetch(base + url);
  expect(response.status).toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  const { channels } = await sharp(body).stats();
  return { red: channels[0]?.mean ?? 0, blue: channels[2]?.mean ?? 0, width: (await sharp(body).metadata()).width };
}

describe("the originals the image route derives from", () => {
  it("are the build's until an upload, then the uploaded one from the S3 bucket, at once", async () => {
    const before = await colourOf("/img/artworks-400/real-one.jpg");
    expect(before.red).toBeGreaterThan(200);

    const blue = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0000ff" } })
      .png()
      .toBuffer();
    const sha256 = await store.put(blue);
    uploaded.replace([
      {
        collection: "artworks",
        name: "real-one",
        sha256,
        format: "png",
        width: 900,
        height: 600,
        placeholder: "none",
        version: uploadedVersion(sha256),
      },
    ]);
    const after = await colourOf("/img/artworks-400/real-one.jpg");
    expect(after.blue).toBeGreaterThan(200);
    expect(after.red).toBeLessThan(50);
    expect(after.width).toBe(400);
    // Kept under the new version's name beside the old one's; the S3 copy was checked and kept.
    const cached = fs.readdirSync(path.join(tmp, "cache", "artworks-400"));
    expect(cached).toHaveLength(2);
    expect(cached).toContain(`real-one.${uploadedVersion(sha256)}.jpg`);
    expect(fs.existsSync(path.join(tmp, "originals-cache", sha256.slice(0, 2), sha256))).toBe(true);
  });
});
