import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUser as user } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { action, loader } from "./admin.mail.tsx";

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

async function call<T>(handler: (args: never) => Promise<T>, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method === "POST") headers.set("Origin", "http://test");
  try {
    return await handler({
      request: new Request("http://test/admin/mail", { ...init, headers }),
      context,
      params: {},
    } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

let context: RouterContextProvider;
type MailPage = Extract<Awaited<ReturnType<typeof loader>>, { state: "admin" }>;
/** A page's gate answer (the sign-in form or what is missing): its status and state. */
type Gate = { data: { state: string }; init: { status: number } };

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`/admin/mail on ${engine}`, () => {
    let testDb: TestDatabase;
    let cookie = "";
    let noFactorCookie = "";
    let failedId = 0;

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      const account = { email: `mail-admin-${engine}@umbra.test`, password: "admin mail test passphrase" };
      cookie = await signedInAdminCookie(testDb.database, account);
      // The studio's admin has a verified authenticator (its session then is level 2).
      await testDb.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, account.email));
      noFactorCookie = await signedInAdminCookie(testDb.database, {
        email: `mail-no-factor-${engine}@umbra.test`,
        password: "admin mail second passphrase",
      });
      const rows = await testDb.database.db
        .insert(outgoingMail)
        .values([
          { toAddress: "a@example.com", subject: "Waiting", status: "queued", attempts: 2, lastError: "ECONNREFUSED" },
          {
            toAddress: "studio@example.com",
            subject: "New enquiry from Ada Collector",
            status: "queued",
            attempts: 0,
          },
          { toAddress: "b@example.com", subject: "Given up", status: "failed", attempts: 10, lastError: "Timeout" },
          { toAddress: "c@example.com", subject: "Done", status: "sent", attempts: 1 },
        ])
        .returning({ id: outgoingMail.id, subject: outgoingMail.subject });
      failedId = rows.find((row) => row.subject === "Given up")?.id ?? 0;
    });
    afterAll(async () => {
      await testDb.destroy();
    });

    it("signed out: answers the sign-in form (401) and refuses a retry", async () => {
      const answer = (await call(loader as never)) as unknown as Gate;
      expect(answer.init.status).toBe(401);
      expect(answer.data).toEqual({ state: "login" });
      const retry = (await call(action as never, {
        method: "POST",
        body: new URLSearchParams({ intent: "retry", id: String(failedId) }),
      })) as unknown as Gate;
      expect(retry.init.status).toBe(401);
    });

    it("signed in without a second factor: names no collector (403, asked to add a factor) and retries nothing", async () => {
      const answer = (await call(loader as never, { cookie: noFactorCookie })) as unknown as Gate;
      expect(answer.init.status).toBe(403);
      expect(answer.data).toEqual({ state: "needs-factor" });
      expect(JSON.stringify(answer)).not.toMatch(/Ada Collector|example\.com/);
      const retry = (await call(action as never, {
        method: "POST",
        cookie: noFactorCookie,
        body: new URLSearchParams({ intent: "retry", id: String(failedId) }),
      })) as unknown as Gate;
      expect(retry.init.status).toBe(401);
      const page = (await call(loader as never, { cookie })) as MailPage;
      expect(page.messages.find((m) => m.subject === "Given up")).toMatchObject({ status: "failed", attempts: 10 });
    });

    it("shows the studio waiting and failed mail with recipient, attempts and last error, not sent mail", async () => {
      const page = (await call(loader as never, { cookie })) as MailPage;
      expect(page.messages.map((m) => [m.subject, m.to, m.status, m.attempts, m.lastError])).toEqual([
        ["Given up", "b@example.com", "failed", 10, "Timeout"],
        ["New enquiry from Ada Collector", "studio@example.com", "queued", 0, null],
        ["Waiting", "a@example.com", "queued", 2, "ECONNREFUSED"],
      ]);
      expect(page.sent).toBe(1);
    });

    it("sends a failed message again from its first attempt, and says so when it is not failed", async () => {
      const body = () => new URLSearchParams({ intent: "retry", id: String(failedId) });
      const retried = (await call(action as never, { method: "POST", cookie, body: body() })) as Response;
      expect(retried.headers.get("Location")).toBe("/admin/mail");
      const page = (await call(loader as never, { cookie })) as MailPage;
      expect(page.messages.find((m) => m.subject === "Given up")).toMatchObject({ status: "queued", attempts: 0 });
      const again = (await call(action as never, { method: "POST", cookie, body: body() })) as { init: ResponseInit };
      expect(again.init?.status).toBe(409);
      const bad = (await call(action as never, {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent: "retry", id: "x" }),
      })) as { init: ResponseInit };
      expect(bad.init?.status).toBe(400);
    });
  });
}
