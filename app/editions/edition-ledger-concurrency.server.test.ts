import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import { editionHolds, editionOwners, editionSales } from "#app/db/edition-schema.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { EditionLedger } from "./edition-ledger.server.ts";
import { LedgerRefusal } from "./edition-refusal.ts";

// Never oversold (issue 40): many sales or holds of the last print at the same moment leave
// exactly one, and everyone else is told why in a sentence.
const catalogue = processContentStore().catalogueWithHidden();
const now = new Date("2026-12-01T12:00:00Z");
const ATTEMPTS = 10;

const saleBy = (index: number) => ({
  collectorName: `Collector ${index}`,
  collectorEmail: `collector${index}@example.org`,
  soldOn: "2026-11-30",
  priceMinor: 150_000,
  currency: "AUD",
});

/** The one that succeeded, and the sentences of the rest. */
function outcomes<T>(settled: PromiseSettledResult<T>[]) {
  const won = settled.filter((result) => result.status === "fulfilled");
  const lost = settled.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
  for (const reason of lost) expect(reason).toBeInstanceOf(LedgerRefusal);
  return { won, refusals: lost as LedgerRefusal[] };
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`the last print at once on ${engine}`, { timeout: 60_000 }, () => {
    let testDb: TestDatabase;
    let second: Database | undefined;
    let ledgers: EditionLedger[];
    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      // On PostgreSQL, a second pool stands in for a second process on the same server.
      second =
        engine === "postgres"
          ? await openDatabase({ dataDir: "unused", databaseUrl: testDb.location, migrate: false })
          : undefined;
      ledgers = [testDb.database, second ?? testDb.database].map(
        (database) => new EditionLedger({ db: database.db, catalogue, now: () => now }),
      );
    });
    afterAll(async () => {
      await second?.close();
      await testDb?.destroy();
    });
    const ledgerFor = (index: number) => ledgers[index % ledgers.length] as EditionLedger;

    it(`${ATTEMPTS} sales of the last print at once leave exactly one sale; the rest are refused`, async () => {
      const workSlug = "a-door-in-the-canopy";
      await ledgerFor(0).setEdition({ workSlug, kind: "edition", size: 8 });
      for (let number = 1; number <= 7; number += 1) await ledgerFor(0).sell({ workSlug, number, ...saleBy(0) });

      const settled = await Promise.allSettled(
        Array.from({ length: ATTEMPTS }, (_, index) =>
          ledgerFor(index).sell({ workSlug, number: 8, ...saleBy(index + 1) }),
        ),
      );
      const { won, refusals } = outcomes(settled);
      expect(won).toHaveLength(1);
      expect(refusals).toHaveLength(ATTEMPTS - 1);
      expect(new Set(refusals.map((refusal) => `${refusal.status} ${refusal.message}`))).toEqual(
        new Set(["409 Print 8/8 is already sold."]),
      );
      const { db } = testDb.database;
      expect(await db.select().from(editionSales)).toHaveLength(8);
      expect(await db.select().from(editionOwners)).toHaveLength(8);
      expect((await ledgerFor(1).availability(workSlug))?.line).toBe("Edition of 8 · sold out");
      // The ninth of eight does not exist to be sold.
      const ninth = await ledgerFor(0)
        .sell({ workSlug, number: 9, ...saleBy(99) })
        .catch((error: unknown) => error);
      expect(ninth).toMatchObject({ status: 404, message: "This is an edition of 8; there is no print 9." });
    });

    it(`${ATTEMPTS} holds of the last free print at once leave one hold`, async () => {
      const workSlug = "eye-of-the-storm-seed";
      await ledgerFor(0).setEdition({ workSlug, kind: "unique" });
      const settled = await Promise.allSettled(
        Array.from({ length: ATTEMPTS }, (_, index) =>
          ledgerFor(index).hold({
            workSlug,
            number: 1,
            until: "2026-12-08T12:00:00Z",
            holderName: `Collector ${index}`,
            holderEmail: `collector${index}@example.org`,
          }),
        ),
      );
      const { won, refusals } = outcomes(settled);
      expect(won).toHaveLength(1);
      expect(
        refusals.every(
          (refusal) => refusal.status === 409 && /^The work is on hold for Collector \d+ until /.test(refusal.message),
        ),
      ).toBe(true);
      expect(await testDb.database.db.select().from(editionHolds)).toHaveLength(1);
      expect((await ledgerFor(0).availability(workSlug))?.line).toBe("Unique · on hold");
    });

    it("a sale and a shrink of the same edition at once: one of them wins, never a sale of a removed print", async () => {
      const workSlug = "the-inner-orchard";
      await ledgerFor(0).setEdition({ workSlug, kind: "edition", size: 5 });
      const [sold, shrunk] = await Promise.allSettled([
        ledgerFor(0).sell({ workSlug, number: 5, ...saleBy(1) }),
        ledgerFor(1).setEdition({ workSlug, kind: "edition", size: 4 }),
      ]);
      const units = await ledgerFor(0).units(workSlug);
      if (sold.status === "fulfilled") {
        expect(shrunk.status === "rejected" && (shrunk.reason as LedgerRefusal).status).toBe(409);
        expect(units.map((unit) => unit.state)).toEqual(["available", "available", "available", "available", "sold"]);
      } else {
        expect(shrunk.status).toBe("fulfilled");
        expect((sold.reason as LedgerRefusal).message).toBe("This is an edition of 4; there is no print 5.");
        expect(units).toHaveLength(4);
      }
    });
  });
}
