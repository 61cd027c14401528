import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "#app/auth/admin-accounts.server.ts";
import { getAuth } from "#app/auth/auth.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { adminEventsContext } from "#app/realtime/context.ts";
import { loader as enquiryEvents } from "#app/routes/api.admin.enquiries.events.ts";
import { loader as quoteEvents } from "#app/routes/api.admin.quotes.events.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { AdminEventHub } from "./admin-event-hub.server.ts";
import {
  EVENT_STREAMS_PER_PROCESS,
  EVENT_STREAMS_PER_SESSION,
  EventStreamSlots,
  eventStreamSlots,
  sessionKeyOf,
} from "./event-stream-slots.server.ts";

process.env.AUTH_SECRET ??= "event-stream-test-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

const refusal = (answer: unknown) => (answer instanceof Response ? answer : undefined);

describe("EventStreamSlots", () => {
  it("refuses a session past its cap with 429, and anyone past the process's with 503, both with Retry-After", () => {
    const slots = new EventStreamSlots(2, 3);
    const [a1, a2] = [slots.take("a"), slots.take("a")];
    expect(refusal(slots.take("a"))?.status).toBe(429);
    expect(refusal(slots.take("a"))?.headers.get("retry-after")).toMatch(/^\d+$/);
    slots.take("b");
    const full = refusal(slots.take("c"));
    expect(full?.status).toBe(503);
    expect(Number(full?.headers.get("retry-after"))).toBeGreaterThan(0);
    // A stream that ends gives its place back, once however often it is released.
    if (a1 instanceof Response || a2 instanceof Response) throw new Error("expected slots");
    a1.release();
    a1.release();
    expect(slots.take("c")).not.toBeInstanceOf(Response);
    expect(refusal(slots.take("d"))?.status).toBe(503);
    expect(slots.held()).toBe(3);
  });

  it("keys a session by its cookie, plain or __Secure-", () => {
    const cookie = (value: string) => new Request("http://test/", { headers: { cookie: value } });
    expect(sessionKeyOf(cookie("x=1; umbra.session_token=abc.def"))).toBe("abc.def");
    expect(sessionKeyOf(cookie("__Secure-umbra.session_token=abc.def; y=2"))).toBe("abc.def");
    expect(sessionKeyOf(new Request("http://test/"))).toBe("");
  });

  it("gives a process room for a dozen admin tabs per sign-in and a few studios", () => {
    expect(EVENT_STREAMS_PER_SESSION).toBeGreaterThanOrEqual(20);
    expect(EVENT_STREAMS_PER_PROCESS).toBeGreaterThanOrEqual(EVENT_STREAMS_PER_SESSION * 4);
  });
});

describe("admin event streams under a flood from one session", { timeout: 60_000 }, () => {
  let testDb: TestDatabase;
  let hub: AdminEventHub;
  let context: RouterContextProvider;
  let cookie = "";

  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    hub = new AdminEventHub(testDb.database);
    await hub.start();
    context = new RouterContextProvider();
    context.set(databaseContext, testDb.database);
    context.set(adminEventsContext, hub);
    const account = { email: "streams@umbra.test", password: "integration test passphrase" };
    await createAdmin(testDb.database, account);
    const signedIn = await getAuth(testDb.database).api.signInEmail({ body: account, returnHeaders: true });
    cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(async () => {
    await hub.stop();
    await testDb.destroy();
  });

  async function open(loader: (args: never) => Promise<Response>, signal: AbortSignal, on = context) {
    const request = new Request("http://test/api/admin/quotes/events", { headers: { cookie }, signal });
    try {
      return await loader({ request, params: {}, context: on } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("accepts the session's cap of 1,000 streams, refuses the rest at once with 429, and takes them again once closed", async () => {
    const abort = new AbortController();
    const began = performance.now();
    const answers = await Promise.all(Array.from({ length: 1_000 }, () => open(quoteEvents, abort.signal)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(EVENT_STREAMS_PER_SESSION);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1_000 - EVENT_STREAMS_PER_SESSION);
    expect(performance.now() - began).toBeLessThan(10_000);
    // Refused before any database work: with no database at all, the answer is still 429.
    const noDatabase = await open(quoteEvents, abort.signal, new RouterContextProvider());
    expect(noDatabase.status).toBe(429);
    expect(await noDatabase.json()).toMatchObject({ message: expect.stringMatching(/Close some admin tabs/) });
    // The inbox's stream shares the cap.
    expect((await open(enquiryEvents, abort.signal, new RouterContextProvider())).status).toBe(429);

    abort.abort();
    for (const answer of answers) await answer.body?.cancel().catch(() => {});
    expect(eventStreamSlots.held()).toBe(0);
    const again = new AbortController();
    expect((await open(quoteEvents, again.signal)).status).toBe(200);
    again.abort();
    expect(eventStreamSlots.held()).toBe(0);
  });
});
