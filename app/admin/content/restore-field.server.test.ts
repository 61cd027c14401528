import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentConflict, commitChanges, importIfEmpty } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { contentDocuments } from "#app/db/content-schema.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { restoreField, restoreFieldAction } from "./restore-field.server.ts";

const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const author = "curator@umbra.test";
const path = "pages/about.yaml";
type About = { heading: string; biography: { heading: string; paragraphs: string[] } };

describe("restoring one field of an earlier revision", () => {
  let db: TestDatabase;
  const live = async () => {
    const [row] = await db.database.db.select().from(contentDocuments).where(eq(contentDocuments.path, path));
    return { data: row?.data as About, revision: row?.revision ?? 0 };
  };
  const publish = async (edit: (about: About) => void) => {
    const { data, revision } = await live();
    const next = structuredClone(data);
    edit(next);
    await commitChanges(db.database.db, [{ path, data: next, baseRevision: revision }], { author, action: "publish" });
  };

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await importIfEmpty(db.database.db, files);
    // Revision 2 changes the heading and the biography; revision 3 the heading again.
    await publish((about) => {
      about.heading = "About the artist";
      about.biography.paragraphs[0] = "A new first paragraph.";
    });
    await publish((about) => {
      about.heading = "Umbra, in short";
    });
  }, 60_000);
  afterAll(async () => db?.destroy());

  it("publishes the live document with only that field set back, as a new revision", async () => {
    const restored = await restoreField(
      db.database.db,
      path,
      { intent: "restore-field", revision: 1, baseRevision: 3, field: "changed:heading" },
      author,
    );
    expect(restored.label).toBe("Heading");
    const after = await live();
    expect(after.revision).toBe(4);
    expect(after.data.heading).toBe("About Umbra");
    // Revision 2's other change stays.
    expect(after.data.biography.paragraphs[0]).toBe("A new first paragraph.");
  });

  it("restores a paragraph of a list by its place", async () => {
    const answer = await restoreFieldAction(
      db.database.db,
      path,
      { intent: "restore-field", revision: "1", baseRevision: "4", field: "changed:biography.paragraphs.0" },
      author,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(
      `/admin/content/${path}?published=1&revision=1&field-restored=Biography%20%E2%80%BA%20Paragraphs%20%E2%80%BA%201`,
    );
    const after = await live();
    expect(after.revision).toBe(5);
    expect(after.data.biography.paragraphs[0]).toMatch(/^Umbra is an anonymous Australian artist/);
  });

  it("refuses a restore made from a live revision that has moved on, and writes nothing", async () => {
    await expect(
      restoreField(
        db.database.db,
        path,
        { intent: "restore-field", revision: 2, baseRevision: 3, field: "changed:heading" },
        author,
      ),
    ).rejects.toBeInstanceOf(ContentConflict);
    const answer = await restoreFieldAction(
      db.database.db,
      path,
      { intent: "restore-field", revision: "2", baseRevision: "3", field: "changed:heading" },
      author,
    );
    expect(answer).toMatchObject({
      status: 409,
      body: { restoreProblem: expect.stringMatching(/Nothing was restored/) },
    });
    expect((await live()).revision).toBe(5);
  });

  it("answers a forged, oversized or empty field name, or a field that does not differ, with a sentence and writes nothing", async () => {
    const attempt = (field: string, revision = "2") =>
      restoreFieldAction(db.database.db, path, { intent: "restore-field", revision, baseRevision: "5", field }, author);
    expect(await attempt("changed:../../site.yaml")).toMatchObject({
      status: 400,
      body: { restoreProblem: "That is not a field of this document." },
    });
    expect(await attempt(`changed:${"a.".repeat(200)}a`)).toMatchObject({ status: 400 });
    expect(await attempt("")).toMatchObject({ status: 400 });
    expect(await attempt("changed:nothing.here")).toMatchObject({
      status: 422,
      body: { restoreProblem: expect.stringMatching(/nothing to restore/) },
    });
    expect(await attempt("changed:__proto__")).toMatchObject({ status: 422 });
    expect(await attempt("changed:heading", "99")).toMatchObject({ status: 404 });
    expect((await live()).revision).toBe(5);
  });
});
