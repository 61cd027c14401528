import { describe, expect, it } from "vitest";
import { BoundedAnswerCache } from "./bounded-answer-cache.ts";
import { compressBodySync, prepareAnswer } from "./compressed-body.ts";

const answerOf = (bytes: number) =>
  prepareAnswer(compressBodySync(Buffer.alloc(bytes, 97), { minBytes: Infinity }), {});

describe("BoundedAnswerCache", () => {
  it("keeps at most maxEntries, dropping the least recently used", () => {
    const cache = new BoundedAnswerCache({ maxEntries: 3, maxBytes: 1e9 });
    for (const key of ["a", "b", "c"]) cache.set(key, answerOf(10));
    expect(cache.get("a")).toBeDefined();
    cache.set("d", answerOf(10));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.size).toBe(3);
  });

  it("keeps at most maxBytes and never an answer larger than that", () => {
    const cache = new BoundedAnswerCache({ maxEntries: 100, maxBytes: 1000 });
    cache.set("big", answerOf(2000));
    expect(cache.size).toBe(0);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, answerOf(300));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(3);
    cache.set("k9", answerOf(100));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
  });

  it("stays within both bounds under a flood of crafted keys", () => {
    const cache = new BoundedAnswerCache({ maxEntries: 256, maxBytes: 64 * 1024 });
    for (let i = 0; i < 20_000; i++) cache.set(`search ${i} ${"x".repeat(i % 400)}`, answerOf(100 + (i % 900)));
    expect(cache.size).toBeLessThanOrEqual(256);
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
