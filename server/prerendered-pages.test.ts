import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderedPages, sameSiteLocation } from "./prerendered-pages.js";

describe("sameSiteLocation", () => {
  it("drops trailing slashes", () => {
    expect(sameSiteLocation("/about/")).toBe("/about");
    expect(sameSiteLocation("/art/the-source/")).toBe("/art/the-source");
    expect(sameSiteLocation("/about///")).toBe("/about");
  });

  it("never makes a protocol-relative address out of leading slashes or backslashes", () => {
    for (const pathname of ["//evil.example/", "///evil/", "/\\evil.example/", "/\\/evil.example/", "\\\\evil/"]) {
      expect(sameSiteLocation(pathname), pathname).toMatch(/^\/(?![/\\])/);
    }
    expect(sameSiteLocation("//evil.example/")).toBe("/evil.example");
    expect(sameSiteLocation("//")).toBe("/");
  });
});

describe("prerendered pages", () => {
  let base = "";
  let server: http.Server;
  let root = "";

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-prerendered-"));
    fs.mkdirSync(path.join(root, "about"));
    fs.writeFileSync(path.join(root, "about", "index.html"), "<!doctype html><title>About</title>");
    const serve = prerenderedPages(root, { production: true });
    server = http.createServer((req, res) => {
      if (!serve(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (pathname: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      // node:http, not fetch: fetch would normalise `//evil.example/` before sending it.
      http.get(`${base}${pathname}`, { path: pathname }, resolve).on("error", reject);
    });

  it("redirects a trailing slash on this site, with the security headers", async () => {
    const response = await get("/about/?x=1");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/about?x=1");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("does not redirect //evil.example/ to another site", async () => {
    const response = await get("//evil.example/");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/evil.example");
  });
});
