import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import { quotes } from "#app/db/schema.ts";
import { PublicQuoteCache } from "#app/quotes/public-quote-cache.server.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import { loader as adminPage, action as adminPageAction } from "#app/routes/admin.quotes.tsx";
import { loader as adminList, action as setMany } from "#app/routes/api.admin.quotes.ts";
import { loader as publicList } from "#app/routes/api.quotes.ts";
import { loader as wallPage } from "#app/routes/quotes.tsx";
import { type CuttableProxy, startCuttableProxy } from "#tests/support/cuttable-proxy.server.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createPostgresTestDatabase } from "#tests/support/test-database.server.ts";
import { publicQuotesFromMemory } from "./public-quotes-from-memory.ts";
import { routerContextFor } from "./router-context.ts";

/** This test's own cache, as the composition root builds the process's (decision 066). */
const publicQuotes = new PublicQuoteCache();
const serveFromMemory = publicQuotesFromMemory({ publicQuotes, content: { version: 1 }, production: true });

// The admin endpoints read a real session; mutations must come from the configured origin.
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

/**
 * A PostgreSQL outage as the app meets it: the services are built as server/services.ts builds
 * them, on a connection that runs through a TCP proxy this test cuts and restores (the shared
 * server itself is never stopped).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("a database outage (PostgreSQL through a cut connection)", () => {
  let drop: () => Promise<void>;
  let directUrl: string;
  let proxy: CuttableProxy;
  let database: Database;
  let hub: AdminEventHub;
  let context: RouterContextProvider;
  let memory: http.Server;
  let base = "";
  let cookie = "";
  /** Requests the in-memory answer passed on to the React Router route. */
  let passedOn = 0;
  const ids: number[] = [];

  /** Calls a loader or action as React Router would; a thrown answer is returned. */
  async function call(handler: (args: never) => unknown, url: string, init: RequestInit = {}) {
    try {
      return await handler({ request: new Request(`http://test${url}`, init), params: {}, context } as never);
    } catch (thrown) {
      return thrown;
    }
  }
  const asAdmin = (init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { Cookie: cookie, Origin: "http://test", "Content-Type": "application/json" },
  });
  /** A thrown `data()` (a page's error answer): its status and message. */
  const pageAnswer = (thrown: unknown) => thrown as { data: unknown; init: { status: number } | null };

  beforeAll(async () => {
    ({ url: directUrl, drop } = await createPostgresTestDatabase());
    proxy = await startCuttableProxy(directUrl);
    // Short timeouts keep the silent-connection case quick; production waits 5 s and 10 s.
    database = await openDatabase({
      dataDir: "unused",
      databaseUrl: proxy.url,
      timeouts: { connectMs: 1_000, queryMs: 2_000, listenCheckMs: 500 },
    });
    const rows = await database.db
      .insert(quotes)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          text: `Outage quote ${i + 1}`,
          createdAt: new Date(Date.UTC(2021, 0, i + 1)),
          includeInSearch: true,
        })),
      )
      .returning({ id: quotes.id });
    ids.push(...rows.map((row) => row.id));
    const account = { email: "outage-admin@umbra.test", password: "integration test passphrase" };
    cookie = await signedInAdminCookie(database, account);

    // Wired as the composition root wires them.
    hub = new AdminEventHub(database);
    hub.onChange(publicQuotes);
    await hub.start();
    context = routerContextFor(
      { database, adminEvents: hub, publicQuotes, logger: pino({ level: "silent" }) },
      { clientIp: "203.0.113.9" },
    );
    // server/main.ts's raw handler: the memory answer first, else the React Router route.
    const app = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      passedOn++;
      const answer = (await call(publicList as never, req.url ?? "/")) as Response;
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(await answer.text());
    };
    memory = http.createServer((req, res) => {
      if (!serveFromMemory(req, res, () => void app(req, res))) {
        void app(req, res);
      }
    });
    await new Promise<void>((resolve) => memory.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(memory.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    memory?.close();
    await hub?.stop();
    publicQuotes.reset();
    await database?.close();
    await proxy?.close();
    await drop?.();
  });

  const wallTexts = async (path: string) => {
    const response = await fetch(base + path);
    return { status: response.status, body: (await response.json()) as { quotes?: { text: string }[] } };
  };

  it("keeps the quote wall answering from memory while the database is away, and shows changes made meanwhile once it is back", async () => {
    const before = await wallTexts("/api/quotes?limit=4");
    expect(before.status).toBe(200);
    expect(before.body.quotes?.map((q) => q.text)).toEqual([
      "Outage quote 6",
      "Outage quote 5",
      "Outage quote 4",
      "Outage quote 3",
    ]);
    const wall = async (path: string) => (await call(wallPage as never, path)) as { page: { quotes: unknown[] } };
    expect((await wall("/quotes")).page.quotes).toHaveLength(6);

    await proxy.refuse();
    // The hub hears the LISTEN connection drop.
    await expect.poll(() => publicQuotes.fresh, { timeout: 10_000 }).toBe(false);
    passedOn = 0;
    for (let i = 0; i < 3; i++) expect(await wallTexts("/api/quotes?limit=4")).toEqual(before);
    expect(passedOn).toBe(0);
    // The wall's page loader reads the same memory.
    expect((await wall("/quotes")).page.quotes).toHaveLength(6);

    // What memory does not hold needs the database: a plain 503 that says when to come back.
    const search = await fetch(`${base}/api/quotes?q=never-asked`);
    expect(search.status).toBe(503);
    expect(Number(search.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(search.headers.get("cache-control")).toBe("no-store");
    expect(await search.json()).toEqual({ message: expect.stringContaining("Database unavailable") });
    expect(((await call(wallPage as never, "/quotes?q=never-asked")) as Response).status).toBe(503);

    // Changed elsewhere while this process could not hear it.
    const direct = new pg.Client({ connectionString: directUrl });
    await direct.connect();
    await direct.query("update quotes set include_in_search = false where id = $1", [ids[5]]);
    await direct.end();

    await proxy.restore();
    // No restart: the hub reconnects, and its gap empties the cache, so the change shows.
    await expect
      .poll(async () => (await wallTexts("/api/quotes?limit=4")).body.quotes?.[0]?.text, { timeout: 15_000 })
      .toBe("Outage quote 5");
    expect(publicQuotes.fresh).toBe(true);
    expect((await wallTexts("/api/quotes?q=never-asked")).status).toBe(200);
  });

  it("answers an admin with a valid session 503 'database unavailable', never 401, and serves them again once it is back", async () => {
    expect((await call(adminList as never, "/api/admin/quotes", asAdmin())) as Response).toHaveProperty("status", 200);

    await proxy.refuse();
    const list = (await call(adminList as never, "/api/admin/quotes", asAdmin())) as Response;
    expect(list.status).toBe(503);
    expect(Number(list.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await list.json()) as { message: string }).message).toMatch(/^Database unavailable/);

    const save = (await call(
      setMany as never,
      "/api/admin/quotes",
      asAdmin({ method: "PATCH", body: JSON.stringify({ ids: [ids[0]], includeInSearch: false }) }),
    )) as Response;
    expect(save.status).toBe(503);

    // The admin screen says so, rather than showing the sign-in form.
    const screen = pageAnswer(await call(adminPage as never, "/admin/quotes", asAdmin()));
    expect(screen.init?.status).toBe(503);
    expect(String(screen.data)).toMatch(/^Database unavailable/);

    // Signing in needs the database too: named, not a 500 or a wrong-password answer.
    const form = new URLSearchParams({ intent: "login", email: "outage-admin@umbra.test", password: "x".repeat(20) });
    const signIn = pageAnswer(
      await call(adminPageAction as never, "/admin/quotes", {
        method: "POST",
        body: form,
        headers: { Origin: "http://test", "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(signIn.init?.status).toBe(503);
    expect(JSON.stringify(signIn.data)).toContain("Database unavailable");

    await proxy.restore();
    await expect
      .poll(async () => ((await call(adminList as never, "/api/admin/quotes", asAdmin())) as Response).status, {
        timeout: 10_000,
      })
      .toBe(200);
    // Nothing was half-done while it was away.
    const [row] = await database.db
      .select()
      .from(quotes)
      .where(eq(quotes.id, ids[0] as number));
    expect(row?.includeInSearch).toBe(true);
  });

  it("gives up on a silent connection (a network partition) within its timeouts instead of hanging", async () => {
    proxy.blackHole();
    try {
      const settled = await Promise.race([
        call(adminList as never, "/api/admin/quotes", asAdmin()),
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 15 s"), 15_000)),
      ]);
      expect(settled).toBeInstanceOf(Response);
      expect((settled as Response).status).toBe(503);
    } finally {
      await proxy.restore();
    }
    await expect
      .poll(async () => ((await call(adminList as never, "/api/admin/quotes", asAdmin())) as Response).status, {
        timeout: 10_000,
      })
      .toBe(200);
  });
});
