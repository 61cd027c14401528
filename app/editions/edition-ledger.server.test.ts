import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { editionHolds, editionOwners, editionSales } from "#app/db/edition-schema.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { insertTestEnquiries } from "#tests/support/test-enquiries.server.ts";
import { EditionLedger } from "./edition-ledger.server.ts";
import { LedgerRefusal } from "./edition-refusal.ts";

// The catalogue the studio's routes hand the ledger (the router context's, decision 038).
const catalogue = processContentStore().catalogueWithHidden();
const HOUR = 60 * 60 * 1000;

/** What a refused call threw: a LedgerRefusal, checked here. */
async function refusal(attempt: Promise<unknown>): Promise<LedgerRefusal> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LedgerRefusal);
  return error as LedgerRefusal;
}

const sale = (overrides: Record<string, unknown> = {}) => ({
  collectorName: "Ada Lovelace",
  collectorEmail: "ada@example.org",
  soldOn: "2026-11-30",
  priceMinor: 120_000,
  currency: "AUD",
  ...overrides,
});

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`the edition ledger on ${engine}`, { timeout: 60_000 }, () => {
    let testDb: TestDatabase;
    let clock = new Date("2026-12-01T12:00:00Z");
    let ledger: EditionLedger;
    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      ledger = new EditionLedger({ db: testDb.database.db, catalogue, now: () => clock });
    });
    afterAll(() => testDb?.destroy());

    it("sets a work as an edition of 8 with 2 artist's proofs, numbered 1/8 to 8/8 and AP 1, AP 2", async () => {
      const change = await ledger.setEdition({
        workSlug: "a-door-in-the-canopy",
        kind: "edition",
        size: 8,
        artistProofs: 2,
      });
      expect(change.added).toBe(10);
      const summary = await ledger.availability("a-door-in-the-canopy");
      expect(summary?.line).toBe("Edition of 8 · 8 available");
      expect(summary?.proofs.available).toBe(2);
      const units = await ledger.units("a-door-in-the-canopy");
      expect(units.map((unit) => unit.label)).toEqual([
        ...Array.from({ length: 8 }, (_, index) => `${index + 1}/8`),
        "AP 1",
        "AP 2",
      ]);
      expect(await ledger.availability("the-inner-orchard")).toBeUndefined();
      await ledger.setEdition({ workSlug: "the-inner-orchard", kind: "unique" });
      expect((await ledger.availability("the-inner-orchard"))?.line).toBe("Unique · available");
      expect((await ledger.units("the-inner-orchard")).map((unit) => unit.label)).toEqual(["1/1"]);
    });

    it("grows an edition by adding prints, and refuses to shrink below a sold or held print", async () => {
      const workSlug = "eye-of-the-storm-seed";
      await ledger.setEdition({ workSlug, kind: "edition", size: 8, artistProofs: 1 });
      await ledger.sell({ workSlug, number: 7, ...sale() });
      await ledger.hold({
        workSlug,
        number: 1,
        artistProof: true,
        until: new Date(clock.getTime() + HOUR),
        holderName: "Bo",
        holderEmail: "bo@example.org",
      });

      const tooSmall = await refusal(ledger.setEdition({ workSlug, kind: "edition", size: 6, artistProofs: 1 }));
      expect(tooSmall.status).toBe(409);
      expect(tooSmall.message).toBe("7/8 is sold, so this edition cannot have fewer than 7 prints.");
      const noProofs = await refusal(ledger.setEdition({ workSlug, kind: "edition", size: 8, artistProofs: 0 }));
      expect(noProofs.message).toBe("AP 1 is on hold, so this edition cannot have fewer than 1 artist's proofs.");
      expect(await refusal(ledger.setEdition({ workSlug, kind: "unique" }))).toMatchObject({ status: 409 });
      // Nothing of a refused change was written.
      expect((await ledger.units(workSlug)).length).toBe(9);

      expect(await ledger.setEdition({ workSlug, kind: "edition", size: 7, artistProofs: 1 })).toMatchObject({
        removed: 1,
      });
      expect((await ledger.availability(workSlug))?.line).toBe("Edition of 7 · 6 available");
      expect(await ledger.setEdition({ workSlug, kind: "edition", size: 10, artistProofs: 3 })).toMatchObject({
        added: 5,
      });
      const units = await ledger.units(workSlug);
      expect(
        units
          .filter((unit) => !unit.artistProof)
          .map((unit) => unit.label)
          .at(-1),
      ).toBe("10/10");
      expect(units.find((unit) => unit.number === 7 && !unit.artistProof)?.state).toBe("sold");
      expect((await ledger.availability(workSlug))?.line).toBe("Edition of 10 · 9 available");
    });

    it("holds a print until a time in the future, for one collector, and releases it", async () => {
      const workSlug = "cosmic-pollinator";
      await ledger.setEdition({ workSlug, kind: "edition", size: 8 });
      const [enquiryId] = await insertTestEnquiries(testDb.database.db, [{ name: "Ada" }]);
      const until = new Date(clock.getTime() + 48 * HOUR);
      const hold = await ledger.hold({
        workSlug,
        number: 2,
        until: until.toISOString(),
        holderName: "Ada",
        holderEmail: "ada@example.org",
        enquiryId,
        note: "From the inbox",
      });
      expect(hold).toMatchObject({ holderName: "Ada", enquiryId, endedAt: null });
      expect((await ledger.availability(workSlug))?.line).toBe("Edition of 8 · 7 available");

      const past = await refusal(
        ledger.hold({
          workSlug,
          number: 3,
          until: new Date(clock.getTime() - 1),
          holderName: "Ada",
          holderEmail: "ada@example.org",
        }),
      );
      expect(past.status).toBe(400);
      expect(past.message).toMatch(/has already passed; a hold ends in the future\.$/);
      const forever = await refusal(
        ledger.hold({
          workSlug,
          number: 3,
          until: new Date(clock.getTime() + 400 * 24 * HOUR),
          holderName: "Ada",
          holderEmail: "ada@example.org",
        }),
      );
      expect(forever.message).toBe("A hold can last at most 366 days; sell the print or hold it again later.");

      const taken = await refusal(
        ledger.hold({ workSlug, number: 2, until, holderName: "Bo", holderEmail: "bo@example.org" }),
      );
      expect(taken.status).toBe(409);
      expect(taken.message).toBe("Print 2/8 is on hold for Ada until 3 Dec 2026, 12:00 UTC; release the hold first.");
      // The same collector again moves the hold's end: one hold, not two.
      const later = new Date(clock.getTime() + 72 * HOUR);
      expect(
        await ledger.hold({ workSlug, number: 2, until: later, holderName: "Ada L.", holderEmail: "ADA@example.org" }),
      ).toMatchObject({ id: hold.id, until: later });

      await ledger.release({ workSlug, number: 2 });
      expect((await ledger.availability(workSlug))?.line).toBe("Edition of 8 · 8 available");
      const again = await refusal(ledger.release({ workSlug, number: 2 }));
      expect(again).toMatchObject({ status: 409, message: "Print 2/8 is not on hold." });
      const [ended] = await testDb.database.db.select().from(editionHolds).where(eq(editionHolds.id, hold.id));
      expect(ended?.endReason).toBe("released");
    });

    it("frees a print by itself when its hold runs out: never counted as held after its time", async () => {
      const workSlug = "brass-moth";
      await ledger.setEdition({ workSlug, kind: "unique" });
      await ledger.hold({
        workSlug,
        number: 1,
        until: new Date(clock.getTime() + HOUR),
        holderName: "Ada",
        holderEmail: "ada@example.org",
      });
      expect((await ledger.availability(workSlug))?.line).toBe("Unique · on hold");
      clock = new Date(clock.getTime() + HOUR);
      // No sweep has run: the ledger reads the hold as over at its end.
      expect((await ledger.availability(workSlug))?.line).toBe("Unique · available");
      const [unit] = await ledger.units(workSlug);
      expect(unit?.state).toBe("available");
      expect(unit?.hold).toBeUndefined();
      const released = await refusal(ledger.release({ workSlug, number: 1 }));
      expect(released.message).toBe("The hold on the work had already run out; it is available.");
      // Another collector can hold it, and then buy it.
      await ledger.hold({
        workSlug,
        number: 1,
        until: new Date(clock.getTime() + HOUR),
        holderName: "Bo",
        holderEmail: "bo@example.org",
      });
      await ledger.sell({ workSlug, number: 1, ...sale({ collectorName: "Bo", collectorEmail: "bo@example.org" }) });
      expect((await ledger.availability(workSlug))?.line).toBe("Unique · sold");
      const holds = await testDb.database.db.select().from(editionHolds).orderBy(editionHolds.id);
      expect(holds.slice(-2).map((hold) => [hold.holderName, hold.endReason])).toEqual([
        ["Ada", "expired"],
        ["Bo", "sold"],
      ]);
    });

    it("sells a print with its private record and first owner, and refuses a second sale or another's held print", async () => {
      const workSlug = "the-new-god";
      await ledger.setEdition({ workSlug, kind: "edition", size: 3 });
      const { sale: sold, owner } = await ledger.sell({
        workSlug,
        number: 3,
        ...sale({ note: "Paid by transfer", invoiceReference: "INV-0042", collectorPrivate: true, currency: "eur" }),
      });
      expect(sold).toMatchObject({
        collectorName: "Ada Lovelace",
        soldOn: "2026-11-30",
        priceMinor: 120_000,
        currency: "EUR",
        invoiceReference: "INV-0042",
        collectorPrivate: true,
      });
      expect(owner).toMatchObject({
        saleId: sold.id,
        ownerName: "Ada Lovelace",
        acquiredOn: "2026-11-30",
        private: true,
      });

      const twice = await refusal(ledger.sell({ workSlug, number: 3, ...sale({ collectorEmail: "bo@example.org" }) }));
      expect(twice).toMatchObject({ status: 409, message: "Print 3/3 is already sold." });
      await ledger.hold({
        workSlug,
        number: 1,
        until: new Date(clock.getTime() + HOUR),
        holderName: "Cy",
        holderEmail: "cy@example.org",
      });
      const heldForAnother = await refusal(ledger.sell({ workSlug, number: 1, ...sale() }));
      expect(heldForAnother.message).toMatch(/^Print 1\/3 is on hold for Cy until .*; release the hold first\.$/);
      // The collector it is held for buys it: the hold ends as sold.
      await ledger.sell({ workSlug, number: 1, ...sale({ collectorName: "Cy", collectorEmail: "Cy@Example.org" }) });
      await ledger.sell({ workSlug, number: 2, ...sale() });
      expect((await ledger.availability(workSlug))?.line).toBe("Edition of 3 · sold out");
      const units = await ledger.units(workSlug);
      expect(units.map((unit) => unit.sale?.collectorName)).toEqual(["Cy", "Ada Lovelace", "Ada Lovelace"]);
    });

    it("marks a print not for sale, which is then neither available nor sellable, and back", async () => {
      const workSlug = "cinnamon-smoke";
      await ledger.setEdition({ workSlug, kind: "edition", size: 4 });
      await ledger.setNotForSale({ workSlug, number: 4, notForSale: true });
      expect((await ledger.availability(workSlug))?.prints).toEqual({ available: 3, held: 0, sold: 0, notForSale: 1 });
      const refused = await refusal(ledger.sell({ workSlug, number: 4, ...sale() }));
      expect(refused.message).toBe("Print 4/4 is marked not for sale; make it available first.");
      await ledger.sell({ workSlug, number: 1, ...sale() });
      expect((await refusal(ledger.setNotForSale({ workSlug, number: 1, notForSale: true }))).message).toBe(
        "Print 1/4 is already sold.",
      );
      await ledger.setNotForSale({ workSlug, number: 4, notForSale: false });
      expect((await ledger.availability(workSlug))?.line).toBe("Edition of 4 · 3 available");
    });

    it("records a resale as a new owner; the sale and the first owner stay", async () => {
      const workSlug = "clockwork-orchid";
      await ledger.setEdition({ workSlug, kind: "unique" });
      const unsold = await refusal(
        ledger.recordResale({ workSlug, number: 1, ownerName: "Di", acquiredOn: "2026-11-30" }),
      );
      expect(unsold).toMatchObject({ status: 409, message: "The work has not been sold; record its sale first." });
      const { sale: first } = await ledger.sell({ workSlug, number: 1, ...sale({ soldOn: "2026-06-01" }) });
      const early = await refusal(
        ledger.recordResale({ workSlug, number: 1, ownerName: "Di", acquiredOn: "2026-05-01" }),
      );
      expect(early.message).toBe("Ada Lovelace acquired it on 2026-06-01; a resale cannot be dated earlier.");
      const halfPrice = await refusal(
        ledger.recordResale({ workSlug, number: 1, ownerName: "Di", acquiredOn: "2026-11-01", priceMinor: 5 }),
      );
      expect(halfPrice.message).toBe("Give the resale price with its currency, or neither.");
      await ledger.recordResale({
        workSlug,
        number: 1,
        ownerName: "Di",
        ownerEmail: "di@example.org",
        acquiredOn: "2026-11-01",
        priceMinor: 900_000,
        currency: "USD",
        private: false,
      });
      const owners = await ledger.provenance({ workSlug, number: 1 });
      expect(owners.map((owner) => [owner.ownerName, owner.acquiredOn, owner.private])).toEqual([
        ["Ada Lovelace", "2026-06-01", false],
        ["Di", "2026-11-01", false],
      ]);
      const [kept] = await testDb.database.db.select().from(editionSales).where(eq(editionSales.id, first.id));
      expect(kept).toEqual(first);
      expect(
        await testDb.database.db.select().from(editionOwners).where(eq(editionOwners.saleId, first.id)),
      ).toHaveLength(1);
    });

    it("sums a series across its works: Icaro, 6 of 12 claimed", async () => {
      const icaro = catalogue.artworks.filter((work) => work.series === "Icaro").map((work) => work.slug);
      expect(icaro).toHaveLength(12);
      for (const workSlug of icaro) await ledger.setEdition({ workSlug, kind: "unique" });
      for (const workSlug of icaro.slice(0, 5)) await ledger.sell({ workSlug, number: 1, ...sale() });
      await ledger.hold({
        workSlug: icaro[5],
        number: 1,
        until: new Date(clock.getTime() + HOUR),
        holderName: "Ada",
        holderEmail: "ada@example.org",
      });
      const summary = await ledger.seriesSummary("Icaro");
      expect(summary).toMatchObject({
        line: "Icaro: 6 of 12 claimed",
        total: 12,
        claimed: 6,
        available: 6,
        worksWithoutEdition: [],
      });
      // The hold runs out: one fewer claimed.
      clock = new Date(clock.getTime() + 2 * HOUR);
      expect((await ledger.seriesSummary("Icaro")).line).toBe("Icaro: 5 of 12 claimed");
      expect((await ledger.seriesSummary("Maestro")).worksWithoutEdition.length).toBeGreaterThan(0);
      expect(await refusal(ledger.seriesSummary("Nope"))).toMatchObject({
        status: 404,
        message: 'There is no series called "Nope" in the catalogue.',
      });
    });

    it("announces every change of an edition or its prints on editions_changed, once per transaction", async () => {
      const heard: unknown[] = [];
      const stop = await testDb.database.listen("editions_changed", {
        onPayload: (payload) => heard.push(JSON.parse(payload)),
      });
      try {
        const workSlug = "fern-cathedral";
        await ledger.setEdition({ workSlug, kind: "edition", size: 50 });
        await ledger.sell({ workSlug, number: 50, ...sale() });
        await ledger.setEdition({ workSlug: "lichen-crown", kind: "unique" });
        await expect.poll(() => heard).toEqual([{ workSlug }, { workSlug }, { workSlug: "lichen-crown" }]);
      } finally {
        await stop();
      }
    });
  });
}
