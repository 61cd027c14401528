import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { clearAttempts, RateLimitedError, refundAttempt, takeAttempt } from "./rate-limit.server.ts";
import { claimCode, releaseCode } from "./used-codes.server.ts";

const rule = { limit: 5, windowSeconds: 900 };

/** Fires `count` attempts at once; returns how many were let through to be evaluated. */
async function burst(databases: Database[], count: number, key = "burst") {
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      takeAttempt((databases[i % databases.length] as Database).db, [{ key, rule }]),
    ),
  );
  const refused = outcomes.filter((o) => o.status === "rejected");
  for (const o of refused) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(RateLimitedError);
  return { evaluated: outcomes.length - refused.length, refused: refused as PromiseRejectedResult[] };
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`sign-in throttle on ${engine}`, { timeout: 60_000 }, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await test?.destroy();
    });

    it("lets exactly the limit of 120 simultaneous attempts through and refuses the rest with a wait", async () => {
      const { evaluated, refused } = await burst([test.database], 120);
      expect(evaluated).toBe(rule.limit);
      expect(refused).toHaveLength(120 - rule.limit);
      const first = refused[0]?.reason as RateLimitedError;
      const wait = first.retryAfterSeconds;
      expect(wait).toBeGreaterThan(800);
      expect(wait).toBeLessThanOrEqual(900);
      expect(first.headers.get("Retry-After")).toBe(String(wait));
    });

    it("refuses when any of several counters is used up, and forgets a cleared one", async () => {
      const db = test.database.db;
      for (let i = 0; i < rule.limit; i++) await takeAttempt(db, [{ key: "shared", rule }]);
      await expect(
        takeAttempt(db, [
          { key: "fresh", rule },
          { key: "shared", rule },
        ]),
      ).rejects.toBeInstanceOf(RateLimitedError);
      await clearAttempts(db, "shared");
      await expect(takeAttempt(db, [{ key: "shared", rule }])).resolves.toBeUndefined();
    });

    it("gives back one attempt on refund", async () => {
      const db = test.database.db;
      for (let i = 0; i < rule.limit; i++) await takeAttempt(db, [{ key: "refunded", rule }]);
      await refundAttempt(db, "refunded");
      await expect(takeAttempt(db, [{ key: "refunded", rule }])).resolves.toBeUndefined();
      await expect(takeAttempt(db, [{ key: "refunded", rule }])).rejects.toBeInstanceOf(RateLimitedError);
    });

    it("accepts a one-time code once, even when it arrives twice at the same moment", async () => {
      const db = test.database.db;
      const claims = await Promise.all(Array.from({ length: 20 }, () => claimCode(db, "user-1", "123456")));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await claimCode(db, "user-1", "123456")).toBe(false);
      // Another account's identical code is its own.
      expect(await claimCode(db, "user-2", "123456")).toBe(true);
      // A wrong code is released, so typing it again is judged afresh.
      await releaseCode(db, "user-1", "654321");
      expect(await claimCode(db, "user-1", "654321")).toBe(true);
    });
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)("sign-in throttle across processes on PostgreSQL", () => {
  let test: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    test = await createTestDatabase("postgres");
    // A second pool on the same database, as a second server process has.
    second = await openDatabase({ dataDir: "unused", databaseUrl: test.location, migrate: false });
  });
  afterAll(async () => {
    await second?.close();
    await test?.destroy();
  });

  it("lets exactly the limit through when the burst is split between two connections pools", async () => {
    const { evaluated } = await burst([test.database, second], 120, "two-processes");
    expect(evaluated).toBe(rule.limit);
  });
});
