import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderPaths } from "#app/content/prerender-paths.ts";
import { generateRoomToken } from "#app/rooms/room-token.server.ts";
import { isRoomAddress, prerenderedPages } from "#server/prerendered-pages.ts";
import { quoteWallKey } from "#server/quote-wall-from-memory.ts";

// Issue 22: a room is always rendered by the app for its link; nothing answers it from a copy.
// This test's own server listens on the rooms engineer's range (E2E_PORT + 8).
const PORT = Number(process.env.E2E_PORT || 4700) + 8;

describe("rooms are never a static or remembered page", () => {
  const token = generateRoomToken();
  let root = "";
  let server: http.Server;

  beforeAll(async () => {
    // A build that (wrongly) wrote a room's page, beside an ordinary prerendered one.
    root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-room-static-"));
    fs.mkdirSync(path.join(root, "about"));
    fs.writeFileSync(path.join(root, "about", "index.html"), "<!doctype html><title>About</title>");
    fs.mkdirSync(path.join(root, "rooms", token), { recursive: true });
    fs.writeFileSync(path.join(root, "rooms", token, "index.html"), "<!doctype html><title>STATIC COPY</title>");
    const serve = prerenderedPages(root, { production: true });
    server = http.createServer((req, res) => {
      const app = () => res.writeHead(418).end("the app");
      if (!serve(req, res, app)) app();
    });
    await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
  });
  afterAll(() => {
    server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (pathname: string) =>
    new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${PORT}${pathname}`, { path: pathname }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
        .on("error", reject);
    });

  it("passes every room address to the app, even one the build wrote, and its trailing-slash form", async () => {
    expect(await get("/about")).toBe(200);
    for (const pathname of [`/rooms/${token}`, `/rooms/${token}/`, `/rooms/${token}/index.html`, "/rooms", "/rooms/"]) {
      expect(await get(pathname), pathname).toBe(418);
    }
  });

  it("knows a room address from a page whose name merely starts with rooms", () => {
    expect(isRoomAddress(`/rooms/${token}`)).toBe(true);
    expect(isRoomAddress("/rooms")).toBe(true);
    expect(isRoomAddress("/rooms?x=1")).toBe(true);
    expect(isRoomAddress("/rooms.data")).toBe(true);
    expect(isRoomAddress("/roomservice")).toBe(false);
    expect(isRoomAddress("/art/rooms")).toBe(false);
  });

  it("never lists a room for prerendering, nor keeps one in the quote wall's memory", () => {
    expect(prerenderPaths().filter((pathname) => pathname.startsWith("/rooms"))).toEqual([]);
    expect(quoteWallKey(`/rooms/${token}`)).toBeUndefined();
  });
});
