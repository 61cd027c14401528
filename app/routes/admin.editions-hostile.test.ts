import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallInit, callRoute, type Handler } from "#tests/support/route-call.ts";
import { type StudioRouteSetup, studioRouteSetup } from "#tests/support/studio-route-setup.server.ts";
import { allTestEngines, engineAvailable } from "#tests/support/test-database.server.ts";
import { action as ledgerAction, loader as ledgerLoader } from "./admin.editions.$slug.tsx";

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const WORK = "a-door-in-the-canopy";
type Form = Array<[string, string]>;

const sale = (unit: string, name: string, email: string, extra: Form = []): Form => [
  ["intent", "sell"],
  ["unit", unit],
  ["collectorName", name],
  ["collectorEmail", email],
  ["soldOn", inDays(0)],
  ["price", "1000"],
  ["currency", "AUD"],
  ...extra,
];

/** Each field replaced in (or added to) a form. */
function withField(form: Form, name: string, value: string): Form {
  return [...form.filter(([key]) => key !== name), [name, value]];
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(
    `/admin/editions/<work> against hostile forms on ${engine}`,
    { timeout: 60_000 },
    () => {
      let setup: StudioRouteSetup;
      const call = (handler: Handler, path: string, init?: CallInit) => callRoute(setup.context, handler, path, init);
      const post = (form: Form, slug = WORK) =>
        call(ledgerAction as Handler, `/admin/editions/${slug}`, {
          method: "POST",
          cookie: setup.cookie,
          form,
          params: { slug },
        });
      /** Every row the ledger has, to show a refusal changed nothing. */
      const everything = async () => {
        const { db } = setup.testDb.database;
        const tables = ["editions", "edition_units", "edition_holds", "edition_sales", "edition_owners"];
        const rows = [];
        for (const table of tables) {
          rows.push(await db.execute(sql.raw(`select * from ${table} order by id`)));
        }
        return JSON.stringify(rows.map((result) => ("rows" in result ? result.rows : result)));
      };

      beforeAll(async () => {
        setup = await studioRouteSetup(engine, "editions-hostile");
        expect(
          (
            await post([
              ["intent", "set-edition"],
              ["kind", "edition"],
              ["size", "8"],
            ])
          ).status,
        ).toBe(302);
        const hold: Form = [
          ["intent", "hold"],
          ["unit", "2"],
          ["until", inDays(5)],
          ["holderName", "Grace Hopper"],
          ["holderEmail", "grace@example.org"],
        ];
        expect((await post(hold)).status).toBe(302);
      });
      afterAll(() => setup?.testDb.destroy());

      const refusals: Array<[string, Form, number, string]> = [
        [
          "a negative size",
          [
            ["intent", "set-edition"],
            ["kind", "edition"],
            ["size", "-8"],
          ],
          400,
          "at least 2 prints",
        ],
        [
          "a huge size",
          [
            ["intent", "set-edition"],
            ["kind", "edition"],
            ["size", "99999999999999999"],
          ],
          400,
          "at most 500",
        ],
        [
          "a size that is not a number",
          [
            ["intent", "set-edition"],
            ["kind", "edition"],
            ["size", "8; drop table"],
          ],
          400,
          "whole number",
        ],
        [
          "a fractional size",
          [
            ["intent", "set-edition"],
            ["kind", "edition"],
            ["size", "8.5"],
          ],
          400,
          "whole number",
        ],
        [
          "too many proofs",
          [
            ["intent", "set-edition"],
            ["kind", "edition"],
            ["size", "8"],
            ["artistProofs", "51"],
          ],
          400,
          "at most 50",
        ],
        [
          "a forged kind",
          [
            ["intent", "set-edition"],
            ["kind", "stock"],
            ["size", "8"],
          ],
          400,
          "unique or an edition",
        ],
        [
          "shrinking below a held print",
          [
            ["intent", "set-edition"],
            ["kind", "unique"],
          ],
          409,
          "on hold",
        ],
        [
          "a print that does not exist",
          [
            ["intent", "release"],
            ["unit", "99"],
          ],
          404,
          "no print 99",
        ],
        [
          "a proof that does not exist",
          [
            ["intent", "release"],
            ["unit", "ap-1"],
          ],
          404,
          "no artist's proofs",
        ],
        [
          "a print number no form has",
          [
            ["intent", "release"],
            ["unit", "2'; --"],
          ],
          400,
          "which print",
        ],
        ["no print at all", [["intent", "not-for-sale"]], 400, "which print"],
        [
          "an unknown intent",
          [
            ["intent", "delete-everything"],
            ["unit", "1"],
          ],
          400,
          "Unknown action",
        ],
        [
          "a hold in the past",
          [
            ["intent", "hold"],
            ["unit", "4"],
            ["until", inDays(-2)],
            ["holderName", "Ada"],
            ["holderEmail", "ada@example.org"],
          ],
          400,
          "already passed",
        ],
        [
          "a hold over a year",
          [
            ["intent", "hold"],
            ["unit", "4"],
            ["until", inDays(400)],
            ["holderName", "Ada"],
            ["holderEmail", "ada@example.org"],
          ],
          400,
          "at most 366 days",
        ],
        [
          "a hold with a date that is not one",
          [
            ["intent", "hold"],
            ["unit", "4"],
            ["until", "2026-02-30"],
            ["holderName", "Ada"],
            ["holderEmail", "ada@example.org"],
          ],
          400,
          "date like",
        ],
        [
          "a hold without an email",
          [
            ["intent", "hold"],
            ["unit", "4"],
            ["until", inDays(3)],
            ["holderName", "Ada"],
            ["holderEmail", "ada"],
          ],
          400,
          "email address",
        ],
        ["the held print sold to someone else", sale("2", "Eve", "eve@example.org"), 409, "on hold for Grace Hopper"],
        ["a negative price", withField(sale("4", "Ada", "ada@example.org"), "price", "-1000"), 400, "as a number"],
        [
          "a huge price",
          withField(sale("4", "Ada", "ada@example.org"), "price", "99999999999999999999"),
          400,
          "too large",
        ],
        [
          "a price in scientific notation",
          withField(sale("4", "Ada", "ada@example.org"), "price", "1e30"),
          400,
          "as a number",
        ],
        [
          "cents a currency has not",
          withField(withField(sale("4", "Ada", "ada@example.org"), "currency", "JPY"), "price", "10.5"),
          400,
          "no fractions",
        ],
        [
          "a made-up currency",
          withField(sale("4", "Ada", "ada@example.org"), "currency", "XYZ1"),
          400,
          "three-letter code",
        ],
        [
          "a sale dated next year",
          withField(sale("4", "Ada", "ada@example.org"), "soldOn", inDays(300)),
          400,
          "in the future",
        ],
        [
          "an oversized name",
          withField(sale("4", "Ada", "ada@example.org"), "collectorName", "A".repeat(5000)),
          400,
          "at most 200",
        ],
        [
          "a resale of a print never sold",
          [
            ["intent", "resell"],
            ["unit", "5"],
            ["ownerName", "Bob"],
            ["acquiredOn", inDays(0)],
          ],
          409,
          "has not been sold",
        ],
        [
          "a resale price without currency",
          [
            ["intent", "resell"],
            ["unit", "5"],
            ["ownerName", "Bob"],
            ["acquiredOn", inDays(0)],
            ["price", "10"],
          ],
          400,
          "with its currency",
        ],
      ];

      it.each(refusals)(
        "refuses %s with a sentence and its status, writing nothing",
        async (_, form, status, words) => {
          const before = await everything();
          const answer = await post(form);
          expect(answer.status).toBe(status);
          const refused = (answer.body as { refused: { message: string; values: Record<string, string> } }).refused;
          expect(refused.message).toContain(words);
          expect(await everything()).toBe(before);
          // What was typed comes back, to be corrected rather than typed again.
          const typed = form.find(([name]) => name === "collectorName" || name === "holderName");
          if (typed && typed[1].length <= 2100) expect(refused.values[typed[0]]).toBe(typed[1]);
        },
      );

      it("refuses a work that is not in the catalogue with a 404", async () => {
        const answer = await post(
          [
            ["intent", "set-edition"],
            ["kind", "unique"],
          ],
          "no-such-work",
        );
        expect(answer.status).toBe(404);
        const page = await call(ledgerLoader as Handler, "/admin/editions/no-such-work", {
          cookie: setup.cookie,
          params: { slug: "no-such-work" },
        });
        expect(page.status).toBe(404);
      });

      it("a replayed sale is refused: the print is already sold", async () => {
        const form = sale("6", "Ada Lovelace", "ada@example.org");
        expect((await post(form)).status).toBe(302);
        const before = await everything();
        const replay = await post(form);
        expect(replay.status).toBe(409);
        expect((replay.body as { refused: { message: string } }).refused.message).toBe("Print 6/8 is already sold.");
        expect(await everything()).toBe(before);
      });

      it("two sales of the last print at once leave exactly one sale", async () => {
        await post(
          [
            ["intent", "set-edition"],
            ["kind", "edition"],
            ["size", "2"],
          ],
          "the-inner-orchard",
        );
        expect((await post(sale("1", "First", "first@example.org"), "the-inner-orchard")).status).toBe(302);
        const answers = await Promise.all([
          post(sale("2", "Ada Lovelace", "ada@example.org"), "the-inner-orchard"),
          post(sale("2", "Eve Example", "eve@example.org"), "the-inner-orchard"),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
        const refused = answers.find((answer) => answer.status === 409)?.body as { refused: { message: string } };
        expect(refused.refused.message).toMatch(/already sold|same moment/);
        const { db } = setup.testDb.database;
        const sales = await db.execute(
          sql`select s.collector_name from edition_sales s join edition_units u on u.id = s.unit_id join editions e on e.id = u.edition_id where e.work_slug = 'the-inner-orchard' and u.number = 2`,
        );
        expect("rows" in sales ? sales.rows : sales).toHaveLength(1);
      });
    },
  );
}
