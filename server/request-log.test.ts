import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { requestLog } from "./request-log";

describe("request log", () => {
  it("logs the full path of a request answered under a mount, without its query string", async () => {
    const lines: object[] = [];
    const logged = new Promise<void>((resolve) => {
      const app = express().use(
        requestLog({
          info: (fields) => {
            lines.push(fields);
            resolve();
          },
        }),
      );
      // Like the image route: a router mounted at /img sees only the rest of the path.
      app.use(
        "/img",
        express.Router().get("/:folder/:file", (_req, res) => void res.status(404).send("no")),
      );
      const server = app.listen(0, "127.0.0.1", async () => {
        const port = (server.address() as AddressInfo).port;
        await fetch(`http://127.0.0.1:${port}/img/artworks-400/the-new-god.webp?token=secret`);
        server.close();
      });
    });
    await logged;
    expect(lines).toEqual([
      {
        method: "GET",
        path: "/img/artworks-400/the-new-god.webp",
        status: 404,
        durationMs: expect.any(Number),
        finished: true,
      },
    ]);
  });
});
