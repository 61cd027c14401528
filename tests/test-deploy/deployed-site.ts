// The production layout of docs/deploying.md, started on this machine: Debian's nginx with the
// deploy configuration in front of two app processes on one fresh PostgreSQL database and one
// shared DATA_DIR. Used by `npm run test:deploy` and by the browser tests that need it
// (tests/studio-done-when.spec.ts).
import fs from "node:fs";
import path from "node:path";
import { createPostgresDatabase, type ServerProcess, startServer } from "#tests/support/server-process.ts";
import { freePort } from "./http-client.ts";
import { prepareNginxCheckout } from "./nginx-checkout.ts";
import { findNginx, renderSiteConfig, startNginx, stopProcess } from "./processes.ts";

export interface DeployedSite {
  /** nginx's address, the site's PUBLIC_URL. */
  publicUrl: string;
  apps: [ServerProcess, ServerProcess];
  /** The fresh database both processes use, and their one DATA_DIR. */
  databaseUrl: string;
  dataDir: string;
  /** nginx's own copy of the checkout (its pages and assets), under `work`. */
  appDir: string;
  /** The nginx binary, its folder (nginx.conf, site.conf, logs) and its process. */
  nginx: string;
  nginxDir: string;
  proxy: Awaited<ReturnType<typeof startNginx>>;
}

/**
 * Starts the layout in `work` (a folder nginx's workers can enter: 0755, under a TMPDIR open to
 * others). Everything started is undone by the functions pushed on `cleanups`, to be run in
 * reverse order whether or not the run passed. `env` is added to both processes' environment.
 */
export async function startDeployedSite(
  work: string,
  baseDatabaseUrl: string,
  cleanups: (() => unknown)[],
  env: Record<string, string> = {},
): Promise<DeployedSite> {
  const nginx = findNginx();
  const database = await createPostgresDatabase(baseDatabaseUrl);
  cleanups.push(() => database.drop());

  const [nginxPort, firstPort, secondPort] = [await freePort(), await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  // One DATA_DIR for both processes: an image either derives lands where nginx looks.
  const dataDir = path.join(work, "data");
  fs.mkdirSync(dataDir);
  // Whatever the umask: nginx's workers enter it to read the image cache.
  fs.chmodSync(dataDir, 0o755);
  const appEnv = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "127.0.0.1",
    ...env,
  };
  const apps = await Promise.all([firstPort, secondPort].map((port) => startServer({ ...appEnv, PORT: String(port) })));
  for (const app of apps) cleanups.push(() => stopProcess(app.child, app.exited, "SIGTERM"));

  // nginx's own copy of the checkout, which its workers can read wherever this clone lies.
  const appDir = path.join(work, "app");
  prepareNginxCheckout(appDir, publicUrl);

  const nginxDir = path.join(work, "nginx");
  fs.mkdirSync(nginxDir, { mode: 0o755 });
  const site = renderSiteConfig({
    listen: `127.0.0.1:${nginxPort}`,
    ports: [firstPort, secondPort],
    dataDir,
    appDir,
    accessLog: path.join(nginxDir, "access.log"),
  });
  const proxy = await startNginx(nginx, nginxDir, site, publicUrl);
  cleanups.push(() => stopProcess(proxy.child, proxy.exited, "SIGQUIT"));
  return {
    publicUrl,
    apps: apps as [ServerProcess, ServerProcess],
    databaseUrl: database.url,
    dataDir,
    appDir,
    nginx,
    nginxDir,
    proxy,
  };
}
