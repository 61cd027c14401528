import { describe, expect, it } from "vitest";
import { PublicQuoteCache } from "./public-quote-cache.server.ts";
import type { PublicQuote, QuotePage } from "./quote-views.ts";

const page = (text: string): QuotePage<PublicQuote> => ({
  quotes: [{ id: 1, text, createdAt: "2025-01-01T00:00:00.000Z" }],
  nextCursor: null,
});

function counter(text = "a") {
  let calls = 0;
  const load = async () => {
    calls++;
    return page(`${text}${calls}`);
  };
  return { load, calls: () => calls };
}

describe("PublicQuoteCache", () => {
  it("reads the database every time until it is listening for changes", async () => {
    const cache = new PublicQuoteCache();
    const db = counter();
    await cache.read("k", db.load);
    await cache.read("k", db.load);
    expect(db.calls()).toBe(2);
  });

  it("keeps one answer per query while listening, and forgets all of them at a change", async () => {
    const cache = new PublicQuoteCache();
    cache.changed();
    const db = counter();
    expect((await cache.read("k", db.load)).quotes[0]?.text).toBe("a1");
    expect((await cache.read("k", db.load)).quotes[0]?.text).toBe("a1");
    await cache.read("other", db.load);
    expect(db.calls()).toBe(2);
    cache.changed();
    expect((await cache.read("k", db.load)).quotes[0]?.text).toBe("a3");
  });

  it("shares one database read among requests that arrive together", async () => {
    const cache = new PublicQuoteCache();
    cache.changed();
    const db = counter();
    const [first, second] = await Promise.all([cache.read("k", db.load), cache.read("k", db.load)]);
    expect(first).toBe(second);
    expect(db.calls()).toBe(1);
  });

  it("never keeps a read that was in flight when a change landed", async () => {
    const cache = new PublicQuoteCache();
    cache.changed();
    let finish: (value: QuotePage<PublicQuote>) => void = () => {};
    const inFlight = cache.read("k", () => new Promise((resolve) => (finish = resolve)));
    cache.forget();
    finish(page("before the change"));
    await inFlight;
    expect((await cache.read("k", async () => page("after the change"))).quotes[0]?.text).toBe("after the change");
  });

  it("does not remember a failed read", async () => {
    const cache = new PublicQuoteCache();
    cache.changed();
    await expect(cache.read("k", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect((await cache.read("k", async () => page("recovered"))).quotes[0]?.text).toBe("recovered");
  });

  it("keeps answering from what it has while deaf, and reads afresh once changes are heard again", async () => {
    const cache = new PublicQuoteCache(2);
    cache.changed();
    const db = counter("read ");
    for (const key of ["a", "b", "c"]) await cache.read(key, db.load);
    expect(cache.size).toBe(2);
    // The LISTEN connection dropped: the database is away, so the pages in memory are served.
    cache.deaf();
    expect(cache.fresh).toBe(false);
    const down = () => Promise.reject(new Error("connect ECONNREFUSED"));
    expect((await cache.read("c", down)).quotes[0]?.text).toBe("read 3");
    expect(cache.peek("c")?.quotes[0]?.text).toBe("read 3");
    await expect(cache.read("a", down)).rejects.toThrow("ECONNREFUSED");
    // Back (decision 012's gap): whatever changed meanwhile is read from the database.
    cache.changed();
    expect(cache.fresh).toBe(true);
    expect(cache.peek("c")).toBeUndefined();
    expect((await cache.read("c", db.load)).quotes[0]?.text).toBe("read 4");
    expect(db.calls()).toBe(4);
  });

  it("keeps nothing after a reset until changes are heard", async () => {
    const cache = new PublicQuoteCache();
    cache.changed();
    const db = counter();
    await cache.read("a", db.load);
    cache.reset();
    await cache.read("a", db.load);
    await cache.read("a", db.load);
    expect(cache.size).toBe(0);
    expect(db.calls()).toBe(3);
  });

  it("peeks only at pages already read, and only while listening", async () => {
    const cache = new PublicQuoteCache();
    await cache.read("k", async () => page("not kept"));
    expect(cache.peek("k")).toBeUndefined();
    cache.changed();
    let finish: (value: QuotePage<PublicQuote>) => void = () => {};
    const pending = cache.read("k", () => new Promise((resolve) => (finish = resolve)));
    expect(cache.peek("k")).toBeUndefined();
    finish(page("kept"));
    await pending;
    expect(cache.peek("k")?.quotes[0]?.text).toBe("kept");
    cache.reset();
    expect(cache.peek("k")).toBeUndefined();
  });
});
