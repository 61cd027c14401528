import crypto from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "#app/auth/admin-accounts.server.ts";
import { getAuth } from "#app/auth/auth.server.ts";
import { authUser } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { quotes } from "#app/db/schema.ts";
import { PublicQuoteCache, publicQuoteCacheContext } from "#app/quotes/public-quote-cache.server.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import { adminEventsContext } from "#app/realtime/context.ts";
import { action as setOne } from "#app/routes/api.admin.quotes.$id.ts";
import { loader as events } from "#app/routes/api.admin.quotes.events.ts";
import { loader as adminList, action as setMany } from "#app/routes/api.admin.quotes.ts";
import { loader as publicList } from "#app/routes/api.quotes.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";

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

/** The session cookie from a sign-in's response headers, as a browser would send it back. */
const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/**
 * The admin's session cookie with its token intact but signed with a secret other than the
 * server's: what someone who saw the token (but not AUTH_SECRET) could make.
 */
function forgedSessionCookie(cookie: string): string {
  const match = /umbra\.session_token=([^;]+)/.exec(cookie);
  if (!match) throw new Error(`no session cookie in "${cookie}"`);
  const token = decodeURIComponent(match[1]!).split(".")[0]!;
  const signature = crypto
    .createHmac("sha256", "not-the-server-secret-0123456789abcdef")
    .update(token)
    .digest("base64");
  return `umbra.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

let context: RouterContextProvider;

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`quotes API on ${engine}`, { timeout: 30_000 }, () => {
    let testDb: TestDatabase;
    let hub: AdminEventHub;
    // Wired as in the app: the public list is served from memory until the hub hears a change.
    const cache = new PublicQuoteCache();
    const ids: number[] = [];

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      hub = new AdminEventHub(testDb.database);
      hub.onChange(cache);
      await hub.start();
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      context.set(adminEventsContext, hub);
      context.set(publicQuoteCacheContext, cache);
      const account = { email: `admin-${engine}@umbra.test`, password: "integration test passphrase" };
      await createAdmin(testDb.database, account);
      const signedIn = await getAuth(testDb.database).api.signInEmail({ body: account, returnHeaders: true });
      sessionCookie = cookieFrom(signedIn.headers);
      // 30 quotes, one per day of January 2020; even days public. Two share a timestamp.
      const rows = await testDb.database.db
        .insert(quotes)
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            text: i === 4 ? "A moonlit garden of ferns" : `Quote number ${i + 1}`,
            createdAt: new Date(Date.UTC(2020, 0, Math.min(i + 1, 29))),
            includeInSearch: (i + 1) % 2 === 0 || i === 4,
          })),
        )
        .returning({ id: quotes.id });
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

    it("pages through quotes sharing one timestamp by their ids: each exactly once, newest first", async () => {
      // Seven quotes created at the same moment, between a newer and an older one. With three a
      // page, two cursors fall inside the tie, so only the id tie-break can tell what comes next.
      const tied = new Date(Date.UTC(2019, 5, 1, 12));
      const day = 24 * 60 * 60 * 1000;
      const rows = await testDb.database.db
        .insert(quotes)
        .values([
          { text: "Lantern before the tie", createdAt: new Date(tied.getTime() - day), includeInSearch: true },
          ...Array.from({ length: 7 }, (_, i) => ({
            text: `Lantern tie ${i + 1}`,
            createdAt: tied,
            includeInSearch: true,
          })),
          { text: "Lantern after the tie", createdAt: new Date(tied.getTime() + day), includeInSearch: true },
        ])
        .returning({ id: quotes.id });
      const lanternIds = rows.map((r) => r.id);
      const lanternsOnWall = async () => {
        const response = await call(publicList as never, "/api/quotes?q=lantern&limit=3");
        return ((await response.json()) as { quotes: Array<{ id: number }> }).quotes.map((q) => q.id);
      };
      try {
        const expected = (
          await testDb.database.db
            .select({ id: quotes.id })
            .from(quotes)
            .where(inArray(quotes.id, lanternIds))
            .orderBy(desc(quotes.createdAt), desc(quotes.id))
        ).map((r) => r.id);
        expect(expected).toHaveLength(9);
        for (const [handler, path, init] of [
          [publicList, "/api/quotes", {}],
          [adminList, "/api/admin/quotes", admin()],
        ] as const) {
          const seen: number[] = [];
          let pages = 0;
          let cursor: string | null = null;
          do {
            const response = await call(
              handler as never,
              `${path}?q=lantern&limit=3${cursor ? `&cursor=${cursor}` : ""}`,
              init,
            );
            expect(response.status).toBe(200);
            const body = (await response.json()) as { quotes: Array<{ id: number }>; nextCursor: string | null };
            seen.push(...body.quotes.map((q) => q.id));
            cursor = body.nextCursor;
            pages++;
          } while (cursor && pages < 10);
          // Every quote once, in order: none skipped or repeated at a page boundary inside the tie.
          expect(seen, path).toEqual(expected);
          expect(pages, path).toBe(3);
        }
      } finally {
        await testDb.database.db.delete(quotes).where(inArray(quotes.id, lanternIds));
        // Gone from the wall once the hub hears of it (and so no late notification empties the
        // cache under the next test).
        await expect.poll(lanternsOnWall).toEqual([]);
      }
    });

    it("public list answers from memory until a quote changes, even by a write from elsewhere", async () => {
      const texts = async () =>
        (
          (await (await call(publicList as never, "/api/quotes?limit=100")).json()) as { quotes: { text: string }[] }
        ).quotes.map((q) => q.text);
      expect(await texts()).not.toContain("Quote number 3");
      // Kept in memory; polled, because a late NOTIFY from the previous test's deletes may still
      // empty the cache once after the first read (PostgreSQL delivers them one by one).
      await expect
        .poll(async () => {
          await texts();
          return cache.size;
        })
        .toBeGreaterThan(0);
      // Another process (or psql) makes quote 3 public: only the NOTIFY tells this one.
      await testDb.database.db.update(quotes).set({ includeInSearch: true }).where(eq(quotes.id, ids[2]!));
      await expect.poll(texts).toContain("Quote number 3");
      await testDb.database.db.update(quotes).set({ includeInSearch: false }).where(eq(quotes.id, ids[2]!));
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

    it("admin endpoints answer 401 to no session or a forged one, and 403 to a signed-in non-admin", async () => {
      const id = ids[1]!;
      const before = (await testDb.database.db.select().from(quotes).where(eq(quotes.id, id)))[0]!;
      // Every admin endpoint, read and write, with the given cookie and this site's Origin.
      const attempts = (cookie?: string) => {
        const headers = {
          Origin: "http://test",
          "Content-Type": "application/json",
          ...(cookie ? { Cookie: cookie } : {}),
        };
        const flip = !before.includeInSearch;
        return Promise.all([
          call(adminList as never, "/api/admin/quotes", { headers }),
          call(events as never, "/api/admin/quotes/events", { headers }),
          call(
            setOne as never,
            `/api/admin/quotes/${id}`,
            { method: "PATCH", headers, body: JSON.stringify({ includeInSearch: flip }) },
            { id: String(id) },
          ),
          call(setMany as never, "/api/admin/quotes", {
            method: "PATCH",
            headers,
            body: JSON.stringify({ ids: [id], includeInSearch: flip }),
          }),
        ]);
      };

      for (const response of await attempts()) {
        expect(response.status).toBe(401);
        expect(await response.json()).toHaveProperty("message");
      }
      // The admin's real session token, signed without the server's secret.
      const forged = forgedSessionCookie(sessionCookie);
      expect(forged).not.toBe(sessionCookie);
      for (const response of await attempts(forged)) expect(response.status).toBe(401);

      // A real account with a real session, but not an admin.
      const member = { email: `member-${engine}@umbra.test`, password: "a member but not an admin" };
      await createAdmin(testDb.database, member);
      await testDb.database.db.update(authUser).set({ role: "user" }).where(eq(authUser.email, member.email));
      const signedIn = await getAuth(testDb.database).api.signInEmail({ body: member, returnHeaders: true });
      const memberCookie = cookieFrom(signedIn.headers);
      expect(memberCookie).toMatch(/umbra\.session_token=/);
      for (const response of await attempts(memberCookie)) {
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ message: "This account is not an admin." });
      }

      // None of them changed anything.
      const after = (await testDb.database.db.select().from(quotes).where(eq(quotes.id, id)))[0]!;
      expect(after).toEqual(before);
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
