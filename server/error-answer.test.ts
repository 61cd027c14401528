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
});
