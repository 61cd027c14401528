import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PublicQuoteCache, publicQuotesKey } from "#app/quotes/public-quote-cache.server.ts";
import { publicListQuery } from "#app/quotes/quote-api-schemas.ts";
import type { PublicQuote, QuotePage } from "#app/quotes/quote-views.ts";
import { publicQuotesFromMemory } from "./public-quotes-from-memory.ts";

/** This test's own cache, as the composition root builds the process's (decision 066). */
const publicQuotes = new PublicQuoteCache();
const serveFromMemory = publicQuotesFromMemory({ publicQuotes, content: { version: 1 }, production: true });

// Long enough to be worth compressing.
const page: QuotePage<PublicQuote> = {
  quotes: Array.from({ length: 24 }, (_, i) => ({
    id: i + 1,
    text: `Quote ${i + 1}: plants do not rush and they still cover the earth.`,
    createdAt: "2025-09-25T00:00:00.000Z",
  })),
  nextCursor: "abc",
};

let base = "";
let server: http.Server;

beforeAll(async () => {
  // What falls through is answered 418 here; in the app it goes on to Express and React Router.
  server = http.createServer((req, res) => {
    const app = () => res.writeHead(418).end();
    if (!serveFromMemory(req, res, app)) app();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  publicQuotes.reset();
});

const get = (path: string, init?: RequestInit) => fetch(base + path, init);

describe("GET /api/quotes from memory", () => {
  it("answers only pages the cache has already read, while it is listening", async () => {
    const cache = publicQuotes;
    const key = publicQuotesKey(publicListQuery.parse({ q: "plants" }));
    expect((await get("/api/quotes?q=plants")).status).toBe(418);
    cache.changed();
    expect((await get("/api/quotes?q=plants")).status).toBe(418);
    await cache.read(key, async () => page);

    const response = await get("/api/quotes?q=plants", { headers: { "Accept-Encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.json()).toEqual(page);

    // A quote changed: the next request goes to the route (and the database) again.
    cache.changed();
    expect((await get("/api/quotes?q=plants")).status).toBe(418);
  });

  it("sends the same JSON compressed when the client accepts it", async () => {
    const cache = publicQuotes;
    cache.changed();
    await cache.read(publicQuotesKey(publicListQuery.parse({})), async () => page);
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/api/quotes`, { headers: { "Accept-Encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(raw.encoding).toBe("br");
    expect(JSON.parse(zlib.brotliDecompressSync(raw.body).toString())).toEqual(page);
  });

  it("leaves bad input, other paths and other methods to the route", async () => {
    publicQuotes.changed();
    expect((await get("/api/quotes?limit=0")).status).toBe(418);
    expect((await get("/api/quotes/extra")).status).toBe(418);
    expect((await get("/api/quotes", { method: "POST", body: "{}" })).status).toBe(418);
  });
});
