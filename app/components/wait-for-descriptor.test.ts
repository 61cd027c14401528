import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { waitForDescriptor } from "./wait-for-descriptor.ts";

let server: http.Server | undefined;
afterEach(() => server?.close());

/** A server answering 503 with Retry-After `busyTimes` times, then the descriptor. */
async function zoomServer(busyTimes: number) {
  const seen: number[] = [];
  server = http.createServer((_req, res) => {
    seen.push(seen.length < busyTimes ? 503 : 200);
    if (seen.length <= busyTimes) res.writeHead(503, { "Retry-After": "0" }).end("being prepared");
    else res.writeHead(200, { "Content-Type": "application/xml" }).end("<Image/>");
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/img/zoom/a.0123456789.dzi`, seen };
}

describe("waitForDescriptor", () => {
  it("asks again after each 503 until the descriptor is there", async () => {
    const { url, seen } = await zoomServer(2);
    await waitForDescriptor(url, new AbortController().signal);
    expect(seen).toEqual([503, 503, 200]);
  });

  it("stops asking when the page is left", async () => {
    const { url, seen } = await zoomServer(100);
    const leaving = new AbortController();
    const waiting = waitForDescriptor(url, leaving.signal);
    leaving.abort();
    await waiting;
    expect(seen.length).toBeLessThanOrEqual(1);
  });
});
