import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { atLeast, failed, info, type Measurement, round } from "#bench/budgets.ts";
import { LOAD_SECONDS, load } from "./load.ts";

function findNginx(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  return null;
}

/**
 * Debian's nginx serving one page: the exact bytes our server answers for it (the built file
 * with its stylesheets inlined, as server/inline-stylesheets.js does at start-up). "bench" is
 * this bench's first configuration (a worker per core); "lean" is one worker, as our server is
 * one process, with open files cached, so a request costs no open() or stat().
 */
async function startNginx(
  nginx: string,
  port: number,
  pagePath: string,
  page: Buffer,
  config: "bench" | "lean",
): Promise<{ stop(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-nginx-"));
  const root = path.join(dir, "root");
  fs.mkdirSync(path.join(root, pagePath), { recursive: true });
  fs.writeFileSync(path.join(root, pagePath, "index.html"), page);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes ${config === "lean" ? 1 : "auto"};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
daemon off;
events { worker_connections 2048; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  ${config === "lean" ? "open_file_cache max=64 inactive=60s; open_file_cache_valid 60s; tcp_nodelay on; server_tokens off; etag off;" : ""}
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child: ChildProcess = spawn(nginx, ["-c", conf, "-p", dir], { stdio: "ignore" });
  for (let i = 0; i < 40; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${pagePath}`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { stop: () => child.kill("SIGQUIT") };
}

/**
 * Requests per second for one prerendered page from our server and from nginx, one after the
 * other in the same run, same load generator, same connections, no compression asked for.
 */
export async function measureStaticServing(
  ourUrl: string,
  pagePath: string,
  nginxPort: number,
): Promise<Measurement[]> {
  let nginx = findNginx();
  if (!nginx && process.getuid?.() === 0) {
    try {
      execFileSync("apt-get", ["install", "-y", "-qq", "nginx"], { stdio: "ignore" });
      nginx = findNginx();
    } catch {
      // reported below
    }
  }
  if (!nginx)
    return [failed("Static page vs nginx (ratio)", ">= 0.5", "nginx not installed: apt-get install -y nginx")];

  const page = Buffer.from(
    await (await fetch(ourUrl + pagePath, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer(),
  );
  const settings = { seconds: LOAD_SECONDS, connections: 50 };
  // The first seconds after start are slower (JIT, the database's start-up work): warm first.
  await load({ url: ourUrl + pagePath, seconds: 3, connections: 50 });
  const ours = await load({ url: ourUrl + pagePath, ...settings });
  const rows = [info(`Static ${pagePath}: our server`, round(ours.requestsPerSecond), "req/s", `p99 ${ours.p99} ms`)];
  for (const config of ["bench", "lean"] as const) {
    const server = await startNginx(nginx, nginxPort, pagePath, page, config);
    try {
      const theirs = await load({ url: `http://127.0.0.1:${nginxPort}${pagePath}`, ...settings });
      const ratio = theirs.requestsPerSecond ? ours.requestsPerSecond / theirs.requestsPerSecond : 0;
      rows.push(
        info(
          `Static ${pagePath}: nginx, ${config} config`,
          round(theirs.requestsPerSecond),
          "req/s",
          `same ${page.length} bytes`,
        ),
        atLeast(`Static page vs nginx, ${config} config (ratio)`, round(ratio, 2), 0.5),
      );
    } finally {
      server.stop();
      // Its workers let go of the port before the next configuration binds it.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return rows;
}
