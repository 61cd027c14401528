import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { readContentState } from "#app/db/content-version.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { commitChanges, importIfEmpty, loadPublished } from "./content-documents.server.ts";
import { documentsFingerprint } from "./content-fingerprint.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";
import { ContentStore } from "./content-store.server.ts";
import { ContentSync } from "./content-sync.server.ts";

// The repository's own content folder, as the build bundles it.
const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const fingerprint = documentsFingerprint(files.all());
const ABOUT = "pages/about.yaml";
type Page = Record<string, unknown>;

describe.each(allTestEngines)("a process's start on the build's content (%s, decision 050)", (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    if (!engineAvailable(engine)) return;
    db = await createTestDatabase(engine);
    await importIfEmpty(db.database.db, files);
  }, 60_000);
  afterAll(async () => db?.destroy());

  async function started(buildFingerprint: string) {
    const store = new ContentStore(snapshotFrom(files));
    const sync = new ContentSync(db.database, store, { buildFingerprint });
    await sync.start();
    return { store, sync };
  }

  it.runIf(engineAvailable(engine))("the import records which version is the build's, by fingerprint", async () => {
    expect(await readContentState(db.database.db)).toEqual({
      version: 1,
      buildVersion: 1,
      buildFingerprint: fingerprint,
    });
  });

  it.runIf(engineAvailable(engine))(
    "serves the build's content at start without reading the documents, and reads them once edited",
    async () => {
      // A row changed behind the version's back shows whether the start read the documents.
      const about = files.all().get(ABOUT) as Page;
      await db.database.db.execute(
        sql`update content_documents set data = ${JSON.stringify({ ...about, heading: "Unread" })}::json where path = ${ABOUT}`,
      );
      const { store, sync } = await started(fingerprint);
      try {
        expect(sync.servesBuild).toBe(true);
        expect(store.version).toBe(1);
        expect(store.page("about").heading).toBe(about.heading);

        await commitChanges(db.database.db, [{ path: ABOUT, data: { ...about, heading: "Edited" } }], {
          author: "curator@umbra.test",
          action: "publish",
        });
        await sync.caughtUp();
        expect(store.page("about").heading).toBe("Edited");
        expect(sync.servesBuild).toBe(false);
      } finally {
        await sync.stop();
      }
    },
  );

  it.runIf(engineAvailable(engine))(
    "content published back to the build's is found by reading it, and noted for the next start",
    async () => {
      const { version } = await commitChanges(
        db.database.db,
        [...files.all()].map(([path, data]) => ({ path, data })),
        { author: "curator@umbra.test", action: "import", replaceAll: true },
      );
      const first = await started(fingerprint);
      await first.sync.stop();
      expect(first.sync.servesBuild).toBe(true);
      expect(await readContentState(db.database.db)).toEqual({
        version,
        buildVersion: version,
        buildFingerprint: fingerprint,
      });
    },
  );

  it.runIf(engineAvailable(engine))(
    "another build's fingerprint serves the database's content, read and checked",
    async () => {
      const about = (await loadPublished(db.database.db)).documents.get(ABOUT) as Page;
      await commitChanges(db.database.db, [{ path: ABOUT, data: { ...about, heading: "Only in the database" } }], {
        author: "curator@umbra.test",
        action: "publish",
      });
      const { store, sync } = await started("0".repeat(64));
      await sync.stop();
      expect(sync.servesBuild).toBe(false);
      expect(store.version).toBe(2);
      expect(store.page("about").heading).toBe("Only in the database");
    },
  );
});
