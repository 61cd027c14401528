// nginx and app processes of `npm run test:deploy` (tests/test-deploy.ts).
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { ServerProcess } from "#tests/support/server-process.ts";
import { Failure, request } from "./http-client.ts";

const root = path.resolve(import.meta.dirname, "../..");

export function findNginx(): string {
  const find = () => ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  if (!find() && process.getuid?.() === 0) {
    console.log("Installing Debian's nginx...");
    execFileSync("apt-get", ["install", "-y", "-qq", "nginx"], {
      stdio: "ignore",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  const nginx = find();
  if (!nginx) throw new Failure("nginx is not installed: sudo apt-get install -y nginx");
  return nginx;
}

/** The nginx configuration docs/deploying.md installs, rendered by the same command. */
export function renderSiteConfig(options: {
  listen: string;
  ports: number[];
  dataDir: string;
  appDir: string;
  accessLog?: string;
}): string {
  const args = ["--import", "tsx", path.join(root, "scripts/render-nginx-config.ts")];
  args.push("--server-name", "localhost", "--plain", options.listen, "--ports", options.ports.join(","));
  args.push("--data-dir", options.dataDir, "--app-dir", options.appDir);
  if (options.accessLog) args.push("--access-log", options.accessLog);
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Failure(`npm run deploy:nginx failed:\n${result.stderr}`);
  return result.stdout;
}

/** Debian's nginx as an ordinary process: its own prefix, temp folders, pid file and error log. */
export async function startNginx(nginx: string, dir: string, site: string, url: string) {
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${dir}/temp-${kind};`)
    .join(" ");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  sendfile on;
  ${temp}
  include ${dir}/site.conf;
}
`,
  );
  const errorLog = () =>
    fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : "";
  const configTest = spawnSync(nginx, ["-t", "-q", "-p", dir, "-c", `${dir}/nginx.conf`, "-e", `${dir}/error.log`], {
    encoding: "utf8",
  });
  if (configTest.status !== 0) throw new Failure(`nginx -t refused the configuration:\n${configTest.stderr}`);
  const child = spawn(nginx, ["-p", dir, "-c", `${dir}/nginx.conf`, "-e", `${dir}/error.log`], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Failure(`nginx exited at start:\n${errorLog()}`);
    const up = await request(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return { child, exited, errorLog };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Failure(`nginx did not answer /healthz:\n${errorLog()}`);
}

export async function stopProcess(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Request log lines the app processes wrote for `pathname` (the app logs every request it answers). */
export function appRequestsFor(apps: ServerProcess[], pathname: string): number {
  const line = `"path":"${pathname}"`;
  return apps.reduce(
    (sum, app) =>
      sum +
      app
        .output()
        .split("\n")
        // Request log lines only: a refused request may log a warning with its path as well.
        .filter((l) => l.includes(line) && l.includes('"msg":"request"')).length,
    0,
  );
}

/** Waits until both apps have logged everything sent before now (a /healthz each, logged after). */
export async function appLogsSettled(apps: ServerProcess[]) {
  const before = apps.map((app) => app.output().split('"path":"/healthz"').length);
  await Promise.all(apps.map((app) => request(`${app.url}/healthz`)));
  for (let i = 0; i < 100; i++) {
    if (apps.every((app, k) => app.output().split('"path":"/healthz"').length > (before[k] ?? 0))) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Failure("the app processes did not log a /healthz request");
}
