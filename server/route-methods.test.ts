import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerErrors } from "./error-answer.ts";
import { requestLog } from "./request-log.ts";
import { actionRouteId, answerRouteMethods, READ_ONLY_MESSAGE, routeTree } from "./route-methods.ts";

// The shape of the build's route list (flat, by parentId) for a few of the site's routes.
const action = async () => null;
const route = (id: string, parentId: string | undefined, path: string | undefined, extra = {}) => ({
  id,
  parentId,
  path,
  module: { default: () => null, ...extra },
});
const routes = {
  root: route("root", undefined, ""),
  "routes/_index": { ...route("routes/_index", "root", undefined), index: true },
  "routes/about": route("routes/about", "root", "about"),
  "routes/api.quotes": route("routes/api.quotes", "root", "api/quotes"),
  "routes/admin.quotes": route("routes/admin.quotes", "root", "admin/quotes", { action }),
  "routes/$": route("routes/$", "root", "*"),
} as unknown as ServerBuild["routes"];

let base = "";
let server: http.Server;
const lines: { level: string; status?: number }[] = [];
const record = (level: string) => (fields: object) => lines.push({ level, ...fields });
const logger = { info: record("info"), warn: record("warn"), error: record("error") } as never;
beforeAll(async () => {
  const app = express();
  app.use(requestLog(logger));
  app.use(answerRouteMethods(async () => ({ routes }) as ServerBuild));
  // What React Router does first with every request: build a fetch Request (TRACE throws).
  app.use((req, res) => {
    new Request(`http://x${req.url}`, { method: req.method });
    res.send("reached React Router");
  });
  app.use(answerErrors(logger));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe("answerRouteMethods", () => {
  it("answers POST /api/quotes 405 with Allow and a message, not 'Unexpected Server Error'", async () => {
    const response = await fetch(`${base}/api/quotes`, { method: "POST", body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.json()).toEqual({ message: READ_ONLY_MESSAGE });
  });

  it("answers a form post to a page without an action in plain text", async () => {
    for (const path of ["/about", "/about.data", "/", "/_root.data", "/no/such/page"]) {
      const response = await fetch(`${base}${path}`, { method: "POST", body: new URLSearchParams({ a: "b" }) });
      expect(response.status, path).toBe(405);
      expect(await response.text()).toBe(READ_ONLY_MESSAGE);
    }
  });

  it("answers TRACE, OPTIONS and made-up methods 405 with Allow and a message, logged as a warning", async () => {
    for (const [method, path, allow] of [
      ["TRACE", "/about", "GET, HEAD"],
      ["OPTIONS", "/api/quotes", "GET, HEAD"],
      ["PROPFIND", "/admin/quotes", "GET, HEAD, POST, PUT, PATCH, DELETE"],
    ] as const) {
      lines.length = 0;
      const answer = await send(method, path);
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe(allow);
      expect(answer.body).toContain(`This site does not answer ${method} requests`);
      expect(lines.map((line) => line.level)).toEqual(["warn"]);
    }
  });

  it("lets reads, and submissions to an action, through", async () => {
    expect(await (await fetch(`${base}/api/quotes`)).text()).toBe("reached React Router");
    for (const path of ["/admin/quotes", "/admin/quotes.data"]) {
      const response = await fetch(`${base}${path}`, { method: "POST", body: "x" });
      expect(await response.text()).toBe("reached React Router");
    }
  });
});

/** node:http rather than fetch: fetch itself refuses TRACE. */
function send(method: string, path: string) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, agent: false }, (res) => {
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

describe("actionRouteId", () => {
  const tree = routeTree(routes);
  it("picks the route whose action React Router would run", () => {
    expect(actionRouteId(tree, "/admin/quotes", "")).toBe("routes/admin.quotes");
    expect(actionRouteId(tree, "/", "")).toBe("root");
    expect(actionRouteId(tree, "/", "?index")).toBe("routes/_index");
    expect(actionRouteId(tree, "/elsewhere", "")).toBe("routes/$");
  });
});
