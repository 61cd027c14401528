import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderedPages } from "./prerendered-pages.ts";

// Pages printing edition lines (decision 076): the build's file knows none, and a kept copy is
// good for one version of what the page prints, whether the content is the build's or not.
for (const content of ["the build's", "a published"] as const) {
  describe(`pages printing a live line, on ${content} content`, () => {
    let base = "";
    let server: http.Server;
    /** The line each page prints now; a page absent prints none. */
    const lines = new Map<string, string>();
    const renders: string[] = [];

    beforeAll(async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-live-pages-"));
      fs.mkdirSync(path.join(root, "art", "moth"), { recursive: true });
      fs.writeFileSync(path.join(root, "art", "moth", "index.html"), "<!doctype html><title>moth</title><p>build</p>");
      const serve = prerenderedPages(root, {
        production: true,
        current: () => content === "the build's",
        rendered: { version: () => 7, isPage: (pathname) => pathname.startsWith("/art/") },
        live: (pathname) => lines.get(pathname),
      });
      const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
        renders.push(req.url ?? "");
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.end(`<!doctype html><title>moth</title><p>rendered: ${lines.get(req.url ?? "") ?? "no line"}</p>`);
      };
      server = http.createServer((req, res) => {
        if (!serve(req, res, () => app(req, res))) app(req, res);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => server.close());

    const get = async (pathname: string) =>
      (await fetch(base + pathname, { headers: { "accept-encoding": "br" } })).text();
    const rendersOf = () => renders.filter((url) => url === "/art/moth").length;
    /** Asks until the page comes from memory with no render (compression follows a render). */
    const untilKept = async (text: string) => {
      await expect
        .poll(async () => {
          const before = rendersOf();
          return (await get("/art/moth")) === text && rendersOf() === before;
        })
        .toBe(true);
    };

    it("is the build's or the published page while it prints no line", async () => {
      const page = await get("/art/moth");
      expect(page).toContain(content === "the build's" ? "<p>build</p>" : "rendered: no line");
    });

    it("is rendered as soon as it has a line, then answered from memory until the line changes", async () => {
      lines.set("/art/moth", "Edition of 8 · 8 available");
      expect(await get("/art/moth")).toContain("rendered: Edition of 8 · 8 available");
      await untilKept("<!doctype html><title>moth</title><p>rendered: Edition of 8 · 8 available</p>");
      lines.set("/art/moth", "Edition of 8 · 6 available");
      const before = rendersOf();
      // The very next request: no kept copy of the old line is ever sent.
      expect(await get("/art/moth")).toContain("rendered: Edition of 8 · 6 available");
      expect(rendersOf()).toBe(before + 1);
    });

    it("goes back to the page with no line when the edition is gone", async () => {
      lines.delete("/art/moth");
      expect(await get("/art/moth")).toContain(content === "the build's" ? "<p>build</p>" : "rendered: no line");
    });
  });
}
