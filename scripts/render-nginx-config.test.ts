import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_PATH_PREFIXES } from "#app/security/secret-paths.ts";
import { freePort, request } from "#tests/test-deploy/http-client.ts";
import { renderSiteConfig, startNginx, stopProcess } from "#tests/test-deploy/processes.ts";

const root = path.resolve(import.meta.dirname, "..");
const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
const token = "rT0k3n-Secret_abcdefghijklmnopqrstuvwxyz0123";

describe("the rendered nginx configuration's access log", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-nginx-log-"));
  const accessLog = path.join(dir, "umbra-access.log");
  // nginx's workers look for cached images here: a closed folder would fill the error log.
  fs.chmodSync(dir, 0o755);
  let site = "";
  let upstream: http.Server;
  let port = 0;

  beforeAll(async () => {
    // A stand-in for the app: nginx proxies everything here.
    upstream = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    port = await freePort();
    site = renderSiteConfig({
      listen: `127.0.0.1:${port}`,
      ports: [(upstream.address() as AddressInfo).port],
      dataDir: dir,
      appDir: root,
      accessLog,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => upstream.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("logs every server through a format with no raw address, query string or Referer", () => {
    const format = /log_format umbra_redacted ([^;]+);/.exec(site)?.[1] ?? "";
    expect(format).toContain("$umbra_logged_uri");
    expect(format).not.toMatch(/\$request\b|\$request_uri|\$uri\b|\$args|\$query_string|\$http_referer/);
    const accessLogs = [...site.matchAll(/^\s*access_log ([^;]+);/gm)].map((m) => m[1]);
    expect(accessLogs.length).toBeGreaterThan(0);
    for (const line of accessLogs) expect(line).toBe(`${accessLog} umbra_redacted`);
    for (const prefix of SECRET_PATH_PREFIXES) expect(site).toContain(`"${prefix}[redacted]$umbra_after_secret"`);
  });

  it.runIf(nginx)(
    "opens a viewing room through nginx and finds no token in its logs; closes a silent connection within 13 s",
    { timeout: 30_000 },
    async () => {
      const started = await startNginx(nginx as string, dir, site, `http://127.0.0.1:${port}`);
      // Meanwhile, a connection that sends nothing: nginx closes it after 10 s, as the app does.
      const opened = Date.now();
      const silent = net.connect({ port, host: "127.0.0.1" });
      silent.on("error", () => {});
      const silentClosed = new Promise<number>((resolve) => silent.on("close", () => resolve(Date.now() - opened)));
      silent.resume();
      try {
        const room = `http://127.0.0.1:${port}/rooms/${token}`;
        for (const address of [
          `/rooms/${token}`,
          `/rooms/${token}.data`,
          `/rooms/${token}/works/the-new-god?from=list`,
          `/rooms/${token}/enquiries`,
          `/img/artworks-400/the-new-god.webp`,
          `/reset-password?token=${token}`,
          `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
        ]) {
          const answer = await request(`http://127.0.0.1:${port}${address}`, { headers: { Referer: room } });
          expect(answer.status).toBe(200);
        }
        expect(await silentClosed).toBeLessThan(13_000);
      } finally {
        silent.destroy();
        await stopProcess(started.child, started.exited, "SIGQUIT");
      }
      const logged = fs.readFileSync(accessLog, "utf8");
      expect(logged.trim().split("\n")).toHaveLength(1 + 7);
      expect(logged).toContain('"GET /rooms/[redacted]/works/the-new-god HTTP/1.1"');
      expect(logged).toContain('"GET /api/auth/reset-password/[redacted] HTTP/1.1"');
      expect(logged).toContain('"GET /reset-password HTTP/1.1"');
      for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".log"))) {
        expect(fs.readFileSync(path.join(dir, file), "utf8"), file).not.toContain(token.slice(0, 12));
      }
    },
  );
});
