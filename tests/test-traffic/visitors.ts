import { execFile } from "node:child_process";
import http from "node:http";

/** What one visitor request got. */
export interface Visit {
  path: string;
  status: number;
  ms: number;
  error?: string;
  /** The Retry-After header of a 503, in seconds as sent. */
  retryAfter?: string;
}

/**
 * One request on a new connection, as a visitor's browser opening the site: the status (0 when
 * there was no answer) and how long it took, given up after `timeoutMs`.
 */
export function visit(base: string, path: string, { timeoutMs = 5_000, agent = false as http.Agent | false } = {}) {
  const began = Date.now();
  return new Promise<Visit>((resolve) => {
    let retryAfter: string | undefined;
    const done = (status: number, error?: string) =>
      resolve({ path, status, ms: Date.now() - began, error, retryAfter });
    const req = http.get(`${base}${path}`, { agent, headers: { "Accept-Encoding": "gzip, br" } }, (res) => {
      retryAfter = res.headers["retry-after"];
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0));
      res.on("error", (e) => done(0, e.message));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      done(0, `no answer in ${timeoutMs / 1000} s`);
    });
    req.on("error", (e) => done(0, e.message));
  });
}

/**
 * The same from another process (curl), timed by it: when this process's own event loop is busy
 * with the attack's thousand sockets, a visit timed here would count that wait as the server's.
 */
export function visitFromOutside(base: string, path: string, { timeoutMs = 5_000 } = {}) {
  return new Promise<Visit>((resolve) => {
    const began = Date.now();
    const args = ["-s", "-o", "/dev/null", "-H", "Accept-Encoding: gzip, br", "--max-time", String(timeoutMs / 1000)];
    execFile("curl", [...args, "-w", "%{http_code} %{time_total}", `${base}${path}`], (error, stdout) => {
      const [status, seconds] = stdout.trim().split(" ");
      const ms = seconds ? Math.round(Number(seconds) * 1000) : Date.now() - began;
      resolve({
        path,
        status: Number(status) || 0,
        ms,
        error: error ? `no answer in ${timeoutMs / 1000} s` : undefined,
      });
    });
  });
}

/**
 * Ordinary visitors during an attack: every `everyMs` one opens `/` (and the other paths in
 * turn) on a new connection. `served` counts answers below 500 within the limit.
 */
export function visitorsDuring(base: string, paths = ["/"], everyMs = 500) {
  const visits: Visit[] = [];
  const pending = new Set<Promise<unknown>>();
  let i = 0;
  const timer = setInterval(() => {
    const p = visit(base, paths[i++ % paths.length] as string).then((v) => visits.push(v));
    pending.add(p);
    p.finally(() => pending.delete(p));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      const served = visits.filter((v) => v.status > 0 && v.status < 500).length;
      const slowest = Math.max(0, ...visits.filter((v) => v.status > 0).map((v) => v.ms));
      const failures = visits.filter((v) => v.status === 0 || v.status >= 500);
      const described = failures.map((v) => `${v.path} ${v.status || v.error} after ${v.ms} ms`);
      return { served, total: visits.length, slowest, failures, described, visits };
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
