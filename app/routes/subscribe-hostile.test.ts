// The subscription routes attacked (issue 41): malformed, oversized and wrongly typed bodies,
// forged and cross-purpose tokens, a one-click POST from another site. Each gets a clear 4xx,
// never a 5xx, and nothing changes; a real one-click POST unsubscribes with a bare 200.
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { databaseContext } from "#app/db/context.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { subscribers } from "#app/db/subscription-schema.ts";
import { issueFormToken } from "#app/enquiries/form-token.server.ts";
import { loggerContext } from "#app/observability/context.ts";
import { SubscriptionService, subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { action as apiAction } from "./api.subscriptions.ts";
import { action as manageAction, loader as manageLoader } from "./subscribe_.manage.$token.tsx";
import { action as oneClick, loader as unsubscribeLoader } from "./subscribe_.unsubscribe.$token.ts";

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL = "http://test";

async function read(run: () => unknown): Promise<{ status: number; body: unknown }> {
  const of = async (value: unknown) => {
    if (value instanceof Response) {
      const text = await value.text();
      return { status: value.status, body: text };
    }
    if (value && typeof value === "object" && "init" in value && "data" in value) {
      const { init, data } = value as { init: ResponseInit | null; data: unknown };
      return { status: init?.status ?? 200, body: data };
    }
    return { status: 200, body: value };
  };
  try {
    return await of(await run());
  } catch (thrown) {
    return of(thrown);
  }
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`subscription routes on ${engine}`, { timeout: 120_000 }, () => {
    let testDb: TestDatabase;
    let service: SubscriptionService;
    let context: RouterContextProvider;
    let manageToken: string;
    let otherToken: string;
    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      service = new SubscriptionService(testDb.database);
      await service.start();
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      context.set(loggerContext, pino({ level: "silent" }));
      context.set(subscriptionServiceContext, service);
      context.set(clientIpContext, "198.51.100.7");
      for (const address of ["one@example.org", "two@example.org"]) {
        await testDb.database.db.insert(subscribers).values({ address, status: "confirmed" });
      }
      const rows = await testDb.database.db.select().from(subscribers).orderBy(subscribers.id);
      manageToken = await service.issueManageToken(rows[0]?.id as number);
      otherToken = await service.issueManageToken(rows[1]?.id as number);
      await service.changeTopics(manageToken, ["new-work"]);
      await service.changeTopics(otherToken, ["new-work"]);
    });
    afterAll(async () => {
      await service?.stop();
      await testDb?.destroy();
    });

    const post = (path: string, body: BodyInit | null, headers: Record<string, string>) =>
      new Request(`http://test${path}`, { method: "POST", headers, body });
    const statusOf = async (address: string) =>
      (await testDb.database.db.select().from(subscribers).where(eq(subscribers.address, address)))[0]?.status;
    const oneClickWith = (token: string, body: BodyInit | null, headers: Record<string, string>) =>
      read(() =>
        oneClick({
          request: post(`/subscribe/unsubscribe/${token}`, body, headers),
          params: { token },
          context,
        } as never),
      );
    const form = { "content-type": "application/x-www-form-urlencoded" };

    it("refuses hostile one-click POSTs with a 4xx and changes nothing", async () => {
      const cases: [string, BodyInit | null, Record<string, string>, number][] = [
        [manageToken, "List-Unsubscribe=One-Click", { "content-type": "application/json" }, 415],
        [manageToken, "List-Unsubscribe=Please", form, 400],
        [manageToken, `List-Unsubscribe=One-Click&pad=${"x".repeat(10_000)}`, form, 413],
        [manageToken, "%%%=\u0000", form, 400],
        ["A".repeat(43), "List-Unsubscribe=One-Click", form, 404],
        ["not-a-token", "List-Unsubscribe=One-Click", form, 404],
        ["x".repeat(5000), "List-Unsubscribe=One-Click", form, 404],
      ];
      for (const [token, body, headers, status] of cases) {
        const answer = await oneClickWith(token, body, headers);
        expect(answer.status, String(body).slice(0, 40)).toBe(status);
        expect(String(answer.body)).toMatch(/\w+ \w+/);
      }
      expect(await statusOf("one@example.org")).toBe("confirmed");
    });

    it("a one-click POST from another site, multipart, unsubscribes at once with a 200 and no page", async () => {
      const body = new FormData();
      body.set("List-Unsubscribe", "One-Click");
      const request = new Request(`http://test/subscribe/unsubscribe/${manageToken}`, {
        method: "POST",
        headers: { Origin: "https://mail.example.net" },
        body,
      });
      const answer = await read(() => oneClick({ request, params: { token: manageToken }, context } as never));
      expect(answer).toMatchObject({ status: 200, body: expect.stringContaining("Unsubscribed") });
      expect(await statusOf("one@example.org")).toBe("left");
      expect(await statusOf("two@example.org")).toBe("confirmed");
      // Again: the same 200.
      expect((await oneClickWith(manageToken, "List-Unsubscribe=One-Click", form)).status).toBe(200);
    });

    it("a GET on the unsubscribe address leads to the manage page", async () => {
      const answer = await read(() =>
        unsubscribeLoader({ request: new Request("http://test/x"), params: { token: otherToken }, context } as never),
      );
      expect(answer.status).toBe(302);
    });

    it("the manage page refuses forged tokens and bad bodies with a 4xx", async () => {
      const forged = await read(() =>
        manageLoader({ request: new Request("http://test/x"), params: { token: "B".repeat(43) }, context } as never),
      );
      expect(forged).toMatchObject({ status: 200, body: { ok: false } });
      const call = (body: string, headers: Record<string, string>, token = otherToken) =>
        read(() =>
          manageAction({ request: post("/subscribe/manage/x", body, headers), params: { token }, context } as never),
        );
      expect((await call("intent=save&topics=new-work", { "content-type": "text/plain" })).status).toBe(415);
      expect((await call("intent=explode", form)).status).toBe(400);
      expect((await call("intent=save&topics=no-such-topic", form)).status).toBe(422);
      expect((await call("intent=save&topics=BAD KEY", form)).status).toBe(422);
      expect((await call("intent=save&topics=new-work", form, "C".repeat(43))).status).toBe(404);
      expect(await statusOf("two@example.org")).toBe("confirmed");
    });

    it("the subscribe API refuses hostile sign-ups with a 4xx, queuing no mail", async () => {
      const mailBefore = (await testDb.database.db.select().from(outgoingMail)).length;
      const sign = (body: string, headers: Record<string, string>) =>
        read(() =>
          apiAction({
            request: post("/api/subscriptions", body, { Origin: "http://test", ...headers }),
            context,
          } as never),
        );
      const token = issueFormToken(Date.now() - 10_000);
      expect((await sign("email=a@example.org&topics=new-work", { "content-type": "application/json" })).status).toBe(
        415,
      );
      expect((await sign(`email=${"a".repeat(6000)}`, form)).status).toBe(413);
      expect((await sign(`email=a@example.org&topics=new-work&token=forged`, form)).status).toBe(400);
      expect((await sign(`email=a@example.org&topics=new-work&website=spam&token=${token}`, form)).status).toBe(400);
      expect((await sign(`email=not-an-address&topics=new-work&token=${token}`, form)).status).toBe(422);
      expect((await sign(`email=a@example.org&topics=secret-topic&token=${token}`, form)).status).toBe(422);
      const crossSite = await read(() =>
        apiAction({
          request: post("/api/subscriptions", `email=a@example.org&topics=new-work&token=${token}`, {
            ...form,
            Origin: "https://evil.example",
          }),
          context,
        } as never),
      );
      expect(crossSite.status).toBe(403);
      expect((await testDb.database.db.select().from(outgoingMail)).length).toBe(mailBefore);
      const accepted = await sign(`email=a@example.org&topics=new-work&token=${token}`, form);
      expect(accepted.status).toBe(202);
      expect((await sign(`email=a@example.org&topics=new-work&token=${token}`, form)).status).toBe(409);
    });
  });
}
