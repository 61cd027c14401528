import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import type * as AuthModule from "#app/auth/auth.server.ts";
import type * as ServerApp from "#server/app.ts";
import type * as ServicesModule from "#server/services.ts";
import { totp } from "#tests/totp.ts";
import { seedFromTestTemplate } from "./pglite-test-template.ts";

/** The real site running in a test's process, and a request helper signed in as the admin. */
export interface TestSite {
  base: string;
  /** The React Router build the site serves (its route list). */
  build: ServerBuild;
  /** The admin's session cookie (password and second factor) and this site's Origin. */
  adminHeaders: Record<string, string>;
  /** Sends a request with the admin's session (password and second factor) and this site's Origin. */
  send(address: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

const ADMIN = { email: "test-site-admin@umbra.test", password: "ledger harbour copper 1987" };

/**
 * The real app in a test's process, as `npm run dev` composes it (server/main.ts): Vite loads
 * server/app.ts and the React Router build from source, on services of a fresh data folder
 * (embedded database). Takes tens of seconds on a busy machine: start it once per file.
 */
export async function startTestSite(): Promise<TestSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-test-site-"));
  seedFromTestTemplate(dataDir);
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    AUTH_SECRET: "test-site-auth-secret-0123456789abcdef-0123",
    // The listening port decides the allowed origin (setListeningPort below).
    PUBLIC_URL: "",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "silent",
    WARM_IMAGES: "off",
  });
  const vite = await createServer({
    configFile: path.resolve("vite.config.ts"),
    logLevel: "error",
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  const serverApp = (await vite.ssrLoadModule("./server/app.ts")) as typeof ServerApp;
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const runtime = await serverApp.startRuntime();
  const app = express();
  app.use(runtime.logRequests);
  app.use(runtime.operations);
  app.use(serverApp.createApp(runtime.services));
  app.use(runtime.handleErrors);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  serverApp.setListeningPort(port);
  const base = `http://127.0.0.1:${port}`;
  const { getAuth } = (await vite.ssrLoadModule("./app/auth/auth.server.ts")) as typeof AuthModule;
  const cookie = await withSecondFactor(getAuth(runtime.services.database), await signIn(base));
  const adminHeaders = { Cookie: cookie, Origin: base };
  return {
    base,
    build,
    adminHeaders,
    send: (address, init = {}) =>
      fetch(`${base}${address}`, {
        ...init,
        redirect: "manual",
        signal: AbortSignal.timeout(20_000),
        headers: { ...adminHeaders, ...(init.headers as Record<string, string>) },
      }),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      // Every service, not only the database: the mail sender's and the schedulers' timers would
      // go on in the worker process, which runs other files after this one.
      const { stopServices } = (await vite.ssrLoadModule("./server/services.ts")) as typeof ServicesModule;
      await stopServices(runtime.services).catch(() => {});
      await vite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the admin login form, as a browser without JavaScript would. */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/admin/quotes`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ intent: "login", ...ADMIN }),
  });
  return cookiesOf(response.headers);
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
  return cookiesOf(verified.headers);
}

const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

/** Every route's full path pattern (`art/:slug`, `admin/content/*`), from the build's route list. */
export function routePatterns(routes: ServerBuild["routes"]): string[] {
  const fullPath = (id: string | undefined): string[] => {
    const route = id ? routes[id] : undefined;
    if (!route) return [];
    return [...fullPath(route.parentId), ...(route.path ? route.path.split("/") : [])];
  };
  return [...new Set(Object.keys(routes).map((id) => fullPath(id).join("/")))];
}
