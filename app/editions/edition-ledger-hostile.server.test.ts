import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { editionHolds, editionOwners, editionSales, editions, editionUnits } from "#app/db/edition-schema.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { EditionLedger } from "./edition-ledger.server.ts";
import { LedgerRefusal } from "./edition-refusal.ts";

const catalogue = processContentStore().catalogueWithHidden();
const now = new Date("2026-12-01T12:00:00Z");
const workSlug = "a-door-in-the-canopy";
const sale = {
  collectorName: "Ada Lovelace",
  collectorEmail: "ada@example.org",
  soldOn: "2026-11-30",
  priceMinor: 120_000,
  currency: "AUD",
};
const hold = { until: "2026-12-08T12:00:00Z", holderName: "Ada", holderEmail: "ada@example.org" };

async function refusal(attempt: Promise<unknown>): Promise<LedgerRefusal> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LedgerRefusal);
  return error as LedgerRefusal;
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(
    `the edition ledger refuses hostile input on ${engine}`,
    { timeout: 60_000 },
    () => {
      let testDb: TestDatabase;
      let ledger: EditionLedger;
      /** Every row of the ledger, to show a refusal wrote nothing. */
      const everything = async () => {
        const { db } = testDb.database;
        const result = await db.execute<{ rows: string }>(
          sql`select json_build_array(
          (select json_agg(e order by e.id) from editions e), (select json_agg(u order by u.id) from edition_units u),
          (select json_agg(h order by h.id) from edition_holds h), (select json_agg(s order by s.id) from edition_sales s),
          (select json_agg(o order by o.id) from edition_owners o))::text as rows`,
        );
        return result.rows[0]?.rows;
      };
      beforeAll(async () => {
        testDb = await createTestDatabase(engine);
        ledger = new EditionLedger({ db: testDb.database.db, catalogue, now: () => now });
        await ledger.setEdition({ workSlug, kind: "edition", size: 8, artistProofs: 2 });
        await ledger.sell({ workSlug, number: 1, ...sale });
      });
      afterAll(() => testDb?.destroy());

      it("refuses a negative, fractional, huge or mistyped edition size, and changes nothing", async () => {
        const before = await everything();
        const cases: Array<[unknown, string]> = [
          [{ workSlug, kind: "edition", size: -8 }, "An edition has at least 2 prints; a single print is unique."],
          [{ workSlug, kind: "edition", size: 1 }, "An edition has at least 2 prints; a single print is unique."],
          [{ workSlug, kind: "edition", size: 1_000_000_000 }, "An edition can have at most 500 prints."],
          [{ workSlug, kind: "edition", size: 2.5 }, "The edition size must be a whole number."],
          [{ workSlug, kind: "edition", size: "8" }, "The edition size must be a whole number."],
          [{ workSlug, kind: "edition", size: Number.NaN }, "The edition size must be a whole number."],
          [{ workSlug, kind: "edition", size: Number.POSITIVE_INFINITY }, "The edition size must be a whole number."],
          [
            { workSlug, kind: "edition", size: 8, artistProofs: -1 },
            "The number of artist's proofs cannot be negative.",
          ],
          [{ workSlug, kind: "edition", size: 8, artistProofs: 51 }, "An edition can have at most 50 artist's proofs."],
          [{ workSlug, kind: "many", size: 8 }, "Choose unique or an edition of a number of prints."],
          [
            { workSlug, kind: "unique", size: 8 },
            "The form has fields the ledger does not know (size). Reload the page.",
          ],
          [null, "Choose unique or an edition of a number of prints."],
          ["edition of 8", "Choose unique or an edition of a number of prints."],
        ];
        for (const [input, message] of cases) {
          expect(await refusal(ledger.setEdition(input)), JSON.stringify(input)).toMatchObject({
            status: 400,
            message,
          });
        }
        expect(await everything()).toBe(before);
      });

      it("refuses unknown works and forged slugs and print numbers", async () => {
        const before = await everything();
        expect(await refusal(ledger.setEdition({ workSlug: "no-such-work", kind: "unique" }))).toMatchObject({
          status: 404,
          message: 'There is no work "no-such-work" in the catalogue.',
        });
        for (const forged of ["../../etc/passwd", "A-Door", "x".repeat(10_000), "", 42]) {
          expect((await refusal(ledger.availability(forged))).status).toBe(400);
        }
        expect(await refusal(ledger.sell({ workSlug: "brass-moth", number: 1, ...sale }))).toMatchObject({
          status: 404,
          message: "This work has no edition yet: set it as unique or an edition first.",
        });
        const units: Array<[Record<string, unknown>, number, string]> = [
          [{ number: 9 }, 404, "This is an edition of 8; there is no print 9."],
          [{ number: 3, artistProof: true }, 404, "This edition has artist's proofs 1 to 2; there is no AP 3."],
          [{ number: 0 }, 400, "Print numbers start at 1."],
          [{ number: -3 }, 400, "Print numbers start at 1."],
          [{ number: 1_000_000 }, 400, "No edition here has more than 500 prints."],
          [{ number: "2" }, 400, "The print's number must be a whole number."],
          [{ number: 2, artistProof: "yes" }, 400, "Say whether it is an artist's proof (yes or no)."],
        ];
        for (const [unit, status, message] of units) {
          expect(await refusal(ledger.sell({ workSlug, ...sale, ...unit })), JSON.stringify(unit)).toMatchObject({
            status,
            message,
          });
          expect((await refusal(ledger.hold({ workSlug, ...hold, ...unit }))).status).toBe(status);
        }
        expect(await everything()).toBe(before);
      });

      it("refuses a hold in the past or without a real time, holder or enquiry", async () => {
        const before = await everything();
        const holds: Array<[Record<string, unknown>, number, string | RegExp]> = [
          [{ until: "2026-12-01T11:59:59Z" }, 400, /has already passed; a hold ends in the future\.$/],
          [{ until: "2020-01-01T00:00:00Z" }, 400, /has already passed/],
          [
            { until: "9999-12-31T00:00:00Z" },
            400,
            "A hold can last at most 366 days; sell the print or hold it again later.",
          ],
          [{ until: "next tuesday" }, 400, "Give the hold's end as a date and time."],
          [{ until: 1_800_000_000_000 }, 400, "Give the hold's end as a date and time."],
          [{ holderEmail: "not an address" }, 400, "Enter an email address like name@example.com."],
          [{ holderName: "   " }, 400, "Give the collector's name."],
          [{ holderName: "A".repeat(201) }, 400, "A name can be at most 200 characters."],
          [{ note: "n".repeat(100_000) }, 400, "A note can be at most 2,000 characters."],
          [{ enquiryId: 999_999 }, 404, "There is no enquiry number 999999; it may have been deleted."],
          [{ enquiryId: -1 }, 400, /enquiry/],
          [{ number: 1 }, 409, "Print 1/8 is already sold."],
        ];
        for (const [fields, status, message] of holds) {
          const refused = await refusal(ledger.hold({ workSlug, number: 2, ...hold, ...fields }));
          expect(refused.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
          expect(refused.message).toMatch(message);
        }
        expect(await everything()).toBe(before);
      });

      it("refuses a sale with a made-up currency, a negative or absurd price, or a date to come", async () => {
        const before = await everything();
        const sales: Array<[Record<string, unknown>, string]> = [
          [{ currency: "XYZ" }, "Give the currency as its three-letter code, like AUD or EUR."],
          [{ currency: "dollars" }, "Give the currency as its three-letter code, like AUD or EUR."],
          [{ priceMinor: -1 }, "A price cannot be negative."],
          [{ priceMinor: 12.5 }, "The price (in cents, or the currency's smallest unit) must be a whole number."],
          [{ priceMinor: 1e20 }, "That price is too large to be real."],
          [{ soldOn: "2026-02-30" }, "The sale date is not a real date."],
          [{ soldOn: "30/11/2026" }, "Give the sale date as a date like 2026-12-01."],
          [{ soldOn: "2026-12-03" }, "The sale date (2026-12-03) is in the future; record it on the day or after."],
          [{ invoiceReference: "I".repeat(101) }, "An invoice reference can be at most 100 characters."],
          [{ collectorEmail: "" }, "Enter an email address like name@example.com."],
          [{ isAdmin: true }, "The form has fields the ledger does not know (isAdmin). Reload the page."],
        ];
        for (const [fields, message] of sales) {
          expect(
            await refusal(ledger.sell({ workSlug, number: 2, ...sale, ...fields })),
            JSON.stringify(fields),
          ).toMatchObject({
            status: 400,
            message,
          });
        }
        expect(await everything()).toBe(before);
      });
    },
  );

  describe.runIf(engineAvailable(engine))(
    `the ledger's tables hold their rules against code bugs on ${engine}`,
    { timeout: 60_000 },
    () => {
      let testDb: TestDatabase;
      let unitId: number;
      let editionId: number;
      beforeAll(async () => {
        testDb = await createTestDatabase(engine);
        const ledger = new EditionLedger({ db: testDb.database.db, catalogue, now: () => now });
        await ledger.setEdition({ workSlug, kind: "edition", size: 8 });
        await ledger.sell({ workSlug, number: 3, ...sale });
        const [unit] = await testDb.database.db
          .select()
          .from(editionUnits)
          .where(sql`${editionUnits.number} = 3 and not ${editionUnits.artistProof}`);
        unitId = unit?.id ?? -1;
        editionId = unit?.editionId ?? -1;
      });
      afterAll(() => testDb?.destroy());

      it("refuses a second sale of a print, a second open hold, a duplicate or out-of-range number, and deleting a sold print", async () => {
        const { db } = testDb.database;
        const saleRow = { unitId, ...sale, soldOn: "2026-11-30" };
        await expect(db.insert(editionSales).values(saleRow)).rejects.toThrow();
        await expect(db.insert(editionUnits).values({ editionId, number: 3 })).rejects.toThrow();
        await expect(db.insert(editionUnits).values({ editionId, number: 0 })).rejects.toThrow();
        await expect(db.insert(editionUnits).values({ editionId, number: 501 })).rejects.toThrow();
        await expect(
          db
            .update(editionUnits)
            .set({ state: "lost" as never })
            .where(eq(editionUnits.id, unitId)),
        ).rejects.toThrow();
        await expect(db.delete(editionUnits).where(eq(editionUnits.id, unitId))).rejects.toThrow();
        const [free] = await db
          .select()
          .from(editionUnits)
          .where(sql`${editionUnits.editionId} = ${editionId} and ${editionUnits.number} = 4`);
        const holdRow = {
          unitId: free?.id ?? -1,
          until: new Date("2026-12-08T00:00:00Z"),
          holderName: "Ada",
          holderEmail: "ada@example.org",
        };
        await db.insert(editionHolds).values(holdRow);
        await expect(db.insert(editionHolds).values(holdRow)).rejects.toThrow();
        // Ended without a reason, or a reason without an end.
        await expect(db.insert(editionHolds).values({ ...holdRow, endedAt: new Date() })).rejects.toThrow();
        await expect(db.insert(editionHolds).values({ ...holdRow, endReason: "sold" })).rejects.toThrow();
        // A resale price without its currency.
        await expect(
          db.insert(editionOwners).values({ unitId, ownerName: "Di", acquiredOn: "2026-11-30", priceMinor: 5 }),
        ).rejects.toThrow();
      });

      it("refuses sizes out of range, a unique work with more than one print, and prices or currencies no one uses", async () => {
        const { db } = testDb.database;
        for (const row of [
          { kind: "edition" as const, size: 501 },
          { kind: "edition" as const, size: -1 },
          { kind: "edition" as const, size: 8, artistProofs: 51 },
          { kind: "unique" as const, size: 2 },
          { kind: "unique" as const, size: 1, artistProofs: 1 },
        ]) {
          await expect(
            db.insert(editions).values({ workSlug: "brass-moth", ...row }),
            JSON.stringify(row),
          ).rejects.toThrow();
        }
        const [other] = await db
          .select()
          .from(editionUnits)
          .where(sql`${editionUnits.editionId} = ${editionId} and ${editionUnits.number} = 5`);
        for (const wrong of [{ currency: "aud" }, { priceMinor: -100 }, { collectorName: "" }]) {
          await expect(
            db.insert(editionSales).values({ unitId: other?.id ?? -1, ...sale, ...wrong }),
            JSON.stringify(wrong),
          ).rejects.toThrow();
        }
        expect(await db.select().from(editionSales)).toHaveLength(1);
      });
    },
  );
}
