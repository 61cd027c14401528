import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { EditionAvailability } from "./edition-availability.server.ts";
import { EditionLedger } from "./edition-ledger.server.ts";
import { readSummaries } from "./edition-reading.server.ts";

const catalogue = processContentStore().catalogueWithHidden();
const HOUR = 60 * 60 * 1000;
const sale = {
  collectorName: "Ada Lovelace",
  collectorEmail: "ada@example.org",
  soldOn: "2026-11-30",
  priceMinor: 120_000,
  currency: "AUD",
};
const icaro = catalogue.artworks.filter((work) => work.series === "Icaro").map((work) => work.slug);

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`edition availability in memory on ${engine}`, { timeout: 60_000 }, () => {
    let testDb: TestDatabase;
    /** The cache's own connection: on PostgreSQL another process's, on PGlite the one database. */
    let second: Database;
    let clock = new Date("2026-12-01T12:00:00Z").getTime();
    let ledger: EditionLedger;
    let availability: EditionAvailability;
    const slug = icaro[0] as string;

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      ledger = new EditionLedger({ db: testDb.database.db, catalogue, now: () => new Date(clock) });
      second =
        engine === "postgres"
          ? await openDatabase({ dataDir: "unused", databaseUrl: testDb.location })
          : testDb.database;
      availability = new EditionAvailability(second, { now: () => clock });
      await availability.start();
    });
    afterAll(async () => {
      await availability?.stop();
      if (second && second !== testDb.database) await second.close();
      await testDb?.destroy();
    });

    it("knows no edition before one is set, and prints nothing for it", () => {
      expect(availability.summary(slug)).toBeUndefined();
      expect(availability.series("Icaro", icaro)).toBeUndefined();
      expect(availability.version()).toBeUndefined();
    });

    it("hears a change written on another connection within 2 s, without being asked", async () => {
      await ledger.setEdition({ workSlug: slug, kind: "edition", size: 8, artistProofs: 1 });
      await ledger.sell({ workSlug: slug, number: 3, ...sale });
      await ledger.hold({
        workSlug: slug,
        number: 2,
        until: new Date(clock + HOUR),
        holderName: "Bo",
        holderEmail: "bo@example.org",
      });
      // From the last write's commit: the poll's own timeout is the 2 s.
      await expect
        .poll(() => availability.publicEdition(slug), { timeout: 2_000, interval: 20 })
        .toEqual({
          line: "Edition of 8 · 6 available",
          size: 8,
          owners: [{ print: "3/8", owner: null, acquired: "2026-11", fromTheArtist: true }],
        });
      expect(availability.series("Icaro", icaro)?.line).toBe("Icaro: 2 of 8 claimed");
    });

    it("frees a print whose hold ran out by itself: no write, no notification", async () => {
      const before = availability.version();
      clock += HOUR + 1;
      expect(availability.publicEdition(slug)?.line).toBe("Edition of 8 · 7 available");
      expect(availability.series("Icaro", icaro)?.line).toBe("Icaro: 1 of 8 claimed");
      // Kept pages are kept for one version: a passed hold's end moves it.
      expect(availability.version()).not.toBe(before);
    });

    it("agrees with the ledger's own reading at every moment", async () => {
      await ledger.hold({
        workSlug: slug,
        number: 5,
        until: new Date(clock + HOUR),
        holderName: "Cy",
        holderEmail: "cy@example.org",
      });
      await ledger.setEdition({ workSlug: icaro[1] as string, kind: "unique" });
      await ledger.sell({ workSlug: icaro[1] as string, number: 1, ...sale });
      await availability.refresh();
      for (const at of [clock, clock + HOUR - 1, clock + HOUR, clock + 2 * HOUR]) {
        const summaries = await readSummaries(testDb.database.db, [slug, icaro[1] as string], new Date(at));
        const saved = clock;
        clock = at;
        expect(availability.summary(slug)).toEqual(summaries.get(slug));
        expect(availability.summary(icaro[1] as string)).toEqual(summaries.get(icaro[1] as string));
        clock = saved;
      }
      // The collector did not agree to be named: a private collection in the public provenance.
      expect(availability.publicEdition(icaro[1] as string)).toEqual({
        line: "Unique · sold",
        size: 1,
        owners: [{ print: null, owner: null, acquired: "2026-11", fromTheArtist: true }],
      });
    });

    it("follows a change made in SQL by hand, as any writer's", async () => {
      await testDb.database.db.execute(
        sql`update edition_units set state = 'not-for-sale' where number = 8 and not artist_proof
            and edition_id = (select id from editions where work_slug = ${slug})`,
      );
      await expect
        .poll(() => availability.publicEdition(slug)?.line, { timeout: 2_000, interval: 20 })
        .toBe("Edition of 8 · 5 available");
    });

    it("names an owner in the provenance only where they agreed, print by print, first to latest", async () => {
      await ledger.sell({ workSlug: slug, number: 4, ...sale, collectorName: "Bo Named", ownerPublic: true });
      // Named on the certificate is not named in public: that needs the owner's own yes.
      await ledger.sell({ workSlug: slug, number: 6, ...sale, collectorName: "Cy Certificate" });
      await ledger.recordResale({ workSlug: slug, number: 4, ownerName: "Cy Private", acquiredOn: "2026-12-01" });
      await ledger.recordResale({
        workSlug: slug,
        number: 4,
        ownerName: "Di Public",
        acquiredOn: "2026-12-01",
        ownerPublic: true,
      });
      await expect
        .poll(() => availability.publicEdition(slug)?.owners.filter((entry) => entry.print !== "3/8"), {
          timeout: 2_000,
          interval: 20,
        })
        .toEqual([
          { print: "4/8", owner: "Bo Named", acquired: "2026-11", fromTheArtist: true },
          { print: "4/8", owner: null, acquired: "2026-12", fromTheArtist: false },
          { print: "4/8", owner: "Di Public", acquired: "2026-12", fromTheArtist: false },
          { print: "6/8", owner: null, acquired: "2026-11", fromTheArtist: true },
        ]);
    });

    it("never names a collector, a holder or a price", () => {
      const shown = JSON.stringify([availability.summary(slug), availability.series("Icaro", icaro)]);
      for (const secret of ["Ada", "ada@example.org", "Bo", "Cy", "120000", "AUD"]) expect(shown).not.toContain(secret);
      const provenance = JSON.stringify(availability.publicEdition(slug)?.owners);
      for (const secret of ["Ada", "ada@example.org", "Cy", "120000", "AUD"]) expect(provenance).not.toContain(secret);
    });
  });
}
