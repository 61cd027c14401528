// HTTP helpers of `npm run test:deploy` (tests/test-deploy.ts).
import http from "node:http";
import net from "node:net";
/** A failure the person running this can act on: printed as a plain message. */
export class Failure extends Error {}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Failure(message);
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One HTTP request on its own connection. `localAddress` picks the client's address: every
 * 127.x.x.x is this machine, so the test can be several clients that nginx tells apart.
 */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, localAddress: options.localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${url} did not answer in 30 s`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** An event stream held open; `waitFor` resolves when its text so far matches. */
export function openEventStream(url: string, headers: Record<string, string>) {
  return new Promise<{ waitFor: (pattern: RegExp, timeoutMs: number) => Promise<string>; close: () => void }>(
    (resolve, reject) => {
      const req = http.get(url, { headers, agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Failure(`event stream answered ${res.statusCode}`));
        let text = "";
        const waiters = new Set<() => void>();
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
          for (const wake of waiters) wake();
        });
        resolve({
          waitFor: (pattern, timeoutMs) =>
            new Promise((done, fail) => {
              const wake = () => {
                const match = pattern.exec(text);
                if (!match) return;
                waiters.delete(wake);
                clearTimeout(timer);
                done(text.slice(match.index));
              };
              const timer = setTimeout(() => {
                waiters.delete(wake);
                fail(new Failure(`no ${pattern} on the event stream within ${timeoutMs} ms; got:\n${text}`));
              }, timeoutMs);
              waiters.add(wake);
              wake();
            }),
          close: () => req.destroy(),
        });
      });
      req.on("error", reject);
    },
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}
