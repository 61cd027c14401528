// `npm run db:backup` and `npm run db:restore` as an operator runs them: real processes on real
// PGlite folders.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { authSecret } from "#app/auth/auth-secret.server.ts";
import { SigningKeyStore } from "#app/certificates/signing-keys.server.ts";
import { processContentStore } from "#app/content/content-store.server.ts";
import { acquireDataDirLock } from "#app/db/data-dir-lock.server.ts";
import { openDatabase } from "#app/db/database.server.ts";
import { editionSales, exhibitionFiles, quotes } from "#app/db/schema.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { dkimKeyFile, makeDkimKey } from "#app/email/dkim-key.server.ts";
import { DiskOriginalStore } from "#app/uploads/disk-original-store.server.ts";
import { sha256Of } from "#app/uploads/hash-file.server.ts";
import { seedFromTestTemplate } from "#tests/support/pglite-test-template.ts";
import { testPdf } from "#tests/support/test-exhibition-files.ts";

const root = path.resolve(import.meta.dirname, "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-backup-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function run(script: "db-backup" | "db-restore", args: string[], env: Record<string, string | undefined>) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(root, `scripts/${script}.ts`), ...args], {
    cwd: root,
    env: { ...inherited, ...env } as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  return { code: result.status, output: result.stdout + result.stderr };
}

const ledgerSale = {
  collectorName: "Ada Lovelace",
  collectorEmail: "ada@example.org",
  soldOn: "2026-11-01",
  priceMinor: 480_000,
  currency: "AUD",
  invoiceReference: "INV-7",
  collectorPrivate: true,
};

describe("db:backup and db:restore", () => {
  const source = path.join(work, "source");
  const target = path.join(work, "target");
  const archive = path.join(work, "umbra.tar.gz");

  it("round-trip a quote, the edition ledger and the auth secret into a fresh DATA_DIR", {
    timeout: 180_000,
  }, async () => {
    // A copy of the run's migrated database (what initdb and the migrations make, without their CPU).
    seedFromTestTemplate(source);
    const database = await openDatabase({ dataDir: source });
    const [quote] = await database.db
      .insert(quotes)
      .values({ text: "Kept through a backup", includeInSearch: true })
      .returning();
    // An exhibition file uploaded in the editor (decision 048): its record and its bytes.
    const pdf = testPdf("kept through a backup");
    const pdfHash = sha256Of(pdf);
    const pdfRow = {
      shortHash: pdfHash.slice(0, 16),
      sha256: pdfHash,
      kind: "pdf",
      mime: "application/pdf",
      ext: "pdf",
      bytes: pdf.length,
      uploadedBy: "studio@umbra.test",
    };
    await database.db.insert(exhibitionFiles).values(pdfRow);
    // The edition ledger (issue 40): an edition, a sale with its private record, and a hold.
    const ledger = new EditionLedger({ db: database.db, catalogue: processContentStore().catalogueWithHidden() });
    await ledger.setEdition({ workSlug: "a-door-in-the-canopy", kind: "edition", size: 8, artistProofs: 1 });
    await ledger.sell({ workSlug: "a-door-in-the-canopy", number: 3, ...ledgerSale });
    await ledger.hold({
      workSlug: "a-door-in-the-canopy",
      number: 2,
      until: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      holderName: "Bo",
      holderEmail: "bo@example.org",
    });
    await database.close();
    expect(await new DiskOriginalStore(path.join(source, "originals")).put(pdf)).toBe(pdfHash);
    const secret = authSecret({ dataDir: source });
    // The certificate signing keys (decision 075), rotated once: both keys must come back.
    const signingKeys = new SigningKeyStore(source);
    await signingKeys.currentSigningKey();
    const currentKey = await signingKeys.rotate();
    const keyFileText = fs.readFileSync(signingKeys.file, "utf8");
    // The DKIM key that signs the studio's mail (decision 077) rides with them.
    makeDkimKey(source);
    const dkimKeyText = fs.readFileSync(dkimKeyFile(source), "utf8");
    // An uploaded original (decision 041) travels with the database.
    const original = Buffer.from("the bytes of an uploaded original");
    const sha256 = await new DiskOriginalStore(path.join(source, "originals")).put(original);

    const startedBackup = performance.now();
    const backup = run("db-backup", [archive], { DATA_DIR: source });
    const backupMs = performance.now() - startedBackup;
    expect(backup.output).toMatch(/Backed up to .*umbra\.tar\.gz/);
    expect(backup.code).toBe(0);
    expect(fs.readdirSync(path.join(source, "pglite"))).not.toContain("umbra-auth-secret");
    expect(fs.readdirSync(path.join(source, "pglite"))).not.toContain("umbra-originals");
    expect(backup.output).toMatch(/With 2 uploaded originals/);
    expect(backup.output).toMatch(/With the certificate signing keys/);
    expect(fs.readdirSync(path.join(source, "pglite"))).not.toContain("umbra-signing-keys.json");
    expect(backup.output).toMatch(/With the DKIM key/);
    expect(fs.readdirSync(path.join(source, "pglite"))).not.toContain("umbra-dkim-private-key.pem");
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    const startedRestore = performance.now();
    const restore = run("db-restore", [archive], { DATA_DIR: target });
    const restoreMs = performance.now() - startedRestore;
    expect(restore.output).toMatch(/Restored into/);
    expect(restore.code).toBe(0);
    console.log(
      `backup ${(fs.statSync(archive).size / 1024 / 1024).toFixed(1)} MB: ` +
        `db:backup ${Math.round(backupMs)} ms, db:restore ${Math.round(restoreMs)} ms`,
    );

    // The same secret, so sessions, device cookies and TOTP secrets stay valid.
    expect(fs.readFileSync(path.join(target, "auth-secret"), "utf8")).toBe(secret);
    const restoredOriginal = new DiskOriginalStore(path.join(target, "originals"));
    expect(await restoredOriginal.get(sha256)).toEqual(original);
    expect(fs.statSync(restoredOriginal.fileOf(sha256)).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(target, "pglite"))).not.toContain("umbra-originals");
    // The signing keys, byte for byte, owner-only, still signing with the current key.
    const restoredKeys = new SigningKeyStore(target);
    expect(fs.readFileSync(restoredKeys.file, "utf8")).toBe(keyFileText);
    expect(fs.statSync(restoredKeys.file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(restoredKeys.folder).mode & 0o777).toBe(0o700);
    expect((await restoredKeys.currentSigningKey()).keyId).toBe(currentKey.keyId);
    expect(await restoredKeys.publicKeys()).toHaveLength(2);
    expect(fs.readdirSync(path.join(target, "pglite"))).not.toContain("umbra-signing-keys.json");
    // The DKIM key, byte for byte, owner-only.
    expect(restore.output).toMatch(/With the DKIM key/);
    expect(fs.readFileSync(dkimKeyFile(target), "utf8")).toBe(dkimKeyText);
    expect(fs.statSync(dkimKeyFile(target)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(dkimKeyFile(target))).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.join(target, "pglite"))).not.toContain("umbra-dkim-private-key.pem");
    const restored = await openDatabase({ dataDir: target });
    try {
      const rows = await restored.db
        .select()
        .from(quotes)
        .where(eq(quotes.id, quote?.id ?? -1));
      expect(rows.map((r) => [r.text, r.includeInSearch])).toEqual([["Kept through a backup", true]]);
      expect(await restored.db.select().from(exhibitionFiles)).toMatchObject([pdfRow]);
      expect(await restoredOriginal.get(pdfHash)).toEqual(pdf);
      const ledger = new EditionLedger({ db: restored.db, catalogue: processContentStore().catalogueWithHidden() });
      expect((await ledger.availability("a-door-in-the-canopy"))?.line).toBe("Edition of 8 · 6 available");
      expect(await restored.db.select().from(editionSales)).toMatchObject([ledgerSale]);
      expect(
        (await ledger.provenance({ workSlug: "a-door-in-the-canopy", number: 3 })).map((o) => o.ownerName),
      ).toEqual(["Ada Lovelace"]);
    } finally {
      await restored.close();
    }
  });

  it("refuses to overwrite a database without --force, and keeps the old one with it", { timeout: 120_000 }, () => {
    const refused = run("db-restore", [archive], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/already has a database; add --force/);
    expect(refused.output).not.toMatch(/\n\s+at /);

    const forced = run("db-restore", [archive, "--force"], { DATA_DIR: target });
    expect(forced.code).toBe(0);
    const aside = fs.readdirSync(target).filter((name) => name.startsWith("before-restore-"));
    expect(aside).toHaveLength(1);
    expect(fs.existsSync(path.join(target, aside[0] ?? "", "pglite", "PG_VERSION"))).toBe(true);
    // The keys it replaced are kept with the database they belonged to.
    expect(fs.existsSync(path.join(target, aside[0] ?? "", "umbra-signing-keys.json"))).toBe(true);
    expect(fs.existsSync(path.join(target, aside[0] ?? "", "umbra-dkim-private-key.pem"))).toBe(true);
  });

  it("refuses while a server holds DATA_DIR", () => {
    // This test process stands in for a running server: the lock names a live pid.
    const lock = acquireDataDirLock(source);
    try {
      const backup = run("db-backup", [path.join(work, "second.tar.gz")], { DATA_DIR: source });
      expect(backup.code).toBe(1);
      expect(backup.output).toMatch(/Not backing up: .*in use by process/);
      const restore = run("db-restore", [archive, "--force"], { DATA_DIR: source });
      expect(restore.code).toBe(1);
      expect(restore.output).toMatch(/Not restoring: .*in use by process/);
      expect(fs.existsSync(path.join(work, "second.tar.gz"))).toBe(false);
    } finally {
      lock.release();
    }
  });

  it("sends PostgreSQL users to pg_dump, and answers --help and bad arguments", () => {
    const server = run("db-backup", [archive], { DATABASE_URL: "postgres://u@127.0.0.1/umbra" });
    expect(server.code).toBe(2);
    expect(server.output).toMatch(/pg_dump/);
    expect(run("db-restore", ["--help"], {}).code).toBe(0);
    const unknown = run("db-backup", ["--bogus", archive], {});
    expect(unknown.code).toBe(2);
    expect(unknown.output).toMatch(/Unknown option '--bogus'/);
  });
});
