import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { editionHolds } from "#app/db/edition-schema.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { type CallInit, callRoute, type Handler } from "#tests/support/route-call.ts";
import { type StudioRouteSetup, studioRouteSetup } from "#tests/support/studio-route-setup.server.ts";
import { allTestEngines, engineAvailable } from "#tests/support/test-database.server.ts";
import { insertTestEnquiries } from "#tests/support/test-enquiries.server.ts";
import { action as enquiryAction, loader as enquiryLoader } from "./admin.enquiries.$id.tsx";

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const WORK = "mapacho-dawn";
const catalogue = processContentStore().catalogueWithHidden();

interface Offer {
  workSlug: string;
  line: string;
  choices: Array<{ key: string; label: string }>;
  heldHere: Array<{ label: string; until: string }>;
}

// Issue 40: an enquiry about a work with an edition holds a print for its sender, from the inbox.
for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`holding a print from an enquiry on ${engine}`, { timeout: 60_000 }, () => {
    let setup: StudioRouteSetup;
    let ledger: EditionLedger;
    let aboutWork = 0;
    let general = 0;
    const call = (handler: Handler, path: string, init?: CallInit) => callRoute(setup.context, handler, path, init);
    const page = async (id: number, cookie = setup.cookie) =>
      call(enquiryLoader as Handler, `/admin/enquiries/${id}`, { cookie, params: { id: String(id) } });
    const hold = (id: number, unit: string, until: string, cookie = setup.cookie) =>
      call(enquiryAction as Handler, `/admin/enquiries/${id}`, {
        method: "POST",
        cookie,
        params: { id: String(id) },
        form: [
          ["intent", "hold-print"],
          ["unit", unit],
          ["until", until],
          // A forged form may name another work and person: only the print and the day are read.
          ["workSlug", "the-inner-orchard"],
          ["holderEmail", "mallory@example.org"],
        ],
      });

    beforeAll(async () => {
      setup = await studioRouteSetup(engine, "enquiry-hold");
      ledger = new EditionLedger({ db: setup.testDb.database.db, catalogue });
      await ledger.setEdition({ workSlug: WORK, kind: "edition", size: 8 });
      [aboutWork, general] = (await insertTestEnquiries(setup.testDb.database.db, [
        {
          subject: "work",
          subjectRef: WORK,
          subjectTitle: "Mapacho Dawn",
          name: "Grace Hopper",
          email: "grace@example.org",
        },
        { subject: "prints", subjectTitle: "Limited edition prints" },
      ])) as [number, number];
    });
    afterAll(() => setup?.testDb.destroy());

    it("offers the free prints of the enquiry's work, and nothing on an enquiry about no work", async () => {
      const offer = (await page(aboutWork)).body as { holdOffer: Offer };
      expect(offer.holdOffer).toMatchObject({ workSlug: WORK, line: "Edition of 8 · 8 available", heldHere: [] });
      expect(offer.holdOffer.choices.map((choice) => choice.label)).toEqual(
        Array.from({ length: 8 }, (_, index) => `${index + 1}/8`),
      );
      expect(((await page(general)).body as { holdOffer: unknown }).holdOffer).toBeNull();
    });

    it("holds print 2 for the enquiry's sender, carrying the enquiry's id", async () => {
      const answer = await hold(aboutWork, "2", inDays(7));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        hold: { ok: true, message: expect.stringMatching(/^Print 2\/8 is on hold for Grace Hopper until /) },
      });
      const [held] = await setup.testDb.database.db.select().from(editionHolds);
      expect(held).toMatchObject({
        holderName: "Grace Hopper",
        holderEmail: "grace@example.org",
        enquiryId: aboutWork,
      });
      expect((await ledger.units(WORK))[1]).toMatchObject({ state: "held", hold: { enquiryId: aboutWork } });
      expect(await ledger.availability("the-inner-orchard")).toBeUndefined();
      const offer = ((await page(aboutWork)).body as { holdOffer: Offer }).holdOffer;
      expect(offer.line).toBe("Edition of 8 · 7 available");
      expect(offer.heldHere.map((held) => held.label)).toEqual(["2/8"]);
      // Still offered: holding it again moves the hold's end.
      expect(offer.choices.map((choice) => choice.key)).toContain("2");
    });

    it("refuses a hold in the past, a print that does not exist, one held for someone else, and no one signed in", async () => {
      await ledger.hold({
        workSlug: WORK,
        number: 5,
        until: new Date(Date.now() + DAY),
        holderName: "Eve",
        holderEmail: "eve@example.org",
      });
      const before = JSON.stringify(
        await setup.testDb.database.db.select().from(editionHolds).orderBy(editionHolds.id),
      );
      for (const [unit, until, status, words] of [
        ["3", inDays(-1), 400, "already passed"],
        ["3", "not a date", 400, "date like"],
        ["99", inDays(3), 404, "no print 99"],
        ["x", inDays(3), 400, "Choose which print"],
        ["5", inDays(3), 409, "on hold for Eve"],
      ] as const) {
        const answer = await hold(aboutWork, unit, until);
        expect(answer.status, `${unit} ${until}`).toBe(status);
        const refused = (answer.body as { hold: { ok: boolean; message: string; unit: string; until: string } }).hold;
        expect(refused).toMatchObject({ ok: false, unit, until });
        expect(refused.message).toContain(words);
      }
      expect((await hold(general, "3", inDays(3))).status).toBe(409);
      expect((await hold(aboutWork, "3", inDays(3), "")).status).toBe(401);
      expect((await hold(aboutWork, "3", inDays(3), setup.noFactorCookie)).status).toBe(401);
      expect((await page(aboutWork, setup.noFactorCookie)).body).toEqual({ state: "needs-factor" });
      expect(JSON.stringify(await setup.testDb.database.db.select().from(editionHolds).orderBy(editionHolds.id))).toBe(
        before,
      );
      const unit3 = await setup.testDb.database.db
        .select()
        .from(editionHolds)
        .where(eq(editionHolds.enquiryId, general));
      expect(unit3).toEqual([]);
    });
  });
}
