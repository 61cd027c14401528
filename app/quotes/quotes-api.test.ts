import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/auth/admin-accounts.server";
import { getAuth } from "~/auth/auth.server";
import { databaseContext } from "~/db/context";
import { tweets } from "~/db/schema";
import { createTestDatabase, engineAvailable, type TestDatabase, testEngines } from "~/db/test-database.server";
import { PublicQuoteCache, publicQuoteCacheContext } from "~/quotes/public-quote-cache.server";
import { quoteEventsContext } from "~/realtime/context";
import { QuoteEventHub } from "~/realtime/quote-event-hub.server";
import { loader as adminList, action as setMany } from "~/routes/api.admin.quotes";
import { action as setOne } from "~/routes/api.admin.quotes.$id";
import { loader as events } from "~/routes/api.admin.quotes.events";
import { loader as publicList } from "~/routes/api.quotes";

// The admin endpoints read a real session: an admin account signs in once per engine.
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
// Mutations must come from a configured origin; these requests are made to http://test.
process.env.PUBLIC_URL ??= "http://test";
let sessionCookie = "";

async function call(handler: (args: never) => Promise<Response>, url: string, init: RequestInit = {}, params = {}) {
  try {
    return await handler({ request: new Request(`http://test${url}`, init), params, context } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const admin = (init: RequestInit = {}) => ({
  ...init,
  headers: {
    Cookie: sessionCookie,
    Origin: "http://test",
    "Content-Type": "application/json",
    ...(init.headers as object),
  },
});

let context: RouterContextProvider;

for (const engine of testEngines) {
  describe.runIf(engineAvailable(engine))(`quotes API on ${engine}`, { timeout: 30_000 }, () => {
    let testDb: TestDatabase;
    let hub: QuoteEventHub;
    // Wired as in the app: the public list is served from memory until the hub hears a change.
    const cache = new PublicQuoteCache();
    const ids: number[] = [];

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      hub = new QuoteEventHub(testDb.database);
      hub.onChange(cache);
      await hub.start();
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      context.set(quoteEventsContext, hub);
      context.set(publicQuoteCacheContext, cache);
      const account = { email: `admin-${engine}@umbra.test`, password: "integration test passphrase" };
      await createAdmin(testDb.database, account);
      const signedIn = await getAuth(testDb.database).api.signInEmail({ body: account, returnHeaders: true });
      sessionCookie = signedIn.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
      // 30 quotes, one per day of January 2020; even days public. Two share a timestamp.
      const rows = await testDb.database.db
        .insert(tweets)
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            text: i === 4 ? "A moonlit garden of ferns" : `Quote number ${i + 1}`,
            createdAt: new Date(Date.UTC(2020, 0, Math.min(i + 1, 29))),
            includeInSearch: (i + 1) % 2 === 0 || i === 4,
          })),
        )
        .returning({ id: tweets.id });
      ids.push(...rows.map((r) => r.id));
    });
    afterAll(async () => {
      await hub.stop();
      await testDb.destroy();
    });

    it("public list shows only public quotes, newest first, page by page without gaps or repeats", async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await call(publicList as never, `/api/quotes?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as {
          quotes: Array<{ text: string; createdAt: string }>;
          nextCursor: string | null;
        };
        expect(body.quotes[0]).not.toHaveProperty("includeInSearch");
        seen.push(...body.quotes.map((q) => q.text));
        cursor = body.nextCursor;
      } while (cursor);
      const expected = Array.from({ length: 30 }, (_, i) => i)
        .filter((i) => (i + 1) % 2 === 0 || i === 4)
        .reverse()
        .map((i) => (i === 4 ? "A moonlit garden of ferns" : `Quote number ${i + 1}`));
      expect(seen).toEqual(expected);
    });

    it("public list answers from memory until a quote changes, even by a write from elsewhere", async () => {
      const texts = async () =>
        (
          (await (await call(publicList as never, "/api/quotes?limit=100")).json()) as { quotes: { text: string }[] }
        ).quotes.map((q) => q.text);
      expect(await texts()).not.toContain("Quote number 3");
      expect(cache.size).toBeGreaterThan(0);
      // Another process (or psql) makes quote 3 public: only the NOTIFY tells this one.
      await testDb.database.db.update(tweets).set({ includeInSearch: true }).where(eq(tweets.id, ids[2]!));
      await expect.poll(texts).toContain("Quote number 3");
      await testDb.database.db.update(tweets).set({ includeInSearch: false }).where(eq(tweets.id, ids[2]!));
      await expect.poll(texts).not.toContain("Quote number 3");
    });

    it("a caller cannot lift the public filter", async () => {
      const response = await call(publicList as never, "/api/quotes?limit=100&include_in_search=false&filter=all");
      const body = (await response.json()) as { quotes: Array<{ text: string }> };
      expect(body.quotes.map((q) => q.text)).not.toContain("Quote number 1");
    });

    it("searches with the full-text index, matching word prefixes", async () => {
      const body = (await (await call(publicList as never, "/api/quotes?q=gard")).json()) as {
        quotes: Array<{ text: string }>;
      };
      expect(body.quotes.map((q) => q.text)).toEqual(["A moonlit garden of ferns"]);
    });

    it("rejects bad input with 400 and the field named", async () => {
      const limit = await call(publicList as never, "/api/quotes?limit=0");
      expect(limit.status).toBe(400);
      expect(await limit.json()).toMatchObject({ field: "limit" });
      const cursor = await call(publicList as never, "/api/quotes?cursor=nonsense");
      expect(cursor.status).toBe(400);
      expect(await cursor.json()).toMatchObject({ field: "cursor" });
      const body = await call(
        setOne as never,
        `/api/admin/quotes/${ids[0]}`,
        admin({ method: "PATCH", body: '{"includeInSearch":1}' }),
        { id: String(ids[0]) },
      );
      expect(body.status).toBe(400);
      expect(await body.json()).toMatchObject({ field: "includeInSearch" });
    });

    it("admin endpoints refuse callers without the admin token", async () => {
      const anonymous = await call(adminList as never, "/api/admin/quotes");
      expect(anonymous.status).toBe(401);
      const wrong = await call(adminList as never, "/api/admin/quotes", { headers: { Authorization: "Bearer wrong" } });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toHaveProperty("message");
    });

    it("admin list filters by visibility and counts", async () => {
      const response = await call(adminList as never, "/api/admin/quotes?filter=hidden&limit=100", admin());
      const body = (await response.json()) as { quotes: Array<{ includeInSearch: boolean }>; counts: object };
      expect(body.quotes.length).toBe(14);
      expect(body.quotes.every((q) => !q.includeInSearch)).toBe(true);
      expect(body.counts).toEqual({ all: 30, public: 16, hidden: 14 });
    });

    it("sets one quote and it appears on the public list; an unknown id is 404", async () => {
      const id = ids[0]!;
      const response = await call(
        setOne as never,
        `/api/admin/quotes/${id}`,
        admin({ method: "PATCH", body: '{"includeInSearch":true}' }),
        { id: String(id) },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ quote: { id, includeInSearch: true } });
      const list = (await (await call(publicList as never, "/api/quotes?limit=100")).json()) as {
        quotes: Array<{ id: number }>;
      };
      expect(list.quotes.map((q) => q.id)).toContain(id);
      const missing = await call(
        setOne as never,
        "/api/admin/quotes/999999",
        admin({ method: "PATCH", body: '{"includeInSearch":true}' }),
        { id: "999999" },
      );
      expect(missing.status).toBe(404);
    });

    it("sets many in one transaction: an unknown id changes nothing", async () => {
      const targets = [ids[2]!, ids[6]!];
      const bad = await call(
        setMany as never,
        "/api/admin/quotes",
        admin({ method: "PATCH", body: JSON.stringify({ ids: [...targets, 999999], includeInSearch: true }) }),
      );
      expect(bad.status).toBe(404);
      expect(await bad.json()).toMatchObject({ ids: [999999] });
      const after = (await (
        await call(adminList as never, "/api/admin/quotes?filter=public&limit=100", admin())
      ).json()) as { quotes: Array<{ id: number }> };
      expect(after.quotes.map((q) => q.id)).not.toContain(targets[0]);

      const good = await call(
        setMany as never,
        "/api/admin/quotes",
        admin({ method: "PATCH", body: JSON.stringify({ ids: targets, includeInSearch: true }) }),
      );
      expect(good.status).toBe(200);
      const body = (await good.json()) as { quotes: Array<{ id: number; includeInSearch: boolean }> };
      expect(body.quotes.map((q) => q.id).sort()).toEqual([...targets].sort());
      expect(body.quotes.every((q) => q.includeInSearch)).toBe(true);
    });

    it("streams a change as an event, and replays missed changes after Last-Event-ID", async () => {
      const abort = new AbortController();
      const response = await call(events as never, "/api/admin/quotes/events", admin({ signal: abort.signal }));
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      const reader = response.body!.getReader();
      let text = "";
      const readUntil = async (pattern: RegExp) => {
        while (!pattern.test(text)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
        return text;
      };
      await readUntil(/event: ready/);
      const readyId = Number(/id: (\d+)\nevent: ready/.exec(text)![1]);
      const id = ids[10]!;
      await call(
        setOne as never,
        `/api/admin/quotes/${id}`,
        admin({ method: "PATCH", body: '{"includeInSearch":true}' }),
        { id: String(id) },
      );
      await readUntil(new RegExp(`"id":${id},`));
      expect(text).toMatch(new RegExp(`event: quote\\ndata: \\{"quote":\\{"id":${id},.*"includeInSearch":true`));
      abort.abort();

      const replay = await call(
        events as never,
        "/api/admin/quotes/events",
        admin({ headers: { "Last-Event-ID": String(readyId) } }),
      );
      const replayReader = replay.body!.getReader();
      let replayed = "";
      while (!/event: ready/.test(replayed)) replayed += new TextDecoder().decode((await replayReader.read()).value);
      expect(replayed).toContain(`"id":${id},`);
      await replayReader.cancel();
    });
  });
}
