import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { requestLog } from "./request-log.ts";

/** Sends one request through requestLog and an app with a router mounted at /img. */
async function logged(url: string) {
  const lines: Array<{ level: string; fields: object }> = [];
  const done = new Promise<void>((resolve) => {
    const record = (level: string) => (fields: object) => {
      lines.push({ level, fields });
      resolve();
    };
    const app = express().use(requestLog({ info: record("info"), warn: record("warn"), error: record("error") }));
    // Like the image route: a router mounted at /img sees only the rest of the path.
    const images = express.Router();
    images.get("/:folder/missing.webp", (_req, res) => void res.status(404).send("no"));
    images.get("/:folder/busy.webp", (_req, res) => void res.status(503).send("busy"));
    images.get("/:folder/broken.webp", (_req, res) => void res.status(500).send("broken"));
    images.get("/:folder/:file", (_req, res) => void res.send("image"));
    app.use("/img", images);
    const server = app.listen(0, "127.0.0.1", async () => {
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`);
      server.close();
    });
  });
  await done;
  return lines;
}

describe("request log", () => {
  it("logs the full path of a request answered under a mount, without its query string", async () => {
    expect(await logged("/img/artworks-400/the-new-god.webp?token=secret")).toEqual([
      {
        level: "info",
        fields: {
          method: "GET",
          path: "/img/artworks-400/the-new-god.webp",
          status: 200,
          durationMs: expect.any(Number),
          finished: true,
        },
      },
    ]);
  });

  it("logs a client error at warn", async () => {
    const [line] = await logged("/img/artworks-400/missing.webp");
    expect(line).toMatchObject({ level: "warn", fields: { path: "/img/artworks-400/missing.webp", status: 404 } });
  });

  it("logs a server fault at error, and an answer to an outage or a full disk at warn", async () => {
    expect((await logged("/img/artworks-400/broken.webp"))[0]).toMatchObject({
      level: "error",
      fields: { status: 500 },
    });
    expect((await logged("/img/artworks-400/busy.webp"))[0]).toMatchObject({ level: "warn", fields: { status: 503 } });
  });
});

describe("request log: tokens in paths", () => {
  it("logs a whole viewing-room visit and a reset link without the token", async () => {
    const token = "rT0k3n-Secret_abcdefghijklmnopqrstuvwxyz0123";
    const lines: object[] = [];
    const record = (fields: object) => void lines.push(fields);
    const app = express().use(requestLog({ info: record, warn: record, error: record }));
    app.use((_req, res) => void res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // What one visit asks for: the room, its data requests, a work, its zoom, an enquiry, the route manifest.
    const visit = [
      `/rooms/${token}`,
      `/rooms/${token}.data`,
      `/rooms/${token}/works/the-new-god`,
      `/rooms/${token}/works/the-new-god.data?_routes=x`,
      `/rooms/${token}/works/the-new-god/zoom`,
      `/rooms/${token}/enquiries`,
      `/__manifest?paths=${encodeURIComponent(`/rooms/${token}/works/the-new-god`)}`,
      `/api/auth/reset-password/${token}?callbackURL=/reset-password`,
      `/reset-password?token=${token}`,
    ];
    try {
      for (const path of visit) await fetch(`${base}${path}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      server.close();
    }
    expect(lines).toHaveLength(visit.length);
    expect(JSON.stringify(lines)).not.toContain(token.slice(0, 12));
    expect(lines.map((line) => (line as { path: string }).path)).toEqual([
      "/rooms/[redacted]",
      "/rooms/[redacted]",
      "/rooms/[redacted]/works/the-new-god",
      "/rooms/[redacted]/works/the-new-god.data",
      "/rooms/[redacted]/works/the-new-god/zoom",
      "/rooms/[redacted]/enquiries",
      "/__manifest",
      "/api/auth/reset-password/[redacted]",
      "/reset-password",
    ]);
  });
});
