import fs from "node:fs";
import type http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/database.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { imageRoute } from "#app/images/image-route.ts";
import { originalSources } from "#app/images/original-sources.ts";
import { S3OriginalStore } from "#app/uploads/s3-original-store.server.ts";
import { UploadedOriginals, uploadedVersion } from "#app/uploads/uploaded-originals.ts";
import { answerErrors } from "#server/error-answer.ts";
import { readiness } from "#server/readiness.ts";

/** A "store" that takes connections and never says a word: a hung S3 or a half-open network. */
async function silentStore() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** A port nothing listens on (taken, then let go): the store refuses connections. */
async function refusingStoreUrl() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const SHA256 = "a".repeat(64);

/**
 * The image route, its error answer and /readyz as server/main.ts wires them, over an S3 store at
 * `url` with the production deadlines; one work's original was uploaded there (and is not cached).
 */
async function siteOver(url: string, tmp: string) {
  const store = new S3OriginalStore({
    url,
    bucket: "umbra-originals",
    accessKeyId: "key",
    secretAccessKey: "secret",
    region: "us-east-1",
    cacheDir: path.join(tmp, "originals-cache"),
  });
  const content = path.join(tmp, "content");
  fs.mkdirSync(path.join(content, "works"), { recursive: true });
  fs.writeFileSync(path.join(content, "works", "real-one.md"), "---\ntitle: Real One\n---\n");
  const uploaded = new UploadedOriginals();
  uploaded.replace([
    {
      collection: "artworks",
      name: "real-one",
      sha256: SHA256,
      format: "png",
      width: 900,
      height: 600,
      placeholder: "none",
      version: uploadedVersion(SHA256),
    },
  ]);
  const lines: { level: number; msg: string; reason?: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const database = { kind: "postgres", ping: async () => {} } as unknown as Database;
  const app = express()
    .get("/readyz", readiness({ database, dataDir: tmp, logger, stopping: () => false, imageStore: store }))
    .use(
      "/img",
      imageRoute({
        cacheDir: path.join(tmp, "cache"),
        originals: originalSources({ contentDir: content, uploaded, store: () => store }),
        isKnownArtwork: () => true,
      }),
    )
    .use(answerErrors(logger));
  const server: http.Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return { store, lines, base, close: () => server.close() };
}

/** An image request's answer and how long it took. */
async function timedImage(base: string) {
  const started = performance.now();
  const response = await fetch(`${base}/img/artworks-400/real-one.jpg`, { signal: AbortSignal.timeout(30_000) });
  return { response, body: await response.text(), seconds: (performance.now() - started) / 1000 };
}

describe("an S3 image store that accepts connections and never answers", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-silent-s3-"));
  let stub: Awaited<ReturnType<typeof silentStore>>;
  let site: Awaited<ReturnType<typeof siteOver>>;
  beforeAll(async () => {
    stub = await silentStore();
    site = await siteOver(stub.url, tmp);
  });
  afterAll(() => {
    site?.close();
    stub?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("answers an image request 503 'image storage unavailable' with Retry-After within 10 s", async () => {
    const { response, body, seconds } = await timedImage(site.base);
    expect(response.status).toBe(503);
    expect(body).toMatch(/^Image storage unavailable/);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
    expect(site.lines.map((line) => line.msg)).toContain("image storage unavailable");
  }, 40_000);

  it("gives an upload up within 10 s with the same answer, not a hung admin", async () => {
    const file = path.join(tmp, "upload.png");
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#00f" } })
      .png()
      .toFile(file);
    const upload = answeringOutages("json", () => site.store.putFile(file));
    const started = performance.now();
    const answer = await upload(undefined).catch((thrown: unknown) => thrown);
    expect((performance.now() - started) / 1000).toBeLessThan(10);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(503);
    expect(Number((answer as Response).headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await (answer as Response).json()).toEqual({ message: expect.stringMatching(/^Image storage unavailable/) });
  }, 40_000);

  it("is named by /readyz within its 2 s limit, not waited for", async () => {
    const started = performance.now();
    const response = await fetch(`${site.base}/readyz`);
    expect((performance.now() - started) / 1000).toBeLessThan(3);
    expect(await response.json()).toMatchObject({
      status: "degraded",
      imageStorage: "unavailable",
      imageStorageError: "image storage did not answer in 2 s",
    });
  }, 40_000);
});

describe("an S3 image store that refuses connections", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-refusing-s3-"));
  let site: Awaited<ReturnType<typeof siteOver>>;
  beforeAll(async () => {
    site = await siteOver(await refusingStoreUrl(), tmp);
  });
  afterAll(() => {
    site?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("answers 503 naming image storage, not the database, in the answer and the log", async () => {
    const { response, body, seconds } = await timedImage(site.base);
    expect(response.status).toBe(503);
    expect(body).toMatch(/^Image storage unavailable/);
    expect(body).not.toMatch(/database/i);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
    const outage = site.lines.find((line) => line.msg === "image storage unavailable");
    expect(outage?.reason).toMatch(/ECONNREFUSED/);
    expect(site.lines.map((line) => line.msg)).not.toContain("database unavailable");
  }, 40_000);

  it("is named by /readyz, which stays answerable (200 'degraded') since pages still work", async () => {
    const response = await fetch(`${site.base}/readyz`);
    expect(response.status).toBe(200);
    const health = (await response.json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: "degraded", imageStorage: "unavailable" });
    expect(String(health.imageStorageError)).toMatch(/ECONNREFUSED/);
    expect(String(health.message)).toMatch(/^Image storage unavailable/);
  }, 40_000);
});
