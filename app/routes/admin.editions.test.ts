import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificates } from "#app/db/certificate-schema.ts";
import { editionSales, editions } from "#app/db/edition-schema.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { type CallInit, callRoute, type Handler } from "#tests/support/route-call.ts";
import { type StudioRouteSetup, studioRouteSetup } from "#tests/support/studio-route-setup.server.ts";
import { allTestEngines, engineAvailable } from "#tests/support/test-database.server.ts";
import { action as listAction, loader as listLoader } from "./admin.editions._index.tsx";
import { action as ledgerAction, loader as ledgerLoader } from "./admin.editions.$slug.tsx";
import { loader as exportLoader } from "./admin.editions.export[.]csv.ts";

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const WORK = "mapacho-dawn"; // Icaro, 12 works

type LedgerData = {
  state: string;
  line: string;
  units: Array<{ key: string; label: string; state: string; hold?: { holderName: string; enquiryId: number | null } }>;
  selected: { key: string; record: { sale?: { invoiceReference: string } } | null } | null;
  done: string | null;
};

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`/admin/editions on ${engine}`, { timeout: 60_000 }, () => {
    let setup: StudioRouteSetup;
    const call = (handler: Handler, path: string, init?: CallInit) => callRoute(setup.context, handler, path, init);
    const post = (slug: string, form: Array<[string, string]>, cookie = setup.cookie, origin?: string) =>
      call(ledgerAction as Handler, `/admin/editions/${slug}`, {
        method: "POST",
        cookie,
        form,
        params: { slug },
        ...(origin ? { origin } : {}),
      });
    const ledgerOf = async (slug: string, query = "") =>
      (
        await call(ledgerLoader as Handler, `/admin/editions/${slug}${query}`, {
          cookie: setup.cookie,
          params: { slug },
        })
      ).body as LedgerData;

    beforeAll(async () => {
      setup = await studioRouteSetup(engine, "editions");
    });
    afterAll(() => setup?.testDb.destroy());

    it("signed out or without a second factor: the sign-in answer, and nothing is written", async () => {
      const setEdition: Array<[string, string]> = [
        ["intent", "set-edition"],
        ["kind", "edition"],
        ["size", "8"],
      ];
      for (const [handler, path, params] of [
        [listLoader, "/admin/editions", {}],
        [ledgerLoader, `/admin/editions/${WORK}`, { slug: WORK }],
      ] as const) {
        const signedOut = await call(handler as Handler, path, { params });
        expect(signedOut.status, path).toBe(401);
        expect(signedOut.body).toEqual({ state: "login" });
        const noFactor = await call(handler as Handler, path, { params, cookie: setup.noFactorCookie });
        expect(noFactor.status, path).toBe(403);
        expect(noFactor.body).toEqual({ state: "needs-factor" });
      }
      const signedOut = await post(WORK, setEdition, "");
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toEqual({ error: "Sign in as an admin to do this." });
      const noFactor = await post(WORK, setEdition, setup.noFactorCookie);
      expect(noFactor.status).toBe(403);
      expect(JSON.stringify(noFactor.body)).toContain("Add an authenticator app");
      const fromElsewhere = await post(WORK, setEdition, setup.cookie, "https://evil.example");
      expect(fromElsewhere.status).toBe(403);
      const listPost = await call(listAction as Handler, "/admin/editions", { method: "POST", form: setEdition });
      expect(listPost.status).toBe(401);
      expect((await call(exportLoader as Handler, "/admin/editions/export.csv")).status).toBe(401);
      const exportNoFactor = await call(exportLoader as Handler, "/admin/editions/export.csv", {
        cookie: setup.noFactorCookie,
      });
      expect(exportNoFactor.status).toBe(403);
      expect(await setup.testDb.database.db.select().from(editions)).toEqual([]);
    });

    it("sets an edition of 8, holds print 2, sells print 3, and says so in words", async () => {
      const set = await post(WORK, [
        ["intent", "set-edition"],
        ["kind", "edition"],
        ["size", "8"],
        ["artistProofs", "2"],
      ]);
      expect(set.status).toBe(302);
      expect(set.location).toBe(`/admin/editions/${WORK}?done=edition`);
      const fresh = await ledgerOf(WORK, "?done=edition");
      expect(fresh.line).toBe("Edition of 8 · 8 available");
      expect(fresh.done).toBe("The edition is saved.");
      expect(fresh.units.map((unit) => unit.label)).toEqual([
        ...Array.from({ length: 8 }, (_, index) => `${index + 1}/8`),
        "AP 1",
        "AP 2",
      ]);

      const held = await post(WORK, [
        ["intent", "hold"],
        ["unit", "2"],
        ["until", inDays(10)],
        ["holderName", "Grace Hopper"],
        ["holderEmail", "grace@example.org"],
        ["note", "Wants to see it framed"],
      ]);
      expect(held.status).toBe(302);
      expect(held.location).toBe(`/admin/editions/${WORK}?unit=2&done=held#manage`);

      const sold = await post(WORK, [
        ["intent", "sell"],
        ["unit", "3"],
        ["collectorName", "Ada Lovelace"],
        ["collectorEmail", "ada@example.org"],
        ["soldOn", inDays(0)],
        ["price", "1,200.50"],
        ["currency", "aud"],
        ["invoiceReference", "INV-0042"],
        ["collectorPrivate", "on"],
      ]);
      expect(sold.status).toBe(302);
      expect(sold.location).toBe(`/admin/editions/${WORK}?unit=3&done=sold#manage`);
      const after = await ledgerOf(WORK, "?unit=3");
      expect(after.line).toBe("Edition of 8 · 6 available · 1 on hold · 1 sold");
      expect(after.units[1]).toMatchObject({ state: "held", hold: { holderName: "Grace Hopper" } });
      expect(after.units[2]).toMatchObject({ state: "sold" });
      expect(after.selected?.record?.sale?.invoiceReference).toBe("INV-0042");
      const [sale] = await setup.testDb.database.db.select().from(editionSales);
      expect(sale).toMatchObject({ priceMinor: 120_050, currency: "AUD", collectorPrivate: true });

      const overview = (await call(listLoader as Handler, "/admin/editions?q=mapacho", { cookie: setup.cookie }))
        .body as { overview: { works: Array<{ slug: string; line: string; thumbnail: string }>; series: unknown[] } };
      expect(overview.overview.works).toEqual([
        expect.objectContaining({ slug: WORK, line: "Edition of 8 · 6 available · 1 on hold · 1 sold" }),
      ]);
      expect(overview.overview.works[0]?.thumbnail).toMatch(/^\/img\/artworks-/);
      expect(overview.overview.series).toEqual([{ name: "Icaro", line: "Icaro: 2 of 8 claimed", notSet: 11 }]);
    });

    it("lists every work, hidden ones too, with those not set saying so", async () => {
      const answer = await call(listLoader as Handler, "/admin/editions", { cookie: setup.cookie });
      const { works, total } = (answer.body as { overview: { works: Array<{ line: string }>; total: number } })
        .overview;
      expect(works.length).toBe(total);
      expect(works.filter((work) => work.line === "Not set").length).toBe(total - 1);
    });

    it("releases, takes out of sale and puts back; a resale adds an owner", async () => {
      expect(
        (
          await post(WORK, [
            ["intent", "release"],
            ["unit", "2"],
          ])
        ).location,
      ).toContain("done=released");
      expect(
        (
          await post(WORK, [
            ["intent", "not-for-sale"],
            ["unit", "ap-1"],
          ])
        ).location,
      ).toContain("unit=ap-1&done=not-for-sale");
      expect((await ledgerOf(WORK)).units[8]?.state).toBe("not-for-sale");
      expect(
        (
          await post(WORK, [
            ["intent", "for-sale"],
            ["unit", "ap-1"],
          ])
        ).status,
      ).toBe(302);
      const resold = await post(WORK, [
        ["intent", "resell"],
        ["unit", "3"],
        ["ownerName", "Charles Babbage"],
        ["acquiredOn", inDays(0)],
      ]);
      expect(resold.location).toContain("done=resold");
      const ledger = await ledgerOf(WORK);
      expect(ledger.line).toBe("Edition of 8 · 7 available · 1 sold");
      expect(ledger.units[2]).toMatchObject({ owner: `Charles Babbage (since ${inDays(0)})` });
    });

    it("a sale issues its certificate, mailed to the collector; the studio revokes it with a reason; forged ids change nothing", async () => {
      const slug = "icaro-for-the-journey-home";
      await post(slug, [
        ["intent", "set-edition"],
        ["kind", "edition"],
        ["size", "4"],
      ]);
      const db = setup.testDb.database.db;
      const certificateMail = async () =>
        (await db.select().from(outgoingMail).where(eq(outgoingMail.kind, "certificate"))).length;
      const mailBefore = await certificateMail();
      const sold = await post(slug, [
        ["intent", "sell"],
        ["unit", "1"],
        ["collectorName", "Mary Somerville"],
        ["collectorEmail", "mary@example.org"],
        ["soldOn", inDays(0)],
        ["price", "900"],
        ["currency", "AUD"],
      ]);
      expect(sold.location).toBe(`/admin/editions/${slug}?unit=1&done=sold#manage`);
      const issued = await db.select().from(certificates).where(eq(certificates.workSlug, slug));
      expect(issued).toHaveLength(1);
      expect(issued[0]).toMatchObject({ state: "valid", editionLabel: "1/4" });
      expect(await certificateMail()).toBe(mailBefore + 1);
      type WithCertificates = { selected: { certificates: Array<{ id: string; state: string; ownerName: string }> } };
      const panel = (await ledgerOf(slug, "?unit=1")) as unknown as WithCertificates;
      expect(panel.selected.certificates).toEqual([
        expect.objectContaining({ state: "valid", ownerName: "Mary Somerville" }),
      ]);

      // Asked again, the valid certificate stands and nothing new is made or sent.
      expect(
        (
          await post(slug, [
            ["intent", "issue-certificate"],
            ["unit", "1"],
          ])
        ).status,
      ).toBe(302);
      expect(await db.select().from(certificates).where(eq(certificates.workSlug, slug))).toHaveLength(1);
      expect(await certificateMail()).toBe(mailBefore + 1);
      // A made-up id, or this certificate named from another work's ledger: unknown, nothing changes.
      const id = issued[0]?.id ?? "";
      const forgeries: Array<[string, string]> = [
        ["AAAAAAAAAAAAAAAAAAAAAA", slug],
        [id, WORK],
      ];
      for (const [certificate, target] of forgeries) {
        const forged = await post(target, [
          ["intent", "revoke-certificate"],
          ["unit", "1"],
          ["certificate", certificate],
          ["reason", "forged"],
        ]);
        expect(forged.status).toBe(404);
      }
      const noReason = await post(slug, [
        ["intent", "revoke-certificate"],
        ["unit", "1"],
        ["certificate", id],
        ["reason", "  "],
      ]);
      expect(noReason.status).toBe(400);
      expect((await db.select().from(certificates).where(eq(certificates.id, id)))[0]?.state).toBe("valid");
      const revoked = await post(slug, [
        ["intent", "revoke-certificate"],
        ["unit", "1"],
        ["certificate", id],
        ["reason", "Returned to the studio"],
      ]);
      expect(revoked.location).toBe(`/admin/editions/${slug}?unit=1&done=revoked#manage`);
      expect((await db.select().from(certificates).where(eq(certificates.id, id)))[0]).toMatchObject({
        state: "revoked",
        revokedReason: "Returned to the studio",
      });
    });

    it("exports the ledger as CSV with formula cells disarmed", async () => {
      await post("lullaby-for-the-boa", [
        ["intent", "set-edition"],
        ["kind", "unique"],
      ]);
      await post("lullaby-for-the-boa", [
        ["intent", "sell"],
        ["unit", "1"],
        ["collectorName", '=HYPERLINK("http://evil.example","x")'],
        ["collectorEmail", "eve@example.org"],
        ["soldOn", inDays(0)],
        ["price", "5000"],
        ["currency", "EUR"],
        ["note", "+1 call back"],
      ]);
      const answer = await call(exportLoader as Handler, "/admin/editions/export.csv", { cookie: setup.cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers?.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(answer.headers?.get("Content-Disposition")).toMatch(/^attachment; filename="edition-ledger-/);
      const lines = String(answer.body)
        .replace(/^\uFEFF/, "")
        .split("\r\n");
      expect(lines[0]).toBe(
        "work,work_slug,edition,print,state,hold_for,hold_email,hold_until,hold_enquiry,hold_note,sold_to,sold_to_email,sold_on,price,currency,invoice_reference,name_private,sale_note,current_owner,current_owner_email,owned_since,owners",
      );
      expect(lines.filter((line) => line.startsWith("Mapacho Dawn,"))).toHaveLength(10);
      const unique = lines.find((line) => line.startsWith("Lullaby"));
      expect(unique).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(unique).toContain(",5000.00,EUR,");
      expect(unique).toContain(",'+1 call back,");
      expect(unique).not.toMatch(/,=HYPERLINK/);
      const third = lines.find((line) => line.includes(",3/8,"));
      expect(third).toContain("Ada Lovelace,ada@example.org");
      expect(third).toContain("Ada Lovelace (");
      expect(third).toContain("; Charles Babbage (");
    });
  });
}
