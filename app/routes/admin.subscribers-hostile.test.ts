import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SubscriptionService, subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import { type CallInit, callRoute, type Handler } from "#tests/support/route-call.ts";
import { type StudioRouteSetup, studioRouteSetup } from "#tests/support/studio-route-setup.server.ts";
import { allTestEngines, engineAvailable } from "#tests/support/test-database.server.ts";
import { subscribeThroughService } from "#tests/support/test-subscribers.server.ts";
import { action as listAction } from "./admin.subscribers._index.tsx";
import { action as forgetAction } from "./admin.subscribers.forget.tsx";

// The Subscribers screen's forms against what its own page could never send: forged ids and
// keys, oversized fields, unknown intents, another origin, and two removes at once. Each is a
// 4xx with a sentence, and changes nothing.
type Form = Array<[string, string]>;

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(
    `/admin/subscribers against hostile forms on ${engine}`,
    { timeout: 60_000 },
    () => {
      let setup: StudioRouteSetup;
      let service: SubscriptionService;
      let adaId = 0;
      const call = (handler: Handler, path: string, init?: CallInit) => callRoute(setup.context, handler, path, init);
      const post = (form: Form, handler: Handler = listAction as Handler, path = "/admin/subscribers") =>
        call(handler, path, { method: "POST", cookie: setup.cookie, form });
      /** Every row the list keeps, to show a refusal changed nothing. */
      const everything = async () => {
        const { db } = setup.testDb.database;
        const tables = [
          "subscription_topics",
          "subscribers",
          "subscriber_topics",
          "subscription_consents",
          "subscription_days",
        ];
        const rows = [];
        for (const table of tables) rows.push(await db.execute(sql.raw(`select * from ${table} order by 1, 2`)));
        return JSON.stringify(rows.map((result) => ("rows" in result ? result.rows : result)));
      };

      beforeAll(async () => {
        setup = await studioRouteSetup(engine, "subscribers-hostile");
        service = new SubscriptionService(setup.testDb.database);
        await service.start();
        setup.context.set(subscriptionServiceContext, service);
        await subscribeThroughService(service, setup.testDb.database.db, "ada@example.org", [
          "icaro-prints",
          "new-work",
        ]);
        adaId = (await service.list({ search: "ada@" }))[0]?.id ?? 0;
      });
      afterAll(async () => {
        await service?.stop();
        await setup?.testDb.destroy();
      });

      const refusals: Array<[string, Form, number, string]> = [
        ["no intent", [["id", "1"]], 400, "Unknown action"],
        ["an unknown intent", [["intent", "drop-table"]], 400, "Unknown action"],
        ["an intent of another screen", [["intent", "sell"]], 400, "Unknown action"],
        [
          "a subscriber that is not there",
          [
            ["intent", "remove"],
            ["id", "999999"],
          ],
          404,
          "no such subscriber",
        ],
        [
          "an id that is no number",
          [
            ["intent", "remove"],
            ["id", "1 or 1=1"],
          ],
          422,
          "",
        ],
        [
          "a negative id",
          [
            ["intent", "remove"],
            ["id", "-1"],
          ],
          422,
          "",
        ],
        [
          "an id past the column's range",
          [
            ["intent", "remove"],
            ["id", "99999999999"],
          ],
          422,
          "",
        ],
        ["no id", [["intent", "remove"]], 422, ""],
        [
          "a topic that is not there",
          [
            ["intent", "close-topic"],
            ["topic", "no-such-topic"],
          ],
          404,
          "no topic",
        ],
        [
          "a topic key that is no key",
          [
            ["intent", "close-topic"],
            ["topic", "'; drop table x; --"],
          ],
          422,
          "lower-case",
        ],
        [
          "an oversized topic key",
          [
            ["intent", "reopen-topic"],
            ["topic", "a".repeat(5000)],
          ],
          422,
          "",
        ],
        [
          "a work not in the catalogue",
          [
            ["intent", "open-topic"],
            ["target", "work:no-such-work"],
          ],
          422,
          "from the list",
        ],
        [
          "a series not in the catalogue",
          [
            ["intent", "open-topic"],
            ["target", "series:Forged"],
          ],
          422,
          "from the list",
        ],
        [
          "a kind that is not one",
          [
            ["intent", "open-topic"],
            ["target", "standing:new-work"],
          ],
          422,
          "from the list",
        ],
        [
          "an oversized target",
          [
            ["intent", "open-topic"],
            ["target", `work:${"a".repeat(5000)}`],
          ],
          422,
          "",
        ],
        [
          "an oversized label",
          [
            ["intent", "open-topic"],
            ["target", "work:mapacho-dawn"],
            ["label", "x".repeat(201)],
          ],
          422,
          "at most 200",
        ],
      ];
      for (const [what, form, status, words] of refusals) {
        it(`refuses ${what} with a ${status}, nothing changed`, async () => {
          const before = await everything();
          const answer = await post(form);
          expect(answer.status).toBe(status);
          const message = (answer.body as { refused?: { message: string } }).refused?.message ?? "";
          expect(message.length).toBeGreaterThan(10);
          expect(message.toLowerCase()).toContain(words.toLowerCase());
          expect(await everything()).toBe(before);
        });
      }

      it("refuses another origin's form and a body that is no form before reading it", async () => {
        const before = await everything();
        const form: Form = [
          ["intent", "remove"],
          ["id", String(adaId)],
        ];
        const forged = await call(listAction as Handler, "/admin/subscribers", {
          method: "POST",
          cookie: setup.cookie,
          form,
          origin: "https://evil.example",
        });
        expect(forged.status).toBe(403);
        const noOrigin = await call(listAction as Handler, "/admin/subscribers", {
          method: "POST",
          cookie: setup.cookie,
          form,
          origin: null,
        });
        expect(noOrigin.status).toBe(403);
        const forgetForged = await call(forgetAction as Handler, "/admin/subscribers/forget", {
          method: "POST",
          cookie: setup.cookie,
          form: [
            ["intent", "forget"],
            ["email", "ada@example.org"],
          ],
          origin: "https://evil.example",
        });
        expect(forgetForged.status).toBe(403);
        expect(await everything()).toBe(before);
      });

      it("forget refuses an unknown intent, no address, an oversized one and two at once", async () => {
        const before = await everything();
        for (const [form, words] of [
          [
            [
              ["intent", "delete"],
              ["email", "ada@example.org"],
            ],
            "Unknown action",
          ],
          [[["intent", "forget"]], "one whole email address"],
          [
            [
              ["intent", "forget"],
              ["email", `${"a".repeat(320)}@example.org`],
            ],
            "one whole email address",
          ],
          [
            [
              ["intent", "forget"],
              ["email", "ada@example.org, grace@example.org"],
            ],
            "one whole email address",
          ],
          [
            [
              ["intent", "forget"],
              ["email", "%@%"],
            ],
            "",
          ],
        ] as Array<[Form, string]>) {
          const answer = await post(form, forgetAction as Handler, "/admin/subscribers/forget");
          if (words) {
            expect(answer.status, JSON.stringify(form)).toBe(400);
            expect(String(answer.body)).toContain(words);
          } else {
            // A LIKE pattern is an address like any other: nothing by that address, nothing forgotten.
            expect(answer.body).toEqual({ done: { address: "%@%", forgotten: false } });
          }
        }
        expect(await everything()).toBe(before);
      });

      it("two removes of one subscriber at once: one leave per topic, counted once", async () => {
        const form: Form = [
          ["intent", "remove"],
          ["id", String(adaId)],
        ];
        const answers = await Promise.all([post(form), post(form), post(form)]);
        expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302]);
        const days = await service.countsByDay();
        expect(days.map((day) => [day.topicKey, day.joined, day.left])).toEqual([
          ["new-work", 1, 1],
          ["icaro-prints", 1, 1],
        ]);
        expect((await service.list({ search: "ada@" }))[0]).toMatchObject({ status: "left", topics: [] });
      });
    },
  );
}
