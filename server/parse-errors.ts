import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { contentSecurityPolicy, fixedSecurityHeaders } from "./security-headers.ts";

// What Node's HTTP parser refuses before any handler runs, and what a person can do about it.
const answers: Record<string, [statusLine: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [
    "431 Request Header Fields Too Large",
    "The request headers are too large. Clear this site's cookies and try again.",
  ],
  ERR_HTTP_REQUEST_TIMEOUT: ["408 Request Timeout", "The request took too long to arrive. Try again."],
};
const CLOSE_AFTER_MS = 2_000;
const malformed: [statusLine: string, message: string] = [
  "400 Bad Request",
  "This request is malformed and cannot be read (its request line, a header or its length).",
];

/**
 * Answers requests Node's parser refuses (a NUL in a header, a broken Content-Length, headers
 * over the size limit) like every other answer: a status, a message and the security headers,
 * where Node's default writes a bare `400 Bad Request`. The connection is closed after it.
 */
export function answerParseErrors(server: Server, { production }: { production: boolean }): void {
  server.on("clientError", (error: NodeJS.ErrnoException & { bytesWritten?: number }, socket: Duplex) => {
    // Nothing to answer on a connection the client dropped, or once a response has begun.
    if (error.code === "ECONNRESET" || !socket.writable || (error.bytesWritten ?? 0) > 0) {
      socket.destroy();
      return;
    }
    const [statusLine, message] = answers[error.code ?? ""] ?? malformed;
    const headers = {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(message)),
      "Cache-Control": "no-store",
      Connection: "close",
      ...(production ? { "Content-Security-Policy": contentSecurityPolicy() } : {}),
      ...fixedSecurityHeaders({ production }),
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n");
    socket.end(`HTTP/1.1 ${statusLine}\r\n${head}\r\n\r\n${message}`);
    // end() only closes our side: a client that never closes its own would keep the
    // descriptor. It has had the answer; the connection goes after a short linger.
    setTimeout(() => socket.destroy(), CLOSE_AFTER_MS).unref();
  });
}
