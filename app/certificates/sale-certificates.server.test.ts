// Certificates issued from the edition ledger on a real database (PGlite and PostgreSQL): a
// sale's certificate, a private collector's, a resale superseding the first in one
// transaction, revocation, and the refusals, each a CertificateRefusal with nothing written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { certificates } from "#app/db/certificate-schema.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { findCertificate } from "./certificate-records.server.ts";
import { CertificateRefusal } from "./certificate-refusal.ts";
import { issueSaleCertificate, revokeCertificate } from "./sale-certificates.server.ts";
import { SigningKeyStore } from "./signing-keys.server.ts";
import { publishedStudioKeys } from "./studio-keys.server.ts";
import { verifyCertificate } from "./verify-certificate.ts";

const ORIGIN = "https://umbra.example";
const catalogue = processContentStore().catalogueWithHidden();
const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-sale-certificates-"));
const keys = new SigningKeyStore(keysDir);
afterAll(() => fs.rmSync(keysDir, { recursive: true, force: true }));

const sale = (overrides: Record<string, unknown> = {}) => ({
  collectorName: "Ada Lovelace",
  collectorEmail: "ada@example.org",
  soldOn: "2026-11-30",
  priceMinor: 120_000,
  currency: "AUD",
  ...overrides,
});

async function refusal(attempt: Promise<unknown>): Promise<CertificateRefusal> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CertificateRefusal);
  return error as CertificateRefusal;
}

async function verified(jws: string) {
  const verdict = await verifyCertificate(jws, await publishedStudioKeys(keys, ORIGIN));
  if (!verdict.valid) throw new Error(verdict.reason);
  return verdict.credential;
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`sale certificates on ${engine}`, { timeout: 60_000 }, () => {
    let testDb: TestDatabase;
    let ledger: EditionLedger;
    const clock = new Date("2026-12-01T12:00:00Z");
    const deps = () => ({ db: testDb.database.db, catalogue, artist: "Umbra", keys, origin: ORIGIN, now: () => clock });
    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      ledger = new EditionLedger({ db: testDb.database.db, catalogue, now: () => clock });
      await ledger.setEdition({ workSlug: "a-door-in-the-canopy", kind: "edition", size: 8, artistProofs: 2 });
    });
    afterAll(() => testDb?.destroy());

    it("issues a sale's certificate: signed facts, stored valid, mail queued; asking again returns it", async () => {
      const record = await ledger.sell({ workSlug: "a-door-in-the-canopy", number: 3, ...sale() });
      const issued = await issueSaleCertificate(deps(), record);
      expect(issued.created).toBe(true);
      expect(issued.certificate).toMatchObject({
        state: "valid",
        workSlug: "a-door-in-the-canopy",
        editionLabel: "3/8",
      });
      expect(issued.certificate.saleId).toBe(record.sale.id);
      const credential = await verified(issued.certificate.jws);
      expect(credential.id).toBe(`${ORIGIN}/verify/${issued.certificate.id}`);
      expect(credential.credentialSubject).toMatchObject({
        artist: "Umbra",
        title: "A Door in the Canopy",
        year: "2007",
        medium: "Digital painting; archival pigment print on cotton rag",
        size: "78 x 55 in (200 x 140 cm)",
        edition: "3/8",
        token: {
          chain: "Ethereum",
          mintAddress: expect.stringContaining("0x0000000000000000000000000000000000c0ffee"),
        },
        imageSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        collector: { name: "Ada Lovelace" },
      });
      const [mail] = await testDb.database.db
        .select()
        .from(outgoingMail)
        .where(eq(outgoingMail.id, issued.mailId ?? 0));
      expect(mail).toMatchObject({ kind: "certificate", toAddress: "ada@example.org", body: issued.certificate.id });
      const again = await issueSaleCertificate(deps(), record);
      expect(again).toMatchObject({ created: false, certificate: { id: issued.certificate.id } });
      expect(again.mailId).toBeUndefined();
    });

    it("keeps a private collector's name out of the signed file, and numbers proofs AP n/N", async () => {
      const record = await ledger.sell({
        workSlug: "a-door-in-the-canopy",
        number: 1,
        artistProof: true,
        ...sale({ collectorName: "Grace Hopper", collectorEmail: "grace@example.org", collectorPrivate: true }),
      });
      const { certificate } = await issueSaleCertificate(deps(), record);
      const credential = await verified(certificate.jws);
      expect(credential.credentialSubject.collector).toEqual({ private: true });
      expect(credential.credentialSubject.edition).toBe("AP 1/2");
      const payload = Buffer.from(certificate.jws.split(".")[1] ?? "", "base64url").toString();
      expect(payload).not.toContain("Grace");
      expect(certificate.jws).not.toContain("Grace");
    });

    it("numbers a unique work 1/1", async () => {
      await ledger.setEdition({ workSlug: "the-inner-orchard", kind: "unique" });
      const record = await ledger.sell({ workSlug: "the-inner-orchard", number: 1, ...sale() });
      const { certificate } = await issueSaleCertificate(deps(), record);
      expect(certificate.editionLabel).toBe("1/1");
      expect((await verified(certificate.jws)).credentialSubject.edition).toBe("1/1");
    });

    it("supersedes the first certificate with the new owner's on a resale, in one transaction", async () => {
      const [first] = await testDb.database.db.select().from(certificates).where(eq(certificates.editionLabel, "3/8"));
      if (!first) throw new Error("the first test's certificate is missing");
      const firstOwner = { id: first.ownerId };
      const owner = await ledger.recordResale({
        workSlug: "a-door-in-the-canopy",
        number: 3,
        ownerName: "Mary Somerville",
        ownerEmail: "",
        acquiredOn: "2026-12-01",
        private: false,
      });
      const resold = await issueSaleCertificate(deps(), owner);
      expect(resold).toMatchObject({ created: true, supersededId: first.id, mailId: undefined });
      expect((await verified(resold.certificate.jws)).credentialSubject.collector).toEqual({ name: "Mary Somerville" });
      expect(await findCertificate(testDb.database.db, first.id)).toMatchObject({
        state: "superseded",
        supersededBy: resold.certificate.id,
        supersededAt: clock,
      });
      // The earlier owner's certificate cannot be issued again over the new owner's.
      expect(await refusal(issueSaleCertificate(deps(), firstOwner))).toMatchObject({ status: 409 });
      const valid = await testDb.database.db.select().from(certificates).where(eq(certificates.state, "valid"));
      expect(valid.filter((row) => row.unitId === first.unitId).map((row) => row.id)).toEqual([resold.certificate.id]);
    });

    it("revokes a valid certificate with a reason, once; refuses the rest with a sentence", async () => {
      const [current] = await testDb.database.db
        .select()
        .from(certificates)
        .where(eq(certificates.editionLabel, "1/1"));
      if (!current) throw new Error("the unique work's certificate is missing");
      expect(await refusal(revokeCertificate(testDb.database.db, { id: current.id, reason: "  " }))).toMatchObject({
        status: 400,
        message: "Say why the certificate is revoked.",
      });
      expect(
        await refusal(revokeCertificate(testDb.database.db, { id: "x'; drop table--", reason: "a" })),
      ).toMatchObject({ status: 400 });
      expect(await refusal(revokeCertificate(testDb.database.db, { id: "A".repeat(22), reason: "a" }))).toMatchObject({
        status: 404,
      });
      const revoked = await revokeCertificate(
        testDb.database.db,
        { id: current.id, reason: "Issued with the wrong title." },
        clock,
      );
      expect(revoked).toMatchObject({
        state: "revoked",
        revokedReason: "Issued with the wrong title.",
        revokedAt: clock,
      });
      expect(await refusal(revokeCertificate(testDb.database.db, { id: current.id, reason: "again" }))).toMatchObject({
        status: 409,
        message: "This certificate is already revoked.",
      });
      const superseded = (
        await testDb.database.db.select().from(certificates).where(eq(certificates.state, "superseded"))
      )[0];
      expect(await refusal(revokeCertificate(testDb.database.db, { id: superseded?.id, reason: "x" }))).toMatchObject({
        status: 409,
      });
    });

    it("issues one certificate when the same sale's is asked for twice at once", async () => {
      const record = await ledger.sell({ workSlug: "a-door-in-the-canopy", number: 5, ...sale() });
      const both = await Promise.all([issueSaleCertificate(deps(), record), issueSaleCertificate(deps(), record)]);
      expect(both.map((one) => one.created).sort()).toEqual([false, true]);
      expect(both[0].certificate.id).toBe(both[1].certificate.id);
      const rows = await testDb.database.db
        .select()
        .from(certificates)
        .where(eq(certificates.ownerId, record.owner.id));
      expect(rows).toHaveLength(1);
    });

    it("refuses an owner the ledger does not have, and a tampered stored file fails its check", async () => {
      expect(await refusal(issueSaleCertificate(deps(), { id: 999_999 }))).toMatchObject({ status: 422 });
      const [row] = await testDb.database.db.select().from(certificates).limit(1);
      const jws = row?.jws ?? "";
      const at = jws.indexOf(".") + 40;
      const tampered = `${jws.slice(0, at)}${jws[at] === "A" ? "B" : "A"}${jws.slice(at + 1)}`;
      expect((await verifyCertificate(tampered, await publishedStudioKeys(keys, ORIGIN))).valid).toBe(false);
    });
  });
}
