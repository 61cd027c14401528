import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importIfEmpty, loadPublished } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { snapshotFrom } from "#app/content/content-snapshot.server.ts";
import { ContentStore } from "#app/content/content-store.server.ts";
import { ContentSync } from "#app/content/content-sync.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import {
  ImageConflict,
  type InspectedOriginal,
  imageHistory,
  loadUploadedOriginals,
  restoreImageRevision,
  setImageOriginal,
} from "./image-originals.server.ts";
import { UploadedOriginals } from "./uploaded-originals.ts";

const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const WORK = { collection: "artworks", name: "brass-moth" };

function original(hex: string, width = 1600): InspectedOriginal {
  return { sha256: hex.repeat(64), format: "png", width, height: 1000, placeholder: `url("${hex}")` };
}

describe.each(allTestEngines)("which original each image shows (%s)", (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    if (!engineAvailable(engine)) return;
    db = await createTestDatabase(engine);
    await importIfEmpty(db.database.db, files);
  }, 60_000);
  afterAll(async () => db?.destroy());

  it.runIf(engineAvailable(engine))(
    "replaces an image's original, keeps every one with who and when, and restores an earlier one",
    async () => {
      const app = db.database.db;
      const first = await setImageOriginal(app, {
        ...WORK,
        original: original("a"),
        author: "a@umbra.test",
        action: "upload",
      });
      const second = await setImageOriginal(app, {
        ...WORK,
        original: original("b", 2400),
        author: "b@umbra.test",
        action: "upload",
        baseRevision: first.revision,
      });
      expect([first.revision, second.revision]).toEqual([1, 2]);
      // Each change is a new content version: that is what tells every process.
      expect(second.version).toBe(first.version + 1);
      expect((await loadPublished(app)).version).toBe(second.version);
      expect(await loadUploadedOriginals(app)).toEqual([
        expect.objectContaining({ ...WORK, sha256: "b".repeat(64), width: 2400, version: "b".repeat(10) }),
      ]);

      await restoreImageRevision(app, { ...WORK, revision: 1, author: "c@umbra.test", baseRevision: 2 });
      const history = await imageHistory(app, WORK.collection, WORK.name);
      expect(history.map((entry) => [entry.revision, entry.action, entry.author, entry.sha256[0]])).toEqual([
        [3, "restore", "c@umbra.test", "a"],
        [2, "upload", "b@umbra.test", "b"],
        [1, "upload", "a@umbra.test", "a"],
      ]);
      expect((await loadUploadedOriginals(app))[0]?.sha256).toBe("a".repeat(64));
    },
  );

  it.runIf(engineAvailable(engine))(
    "refuses a change made over someone else's and writes nothing; the same bytes again change nothing",
    async () => {
      const app = db.database.db;
      const before = await loadPublished(app);
      await expect(
        setImageOriginal(app, {
          ...WORK,
          original: original("c"),
          author: "late@umbra.test",
          action: "upload",
          baseRevision: 1,
        }),
      ).rejects.toBeInstanceOf(ImageConflict);
      const same = await setImageOriginal(app, {
        ...WORK,
        original: original("a"),
        author: "x@umbra.test",
        action: "upload",
      });
      expect(same.changed).toBe(false);
      expect((await loadPublished(app)).version).toBe(before.version);
      expect(await imageHistory(app, WORK.collection, WORK.name)).toHaveLength(3);
    },
  );

  it.runIf(engineAvailable(engine))(
    "two concurrent replaces from the same screen: one wins, one is refused",
    async () => {
      const app = db.database.db;
      const [base] = await imageHistory(app, WORK.collection, WORK.name, 1);
      const outcomes = await Promise.allSettled(
        ["d", "e"].map((hex) =>
          setImageOriginal(app, {
            ...WORK,
            original: original(hex),
            author: hex,
            action: "upload",
            baseRevision: base?.revision,
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === "rejected");
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(ImageConflict);
      const [current] = await loadUploadedOriginals(app);
      const [latest] = await imageHistory(app, WORK.collection, WORK.name, 1);
      // The mapping and the newest kept revision agree: nothing half-written.
      expect(current?.sha256).toBe(latest?.sha256);
      expect(["d".repeat(64), "e".repeat(64)]).toContain(current?.sha256);
    },
  );

  it.runIf(engineAvailable(engine))("a replaced image reaches every process's view through NOTIFY", async () => {
    const views = [new UploadedOriginals(), new UploadedOriginals()];
    const syncs = views.map(
      (view) =>
        new ContentSync(db.database, new ContentStore(snapshotFrom(files)), {
          alsoLoad: async (app) => {
            view.replace(await loadUploadedOriginals(app));
            return { matchesBuild: view.all().length === 0 };
          },
        }),
    );
    await Promise.all(syncs.map((sync) => sync.start()));
    try {
      await setImageOriginal(db.database.db, { ...WORK, original: original("f"), author: "f", action: "upload" });
      await expect
        .poll(() => views.map((view) => view.get(WORK.collection, WORK.name)?.version), { timeout: 10_000 })
        .toEqual(["f".repeat(10), "f".repeat(10)]);
    } finally {
      await Promise.all(syncs.map((sync) => sync.stop()));
    }
  });
});
