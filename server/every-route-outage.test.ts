import { eq } from "drizzle-orm";
import pino from "pino";
import { UNSAFE_ErrorResponseImpl as ErrorResponse, type RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUser } from "#app/db/auth-schema.ts";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import { PublicQuoteCache } from "#app/quotes/public-quote-cache.server.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";
import { type CuttableProxy, startCuttableProxy } from "#tests/support/cuttable-proxy.server.ts";
import { addressOf, everyRoute, outcomeOf, routeModule } from "#tests/support/route-walk.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createPostgresTestDatabase } from "#tests/support/test-database.server.ts";
import { routerContextFor } from "./router-context.ts";

/** This test's own cache, as the composition root builds the process's (decision 066). */
const publicQuotes = new PublicQuoteCache();

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

/**
 * With PostgreSQL cut, every route of the site (public and admin, signed out and signed in with a
 * second factor; taken from app/routes.ts, so a new route is walked too) answers as documented:
 * never a 500; never "signed out" to an admin whose session cannot be looked up; a 503 says the
 * database is down, in its message and in its page's title.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("every route with the database cut", () => {
  let drop: () => Promise<void>;
  let proxy: CuttableProxy;
  let database: Database;
  let hub: AdminEventHub;
  let subscriptions: SubscriptionService;
  let context: RouterContextProvider;
  let cookie = "";

  beforeAll(async () => {
    const created = await createPostgresTestDatabase();
    drop = created.drop;
    proxy = await startCuttableProxy(created.url);
    database = await openDatabase({
      dataDir: "unused",
      databaseUrl: proxy.url,
      timeouts: { connectMs: 1_000, queryMs: 2_000, listenCheckMs: 500 },
    });
    const account = { email: "walk-admin@umbra.test", password: "outage walk test passphrase" };
    cookie = await signedInAdminCookie(database, account);
    // The studio's admin has a verified authenticator: every admin screen is open to it.
    await database.db.update(authUser).set({ twoFactorEnabled: true }).where(eq(authUser.email, account.email));
    hub = new AdminEventHub(database);
    hub.onChange(publicQuotes);
    await hub.start();
    // As the server runs it: subscriptions' routes reach the database through the service.
    subscriptions = new SubscriptionService(database);
    await subscriptions.start();
    context = routerContextFor(
      { database, adminEvents: hub, publicQuotes, subscriptions, logger: pino({ level: "silent" }) },
      { clientIp: "203.0.113.10" },
    );
  }, 60_000);

  afterAll(async () => {
    await subscriptions?.stop();
    await hub?.stop();
    publicQuotes.reset();
    await database?.close();
    await proxy?.close();
    await drop?.();
  });

  it("answers no 500 anywhere, and a 503 that names the database with a title that says so", async () => {
    const routes = await everyRoute();
    // The walk reaches the admin side, rooms and the API, not only a few pages.
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/admin/mail", "/admin/enquiries/export", "/rooms/:token", "/api/quotes"]),
    );
    await proxy.refuse();
    const wrong: string[] = [];
    let walked = 0;
    for (const route of routes) {
      const module = await routeModule(route);
      const { url, params } = addressOf(route.path);
      for (const who of ["signed out", "admin"] as const) {
        const headers = { Origin: "http://test", ...(who === "admin" ? { Cookie: cookie } : {}) };
        const calls = [
          module.loader && (["GET", module.loader] as const),
          module.action && (["POST", module.action] as const),
        ].filter((call) => !!call);
        for (const [method, handler] of calls) {
          const init: RequestInit =
            method === "POST"
              ? { method, headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" }
              : { headers };
          const request = new Request(`http://test${url}`, init);
          const outcome = await outcomeOf(() => handler({ request, params, context }));
          walked++;
          const where = `${method} ${url} (${route.id}, ${who})`;
          if (outcome.status >= 500 && outcome.status !== 503) {
            wrong.push(`${where}: ${outcome.status} ${outcome.message ?? ""}`.slice(0, 300));
            continue;
          }
          // A session that cannot be looked up says nothing about the visitor.
          if (who === "admin" && (outcome.status === 401 || outcome.status === 403)) {
            wrong.push(`${where}: ${outcome.status} as if signed out (${outcome.message ?? ""})`);
          }
          if (outcome.status !== 503) continue;
          if (!/^Database unavailable/.test(outcome.message ?? "")) {
            wrong.push(`${where}: 503 saying "${outcome.message}"`);
          }
          // A page's 503 is shown by its error boundary under its meta's title (the root's says only the site).
          if (module.default && method === "GET") {
            const error = new ErrorResponse(503, "Service Unavailable", outcome.message);
            const meta = module.meta ?? (() => []);
            const tags = meta({ error, params, matches: [], loaderData: undefined, data: undefined }) ?? [];
            const title = tags.find((tag) => "title" in tag)?.title ?? "";
            if (!/unavailable/i.test(title)) wrong.push(`${where}: 503 page titled "${title}"`);
          }
        }
      }
    }
    expect(walked).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  }, 300_000);
});
