import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { mailings } from "#app/db/mailing-schema.ts";
import { subscribers, subscriberTopics, subscriptionTopics } from "#app/db/subscription-schema.ts";
import { type CallInit, callRoute, type Handler } from "#tests/support/route-call.ts";
import { type StudioRouteSetup, studioRouteSetup } from "#tests/support/studio-route-setup.server.ts";
import { allTestEngines, engineAvailable } from "#tests/support/test-database.server.ts";
import { action as listAction, loader as listLoader } from "./admin.mailings._index.tsx";
import { action as editorAction, loader as editorLoader } from "./admin.mailings.$id.tsx";
import { loader as webLoader } from "./mailings.$slug.tsx";

// The studio's mailings screens (issue 41): the gate, writing and sending once, and hostile forms.
for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`/admin/mailings on ${engine}`, { timeout: 60_000 }, () => {
    let setup: StudioRouteSetup;
    const call = (handler: Handler, path: string, init?: CallInit) => callRoute(setup.context, handler, path, init);
    const db = () => setup.testDb.database.db;
    const edit = (id: string, form: Array<[string, string]>, cookie = setup.cookie) =>
      call(editorAction as Handler, `/admin/mailings/${id}`, { method: "POST", cookie, form, params: { id } });
    const draft = (subject = "Icaro prints are back"): Array<[string, string]> => [
      ["subject", subject],
      ["body", "Two prints **return**."],
      ["topic", "icaro-prints"],
    ];

    beforeAll(async () => {
      setup = await studioRouteSetup(engine, "mailings");
      // One confirmed subscriber of Icaro prints.
      const [subscriber] = await db()
        .insert(subscribers)
        .values({ address: "reader@example.org", status: "confirmed", confirmedAt: new Date() })
        .returning();
      const [topic] = await db().select().from(subscriptionTopics).where(eq(subscriptionTopics.key, "icaro-prints"));
      await db()
        .insert(subscriberTopics)
        .values({ subscriberId: subscriber?.id as number, topicId: topic?.id as number, confirmedAt: new Date() });
    });
    afterAll(() => setup?.testDb.destroy());

    async function created(): Promise<string> {
      const answer = await call(listAction as Handler, "/admin/mailings", {
        method: "POST",
        cookie: setup.cookie,
        form: [
          ["intent", "create"],
          ["subject", "Icaro prints are back"],
        ],
      });
      expect(answer.status).toBe(302);
      return /\/admin\/mailings\/(\d+)/.exec(answer.headers?.get("location") ?? "")?.[1] as string;
    }

    it("signed out or without a second factor: the sign-in answer, and nothing is written", async () => {
      for (const [handler, path, params] of [
        [listLoader, "/admin/mailings", {}],
        [editorLoader, "/admin/mailings/1", { id: "1" }],
      ] as const) {
        expect((await call(handler as Handler, path, { params })).status, path).toBe(401);
        expect((await call(handler as Handler, path, { params, cookie: setup.noFactorCookie })).status, path).toBe(403);
      }
      const id = await created();
      for (const cookie of ["", setup.noFactorCookie]) {
        const refused = await edit(id, [["intent", "send"], ...draft()], cookie);
        expect([401, 403]).toContain(refused.status);
      }
      const fromElsewhere = await call(editorAction as Handler, `/admin/mailings/${id}`, {
        method: "POST",
        cookie: setup.cookie,
        form: [["intent", "send"], ...draft()],
        params: { id },
        origin: "https://evil.example",
      });
      expect(fromElsewhere.status).toBe(403);
      expect(await db().select().from(outgoingMail)).toHaveLength(0);
    });

    it("saves, previews, sends once, and shows the web version only after", async () => {
      const id = await created();
      expect((await edit(id, [["intent", "save"], ...draft()])).status).toBe(302);
      const page = (
        await call(editorLoader as Handler, `/admin/mailings/${id}`, { cookie: setup.cookie, params: { id } })
      ).body as { reach: number; preview: { html: string; text: string }; mailing: { webAddress: string } };
      expect(page.reach).toBe(1);
      expect(page.preview.html).toContain("<strong>return</strong>");
      const slug = page.mailing.webAddress.split("/").pop() as string;
      expect((await call(webLoader as Handler, page.mailing.webAddress, { params: { slug } })).status).toBe(404);
      expect((await edit(id, [["intent", "send"], ...draft()])).status).toBe(302);
      const again = await edit(id, [["intent", "send"], ...draft()]);
      expect(again.status).toBe(409);
      expect(JSON.stringify(again.body)).toContain("can no longer change");
      const queued = await db().select().from(outgoingMail).where(eq(outgoingMail.kind, "mailing"));
      expect(queued.map((row) => row.toAddress)).toEqual(["reader@example.org"]);
      const web = await call(webLoader as Handler, page.mailing.webAddress, { params: { slug } });
      expect(web.status).toBe(200);
      expect(JSON.stringify(web.body)).not.toContain("reader@example.org");
    });

    it("answers hostile forms with a 4xx and changes nothing", async () => {
      const id = await created();
      const cases: Array<[string, Array<[string, string]>, number]> = [
        ["no intent", draft(), 400],
        ["unknown intent", [["intent", "drop-table"], ...draft()], 400],
        ["subject too long", [["intent", "save"], ...draft("x".repeat(151))], 422],
        ["two-line subject", [["intent", "save"], ...draft("Hello\r\nBcc: all@example.org")], 422],
        [
          "unknown topic",
          [
            ["intent", "save"],
            ["subject", "s"],
            ["body", "b"],
            ["topic", "no-such-topic"],
          ],
          422,
        ],
        [
          "bad topic key",
          [
            ["intent", "save"],
            ["subject", "s"],
            ["body", "b"],
            ["topic", "../../etc"],
          ],
          422,
        ],
        [
          "body too long",
          [
            ["intent", "save"],
            ["subject", "s"],
            ["body", "x".repeat(50_001)],
          ],
          422,
        ],
        ["schedule in the past", [["intent", "schedule"], ...draft(), ["sendAt", "2001-01-01T00:00"]], 422],
        ["schedule not a time", [["intent", "schedule"], ...draft(), ["sendAt", "tomorrow"]], 422],
        ["unschedule a draft", [["intent", "unschedule"]], 409],
      ];
      for (const [name, form, status] of cases) {
        const answer = await edit(id, form);
        expect(answer.status, name).toBe(status);
      }
      const [row] = await db()
        .select()
        .from(mailings)
        .where(eq(mailings.id, Number(id)));
      expect([row?.subject, row?.status, row?.body]).toEqual(["Icaro prints are back", "draft", ""]);
      for (const forged of ["0", "-1", "99999999", "abc", "1e3", "2147483648"]) {
        const answer = await call(editorLoader as Handler, `/admin/mailings/${forged}`, {
          cookie: setup.cookie,
          params: { id: forged },
        });
        expect(answer.status, forged).toBe(404);
      }
    });
  });
}
