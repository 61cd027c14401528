import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { DiskOriginalStore } from "#app/uploads/disk-original-store.server.ts";
import { sha256Of } from "#app/uploads/hash-file.server.ts";
import { removeUnnamedFiles } from "#app/uploads/remove-unnamed-files.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { testPdf, testWav } from "#tests/support/test-exhibition-files.ts";
import { exportExhibitionFiles, importExhibitionFiles } from "./exhibition-files-folder.server.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-exhibition-files-"));

describe("content:export and content:import of exhibition files (decision 048)", () => {
  let from: TestDatabase;
  let into: TestDatabase;
  const fromStore = new DiskOriginalStore(path.join(work, "from-originals"));
  const intoStore = new DiskOriginalStore(path.join(work, "into-originals"));
  const exported = path.join(work, "export");
  const pdf = testPdf("exported");
  const wav = testWav(1);
  const rowOf = (bytes: Buffer, kind: string, mime: string, ext: string) => ({
    shortHash: sha256Of(bytes).slice(0, 16),
    sha256: sha256Of(bytes),
    kind,
    mime,
    ext,
    bytes: bytes.length,
    uploadedBy: "studio@umbra.test",
  });

  beforeAll(async () => {
    [from, into] = await Promise.all([createTestDatabase("pglite"), createTestDatabase("pglite")]);
    await fromStore.put(pdf);
    await fromStore.put(wav);
    await from.database.db
      .insert(exhibitionFiles)
      .values([rowOf(pdf, "pdf", "application/pdf", "pdf"), rowOf(wav, "audio", "audio/wav", "wav")]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([from?.destroy(), into?.destroy()]);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("exports each file by its hash, and an import into another site stores and records it, once", async () => {
    const written = await exportExhibitionFiles(exported, from.database.db, fromStore);
    expect(written.sort()).toEqual(
      [`uploaded-files/${sha256Of(pdf)}.pdf`, `uploaded-files/${sha256Of(wav)}.wav`].sort(),
    );
    expect(fs.readFileSync(path.join(exported, written[0] ?? ""))).toEqual(written[0]?.endsWith(".pdf") ? pdf : wav);
    expect(await exportExhibitionFiles(exported, from.database.db, fromStore)).toEqual([]);

    const options = { db: into.database.db, store: intoStore, author: "import", dryRun: true };
    expect(await importExhibitionFiles(exported, options)).toHaveLength(2);
    expect(await into.database.db.select().from(exhibitionFiles)).toEqual([]);
    expect(await importExhibitionFiles(exported, { ...options, dryRun: false })).toHaveLength(2);
    const rows = await into.database.db.select().from(exhibitionFiles);
    expect(rows.map((row) => [row.sha256, row.mime, row.bytes]).sort()).toEqual(
      [
        [sha256Of(pdf), "application/pdf", pdf.length],
        [sha256Of(wav), "audio/wav", wav.length],
      ].sort(),
    );
    expect(await intoStore.get(sha256Of(wav))).toEqual(wav);
    expect(await importExhibitionFiles(exported, { ...options, dryRun: false })).toEqual([]);
  });

  it("dates a file it already knows now, and stores its bytes again when they are gone (decision 051)", async () => {
    // Imported files, exported before; since then the PDF's row aged past the upkeep's grace and its bytes went.
    const db = into.database.db;
    await db.update(exhibitionFiles).set({ uploadedAt: sql`now() - interval '3 days'` });
    await intoStore.delete(sha256Of(pdf));
    expect(await importExhibitionFiles(exported, { db, store: intoStore, author: "import", dryRun: false })).toEqual(
      [],
    );
    expect(await intoStore.get(sha256Of(pdf))).toEqual(pdf);
    const stale = await db
      .select()
      .from(exhibitionFiles)
      .where(sql`${exhibitionFiles.uploadedAt} < now() - interval '1 hour'`);
    expect(stale).toEqual([]);
    // So the documents naming them, published next, find them whatever the upkeep does meanwhile.
    expect(await removeUnnamedFiles({ db, store: intoStore })).toEqual({ removed: 0, bytes: 0 });
  });

  it("refuses a file whose bytes are not its name's, or not a PDF or recording, naming it", async () => {
    const folder = path.join(work, "tampered", "uploaded-files");
    fs.mkdirSync(folder, { recursive: true });
    const other = testPdf("not imported yet");
    fs.writeFileSync(path.join(folder, `${sha256Of(other)}.pdf`), Buffer.concat([other, Buffer.from("extra")]));
    const options = { db: into.database.db, store: intoStore, author: "import", dryRun: false };
    await expect(importExhibitionFiles(path.join(work, "tampered"), options)).rejects.toThrow(
      /uploaded-files\/[0-9a-f]{64}\.pdf: its bytes are not the ones its name says/,
    );
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    fs.rmSync(folder, { recursive: true });
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `${sha256Of(html)}.pdf`), html);
    await expect(importExhibitionFiles(path.join(work, "tampered"), options)).rejects.toThrow(/This is not a PDF/);
  });
});
