import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitRequestBodies } from "./body-limit.ts";

const LIMIT = 1024;
let base = "";
let server: http.Server;
// What the reader behind the limit saw of each body: its length, or the error that ended it.
const reads: { bytes: number; error?: string }[] = [];

beforeAll(async () => {
  const app = express();
  app.use(limitRequestBodies(LIMIT));
  // Reads the whole body, as React Router does for a form or JSON action.
  app.use((req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on("end", () => {
      reads.push({ bytes });
      res.json({ bytes });
    });
    req.on("error", (error) => reads.push({ bytes, error: error.name }));
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

/** Sends `size` bytes, with Content-Length or chunked in 256-byte pieces, and reads the answer. */
function send(path: string, size: number, { chunked = false, type = "application/x-www-form-urlencoded" } = {}) {
  const url = new URL(path, base);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { "Content-Type": type };
    if (!chunked) headers["Content-Length"] = String(size);
    const req = http.request({ host: url.hostname, port: url.port, path, method: "POST", headers, agent: false });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    let sent = 0;
    const pump = () => {
      while (!answered && sent < size) {
        const piece = Buffer.alloc(Math.min(256, size - sent), "a");
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe("limitRequestBodies", () => {
  it("lets a body up to the limit through whole", async () => {
    const answer = await send("/admin/quotes", LIMIT);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: LIMIT });
    const chunked = await send("/admin/quotes", LIMIT, { chunked: true });
    expect(JSON.parse(chunked.body)).toEqual({ bytes: LIMIT });
  });

  it("refuses a declared length over the limit before reading it, in plain text for a page", async () => {
    const before = reads.length;
    const answer = await send("/admin/quotes", 10 * LIMIT);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.headers["content-type"]).toContain("text/plain");
    expect(answer.body).toBe("This request is too large: forms and API requests on this site take at most 1 KB.");
    // The reader behind the limit never ran.
    expect(reads.length).toBe(before);
  });

  it("answers API and JSON requests in JSON", async () => {
    const api = await send("/api/admin/quotes", 10 * LIMIT);
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toEqual({ message: expect.stringContaining("too large") });
    const json = await send("/admin/quotes", 10 * LIMIT, { type: "application/json" });
    expect(JSON.parse(json.body)).toEqual({ message: expect.stringContaining("at most 1 KB") });
  });

  it("cuts a chunked body off once past the limit, and its reader sees an error, not a short body", async () => {
    const answer = await send("/admin/quotes", 1000 * LIMIT, { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    await expect.poll(() => reads.at(-1)?.error, { timeout: 5_000 }).toBe("BodyTooLargeError");
    expect(reads.at(-1)?.bytes).toBeLessThanOrEqual(LIMIT);
  });
});
