import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerErrors } from "./error-answer.ts";

let base = "";
let server: http.Server;
const lines: { level: number; status: number; msg: string }[] = [];

beforeAll(async () => {
  const logger = pino(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  const app = express();
  // Express's own 400: a path parameter with a broken %-escape.
  app.get("/img/:folder", (_req, res) => res.send("ok"));
  app.get("/broken", () => {
    throw new Error("database password is hunter2");
  });
  // A write that found no room, as Node reports it (the image cache, the mail outbox).
  app.post("/api/full", () => {
    throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
      code: "ENOSPC",
      path: "/srv/umbra/data/cache/x.avif",
    });
  });
  app.get("/full", () => {
    throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
  });
  app.get("/api/db", () => {
    throw new Error("Connection terminated unexpectedly");
  });
  app.use(answerErrors(logger));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe("answerErrors", () => {
  it("keeps a client error's status, says what to do, and logs it at warn", async () => {
    const response = await fetch(`${base}/img/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Check the link");
    expect(lines.at(-1)).toMatchObject({ level: 40, status: 400, msg: "request refused" });
  });

  it("answers anything else with a 500 that leaks nothing, logged at error", async () => {
    const response = await fetch(`${base}/broken`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toBe("Something went wrong on our side. Please try again in a moment.");
    expect(lines.at(-1)).toMatchObject({ level: 50, status: 500, msg: "request failed" });
  });

  it("answers a full disk 507 by name (JSON for the API, text otherwise), logged once with the path", async () => {
    const before = lines.length;
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${base}/api/full`, { method: "POST" });
      expect(response.status).toBe(507);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ message: expect.stringContaining("The server's disk is full") });
    }
    const page = await fetch(`${base}/full`);
    expect(page.status).toBe(507);
    expect(await page.text()).toContain("The server's disk is full");
    const logged = lines.slice(before).filter((line) => line.msg.startsWith("disk full"));
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ level: 50, path: "/srv/umbra/data/cache/x.avif", code: "ENOSPC" });
    expect(lines.slice(before).some((line) => line.msg === "request failed")).toBe(false);
  });

  it("answers an unreachable database 503 with Retry-After, never a 500", async () => {
    const response = await fetch(`${base}/api/db`);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ message: expect.stringContaining("Database unavailable") });
    expect(lines.at(-1)).toMatchObject({ level: 40, status: 503, msg: "database unavailable" });
  });
});
