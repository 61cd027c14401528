import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as AuthModule from "#app/auth/auth.server.ts";
import { totp } from "#tests/totp.ts";
import type * as ServerApp from "./app.ts";

// Names every JavaScript object inherits (or sets its prototype with): a lookup by a name from
// the address must never reach them (issue 42: `/img/constructor-400/x.jpg` was a 500).
const RESERVED = ["constructor", "__proto__", "prototype", "toString", "hasOwnProperty"];
const ADMIN = { email: "fuzz-admin@umbra.test", password: "ledger harbour copper 1987" };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-reserved-names-"));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  AUTH_SECRET: "reserved-names-test-auth-secret-0123456789abcdef",
  // The listening port decides the allowed origin (setListeningPort below).
  PUBLIC_URL: "",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: "silent",
  WARM_IMAGES: "off",
});

let vite: ViteDevServer;
let server: http.Server;
let base = "";
let cookie = "";
let build: ServerBuild;
let stopRuntime: () => Promise<void> = async () => {};

/**
 * The real app in this process, as `npm run dev` composes it (server/main.ts): Vite loads
 * server/app.ts and the React Router build from source, on services of a fresh data folder.
 */
beforeAll(async () => {
  vite = await createServer({
    configFile: path.resolve("vite.config.ts"),
    logLevel: "error",
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  const serverApp = (await vite.ssrLoadModule("./server/app.ts")) as typeof ServerApp;
  build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const runtime = await serverApp.startRuntime();
  stopRuntime = async () => {
    await runtime.services.database.close?.();
  };
  const app = express();
  app.use(runtime.logRequests);
  app.use(runtime.operations);
  app.use(serverApp.createApp(runtime.services));
  app.use(runtime.handleErrors);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  serverApp.setListeningPort(port);
  base = `http://127.0.0.1:${port}`;
  const { getAuth } = (await vite.ssrLoadModule("./app/auth/auth.server.ts")) as typeof AuthModule;
  cookie = await withSecondFactor(getAuth(runtime.services.database), await signIn());
}, 240_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await stopRuntime().catch(() => {});
  await vite?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Signs in through the admin login form, as a browser without JavaScript would. */
async function signIn(): Promise<string> {
  const response = await fetch(`${base}/admin/quotes`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ intent: "login", ...ADMIN }),
  });
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/**
 * Enrols an authenticator for the signed-in admin and returns the session cookie that carries the
 * second factor, as the security page's two forms do: the admin's image and enquiry actions ask for it.
 */
async function withSecondFactor(auth: ReturnType<typeof AuthModule.getAuth>, signedIn: string): Promise<string> {
  const headers = new Headers({ cookie: signedIn });
  const started = await auth.api.enableTwoFactor({ body: { password: ADMIN.password }, headers });
  const uri = "totpURI" in started ? started.totpURI : "";
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const verified = await auth.api.verifyTOTP({ body: { code: totp(secret) }, headers, returnHeaders: true });
  return verified.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Every route's full path pattern (`art/:slug`, `admin/content/*`), from the build's route list. */
function routePatterns(routes: ServerBuild["routes"]): string[] {
  const fullPath = (id: string | undefined): string[] => {
    const route = id ? routes[id] : undefined;
    if (!route) return [];
    return [...fullPath(route.parentId), ...(route.path ? route.path.split("/") : [])];
  };
  return [...new Set(Object.keys(routes).map((id) => fullPath(id).join("/")))];
}

/**
 * Addresses for one route pattern: each of its segments in turn (static or dynamic) replaced by
 * the name, the others filled with a harmless value (a splat at two depths), and the name as
 * query keys.
 */
function reservedNameAddresses(pattern: string, name: string): string[] {
  const segments = pattern.split("/").filter(Boolean);
  const filled = segments.map((segment) => (segment.startsWith(":") ? "x" : segment === "*" ? "x/y" : segment));
  const addresses = new Set<string>();
  segments.forEach((segment, i) => {
    const replaced = [...filled];
    replaced[i] = name;
    addresses.add(`/${replaced.join("/")}`);
    if (segment === "*") {
      addresses.add(`/${[...filled.slice(0, i), name, name].join("/")}`);
      addresses.add(`/${[...filled.slice(0, i), "x", name].join("/")}`);
    }
  });
  addresses.add(`/${filled.join("/")}?${name}=1&${name}[x]=1&${name}.x=1`);
  return [...addresses];
}

/** The image routes (Express, before React Router) as their addresses are shaped. */
function imageAddresses(name: string): string[] {
  return [
    `/img/${name}-400/x.jpg`,
    `/img/${name}-400/${name}.webp`,
    `/img/artworks-400/${name}.jpg`,
    `/img/about-400/${name}.avif`,
    `/img/zoom/${name}.0123456789.dzi`,
    `/img/zoom/${name}.0123456789_files/0/0_0.jpeg`,
    `/img/x.jpg?${name}=1`,
  ];
}

/** The status of one request; the body is not read (event streams never end). */
async function statusOf(address: string, init: RequestInit = {}): Promise<number> {
  const response = await fetch(`${base}${address}`, {
    ...init,
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
    headers: { Cookie: cookie, Origin: base, ...(init.headers as Record<string, string>) },
  });
  await response.body?.cancel();
  return response.status;
}

describe("reserved JavaScript names in addresses (issue 42)", () => {
  it("signs in with a second factor, so admin routes are walked past their access checks", () => {
    expect(cookie).toMatch(/session_token=/);
  });

  it("answers no 5xx to a reserved name in any path segment or query key of any route", async () => {
    const patterns = routePatterns(build.routes);
    expect(patterns).toContain("admin/content-images/*");
    const failures: string[] = [];
    for (const name of RESERVED) {
      const addresses = [
        ...patterns.flatMap((pattern) => reservedNameAddresses(pattern, name)),
        ...imageAddresses(name),
      ];
      for (const address of new Set(addresses)) {
        const get = await statusOf(address);
        if (get >= 500) failures.push(`GET ${address}: ${get}`);
        // A form whose field names and intent are the reserved name too.
        const form = new URLSearchParams({ [name]: "1", intent: name, [`${name}.x`]: "1" });
        const post = await statusOf(address, {
          method: "POST",
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
        if (post >= 500) failures.push(`POST ${address}: ${post}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers 404 for an image or upload address naming a collection no registry has", async () => {
    expect(await statusOf("/img/constructor-400/x.jpg")).toBe(404);
    expect(await statusOf("/img/prototype-400/x.jpg")).toBe(404);
    expect(await statusOf("/admin/content-images/constructor/prototype", { method: "POST" })).toBe(404);
  });
});
