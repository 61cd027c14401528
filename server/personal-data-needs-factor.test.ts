import { eq } from "drizzle-orm";
import pino from "pino";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUser } from "#app/db/auth-schema.ts";
import { enquiries } from "#app/db/enquiry-schema.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { PublicQuoteCache } from "#app/quotes/public-quote-cache.server.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import { addressOf, everyRoute, outcomeOf, routeModule } from "#tests/support/route-walk.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { routerContextFor } from "./router-context.ts";

/** This test's own cache, as the composition root builds the process's (decision 066). */
const publicQuotes = new PublicQuoteCache();

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

const COLLECTOR = { name: "Ada Collector", email: "ada.collector@example.org" };

/**
 * What names collectors needs the second factor (decision 033): the inbox, its export, the
 * outgoing mail and anything added later. Every route of app/routes.ts is asked, signed out and
 * as an admin whose account has no authenticator yet, with a collector's enquiry and the mail
 * about it waiting; no answer may carry the collector's name or address.
 */
describe("personal data behind the second factor, on every route", () => {
  let testDb: TestDatabase;
  let hub: AdminEventHub;
  let context: RouterContextProvider;
  let noFactorCookie = "";
  let factorCookie = "";

  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    const { database } = testDb;
    await database.db.insert(enquiries).values({
      subject: "other",
      subjectTitle: "A general enquiry",
      name: COLLECTOR.name,
      email: COLLECTOR.email,
      emailKey: COLLECTOR.email,
      message: "I would like to see the large painting.",
      sourcePath: "/contact",
    });
    await database.db.insert(outgoingMail).values({
      toAddress: "studio@example.com",
      subject: `New enquiry from ${COLLECTOR.name}`,
      status: "queued",
    });
    await database.db.insert(outgoingMail).values({
      toAddress: COLLECTOR.email,
      subject: "Thank you for your enquiry",
      status: "failed",
      attempts: 10,
    });
    noFactorCookie = await signedInAdminCookie(database, {
      email: "no-factor@umbra.test",
      password: "personal data walk passphrase",
    });
    const studio = { email: "studio-admin@umbra.test", password: "personal data walk second passphrase" };
    factorCookie = await signedInAdminCookie(database, studio);
    await database.db.update(authUser).set({ twoFactorEnabled: true }).where(eq(authUser.email, studio.email));
    hub = new AdminEventHub(database);
    context = routerContextFor(
      { database, adminEvents: hub, publicQuotes, logger: pino({ level: "silent" }) },
      { clientIp: "203.0.113.11" },
    );
  });

  afterAll(async () => {
    publicQuotes.reset();
    await testDb?.destroy();
  });

  /** Every GET answer of the site to `cookie`, by "GET <address> (<route id>)". */
  async function everyAnswer(cookie: string | undefined) {
    const answers: { where: string; status: number; body: string }[] = [];
    for (const route of await everyRoute()) {
      const module = await routeModule(route);
      if (!module.loader) continue;
      const { url, params } = addressOf(route.path);
      const headers = { Origin: "http://test", ...(cookie ? { Cookie: cookie } : {}) };
      for (const address of [url, `${url}?all=1`]) {
        const request = new Request(`http://test${address}`, { headers });
        const outcome = await outcomeOf(() => module.loader?.({ request, params, context }));
        answers.push({ where: `GET ${address} (${route.id})`, status: outcome.status, body: outcome.body });
      }
    }
    return answers;
  }

  const naming = (body: string) => body.includes(COLLECTOR.name) || body.includes(COLLECTOR.email);

  it("shows them to the studio's admin with a second factor (the walk reaches them)", async () => {
    const shown = (await everyAnswer(factorCookie)).filter((answer) => naming(answer.body));
    expect(shown.map((answer) => answer.where)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("(routes/admin.mail)"),
        expect.stringContaining("(routes/admin.enquiries._index)"),
        expect.stringContaining("(routes/admin.enquiries.export)"),
      ]),
    );
  }, 120_000);

  it("names no collector to an admin without a second factor, nor to a visitor", async () => {
    for (const cookie of [noFactorCookie, undefined]) {
      const leaks = (await everyAnswer(cookie)).filter((answer) => naming(answer.body));
      expect(leaks.map((answer) => `${answer.where}: ${answer.status}`)).toEqual([]);
    }
  }, 120_000);
});
