import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentConflict, importIfEmpty, loadPublished } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { ContentError, contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { listDocuments, MAX_DOCUMENT_TEXT, openDocument, publishDocumentText } from "./content-editing.server.ts";

const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const author = "curator@umbra.test";

describe("the studio's content editor", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await importIfEmpty(db.database.db, files);
  }, 60_000);
  afterAll(async () => db?.destroy());

  it("lists every document with a readable label", async () => {
    const listed = await listDocuments(db.database.db);
    expect(listed).toHaveLength(files.all().size);
    expect(listed.find((d) => d.path === "works/brass-moth.md")?.label).toBe("Brass Moth");
    expect(listed.find((d) => d.path === "pages/about.yaml")?.label).toBe("About");
  });

  it("opens a document as its file's text, and nothing outside the content tree", async () => {
    const about = await openDocument(db.database.db, "pages/about.yaml");
    expect(about?.text).toContain("heading: About Umbra");
    // Its keys in the file's order: the title first, as content/pages/about.yaml has it.
    expect(about?.text.startsWith("title: About\n")).toBe(true);
    expect(about?.revision).toBe(1);
    for (const path of ["../package.json", "pages/missing.yaml", "site.yaml/x", ""])
      expect(await openDocument(db.database.db, path)).toBeUndefined();
  });

  it("publishes edited text, a browser's CRLF line endings included", async () => {
    const about = await openDocument(db.database.db, "pages/about.yaml");
    const text = (about?.text ?? "")
      .replace("heading: About Umbra", "heading: About the artist")
      .replaceAll("\n", "\r\n");
    await publishDocumentText(db.database.db, { path: "pages/about.yaml", text, baseRevision: 1, author });
    const published = (await loadPublished(db.database.db)).documents.get("pages/about.yaml") as { heading: string };
    expect(published.heading).toBe("About the artist");
  });

  it("publishes a Markdown document's body as its description", async () => {
    const work = await openDocument(db.database.db, "works/brass-moth.md");
    const text = `${work?.text.trimEnd()}\n\nA new last paragraph.\n`;
    await publishDocumentText(db.database.db, { path: "works/brass-moth.md", text, baseRevision: 1, author });
    const published = (await loadPublished(db.database.db)).documents.get("works/brass-moth.md") as {
      description: string;
    };
    expect(published.description.endsWith("A new last paragraph.")).toBe(true);
  });

  it("refuses broken YAML naming the line, a bad field naming it, and writes nothing", async () => {
    const before = await loadPublished(db.database.db);
    const about = await openDocument(db.database.db, "pages/about.yaml");
    const base = about?.revision ?? 0;
    await expect(
      publishDocumentText(db.database.db, {
        path: "pages/about.yaml",
        text: "title: [unclosed\n",
        baseRevision: base,
        author,
      }),
    ).rejects.toThrow(/pages\/about\.yaml line \d+/);
    await expect(
      publishDocumentText(db.database.db, {
        path: "pages/about.yaml",
        text: (about?.text ?? "").replace(/^heading: .*$/m, 'heading: ""'),
        baseRevision: base,
        author,
      }),
    ).rejects.toThrow(/database\/pages\/about\.yaml: heading:/);
    expect((await loadPublished(db.database.db)).version).toBe(before.version);
  });

  it("refuses an edit made from an older revision", async () => {
    const about = await openDocument(db.database.db, "pages/about.yaml");
    await expect(
      publishDocumentText(db.database.db, {
        path: "pages/about.yaml",
        text: about?.text ?? "",
        baseRevision: 1,
        author,
      }),
    ).rejects.toThrow(ContentConflict);
  });

  it("refuses an oversized text and a forged path before reading them", async () => {
    await expect(
      publishDocumentText(db.database.db, {
        path: "pages/about.yaml",
        text: "x".repeat(MAX_DOCUMENT_TEXT + 1),
        baseRevision: 2,
        author,
      }),
    ).rejects.toThrow(ContentError);
    await expect(
      publishDocumentText(db.database.db, { path: "../../etc/passwd", text: "a: 1", baseRevision: 0, author }),
    ).rejects.toThrow(/not a content document's path/);
  });

  it("refuses an alias bomb with a content error naming the document, not a crash (issue 42)", async () => {
    const bomb = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
      .concat(
        ["b", "c", "d", "e", "f", "g"].map(
          (name, i) => `${name}: &${name} [${Array(9).fill(`*${"abcdefg"[i]}`).join(", ")}]`,
        ),
      )
      .join("\n");
    const refusal = publishDocumentText(db.database.db, {
      path: "pages/about.yaml",
      text: bomb,
      baseRevision: 2,
      author,
    });
    await expect(refusal).rejects.toThrow(ContentError);
    await expect(refusal).rejects.toThrow(
      /^pages\/about\.yaml: uses aliases \(\*name\) for more than a content file needs/,
    );
  });
});
