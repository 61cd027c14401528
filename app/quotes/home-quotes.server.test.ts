import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseContext } from "#app/db/context.ts";
import { quotes } from "#app/db/schema.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { HOME_QUOTE_COUNT, homeQuotes } from "./home-quotes.server.ts";
import { PublicQuoteCache, publicQuoteCacheContext } from "./public-quote-cache.server.ts";

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`the home page's quotes on ${engine}`, { timeout: 30_000 }, () => {
    let testDb: TestDatabase;
    let hub: AdminEventHub;
    let context: RouterContextProvider;
    // Wired as in the app: answers kept in memory until the hub hears a change.
    const cache = new PublicQuoteCache();
    const ids = new Map<string, number>();
    const setPublic = async (text: string, value: boolean) => {
      await testDb.database.db
        .update(quotes)
        .set({ includeInSearch: value })
        .where(eq(quotes.id, ids.get(text) ?? 0));
    };
    const untilChanged = async (generation: number) => {
      for (let i = 0; i < 200 && cache.generation === generation; i++) await new Promise((r) => setTimeout(r, 10));
    };

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      hub = new AdminEventHub(testDb.database);
      hub.onChange(cache);
      await hub.start();
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      context.set(publicQuoteCacheContext, cache);
      // Day 1 to 6 of March 2021: the newest (day 6) is hidden, day 3 is hidden.
      const rows = await testDb.database.db
        .insert(quotes)
        .values(
          [1, 2, 3, 4, 5, 6].map((day) => ({
            text: `Day ${day}`,
            createdAt: new Date(Date.UTC(2021, 2, day)),
            includeInSearch: day !== 6 && day !== 3,
          })),
        )
        .returning({ id: quotes.id, text: quotes.text });
      for (const row of rows) ids.set(row.text, row.id);
    });
    afterAll(async () => {
      await hub.stop();
      await testDb.destroy();
    });

    it("shows the three newest public quotes, newest first, never a hidden one", async () => {
      expect(HOME_QUOTE_COUNT).toBe(3);
      const quotes = await homeQuotes(context);
      expect(quotes?.map((q) => q.text)).toEqual(["Day 5", "Day 4", "Day 2"]);
      expect(quotes?.[0]).toEqual({ id: ids.get("Day 5"), text: "Day 5", createdAt: "2021-03-05T00:00:00.000Z" });
    });

    it("a quote made private leaves, and one made public joins, at the next read", async () => {
      const before = cache.generation;
      await setPublic("Day 5", false);
      await untilChanged(before);
      expect((await homeQuotes(context))?.map((q) => q.text)).toEqual(["Day 4", "Day 2", "Day 1"]);
      const next = cache.generation;
      await setPublic("Day 6", true);
      await untilChanged(next);
      expect((await homeQuotes(context))?.map((q) => q.text)).toEqual(["Day 6", "Day 4", "Day 2"]);
    });

    it("an empty wall gives no quotes, so the page leaves the section out", async () => {
      const before = cache.generation;
      await testDb.database.db.update(quotes).set({ includeInSearch: false });
      await untilChanged(before);
      expect(await homeQuotes(context)).toEqual([]);
    });
  });
}

describe("the home page's quotes without a database", () => {
  it("are left out (null) rather than failing the page", async () => {
    const context = new RouterContextProvider();
    context.set(databaseContext, {
      db: {
        select: () => {
          throw new Error("connection refused");
        },
      },
    } as never);
    expect(await homeQuotes(context)).toBeNull();
  });
});
