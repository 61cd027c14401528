import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actionRouteId,
  READ_ONLY_MESSAGE,
  refuseSubmissionsWithoutAction,
  routeTree,
} from "./methods-without-action.ts";

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
beforeAll(async () => {
  const app = express();
  app.use(refuseSubmissionsWithoutAction(async () => ({ routes }) as ServerBuild));
  app.use((_req, res) => res.send("reached React Router"));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe("refuseSubmissionsWithoutAction", () => {
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

  it("lets reads, and submissions to an action, through", async () => {
    expect(await (await fetch(`${base}/api/quotes`)).text()).toBe("reached React Router");
    for (const path of ["/admin/quotes", "/admin/quotes.data"]) {
      const response = await fetch(`${base}${path}`, { method: "POST", body: "x" });
      expect(await response.text()).toBe("reached React Router");
    }
  });
});

describe("actionRouteId", () => {
  const tree = routeTree(routes);
  it("picks the route whose action React Router would run", () => {
    expect(actionRouteId(tree, "/admin/quotes", "")).toBe("routes/admin.quotes");
    expect(actionRouteId(tree, "/", "")).toBe("root");
    expect(actionRouteId(tree, "/", "?index")).toBe("routes/_index");
    expect(actionRouteId(tree, "/elsewhere", "")).toBe("routes/$");
  });
});
