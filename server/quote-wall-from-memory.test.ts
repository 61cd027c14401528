import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PublicQuoteCache } from "#app/quotes/public-quote-cache.server.ts";
import { publicQuotesFromMemory } from "./public-quotes-from-memory.ts";
import { QuoteWallFromMemory, quoteWallKey } from "./quote-wall-from-memory.ts";

/** This test's own cache, as the composition root builds the process's (decision 066). */
const publicQuotes = new PublicQuoteCache();
const sources = { publicQuotes, content: { version: 1 }, production: true };
const quoteWall = new QuoteWallFromMemory(sources);
const serveFromMemory = publicQuotesFromMemory(sources, quoteWall);

let base = "";
let server: http.Server;
let renders = 0;
let listed = "first list";
const INJECTED = "<script>window.__injected=1</script>";
const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

// What falls through stands in for React Router: it renders the wall, as a stream of chunks.
function render(req: http.IncomingMessage, res: http.ServerResponse & { locals?: Record<string, string> }) {
  renders++;
  const url = new URL(req.url ?? "/", "http://x");
  res.locals = { cspNonce: "N0NCE" };
  if (url.searchParams.get("q") === "broken") return void res.writeHead(500).end("Error: broken");
  if (url.searchParams.get("q") === "cookie") res.setHeader("Set-Cookie", "a=b");
  // The home page rendered without its quotes (the database did not answer).
  if (url.searchParams.get("q") === "nostore") res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.write(`<!doctype html><script nonce="N0NCE">start()</script><h1>Quotes</h1>`);
  // A NOTIFY arriving while this page is being rendered.
  if (url.searchParams.get("q") === "race") publicQuotes.changed();
  res.write(`<p>${listed} for ${url.searchParams.get("q") ?? "all"}</p>${"<li>quote</li>".repeat(200)}`);
  // A quote whose text got a script past every check: it has no nonce.
  if (url.searchParams.get("q") === "hostile") res.write(`<li>${INJECTED}</li>`);
  res.end(`<p>encoding seen: ${req.headers["accept-encoding"] ?? "none"}</p>`);
}

/** Requests the server was given; while `held` is set, renders wait for it (to make them overlap). */
let arrived = 0;
let held: Promise<void> | undefined;
function app(req: http.IncomingMessage, res: http.ServerResponse) {
  if (held) held.then(() => render(req, res));
  else render(req, res);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    arrived++;
    if (!serveFromMemory(req, res, () => app(req, res))) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  publicQuotes.reset();
});
beforeEach(() => {
  publicQuotes.changed();
  renders = 0;
  listed = "first list";
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { "Accept-Encoding": "br, gzip", ...headers } });
/** Kept pages are compressed in zlib's pool after the first answer: wait for the entry. */
async function settled() {
  for (let i = 0; i < 100 && quoteWall.pages.size === 0; i++) await new Promise((r) => setTimeout(r, 5));
}

describe("the quote wall from memory", () => {
  it("renders the first request, then answers from memory, compressed, without the nonce", async () => {
    const first = await get("/quotes?q=plant");
    expect(first.headers.get("content-encoding")).toBeNull();
    expect(await first.text()).toContain("encoding seen: identity");
    await settled();
    const raw = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/quotes?q=plant`, { headers: { "Accept-Encoding": "br" } }, resolve),
    );
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(raw.headers.vary).toBe("Accept-Encoding");
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk);
    const html = zlib.brotliDecompressSync(Buffer.concat(chunks)).toString();
    expect(html).toContain("first list for plant");
    expect(html).not.toContain("N0NCE");
    expect(raw.headers["content-security-policy"]).toContain("'sha256-");
    expect(raw.headers["content-security-policy"]).not.toContain("nonce");
    expect(raw.headers["x-content-type-options"]).toBe("nosniff");
    expect(renders).toBe(1);
    const etag = String(raw.headers.etag);
    expect((await get("/quotes?q=plant", { "If-None-Match": etag })).status).toBe(304);
  });

  it("allows by hash only the scripts rendered with the request's nonce, never one in a quote", async () => {
    await (await get("/quotes?q=hostile")).text();
    await settled();
    const kept = await get("/quotes?q=hostile");
    const policy = String(kept.headers.get("content-security-policy"));
    expect(await kept.text()).toContain(INJECTED);
    expect(renders).toBe(1);
    expect(policy).toContain(sha256("start()"));
    expect(policy).not.toContain(sha256("window.__injected=1"));
  });

  it("drops every page when quotes change (NOTIFY or this process's own write)", async () => {
    await get("/quotes");
    await settled();
    listed = "second list";
    publicQuotes.forget();
    expect(await (await get("/quotes")).text()).toContain("second list");
    expect(renders).toBe(2);
  });

  it("never keeps a page rendered while quotes changed", async () => {
    await (await get("/quotes?q=race")).text();
    await new Promise((r) => setTimeout(r, 50));
    expect(quoteWall.pages.size).toBe(0);
  });

  it("keeps nothing until changes can be heard", async () => {
    publicQuotes.reset();
    await get("/quotes");
    await get("/quotes");
    expect(renders).toBe(2);
  });

  it("keeps serving the kept wall while changes cannot be heard (the database is away), then renders afresh", async () => {
    await (await get("/quotes")).text();
    await settled();
    publicQuotes.deaf();
    listed = "second list";
    expect(await (await get("/quotes")).text()).toContain("first list");
    expect(renders).toBe(1);
    // Back: decision 012's gap handling empties the caches, so the change made meanwhile shows.
    publicQuotes.changed();
    expect(await (await get("/quotes")).text()).toContain("second list");
    expect(renders).toBe(2);
  });

  it("never keeps errors, answers that set cookies, or other parameters; never serves signed-in requests", async () => {
    for (const path of [
      "/quotes?q=broken",
      "/quotes?q=cookie",
      "/quotes?x=1",
      "/quotes?q=a&q=b",
      `/quotes?q=${"x".repeat(600)}`,
    ]) {
      await (await get(path)).text();
      await (await get(path)).text();
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(quoteWall.pages.size).toBe(0);
    expect(renders).toBe(10);
    await get("/quotes");
    await settled();
    await get("/quotes", { Cookie: "umbra.session_token=x" });
    await get("/quotes", { Authorization: "Bearer x" });
    expect(renders).toBe(13);
  });

  it("keeps the home page, which shows the newest public quotes, and drops it when quotes change", async () => {
    await get("/");
    await settled();
    expect(await (await get("/")).text()).toContain("first list for all");
    expect(renders).toBe(1);
    listed = "second list";
    publicQuotes.forget();
    expect(await (await get("/")).text()).toContain("second list");
    expect(renders).toBe(2);
  });

  it("never keeps a page that asked not to be stored", async () => {
    await (await get("/quotes?q=nostore")).text();
    await new Promise((r) => setTimeout(r, 50));
    await (await get("/quotes?q=nostore")).text();
    expect(renders).toBe(2);
    expect(quoteWall.pages.size).toBe(0);
  });

  it("answers concurrent first requests alike and keeps one entry", async () => {
    const texts = await Promise.all(Array.from({ length: 20 }, () => get("/quotes?cursor=abc").then((r) => r.text())));
    expect(new Set(texts.map((text) => text.includes("first list for all"))).size).toBe(1);
    await settled();
    expect(quoteWall.pages.size).toBe(1);
  });

  it("renders a page once however many ask for it before it is kept (issue 42)", async () => {
    let open = () => {};
    held = new Promise<void>((resolve) => {
      open = resolve;
    });
    try {
      const before = arrived;
      const texts = Array.from({ length: 50 }, () => get("/quotes?q=burst").then((r) => r.text()));
      await expect.poll(() => arrived - before).toBe(50);
      open();
      for (const text of await Promise.all(texts)) expect(text).toContain("first list for burst");
      expect(renders).toBe(1);
    } finally {
      held = undefined;
    }
  });

  it("stays bounded under a flood of distinct searches", async () => {
    for (let i = 0; i < 400; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, j) => get(`/quotes?q=s${i + j}`).then((r) => r.text())));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(quoteWall.pages.size).toBeLessThanOrEqual(256);
    expect(quoteWall.pages.bytes).toBeLessThanOrEqual(24 * 1024 * 1024);
  });
});

describe("quoteWallKey", () => {
  it("keeps only the wall with at most one q and one cursor", () => {
    expect(quoteWallKey("/quotes")).toBe("");
    expect(quoteWallKey("/")).toBe("home");
    expect(quoteWallKey("/?utm_source=x")).toBeUndefined();
    expect(quoteWallKey("/quotes?q=a&cursor=b")).toBe(quoteWallKey("/quotes?cursor=b&q=a"));
    expect(quoteWallKey("/quotes?q=a")).not.toBe(quoteWallKey("/quotes?cursor=a"));
    for (const url of [
      "/quotes/",
      "/quotesx",
      "/quotes?x=1",
      "/quotes?q=1&q=2",
      `/quotes?q=${"a".repeat(600)}`,
      "/api/quotes",
    ]) {
      expect(quoteWallKey(url), url).toBeUndefined();
    }
    expect(quoteWallKey("/quotes?q=%E0%A4%A")).toBeDefined();
  });
});
