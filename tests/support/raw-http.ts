import http from "node:http";
import net from "node:net";

const CAPTURE_BYTES = 64 * 1024;

/** A request as sent on the wire: the path is not normalised or re-encoded. */
export interface RawRequest {
  method: string;
  /** Path and query exactly as they go on the request line. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first 64 KB of the body (event streams are not read). */
  body: string;
}

/**
 * Sends one request with node:http, which (unlike fetch) leaves the path and Host alone and
 * sends any method, so malformed input reaches the server as written.
 */
export function sendRaw(baseUrl: string, request: RawRequest, timeoutMs = 20_000): Promise<RawResponse> {
  const target = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        // node:http frames a DELETE or OPTIONS body only when told its length.
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: decode(chunks) });
        if (String(res.headers["content-type"] ?? "").includes("text/event-stream")) {
          res.destroy();
          finish();
          return;
        }
        res.on("data", (chunk: Buffer) => {
          if (size < CAPTURE_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", finish);
        res.on("error", finish);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(request.body);
  });
}

function decode(chunks: Buffer[]): string {
  return Buffer.concat(chunks).subarray(0, CAPTURE_BYTES).toString("utf8");
}

/**
 * Writes `bytes` on a new connection exactly as given (what no HTTP client will send: no Host,
 * an absolute or `*` target, a NUL in a header) and returns the answer's status and head.
 */
export function sendOnSocket(
  baseUrl: string,
  bytes: string,
  timeoutMs = 20_000,
): Promise<{ status: number; head: string }> {
  const target = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(Number(target.port), target.hostname, () => socket.write(bytes, "latin1"));
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const head = received.split("\r\n\r\n")[0] ?? "";
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head });
    });
  });
}
