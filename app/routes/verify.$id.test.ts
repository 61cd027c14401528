// The verify page and the studio's certificate downloads against a real database: a stored
// certificate's page reads its facts from the signed file and its state from the table; a
// private collector is never named; hostile ids and uploads (huge, garbage, another key's
// signature, a forged id) get a 4xx or an invalid verdict with a reason, never a 500.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCertificate } from "#app/certificates/issue-certificate.server.ts";
import { issueSaleCertificate, revokeCertificate } from "#app/certificates/sale-certificates.server.ts";
import { processSigningKeys, SigningKeyStore } from "#app/certificates/signing-keys.server.ts";
import { processContentStore } from "#app/content/content-store.server.ts";
import { authUser as user } from "#app/db/auth-schema.ts";
import { certificates } from "#app/db/certificate-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { loggerContext } from "#app/observability/context.ts";
import { PRINT_FACTS } from "#tests/support/certificate-facts.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { loader as downloadLoader } from "./admin.certificates.$file.ts";
import { action, loader } from "./verify.$id.tsx";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-verify-route-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL = "http://test";
const catalogue = processContentStore().catalogueWithHidden();

let testDb: TestDatabase;
let context: RouterContextProvider;
let cookie: string;
let sold: string;
let privateOne: string;

async function answerOf(run: () => unknown): Promise<{ status: number; body: unknown }> {
  const read = async (value: unknown) => {
    if (value instanceof Response) {
      const type = value.headers.get("content-type") ?? "";
      return { status: value.status, body: type.includes("json") ? await value.json() : await value.text() };
    }
    // data(...) carries its status; a loader's plain object is a 200.
    if (!(value && typeof value === "object" && "init" in value && "data" in value))
      return { status: 200, body: value };
    const { init, data } = value as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, body: data };
  };
  try {
    return await read(await run());
  } catch (thrown) {
    return read(thrown);
  }
}

const page = (id: string) =>
  answerOf(() => loader({ request: new Request(`http://test/verify/${id}`), params: { id }, context } as never));

function upload(body: BodyInit, contentType?: string) {
  const headers = new Headers(contentType ? { "Content-Type": contentType } : {});
  const request = new Request(`http://test/verify/${sold}`, { method: "POST", headers, body });
  return answerOf(() => action({ request, params: { id: sold }, context } as never));
}

const fileForm = (text: string | Uint8Array<ArrayBuffer>) => {
  const form = new FormData();
  form.set("certificate", new File([text], "certificate.vc.jwt", { type: "application/vc+jwt" }));
  return form;
};

const download = (file: string, withCookie = cookie, query = "") =>
  answerOf(() =>
    downloadLoader({
      request: new Request(`http://test/admin/certificates/${file}${query}`, { headers: { Cookie: withCookie } }),
      params: { file },
      context,
    } as never),
  );

beforeAll(async () => {
  testDb = await createTestDatabase("pglite");
  context = new RouterContextProvider();
  context.set(databaseContext, testDb.database);
  context.set(loggerContext, pino({ level: "silent" }));
  const account = { email: "certificates-admin@umbra.test", password: "certificates test passphrase" };
  cookie = await signedInAdminCookie(testDb.database, account);
  await testDb.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, account.email));
  const ledger = new EditionLedger({ db: testDb.database.db, catalogue });
  await ledger.setEdition({ workSlug: "a-door-in-the-canopy", kind: "edition", size: 8 });
  const sale = { soldOn: "2026-11-30", priceMinor: 1000, currency: "AUD", collectorEmail: "" };
  const deps = { db: testDb.database.db, catalogue, artist: "Umbra" };
  const first = await ledger.sell({
    workSlug: "a-door-in-the-canopy",
    number: 3,
    collectorName: "Ada Lovelace",
    ...sale,
    collectorEmail: "ada@example.org",
  });
  sold = (await issueSaleCertificate(deps, first)).certificate.id;
  const hidden = await ledger.sell({
    workSlug: "a-door-in-the-canopy",
    number: 4,
    collectorName: "Secret Collector",
    collectorEmail: "s@example.org",
    collectorPrivate: true,
    soldOn: "2026-11-30",
    priceMinor: 1000,
    currency: "AUD",
  });
  privateOne = (await issueSaleCertificate(deps, hidden)).certificate.id;
}, 60_000);
afterAll(async () => {
  await testDb?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("/verify/<id>", { timeout: 60_000 }, () => {
  it("shows a valid certificate's facts from its signed file, and its picture", async () => {
    const { status, body } = await page(sold);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: sold,
      image: "a-door-in-the-canopy",
      view: { signature: "valid", title: "A Door in the Canopy", edition: "3/8", standing: { kind: "valid" } },
    });
    expect(JSON.stringify(body)).toContain("Ada Lovelace");
  });

  it("never names a private collector", async () => {
    const { body } = await page(privateOne);
    expect(body).toMatchObject({ view: { signature: "valid", collectorPrivate: true } });
    expect(JSON.stringify(body)).not.toMatch(/Secret Collector|s@example\.org/);
  });

  it("answers 404 for an unknown, forged or malformed id", async () => {
    for (const id of ["A".repeat(22), "x'; select 1 --", "../../etc/passwd", "a".repeat(5000), ""]) {
      expect((await page(id)).status).toBe(404);
    }
  });

  it("says a certificate whose stored file was changed does not verify, whatever its row says", async () => {
    const [row] = await testDb.database.db.select().from(certificates).where(eq(certificates.id, sold));
    const jws = row?.jws ?? "";
    const at = jws.lastIndexOf(".") - 30;
    const tampered = `${jws.slice(0, at)}${jws[at] === "x" ? "y" : "x"}${jws.slice(at + 1)}`;
    await testDb.database.db.update(certificates).set({ jws: tampered }).where(eq(certificates.id, sold));
    try {
      expect((await page(sold)).body).toMatchObject({ view: { signature: "invalid", reason: expect.any(String) } });
    } finally {
      await testDb.database.db.update(certificates).set({ jws }).where(eq(certificates.id, sold));
    }
  });

  it("checks an uploaded file (no JavaScript) against the published keys", async () => {
    const [row] = await testDb.database.db.select().from(certificates).where(eq(certificates.id, sold));
    const jws = row?.jws ?? "";
    expect(await upload(fileForm(`${jws}\n`))).toMatchObject({
      status: 200,
      body: { verdict: { valid: true, id: sold } },
    });
    const changed = jws.replace(/.$/, jws.endsWith("A") ? "B" : "A");
    const tampered = await upload(fileForm(changed));
    expect(tampered).toMatchObject({ status: 422, body: { verdict: { valid: false, reason: expect.any(String) } } });
  });

  it("refuses hostile uploads with a reason and a 4xx: huge, empty, garbage, not multipart, another key, a forged id", async () => {
    expect(await upload(fileForm(new Uint8Array(200_000).fill(65)))).toMatchObject({ status: 413 });
    expect(await upload(new FormData())).toMatchObject({ status: 400 });
    expect(await upload(fileForm(new Uint8Array([0, 255, 1, 2, 3])))).toMatchObject({ status: 422 });
    expect(await upload("certificate=abc", "application/x-www-form-urlencoded")).toMatchObject({ status: 415 });
    expect(await upload("--x\r\nbroken", "multipart/form-data; boundary=x")).toMatchObject({ status: 400 });
    const stranger = new SigningKeyStore(path.join(dataDir, "stranger"));
    const forged = await issueCertificate(PRINT_FACTS, { keys: stranger, origin: "http://test" });
    expect(await upload(fileForm(forged.text))).toMatchObject({
      status: 422,
      body: { verdict: { valid: false, reason: expect.stringMatching(/not the studio's/) } },
    });
    // The studio's own key over an id it never issued still says valid as a file (the signature is
    // the studio's); its page does not exist, so no state is claimed for it.
    const unissued = await issueCertificate(PRINT_FACTS, { keys: processSigningKeys(), origin: "http://test" });
    expect((await page(unissued.id)).status).toBe(404);
  });

  it("answers 503 with a sentence, not a 500, while the studio's key file is damaged", async () => {
    const file = processSigningKeys().file;
    const kept = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, kept.slice(0, 100));
    try {
      expect(await page(sold)).toMatchObject({ status: 503, body: expect.stringMatching(/keys cannot be read/) });
    } finally {
      fs.writeFileSync(file, kept);
    }
  });

  it("shows a revoked certificate's reason", async () => {
    await revokeCertificate(testDb.database.db, { id: privateOne, reason: "Issued in error." });
    expect((await page(privateOne)).body).toMatchObject({
      view: { standing: { kind: "revoked", reason: "Issued in error." } },
    });
  });
});

describe("/admin/certificates/<id>.pdf and .jwt", { timeout: 60_000 }, () => {
  it("gives the studio the signed file and the PDF on A4 or Letter", async () => {
    const [row] = await testDb.database.db.select().from(certificates).where(eq(certificates.id, sold));
    const jwt = await download(`${sold}.jwt`);
    expect(jwt).toMatchObject({ status: 200, body: `${row?.jws}\n` });
    const pdf = await download(`${sold}.pdf`, cookie, "?paper=letter");
    expect(pdf.status).toBe(200);
    expect(String(pdf.body).startsWith("%PDF-")).toBe(true);
  });

  it("refuses without a session, a bad paper, and unknown or malformed files", async () => {
    expect((await download(`${sold}.jwt`, "")).status).toBe(401);
    expect(await download(`${sold}.pdf`, cookie, "?paper=a3")).toMatchObject({ status: 400 });
    expect((await download(`${"A".repeat(22)}.pdf`)).status).toBe(404);
    expect((await download(`${sold}.exe`)).status).toBe(404);
    expect((await download("..%2F..%2Fkeys.json")).status).toBe(404);
  });
});
