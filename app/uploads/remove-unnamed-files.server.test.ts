import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadExhibitionFile } from "#app/admin/content-files/upload-file.server.ts";
import { contentDocuments, contentDrafts, contentRevisions } from "#app/db/content-schema.ts";
import { type AppDatabase, type Database, openDatabase } from "#app/db/database.server.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { imageOriginals } from "#app/db/image-schema.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { testPdf } from "#tests/support/test-exhibition-files.ts";
import { startTestS3 } from "#tests/support/test-s3-server.server.ts";
import { DiskOriginalStore } from "./disk-original-store.server.ts";
import { awaitOriginalRemoval, lockOriginal } from "./original-lock.server.ts";
import type { OriginalStore } from "./original-store.ts";
import { removeUnnamedFiles } from "./remove-unnamed-files.server.ts";
import { S3OriginalStore } from "./s3-original-store.server.ts";

type Stop = () => Promise<void>;
const stores: Record<string, (dir: string) => Promise<{ store: OriginalStore; stop: Stop }>> = {
  disk: async (dir) => ({ store: new DiskOriginalStore(path.join(dir, "originals")), stop: async () => {} }),
  s3: async (dir) => {
    const s3 = await startTestS3();
    return { store: new S3OriginalStore({ ...s3, cacheDir: path.join(dir, "originals-cache") }), stop: s3.stop };
  },
};

let counter = 0;

/** A stored PDF and its exhibition_files row, uploaded `hoursAgo` hours ago. */
async function storedFile(db: AppDatabase, store: OriginalStore, hoursAgo: number) {
  const sha256 = await store.put(testPdf(`file ${++counter} ${Math.random()}`));
  await db.insert(exhibitionFiles).values({
    shortHash: sha256.slice(0, 16),
    sha256,
    kind: "pdf",
    mime: "application/pdf",
    ext: "pdf",
    bytes: 500,
    uploadedBy: "studio@umbra.test",
    uploadedAt: new Date(Date.now() - hoursAgo * 3600_000),
  });
  return { sha256, href: `/files/u/${sha256.slice(0, 16)}/catalogue.pdf` };
}

/** An exhibition document whose downloads block names `href`. */
const exhibitionNaming = (href: string) => ({
  title: "Nocturnes",
  blocks: [{ type: "downloads", heading: "Files", files: [{ label: "Catalogue", href }] }],
});

async function rowOf(db: AppDatabase, sha256: string) {
  return (await db.select().from(exhibitionFiles).where(eq(exhibitionFiles.sha256, sha256)))[0];
}

const cases = allTestEngines.flatMap((engine) =>
  Object.keys(stores).map((kind) => ({ engine, kind, name: `${engine}, ${kind} store` })),
);

describe.each(cases)("removing uploaded files nothing names (decision 051; $name)", ({ engine, kind }) => {
  const available = engineAvailable(engine);
  let testDb: TestDatabase;
  let db: AppDatabase;
  let store: OriginalStore;
  let stop: Stop;
  let dir: string;
  beforeAll(async () => {
    if (!available) return;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-unnamed-files-"));
    testDb = await createTestDatabase(engine);
    db = testDb.database.db;
    ({ store, stop } = await stores[kind]!(dir));
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await testDb?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(available)("removes an old upload nothing names, row and bytes, and keeps a young one", async () => {
    const old = await storedFile(db, store, 25);
    const young = await storedFile(db, store, 23);
    const result = await removeUnnamedFiles({ db, store });
    expect(result.removed).toBe(1);
    expect(result.bytes).toBe(500);
    expect(await rowOf(db, old.sha256)).toBeUndefined();
    expect(await store.has(old.sha256)).toBe(false);
    expect(await rowOf(db, young.sha256)).toBeDefined();
    expect(await store.has(young.sha256)).toBe(true);
    // Nothing left to do: a second run removes nothing.
    expect(await removeUnnamedFiles({ db, store })).toEqual({ removed: 0, bytes: 0 });
  });

  it.runIf(available)(
    "keeps an old file named by a published exhibition, a draft, or only an old revision",
    async () => {
      const published = await storedFile(db, store, 100);
      const drafted = await storedFile(db, store, 100);
      const inHistory = await storedFile(db, store, 100);
      await db.insert(contentDocuments).values({
        path: `exhibitions/published-${counter}.yaml`,
        data: exhibitionNaming(published.href),
        revision: 1,
        updatedBy: "studio@umbra.test",
      });
      await db.insert(contentDrafts).values({
        path: `exhibitions/drafted-${counter}.yaml`,
        data: exhibitionNaming(drafted.href),
        baseRevision: null,
        updatedBy: "studio@umbra.test",
      });
      // Revision 1 named the file; revision 2 (what is published now) no longer does. Restore can bring 1 back.
      const restorable = `exhibitions/restorable-${counter}.yaml`;
      await db.insert(contentRevisions).values([
        {
          path: restorable,
          revision: 1,
          data: exhibitionNaming(inHistory.href),
          action: "publish",
          author: "a",
          contentVersion: 1,
        },
        {
          path: restorable,
          revision: 2,
          data: { title: "Nocturnes", blocks: [] },
          action: "publish",
          author: "a",
          contentVersion: 2,
        },
      ]);
      await db
        .insert(contentDocuments)
        .values({ path: restorable, data: { title: "Nocturnes", blocks: [] }, revision: 2, updatedBy: "a" });

      expect(await removeUnnamedFiles({ db, store })).toEqual({ removed: 0, bytes: 0 });
      for (const file of [published, drafted, inHistory]) {
        expect(await rowOf(db, file.sha256)).toBeDefined();
        expect(await store.has(file.sha256)).toBe(true);
      }
    },
  );

  it.runIf(available)("removes the row but keeps bytes an image original also is", async () => {
    const shared = await storedFile(db, store, 48);
    await db.insert(imageOriginals).values({
      collection: "artworks",
      name: `work-${counter}`,
      sha256: shared.sha256,
      format: "png",
      width: 10,
      height: 10,
      placeholder: "none",
      version: shared.sha256.slice(0, 10),
      revision: 1,
      updatedBy: "a",
    });
    expect(await removeUnnamedFiles({ db, store })).toEqual({ removed: 1, bytes: 0 });
    expect(await rowOf(db, shared.sha256)).toBeUndefined();
    expect(await store.has(shared.sha256)).toBe(true);
  });

  it.runIf(available)("keeps an old file uploaded again: the new upload dates it now", async () => {
    const bytes = testPdf(`again ${counter++}`);
    const upload = () => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(bytes)], "x.pdf", { type: "application/pdf" }));
      return uploadExhibitionFile({
        db,
        store,
        dataDir: dir,
        request: new Request("http://test/admin/content-files", { method: "POST", body: form }),
        label: "Catalogue",
        author: "studio@umbra.test",
      });
    };
    const first = await upload();
    const sha256 = (await db.select().from(exhibitionFiles)).find((row) => first.href.includes(row.shortHash))!.sha256;
    await db
      .update(exhibitionFiles)
      .set({ uploadedAt: sql`now() - interval '3 days'` })
      .where(eq(exhibitionFiles.sha256, sha256));
    const again = await upload();
    expect(again.href).toBe(first.href);
    expect(await removeUnnamedFiles({ db, store })).toEqual({ removed: 0, bytes: 0 });
    expect(await store.has(sha256)).toBe(true);
  });

  it.runIf(available)("two processes sweeping at once remove each file once and nothing named", async () => {
    // On PostgreSQL a second connection pool is a second process; PGlite has one process, so two sweeps run at once in it.
    const second: Database =
      engine === "postgres"
        ? await openDatabase({ dataDir: "unused", databaseUrl: testDb.location, migrate: false })
        : testDb.database;
    try {
      const unnamed = await Promise.all(Array.from({ length: 6 }, () => storedFile(db, store, 30)));
      const kept = await storedFile(db, store, 30);
      await db.insert(contentDrafts).values({
        path: `exhibitions/kept-${counter}.yaml`,
        data: exhibitionNaming(kept.href),
        updatedBy: "a",
      });
      const results = await Promise.all([
        removeUnnamedFiles({ db, store }),
        removeUnnamedFiles({ db: second.db, store }),
        removeUnnamedFiles({ db, store }),
      ]);
      expect(results.reduce((sum, result) => sum + result.removed, 0)).toBe(6);
      expect(results.reduce((sum, result) => sum + result.bytes, 0)).toBe(6 * 500);
      for (const file of unnamed) expect(await store.has(file.sha256)).toBe(false);
      expect(await rowOf(db, kept.sha256)).toBeDefined();
      expect(await store.has(kept.sha256)).toBe(true);
    } finally {
      if (second !== testDb.database) await second.close();
    }
  });

  it.runIf(available && engine === "postgres")(
    "an upload waits for a removal of the same bytes under way in another process, then stores them again",
    async () => {
      const other = await openDatabase({ dataDir: "unused", databaseUrl: testDb.location, migrate: false });
      try {
        const sha256 = "ab".repeat(32);
        let release!: () => void;
        let locked!: () => void;
        const holding = new Promise<void>((resolve) => {
          locked = resolve;
        });
        // The other process, in the middle of removing these bytes.
        const removal = other.db.transaction(async (tx) => {
          await lockOriginal(tx, sha256);
          locked();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        });
        await holding;
        let waited = false;
        const upload = awaitOriginalRemoval(db, sha256).then(() => {
          waited = true;
        });
        // Until PostgreSQL shows the upload's lock request waiting, it has not passed the gate.
        let seenWaiting = false;
        for (let tries = 0; tries < 200 && !seenWaiting; tries++) {
          const waiting = await db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          );
          seenWaiting = waiting.rows[0]?.n === 1;
          if (!seenWaiting) await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(seenWaiting).toBe(true);
        expect(waited).toBe(false);
        release();
        await removal;
        await upload;
        expect(waited).toBe(true);
      } finally {
        await other.close();
      }
    },
  );
});
