import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerErrors } from "./error-answer.ts";
import { requestLog } from "./request-log.ts";
import { refuseUnknownMethods } from "./request-methods.ts";

let base = "";
let server: http.Server;
const lines: { level: number; status?: number; msg: string }[] = [];

beforeAll(async () => {
  const logger = pino(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  // As main.ts composes it, with what React Router does to every request behind it: build a
  // fetch Request (which throws for TRACE).
  const app = express();
  app.use(requestLog(logger));
  app.use(refuseUnknownMethods());
  app.use((req, res) => {
    new Request(`http://x${req.url}`, { method: req.method });
    res.send("page");
  });
  app.use(answerErrors(logger));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

/** node:http rather than fetch: fetch itself refuses TRACE. */
function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("refuseUnknownMethods", () => {
  it("answers TRACE, OPTIONS and made-up methods 501 with a message, logged as a warning", async () => {
    for (const method of ["TRACE", "OPTIONS", "PROPFIND"]) {
      lines.length = 0;
      const answer = await send(method, "/about");
      expect(answer.status).toBe(501);
      expect(answer.body).toContain(`This site does not answer ${method} requests`);
      expect(answer.headers["cache-control"]).toBe("no-store");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines.some((line) => line.level >= 50)).toBe(false);
      expect(lines.find((line) => line.msg === "request")).toMatchObject({ level: 40, status: 501 });
    }
  });

  it("answers JSON on the API", async () => {
    const answer = await send("TRACE", "/api/quotes");
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining("does not answer TRACE") });
  });

  it("lets the site's methods through", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      expect((await send(method, "/about")).body).toBe("page");
    }
  });
});
