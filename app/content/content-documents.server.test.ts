import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { ContentError, contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { contentDocuments, contentRevisions } from "#app/db/content-schema.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import {
  ContentConflict,
  commitChanges,
  history,
  importIfEmpty,
  loadPublished,
  restoreRevision,
} from "./content-documents.server.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";
import { ContentStore } from "./content-store.server.ts";
import { ContentSync } from "./content-sync.server.ts";

// The repository's own content folder, as the build bundles it.
const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const ABOUT = "pages/about.yaml";
type Page = Record<string, unknown>;

async function revisionOf(db: TestDatabase, path: string): Promise<number | undefined> {
  const [row] = await db.database.db
    .select({ revision: contentDocuments.revision })
    .from(contentDocuments)
    .where(eq(contentDocuments.path, path));
  return row?.revision;
}

async function aboutHeading(db: TestDatabase): Promise<unknown> {
  return ((await loadPublished(db.database.db)).documents.get(ABOUT) as Page).heading;
}

describe.each(allTestEngines)("published content in the database (%s)", (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    if (!engineAvailable(engine)) return;
    db = await createTestDatabase(engine);
    expect(await importIfEmpty(db.database.db, files)).toBe(true);
  }, 60_000);
  afterAll(async () => db?.destroy());

  it.runIf(engineAvailable(engine))("imports the build's documents once, each as revision 1", async () => {
    const published = await loadPublished(db.database.db);
    expect(published.version).toBe(1);
    expect(published.documents.size).toBe(files.all().size);
    expect(published.documents.get(ABOUT)).toEqual(files.all().get(ABOUT));
    // In the order the file has them, so an export reads like the file imported.
    expect(Object.keys(published.documents.get(ABOUT) as Page)).toEqual(Object.keys(files.all().get(ABOUT) as Page));
    expect(await revisionOf(db, "works/brass-moth.md")).toBe(1);
    // A second process starting, or a restart: nothing imported again.
    expect(await importIfEmpty(db.database.db, files)).toBe(false);
    expect((await loadPublished(db.database.db)).version).toBe(1);
  });

  it.runIf(engineAvailable(engine))(
    "publishes an edit as a new revision, keeps every revision, and restores an old one",
    async () => {
      const before = files.all().get(ABOUT) as Page;
      const edited = { ...before, heading: "About the artist" };
      const summary = await commitChanges(db.database.db, [{ path: ABOUT, data: edited, baseRevision: 1 }], {
        author: "curator@umbra.test",
        action: "publish",
      });
      expect(summary).toEqual({ added: [], changed: [ABOUT], removed: [], version: 2 });
      expect(await aboutHeading(db)).toBe("About the artist");

      const kept = await history(db.database.db, ABOUT);
      expect(kept.map((r) => [r.revision, r.action, r.author])).toEqual([
        [2, "publish", "curator@umbra.test"],
        [1, "import", "first start"],
      ]);

      await restoreRevision(db.database.db, ABOUT, 1, { author: "curator@umbra.test", baseRevision: 2 });
      expect(await aboutHeading(db)).toBe(before.heading);
      expect((await history(db.database.db, ABOUT))[0]).toMatchObject({ revision: 3, action: "restore" });
    },
  );

  it.runIf(engineAvailable(engine))("refuses an invalid document naming it, and writes nothing", async () => {
    const { version } = await loadPublished(db.database.db);
    const broken = { ...(files.all().get(ABOUT) as Page), heading: "" };
    const refused = commitChanges(db.database.db, [{ path: ABOUT, data: broken }], {
      author: "curator@umbra.test",
      action: "publish",
    });
    await expect(refused).rejects.toThrow(ContentError);
    await expect(refused).rejects.toThrow(/database\/pages\/about\.yaml: heading:/);
    expect((await loadPublished(db.database.db)).version).toBe(version);
    expect(await aboutHeading(db)).toBe((files.all().get(ABOUT) as Page).heading);
  });

  it.runIf(engineAvailable(engine))("refuses to delete a work an exhibition shows, naming the exhibition", async () => {
    // The London show's works block lists its works by title.
    const [work] =
      [...files.all()].find(
        ([path, data]) => path.startsWith("works/") && (data as Page).title === "The Bedroom Explorer",
      ) ?? [];
    expect(work).toBeDefined();
    const refused = commitChanges(db.database.db, [{ path: work ?? "", data: null }], {
      author: "curator@umbra.test",
      action: "publish",
    });
    await expect(refused).rejects.toThrow(/database\/exhibitions\/solo-exhibition-london-2024\.yaml: blocks\./);
    expect(await revisionOf(db, work ?? "")).toBe(1);
  });

  it.runIf(engineAvailable(engine))("refuses paths outside the content tree before reading anything", async () => {
    for (const path of [
      "../etc/passwd",
      "works/../../x.md",
      "works/Brass-Moth.md",
      "pages/about.yaml/x",
      "secrets.yaml",
    ])
      await expect(
        commitChanges(db.database.db, [{ path, data: {} }], { author: "x", action: "publish" }),
      ).rejects.toThrow(/not a content document's path/);
  });

  it.runIf(engineAvailable(engine))(
    "of two edits made from the same revision, publishes one and refuses the other",
    async () => {
      const base = (await revisionOf(db, ABOUT)) ?? 0;
      const about = files.all().get(ABOUT) as Page;
      const results = await Promise.allSettled(
        ["From Ada", "From Ben"].map((heading) =>
          commitChanges(db.database.db, [{ path: ABOUT, data: { ...about, heading }, baseRevision: base }], {
            author: heading,
            action: "publish",
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(ContentConflict);
      expect(refused.reason.message).toMatch(/changed by someone else/);
      expect(await revisionOf(db, ABOUT)).toBe(base + 1);
      const winner = (await history(db.database.db, ABOUT))[0];
      expect(await aboutHeading(db)).toBe(winner?.author);
    },
  );

  it.runIf(engineAvailable(engine))("leaves an unchanged document alone: no revision, no new version", async () => {
    const { version, documents } = await loadPublished(db.database.db);
    const rows = await db.database.db.select().from(contentRevisions);
    const summary = await commitChanges(
      db.database.db,
      [...documents].map(([path, data]) => ({ path, data })),
      { author: "import", action: "import", replaceAll: true },
    );
    expect(summary).toEqual({ added: [], changed: [], removed: [], version });
    expect(await db.database.db.select().from(contentRevisions)).toHaveLength(rows.length);
  });

  it.runIf(engineAvailable(engine))(
    "publishes thousands of documents as one change, and removes them as one",
    async () => {
      const { version } = await loadPublished(db.database.db);
      const work = files.all().get("works/brass-moth.md");
      const paths = Array.from({ length: 2_500 }, (_, i) => `works/batch-${String(i).padStart(4, "0")}.md`);
      const added = await commitChanges(
        db.database.db,
        paths.map((path) => ({ path, data: work })),
        { author: "import", action: "import" },
      );
      expect(added.added).toHaveLength(2_500);
      expect(added.version).toBe(version + 1);
      expect((await loadPublished(db.database.db)).documents.size).toBe(files.all().size + 2_500);
      const removed = await commitChanges(
        db.database.db,
        paths.map((path) => ({ path, data: null })),
        { author: "import", action: "import" },
      );
      expect(removed.removed).toHaveLength(2_500);
      expect((await loadPublished(db.database.db)).documents.size).toBe(files.all().size);
      expect((await history(db.database.db, paths[2_499] ?? ""))[0]).toMatchObject({ revision: 2, action: "delete" });
    },
    60_000,
  );

  it.runIf(engineAvailable(engine))("a published change reaches every process's store through NOTIFY", async () => {
    // Two stores on one database: what two processes (or two machines on one PostgreSQL) hold.
    const stores = [new ContentStore(snapshotFrom(files)), new ContentStore(snapshotFrom(files))];
    const syncs = stores.map((store) => new ContentSync(db.database, store));
    await Promise.all(syncs.map((sync) => sync.start()));
    try {
      const about = (await loadPublished(db.database.db)).documents.get(ABOUT) as Page;
      const base = (await revisionOf(db, ABOUT)) ?? 0;
      await commitChanges(db.database.db, [{ path: ABOUT, data: { ...about, heading: "Live" }, baseRevision: base }], {
        author: "curator@umbra.test",
        action: "publish",
      });
      await expect
        .poll(() => stores.map((store) => store.page("about").heading), { timeout: 10_000 })
        .toEqual(["Live", "Live"]);
    } finally {
      await Promise.all(syncs.map((sync) => sync.stop()));
    }
  });
  it.runIf(engineAvailable(engine))(
    "lets the process that published serve its change before it says so (caughtUp)",
    async () => {
      const store = new ContentStore(snapshotFrom(files));
      // No LISTEN delivered here: only caughtUp can bring the change in.
      const sync = new ContentSync({ ...db.database, listen: async () => async () => {} }, store);
      await sync.start();
      try {
        const about = (await loadPublished(db.database.db)).documents.get(ABOUT) as Page;
        const base = (await revisionOf(db, ABOUT)) ?? 0;
        await commitChanges(
          db.database.db,
          [{ path: ABOUT, data: { ...about, heading: "Served" }, baseRevision: base }],
          {
            author: "curator@umbra.test",
            action: "publish",
          },
        );
        expect(store.page("about").heading).not.toBe("Served");
        await sync.caughtUp();
        expect(store.page("about").heading).toBe("Served");
        expect(sync.version).toBe((await loadPublished(db.database.db)).version);
      } finally {
        await sync.stop();
      }
    },
  );
});
