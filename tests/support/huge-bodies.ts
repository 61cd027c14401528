import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { adminHeadersFor, type ServerProcess, startServer } from "./server-process.ts";

// Oversized requests against a server process of its own: used by attack-input.spec.ts
// (Playwright) and tests/process/attack-bodies.test.ts (Vitest), so it imports neither.

export const MB = 1024 * 1024;

/** A server of its own on a fresh data folder, so nothing disturbs the shared server. */
export async function startOwnServer(): Promise<{ server: ServerProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-attack-"));
  return { server: await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" }), dataDir };
}

export async function stopOwnServer(own: { server: ServerProcess; dataDir: string } | undefined): Promise<void> {
  if (!own) return;
  own.server.child.kill("SIGTERM");
  await own.server.exited;
  fs.rmSync(own.dataDir, { recursive: true, force: true });
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Streams `totalBytes` of form data from one reused 64 KB buffer (the test never holds the
 * body), with Content-Length or chunked, until the server answers or closes the connection.
 * Samples the server's RSS meanwhile and reports the peak.
 */
export async function sendHugeBody(
  server: ServerProcess,
  options: {
    path: string;
    method: string;
    totalBytes: number;
    chunked: boolean;
    contentType: string;
    headers?: Record<string, string>;
  },
) {
  const pid = server.child.pid!;
  const target = new URL(server.url);
  const chunk = Buffer.alloc(64 * 1024, "a");
  let peakRss = rssOf(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(pid));
  }, 25);
  let sent = 0;
  try {
    const response = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const headers: Record<string, string | number> = {
          "Content-Type": options.contentType,
          Origin: server.url,
          ...options.headers,
        };
        if (!options.chunked) headers["Content-Length"] = options.totalBytes;
        const req = http.request({
          host: target.hostname,
          port: target.port,
          method: options.method,
          path: options.path,
          headers,
          agent: false,
        });
        let answered = false;
        req.on("response", (res) => {
          answered = true;
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (text: string) => {
            body += text;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          res.on("error", reject);
        });
        // The server closing the connection mid-upload is the point; the answer still arrives.
        req.on("error", (error) => {
          if (!answered) reject(error);
        });
        const pump = () => {
          while (!answered && !req.destroyed && sent < options.totalBytes) {
            const piece = chunk.subarray(0, Math.min(chunk.length, options.totalBytes - sent));
            sent += piece.length;
            if (!req.write(piece)) return void req.once("drain", pump);
          }
          if (sent >= options.totalBytes || answered) req.end();
        };
        pump();
      },
    );
    peakRss = Math.max(peakRss, rssOf(pid));
    return { ...response, sent, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

/** A signed-in admin's session cookie (adminHeadersFor signs in through the login form). */
export async function adminCookie(server: ServerProcess): Promise<string> {
  const cookie = (await adminHeadersFor(server)).Cookie;
  if (!cookie) throw new Error("signing in set no cookie");
  return cookie;
}
