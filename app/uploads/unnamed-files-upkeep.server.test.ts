import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { testPdf } from "#tests/support/test-exhibition-files.ts";
import { DiskOriginalStore } from "./disk-original-store.server.ts";
import type { OriginalStore } from "./original-store.ts";
import type { UnnamedFilesRemoved } from "./remove-unnamed-files.server.ts";
import { UnnamedFilesUpkeep } from "./unnamed-files-upkeep.server.ts";

describe("the periodic removal of unnamed exhibition files (decision 051)", () => {
  let testDb: TestDatabase;
  let dir: string;
  let store: DiskOriginalStore;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-unnamed-upkeep-"));
    store = new DiskOriginalStore(path.join(dir, "originals"));
    testDb = await createTestDatabase("pglite");
  }, 60_000);
  afterAll(async () => {
    await testDb?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function oldUnnamedFile(note: string): Promise<string> {
    const bytes = testPdf(note);
    const sha256 = await store.put(bytes);
    await testDb.database.db.insert(exhibitionFiles).values({
      shortHash: sha256.slice(0, 16),
      sha256,
      kind: "pdf",
      mime: "application/pdf",
      ext: "pdf",
      bytes: bytes.length,
      uploadedBy: "studio@umbra.test",
      uploadedAt: new Date(Date.now() - 2 * 86_400_000),
    });
    return sha256;
  }

  it("reports how many files and bytes a sweep removed, and a failure without throwing", async () => {
    const sha256 = await oldUnnamedFile("swept");
    const reports: UnnamedFilesRemoved[] = [];
    const errors: unknown[] = [];
    const upkeep = new UnnamedFilesUpkeep(testDb.database, {
      store: () => store,
      onRemoved: (removed) => reports.push(removed),
      onError: (error) => errors.push(error),
    });
    await upkeep.sweep();
    expect(reports).toEqual([{ removed: 1, bytes: testPdf("swept").length }]);
    expect(await store.has(sha256)).toBe(false);
    // Nothing removed: nothing reported.
    await upkeep.sweep();
    expect(reports).toHaveLength(1);

    // A store that cannot remove: reported, and the row is kept for the next sweep.
    const kept = await oldUnnamedFile("kept");
    const failing: OriginalStore = Object.assign(Object.create(store), {
      delete: async () => {
        throw new Error("bucket unreachable");
      },
    });
    const broken = new UnnamedFilesUpkeep(testDb.database, { store: () => failing, onError: (e) => errors.push(e) });
    await broken.sweep();
    expect(String(errors[0])).toContain("bucket unreachable");
    expect((await testDb.database.db.select().from(exhibitionFiles)).map((row) => row.sha256)).toEqual([kept]);
    expect(await store.has(kept)).toBe(true);
    await upkeep.sweep();
    expect(reports).toHaveLength(2);
    expect(await store.has(kept)).toBe(false);
  });
});
