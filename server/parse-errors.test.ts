import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerParseErrors } from "./parse-errors.ts";

let port = 0;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end("ok"));
  answerParseErrors(server, { production: true });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/** Writes raw bytes and returns everything the server sent before closing. */
function sendBytes(bytes: string) {
  return new Promise<string>((resolve, reject) => {
    let received = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes, "latin1"));
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
  });
}

describe("answerParseErrors", () => {
  it("answers what Node's parser refuses with a message and the security headers", async () => {
    const answer = await sendBytes("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain("\r\nCross-Origin-Resource-Policy: same-origin\r\n");
    expect(answer).toContain("\r\nContent-Security-Policy: default-src 'self'");
    expect(answer).toContain("\r\nConnection: close\r\n");
    expect(answer.split("\r\n\r\n")[1]).toBe(
      "This request is malformed and cannot be read (its request line, a header or its length).",
    );
  });

  it("says when the headers are too large", async () => {
    const answer = await sendBytes(`GET / HTTP/1.1\r\nHost: x\r\nCookie: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer).toContain("Clear this site's cookies");
  });
});
