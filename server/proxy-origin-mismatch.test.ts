import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explainProxyOriginMismatch } from "./proxy-origin-mismatch.ts";

const site = "https://umbra.example";
const servers: http.Server[] = [];

/** An app process with PUBLIC_URL=https://umbra.example; `trustProxy` as TRUST_PROXY sets it. */
async function startApp(trustProxy: false | string): Promise<number> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(explainProxyOriginMismatch(pino({ level: "silent" }), () => [site]));
  // Stands for React Router, which answers what gets through.
  app.use((_req, res) => res.send("reached the routes"));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function post(port: number, headers: Record<string, string>, method = "POST", path = "/admin/quotes") {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end("intent=login");
  });
}

let untrusted = 0;
let trusted = 0;
beforeAll(async () => {
  untrusted = await startApp(false);
  trusted = await startApp("loopback");
});
afterAll(() => {
  for (const server of servers) server.close();
});

describe("explainProxyOriginMismatch", () => {
  it("says why the site's own sign-in form is refused behind an HTTPS proxy that is not trusted", async () => {
    // nginx terminated TLS and says so, but TRUST_PROXY is unset: the server sees http.
    const answer = await post(untrusted, { Host: "umbra.example", Origin: site, "X-Forwarded-Proto": "https" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(
      "sent from https://umbra.example but this server received it as http://umbra.example",
    );
    expect(answer.body).toContain("TRUST_PROXY=127.0.0.1");
  });

  it("names the Host header when the proxy does not pass the browser's on", async () => {
    const answer = await post(trusted, { Host: "127.0.0.1:3001", Origin: site, "X-Forwarded-Proto": "https" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("proxy_set_header Host $http_host");
  });

  it("lets the form through when the trusted proxy's address and Host make the origins match", async () => {
    const answer = await post(trusted, { Host: "umbra.example", Origin: site, "X-Forwarded-Proto": "https" });
    expect(answer).toEqual({ status: 200, body: "reached the routes" });
  });

  it("leaves another site's form, and reads, to the checks after it", async () => {
    expect((await post(untrusted, { Host: "umbra.example", Origin: "https://evil.example" })).body).toBe(
      "reached the routes",
    );
    expect((await post(untrusted, { Host: "umbra.example", Origin: site }, "GET")).body).toBe("reached the routes");
  });

  it("leaves the API, which React Router does not check this way, to its own Origin check", async () => {
    const answer = await post(untrusted, { Host: "127.0.0.1:3001", Origin: site }, "PATCH", "/api/admin/quotes/1");
    expect(answer.body).toBe("reached the routes");
  });
});
