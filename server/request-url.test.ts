import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ignoreForwardedHost, requireBuildableUrl } from "./request-url.ts";

let port = 0;
let server: http.Server;

beforeAll(async () => {
  const app = express();
  app.use(requireBuildableUrl);
  // What React Router's Express adapter does with every request that gets through.
  app.use((req, res) => {
    res.json({ url: new URL(`${req.protocol}://${req.get("host")}${req.originalUrl}`).href });
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/** node:http sends the Host and target exactly as given. */
function send(target: string, host: string, headers: Record<string, string> = {}, to = port) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: to, path: target, headers: { Host: host, ...headers }, agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("requireBuildableUrl", () => {
  it("lets host names, addresses and ports through", async () => {
    for (const host of ["umbra.example", "127.0.0.1:4173", "[::1]:4173", "localhost"]) {
      expect((await send("/quotes?q=1", host)).status, host).toBe(200);
    }
  });

  it("refuses a Host no URL can hold with 400 and a message", async () => {
    for (const host of ["[", "a b", "%00", "127.0.0.1:99999", "ex ample.com", "a/b"]) {
      const answer = await send("/quotes", host);
      expect(answer.status, host).toBe(400);
      expect(answer.body).toContain("Host header");
    }
    const api = await send("/api/quotes", "[");
    expect(JSON.parse(api.body)).toEqual({ message: expect.stringContaining("Host header") });
  });

  it("refuses a target that is not a path", async () => {
    const absolute = await send("http://evil.example/quotes", "127.0.0.1");
    expect(absolute).toEqual({ status: 400, body: "The request target must be a path on this site, such as /quotes." });
  });
});

describe("ignoreForwardedHost", () => {
  let proxiedPort = 0;
  let proxied: http.Server;
  beforeAll(async () => {
    const app = express();
    // Behind nginx on this machine (TRUST_PROXY=127.0.0.1): its X-Forwarded-* are believed.
    app.set("trust proxy", "loopback");
    app.use(ignoreForwardedHost);
    // What React Router's Express adapter reads to build the request's URL.
    app.use((req, res) => {
      res.json({ hostname: req.hostname, protocol: req.protocol, forwardedHost: req.get("x-forwarded-host") ?? null });
    });
    proxied = http.createServer(app);
    await new Promise<void>((resolve) => proxied.listen(0, "127.0.0.1", resolve));
    proxiedPort = (proxied.address() as AddressInfo).port;
  });
  afterAll(() => proxied.close());

  it("takes the request's host from Host, never from an X-Forwarded-Host a client wrote, even via a trusted proxy", async () => {
    const forged = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
    const answer = await send("/admin/quotes", "umbra.example", forged, proxiedPort);
    // The proxy's X-Forwarded-Proto is still believed: nginx sets it itself.
    expect(JSON.parse(answer.body)).toEqual({ hostname: "umbra.example", protocol: "https", forwardedHost: null });
  });
});
