// A certificate's files as the collector gets them: the PDF (A4 and Letter) prints the verify
// address and carries a QR code that reads as exactly that address (its modules sampled from the
// embedded image), and the mail lands in the outbox with the PDF and the signed file attached.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { MailSender } from "#app/email/mail-sender.server.ts";
import { outboxDir } from "#app/email/outbox-files.server.ts";
import { qrCodesIn, rgbImages } from "#tests/support/pdf-qr.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { storedCertificatePdf } from "./certificate-files.server.ts";
import { certificateMailComposer } from "./certificate-mail.server.ts";
import { PAPERS } from "./certificate-pdf.server.ts";
import { QR_MODULE_PIXELS, QR_QUIET_MODULES, verifyQrModules } from "./certificate-qr.ts";
import { type IssuedSaleCertificate, issueSaleCertificate } from "./sale-certificates.server.ts";
import { SigningKeyStore } from "./signing-keys.server.ts";
import { verifyCertificate } from "./verify-certificate.ts";
import { workImages } from "./work-image.server.ts";

const ORIGIN = "https://umbra.example";
const catalogue = processContentStore().catalogueWithHidden();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-certificate-files-"));
const keys = new SigningKeyStore(work);
const quiet = { info() {}, warn() {}, error() {} };
let testDb: TestDatabase;
let issued: IssuedSaleCertificate;

beforeAll(async () => {
  testDb = await createTestDatabase("pglite");
  const ledger = new EditionLedger({ db: testDb.database.db, catalogue });
  await ledger.setEdition({ workSlug: "a-door-in-the-canopy", kind: "edition", size: 8 });
  const record = await ledger.sell({
    workSlug: "a-door-in-the-canopy",
    number: 3,
    collectorName: "Zoë Łukasiewicz",
    collectorEmail: "zoe@example.org",
    soldOn: "2026-11-30",
    priceMinor: 100_000,
    currency: "AUD",
  });
  issued = await issueSaleCertificate(
    { db: testDb.database.db, catalogue, artist: "Umbra", keys, origin: ORIGIN },
    record,
  );
}, 60_000);
afterAll(async () => {
  await testDb?.destroy();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Reads a QR image's modules back by sampling each module's centre (the image is made whole-pixel per module). */
function modulesIn(image: { width: number; pixels: Buffer }, size: number): boolean[][] {
  const dark = (x: number, y: number) => (image.pixels[(y * image.width + x) * 3] ?? 255) < 128;
  const at = (module: number) => (QR_QUIET_MODULES + module) * QR_MODULE_PIXELS + QR_MODULE_PIXELS / 2;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => dark(at(column), at(row))),
  );
}

describe("a certificate's PDF", { timeout: 60_000 }, () => {
  for (const paper of ["a4", "letter"] as const) {
    it(`on ${PAPERS[paper].name} prints the facts and the verify address, with a QR code that reads as it`, async () => {
      const bytes = await storedCertificatePdf(issued.certificate, workImages(), "a-door-in-the-canopy", paper);
      const pdf = await PDFDocument.load(bytes);
      const [page] = pdf.getPages();
      expect(page?.getSize()).toEqual({ width: PAPERS[paper].width, height: PAPERS[paper].height });
      const text = pdfText(Buffer.from(bytes));
      const address = `${ORIGIN}/verify/${issued.certificate.id}`;
      expect(text).toContain(address);
      for (const fact of ["A Door in the Canopy", "3/8", "2007", "Umbra", "CERTIFICATE OF AUTHENTICITY"]) {
        expect(text).toContain(fact);
      }
      // A name outside the standard fonts prints without its accents; the signed file keeps it whole.
      expect(text).toContain("Zoë Lukasiewicz");
      const expected = verifyQrModules(address);
      const qr = rgbImages(pdf).find(
        (image) => image.width === (expected.length + 2 * QR_QUIET_MODULES) * QR_MODULE_PIXELS,
      );
      expect(qr, "the QR image is in the PDF").toBeDefined();
      expect(modulesIn(qr as NonNullable<typeof qr>, expected.length)).toEqual(expected);
      // And a real decoder, as a phone reads the printed code, gets exactly the address.
      expect(await qrCodesIn(bytes)).toEqual([address]);
    });
  }
});

describe("the collector's mail", { timeout: 60_000 }, () => {
  it("goes to the outbox with the PDF and the signed file attached", async () => {
    const sender = new MailSender(testDb.database, {
      delivery: { from: "Umbra <studio@umbra.example>", dataDir: work, logger: quiet },
      logger: quiet,
      composers: {
        certificate: certificateMailComposer({
          db: testDb.database.db,
          catalogue: () => catalogue,
          images: workImages(),
        }),
      },
      pollMs: 200,
    });
    await sender.start();
    const deadline = Date.now() + 30_000;
    let files: string[] = [];
    while (Date.now() < deadline) {
      files = fs.existsSync(outboxDir(work))
        ? fs.readdirSync(outboxDir(work)).filter((name) => name.endsWith(".json"))
        : [];
      if (files.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await sender.stop();
    expect(files).toHaveLength(1);
    const mail = JSON.parse(fs.readFileSync(path.join(outboxDir(work), files[0] as string), "utf8"));
    expect(mail).toMatchObject({
      to: "zoe@example.org",
      subject: "Your certificate of authenticity: A Door in the Canopy",
    });
    expect(mail.text).toContain(`${ORIGIN}/verify/${issued.certificate.id}`);
    const attachments = mail.attachments as Array<{ filename: string; contentType: string; contentBase64: string }>;
    expect(attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ["certificate-a-door-in-the-canopy-3-of-8.pdf", "application/pdf"],
      ["certificate-a-door-in-the-canopy-3-of-8.vc.jwt", "application/vc+jwt"],
    ]);
    const [pdf, signed] = attachments.map((file) => Buffer.from(file.contentBase64, "base64"));
    expect(pdf?.subarray(0, 5).toString()).toBe("%PDF-");
    expect(signed?.toString().trim()).toBe(issued.certificate.jws);
    const verdict = await verifyCertificate(signed?.toString() ?? "");
    expect(verdict.valid && verdict.credential.credentialSubject.collector).toEqual({ name: "Zoë Łukasiewicz" });
  });
});
