import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdminCookie } from "#app/auth/test-admin-session.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#app/db/test-database.server.ts";
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

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`/admin/mail on ${engine}`, () => {
    let testDb: TestDatabase;
    let cookie = "";
    let failedId = 0;

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      const account = { email: `mail-admin-${engine}@umbra.test`, password: "admin mail test passphrase" };
      cookie = await signedInAdminCookie(testDb.database, account);
      const rows = await testDb.database.db
        .insert(outgoingMail)
        .values([
          { toAddress: "a@example.com", subject: "Waiting", status: "queued", attempts: 2, lastError: "ECONNREFUSED" },
          { toAddress: "b@example.com", subject: "Given up", status: "failed", attempts: 10, lastError: "Timeout" },
          { toAddress: "c@example.com", subject: "Done", status: "sent", attempts: 1 },
        ])
        .returning({ id: outgoingMail.id, subject: outgoingMail.subject });
      failedId = rows.find((row) => row.subject === "Given up")?.id ?? 0;
    });
    afterAll(async () => {
      await testDb.destroy();
    });

    it("is refused without an admin session, to the sign-in page", async () => {
      const answer = (await call(loader as never)) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/admin/quotes");
      const retry = (await call(action as never, {
        method: "POST",
        body: new URLSearchParams({ intent: "retry", id: String(failedId) }),
      })) as Response;
      expect(retry.status).toBe(302);
      expect(retry.headers.get("Location")).toBe("/admin/quotes");
    });

    it("shows the studio waiting and failed mail with recipient, attempts and last error, not sent mail", async () => {
      const page = (await call(loader as never, { cookie })) as Awaited<ReturnType<typeof loader>>;
      expect(page.messages.map((m) => [m.subject, m.to, m.status, m.attempts, m.lastError])).toEqual([
        ["Given up", "b@example.com", "failed", 10, "Timeout"],
        ["Waiting", "a@example.com", "queued", 2, "ECONNREFUSED"],
      ]);
      expect(page.sent).toBe(1);
    });

    it("sends a failed message again from its first attempt, and says so when it is not failed", async () => {
      const body = () => new URLSearchParams({ intent: "retry", id: String(failedId) });
      const retried = (await call(action as never, { method: "POST", cookie, body: body() })) as Response;
      expect(retried.headers.get("Location")).toBe("/admin/mail");
      const page = (await call(loader as never, { cookie })) as Awaited<ReturnType<typeof loader>>;
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
