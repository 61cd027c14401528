import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { ContentError, contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { contentRevisions } from "#app/db/content-schema.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "#tests/support/test-database.server.ts";
import { ContentConflict, commitChanges, history, importIfEmpty, loadPublished } from "./content-documents.server.ts";
import {
  findInTrash,
  listTrash,
  NotInTrash,
  purgeExpiredTrash,
  restoreFromTrash,
  TRASH_RETENTION_DAYS,
} from "./content-trash.server.ts";

const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const author = "curator@umbra.test";
const DAY_MS = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

// On PGlite, and on PostgreSQL too when TEST_DATABASE_URL names one.
describe.each(testEngines)("the Trash (%s)", (engine) => {
  let db: TestDatabase;
  const conn = () => db.database.db;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    await importIfEmpty(db.database.db, files);
  }, 60_000);
  afterAll(async () => db?.destroy());

  async function remove(path: string, who = author) {
    const [live] = await history(conn(), path, 1);
    await commitChanges(conn(), [{ path, data: null, baseRevision: live?.revision ?? 0 }], {
      author: who,
      action: "publish",
    });
  }
  async function edit(path: string, title: string) {
    const published = await loadPublished(conn());
    const [live] = await history(conn(), path, 1);
    const data = { ...(published.documents.get(path) as Record<string, unknown>), title };
    await commitChanges(conn(), [{ path, data, baseRevision: live?.revision ?? 0 }], { author, action: "publish" });
  }

  it("lists a deleted document with its last content, who deleted it and when it leaves", async () => {
    const path = "works/a-door-in-the-canopy.md";
    await edit(path, "A Door in the Canopy, edited");
    await remove(path, "ada@umbra.test");
    const [item, ...rest] = await listTrash(conn());
    expect(rest).toHaveLength(0);
    expect(item).toMatchObject({ path, revision: 3, deletedBy: "ada@umbra.test" });
    expect((item?.data as { title?: string } | undefined)?.title).toBe("A Door in the Canopy, edited");
    expect(item?.expiresAt.getTime()).toBe((item?.deletedAt.getTime() ?? 0) + TRASH_RETENTION_DAYS * DAY_MS);
    expect((await loadPublished(conn())).documents.has(path)).toBe(false);
  });

  it("restores it as a new revision with its whole history, and it leaves the Trash", async () => {
    const path = "works/a-door-in-the-canopy.md";
    const summary = await restoreFromTrash(conn(), path, author);
    expect(summary.added).toEqual([path]);
    expect(((await loadPublished(conn())).documents.get(path) as { title: string }).title).toBe(
      "A Door in the Canopy, edited",
    );
    const kept = await history(conn(), path);
    expect(kept.map((revision) => [revision.revision, revision.action])).toEqual([
      [4, "restore"],
      [3, "delete"],
      [2, "publish"],
      [1, "import"],
    ]);
    expect(await findInTrash(conn(), path)).toBeUndefined();
    // An editor's next publish goes on from the restored revision.
    await edit(path, "A Door in the Canopy");
    expect((await history(conn(), path, 1))[0]?.revision).toBe(5);
  });

  it("refuses what is not in the Trash, saying so, and changes nothing", async () => {
    const before = (await loadPublished(conn())).version;
    for (const path of ["works/brass-moth.md", "works/never-was.md", "../package.json", "pages/about.yaml"])
      await expect(restoreFromTrash(conn(), path, author)).rejects.toBeInstanceOf(NotInTrash);
    expect((await loadPublished(conn())).version).toBe(before);
  });

  it("of two restores at once, one wins and the other is told, with one new revision", async () => {
    const path = "works/cicada-psalm.md";
    await remove(path);
    const results = await Promise.allSettled([
      restoreFromTrash(conn(), path, author),
      restoreFromTrash(conn(), path, "second@umbra.test"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason instanceof ContentConflict || refused.reason instanceof NotInTrash).toBe(true);
    expect((await history(conn(), path)).map((revision) => revision.action)).toEqual(["restore", "delete", "import"]);
  });

  it("refuses a restore the site would refuse now, keeping it in the Trash", async () => {
    // The exhibition names this work by title: with the exhibition gone the work may go, and
    // then the exhibition cannot come back without it.
    const exhibition = "exhibitions/solo-exhibition-london-2024.yaml";
    const work = "works/the-underworld.md";
    await remove(exhibition);
    await remove(work);
    const before = (await loadPublished(conn())).version;
    const refused = await restoreFromTrash(conn(), exhibition, author).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentError);
    expect(String((refused as Error).message)).toMatch(/the underworld/i);
    expect((await loadPublished(conn())).version).toBe(before);
    expect(await findInTrash(conn(), exhibition)).toBeDefined();
    // In the right order both come back.
    await restoreFromTrash(conn(), work, author);
    await restoreFromTrash(conn(), exhibition, author);
    expect(await listTrash(conn())).toEqual([]);
  });

  it("after its time a deleted document leaves the Trash, and the upkeep removes its revisions", async () => {
    const old = "articles/the-boy-and-the-plant.md";
    const young = "interviews/fabuk-magazine-the-secrets-show.md";
    await remove(old);
    await remove(young);
    // The old one was deleted 31 days ago.
    await conn()
      .update(contentRevisions)
      .set({ createdAt: later(-TRASH_RETENTION_DAYS - 1) })
      .where(sql`${contentRevisions.path} = ${old} and ${contentRevisions.action} = 'delete'`);
    expect((await listTrash(conn())).map((item) => item.path)).toEqual([young]);
    await expect(restoreFromTrash(conn(), old, author)).rejects.toBeInstanceOf(NotInTrash);
    // Still listed a day before its time; gone the day after.
    expect(await findInTrash(conn(), young, later(TRASH_RETENTION_DAYS - 1))).toBeDefined();
    expect(await findInTrash(conn(), young, later(TRASH_RETENTION_DAYS + 1))).toBeUndefined();

    expect(await purgeExpiredTrash(conn())).toEqual({ documents: 1 });
    expect(await history(conn(), old)).toEqual([]);
    expect(await history(conn(), young)).toHaveLength(2);
    // A published document's history is never touched, however old.
    expect(await history(conn(), "pages/about.yaml")).toHaveLength(1);
    expect(await purgeExpiredTrash(conn())).toEqual({ documents: 0 });
  });
});
