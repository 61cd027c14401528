import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SubscribersPage } from "#app/admin/subscribers/subscribers-page.server.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { subscribers, subscriptionConsents } from "#app/db/subscription-schema.ts";
import { CONFIRMATION_KIND } from "#app/subscriptions/confirmation-mail.server.ts";
import { SubscriptionService, subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import { type CallInit, callRoute, type Handler } from "#tests/support/route-call.ts";
import { type StudioRouteSetup, studioRouteSetup } from "#tests/support/studio-route-setup.server.ts";
import { allTestEngines, engineAvailable } from "#tests/support/test-database.server.ts";
import { subscribeThroughService } from "#tests/support/test-subscribers.server.ts";
import { action as listAction, loader as listLoader } from "./admin.subscribers._index.tsx";
import { loader as exportLoader } from "./admin.subscribers.export[.]csv.ts";
import { action as forgetAction, loader as forgetLoader } from "./admin.subscribers.forget.tsx";

// Issue 41, the studio's Subscribers screen: its gate, counts, list, search, topics, removal,
// export and forgetting, on both engines.
type Form = Array<[string, string]>;

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`/admin/subscribers on ${engine}`, { timeout: 60_000 }, () => {
    let setup: StudioRouteSetup;
    let service: SubscriptionService;
    const call = (handler: Handler, path: string, init?: CallInit) => callRoute(setup.context, handler, path, init);
    const post = (form: Form, path = "/admin/subscribers", cookie = setup.cookie) =>
      call((path.includes("forget") ? forgetAction : listAction) as Handler, path, { method: "POST", cookie, form });
    const pageAt = async (query = "") => {
      const answer = await call(listLoader as Handler, `/admin/subscribers${query}`, { cookie: setup.cookie });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as { page: SubscribersPage }).page;
    };
    const db = () => setup.testDb.database.db;
    const subscribe = (address: string, topics: string[], confirm = true) =>
      subscribeThroughService(service, db(), address, topics, { confirm });

    beforeAll(async () => {
      setup = await studioRouteSetup(engine, "subscribers");
      service = new SubscriptionService(setup.testDb.database);
      await service.start();
      setup.context.set(subscriptionServiceContext, service);
      await subscribe("ada@example.org", ["icaro-prints", "new-work"]);
      await subscribe("grace@example.org", ["icaro-prints"]);
      await subscribe("waiting@example.org", ["new-work"], false);
    });
    afterAll(async () => {
      await service?.stop();
      await setup?.testDb.destroy();
    });

    it("signed out or without a second factor: the sign-in answer, no addresses, nothing changed", async () => {
      for (const [handler, path] of [
        [listLoader, "/admin/subscribers"],
        [forgetLoader, "/admin/subscribers/forget?email=ada@example.org"],
      ] as const) {
        const signedOut = await call(handler as Handler, path);
        expect(signedOut.status, path).toBe(401);
        expect(signedOut.body).toEqual({ state: "login" });
        const noFactor = await call(handler as Handler, path, { cookie: setup.noFactorCookie });
        expect(noFactor.status, path).toBe(403);
        expect(noFactor.body).toEqual({ state: "needs-factor" });
      }
      const [ada] = await db().select().from(subscribers).where(eq(subscribers.address, "ada@example.org"));
      const remove: Form = [
        ["intent", "remove"],
        ["id", String(ada?.id)],
      ];
      expect((await post(remove, "/admin/subscribers", "")).status).toBe(401);
      const noFactor = await post(remove, "/admin/subscribers", setup.noFactorCookie);
      expect(noFactor.status).toBe(403);
      expect(JSON.stringify(noFactor.body)).toContain("Add an authenticator app");
      const fromElsewhere = await call(listAction as Handler, "/admin/subscribers", {
        method: "POST",
        cookie: setup.cookie,
        form: remove,
        origin: "https://evil.example",
      });
      expect(fromElsewhere.status).toBe(403);
      expect((await call(exportLoader as Handler, "/admin/subscribers/export.csv")).status).toBe(401);
      const exportNoFactor = await call(exportLoader as Handler, "/admin/subscribers/export.csv", {
        cookie: setup.noFactorCookie,
      });
      expect(exportNoFactor.status).toBe(403);
      expect(JSON.stringify(exportNoFactor.body)).not.toContain("@example.org");
      const [still] = await db().select().from(subscribers).where(eq(subscribers.address, "ada@example.org"));
      expect(still?.status).toBe("confirmed");
    });

    it("counts each topic's confirmed and waiting, today's joins, and lists everyone newest first", async () => {
      const page = await pageAt();
      const count = (key: string) => page.topics.find((topic) => topic.key === key);
      expect(count("icaro-prints")).toMatchObject({ label: "Icaro prints", confirmed: 2, waiting: 0, open: true });
      expect(count("new-work")).toMatchObject({ confirmed: 1, waiting: 1 });
      expect(page.activity.days).toHaveLength(84);
      expect(page.activity.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), joined: 3, left: 0 });
      expect(page.activity.joined).toBe(3);
      expect(page.subscribers.map((row) => [row.address, row.status])).toEqual([
        ["waiting@example.org", "pending"],
        ["grace@example.org", "confirmed"],
        ["ada@example.org", "confirmed"],
      ]);
      expect(page.subscribers[2]?.topics).toEqual(["New work and exhibitions", "Icaro prints"]);
      expect(page.subscribers[0]?.waiting).toEqual(["New work and exhibitions"]);
    });

    it("searches by part of an address, by status and by topic; a bad filter is a 400 that says why", async () => {
      expect((await pageAt("?q=GRACE")).subscribers.map((row) => row.address)).toEqual(["grace@example.org"]);
      expect((await pageAt("?q=%25")).subscribers).toEqual([]);
      expect((await pageAt("?status=pending")).subscribers.map((row) => row.address)).toEqual(["waiting@example.org"]);
      const icaro = await pageAt("?topic=icaro-prints");
      expect(icaro.subscribers.map((row) => row.address)).toEqual(["grace@example.org", "ada@example.org"]);
      expect(icaro.filterTopic).toBe("Icaro prints");
      for (const [query, words] of [
        ["?status=gone", "no such status"],
        ["?topic=no-such-topic", "no such topic"],
        ["?topic=%3Cscript%3E", "no such topic"],
        [`?q=${"a".repeat(255)}`, "at most 254"],
        ["?before=-3", "does not exist"],
      ]) {
        const answer = await call(listLoader as Handler, `/admin/subscribers${query}`, { cookie: setup.cookie });
        expect(answer.status, query).toBe(400);
        expect(String(answer.body), query).toContain(words);
      }
    });

    it("opens a work's topic with the default label, closes it and reopens it; visitors' offer follows", async () => {
      const opened = await post([
        ["intent", "open-topic"],
        ["target", "work:mapacho-dawn"],
        ["label", ""],
      ]);
      expect(opened.status).toBe(302);
      expect(opened.location).toBe("/admin/subscribers?done=opened");
      const label = "Notify me when a print of Mapacho Dawn is available";
      expect(service.offered()).toContainEqual({ key: "work-mapacho-dawn", label });
      const page = await pageAt("?done=opened");
      expect(page.done).toBe("The topic is open: visitors are offered it now.");
      expect(page.topics.at(-1)).toMatchObject({ key: "work-mapacho-dawn", kind: "work", label, open: true });
      // A work with a topic is not offered again: it is reopened from the list.
      expect(page.choices.works.map((choice) => choice.target)).not.toContain("mapacho-dawn");

      const series = await post([
        ["intent", "open-topic"],
        ["target", "series:Secrets"],
        ["label", "  Secrets: new prints  "],
      ]);
      expect(series.status).toBe(302);
      expect(service.offered()).toContainEqual({ key: "series-secrets", label: "Secrets: new prints" });

      expect(
        (
          await post([
            ["intent", "close-topic"],
            ["topic", "work-mapacho-dawn"],
          ])
        ).location,
      ).toBe("/admin/subscribers?done=closed");
      expect(service.offered().map((topic) => topic.key)).not.toContain("work-mapacho-dawn");
      expect(
        (
          await post([
            ["intent", "close-topic"],
            ["topic", "icaro-prints"],
          ])
        ).status,
      ).toBe(302);
      expect(
        (
          await post([
            ["intent", "reopen-topic"],
            ["topic", "icaro-prints"],
          ])
        ).status,
      ).toBe(302);
      expect(
        (
          await post([
            ["intent", "reopen-topic"],
            ["topic", "work-mapacho-dawn"],
          ])
        ).status,
      ).toBe(302);
      expect(service.offered().map((topic) => topic.key)).toEqual(
        expect.arrayContaining(["icaro-prints", "work-mapacho-dawn"]),
      );
      // Subscribers of a closed and reopened topic stay.
      expect((await pageAt()).topics.find((topic) => topic.key === "icaro-prints")?.confirmed).toBe(2);
    });

    it("exports every subscriber as CSV, a formula address disarmed", async () => {
      await db().insert(subscribers).values({ address: '=hyperlink("http://evil")@example.org', status: "pending" });
      const answer = await call(exportLoader as Handler, "/admin/subscribers/export.csv", { cookie: setup.cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers?.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(answer.headers?.get("Content-Disposition")).toMatch(
        /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(answer.headers?.get("Cache-Control")).toBe("no-store");
      const lines = String(answer.body)
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]).toBe(
        "address,status,topics,waiting_for_confirmation,asked_on,confirmed_on,left_on,last_consent_on,last_consent_page",
      );
      expect(lines[1]).toMatch(/^ada@example\.org,confirmed,new-work icaro-prints,,\d{4}-.*,\/prices$/);
      // The newest, last: shown as the text it is (a leading apostrophe), never run as a formula.
      expect(lines.at(-1)).toMatch(/^"'=hyperlink\(""http:\/\/evil""\)@example\.org",pending,,,\d{4}-[^,]+,,,,$/);
      expect(lines.filter((line) => line.startsWith("="))).toEqual([]);
      await db().delete(subscribers).where(eq(subscribers.address, '=hyperlink("http://evil")@example.org'));
    });

    it("removes a subscriber on their behalf: every topic left, counted as leaves, the address kept", async () => {
      const [grace] = await db().select().from(subscribers).where(eq(subscribers.address, "grace@example.org"));
      const removed = await call(listAction as Handler, "/admin/subscribers?q=grace&index", {
        method: "POST",
        cookie: setup.cookie,
        form: [
          ["intent", "remove"],
          ["id", String(grace?.id)],
        ],
      });
      expect(removed.status).toBe(302);
      expect(removed.location).toBe("/admin/subscribers?q=grace&done=removed");
      const page = await pageAt("?q=grace");
      expect(page.subscribers).toEqual([expect.objectContaining({ status: "left", topics: [], waiting: [] })]);
      expect(page.activity.left).toBe(1);
      expect((await pageAt()).topics.find((topic) => topic.key === "icaro-prints")?.confirmed).toBe(1);
    });

    it("forgets an address only with the second factor, then everything about it is gone", async () => {
      const preview = await call(forgetLoader as Handler, "/admin/subscribers/forget?email=Waiting@Example.org", {
        cookie: setup.cookie,
      });
      expect(preview.body).toMatchObject({ preview: { address: "waiting@example.org", status: "pending", topics: 1 } });
      const forget: Form = [
        ["intent", "forget"],
        ["email", "waiting@example.org"],
      ];
      const refused = await post(forget, "/admin/subscribers/forget", setup.noFactorCookie);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).toContain(
        "Add an authenticator app on the Security screen before forgetting",
      );
      expect((await post(forget, "/admin/subscribers/forget", "")).status).toBe(401);
      expect(await db().select().from(subscribers).where(eq(subscribers.address, "waiting@example.org"))).toHaveLength(
        1,
      );

      const done = await post(forget, "/admin/subscribers/forget");
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ done: { address: "waiting@example.org", forgotten: true } });
      expect(await db().select().from(subscribers).where(eq(subscribers.address, "waiting@example.org"))).toEqual([]);
      const mail = await db().select().from(outgoingMail).where(eq(outgoingMail.kind, CONFIRMATION_KIND));
      expect(mail.map((row) => row.toAddress)).not.toContain("waiting@example.org");
      expect((await db().select().from(subscriptionConsents)).length).toBe(2);
      const again = await post(forget, "/admin/subscribers/forget");
      expect(again.body).toEqual({ done: { address: "waiting@example.org", forgotten: false } });
    });
  });
}
