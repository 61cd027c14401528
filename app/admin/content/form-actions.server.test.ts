import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importIfEmpty, loadPublished } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "#tests/support/test-database.server.ts";
import { findDraft, publishedRevision, saveDraft } from "./content-drafts.server.ts";
import { type FormAnswer, formAction, formSpecFor, markdownPreviews } from "./form-actions.server.ts";
import { fieldProblems } from "./form-errors.ts";

const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const author = "curator@umbra.test";

/** A form as the page posts it for a value: the names of form-values.server.ts. */
function formFor(value: Record<string, unknown>, extra: [string, string][] = []): Map<string, string[]> {
  const entries: [string, string][] = [];
  function add(at: string, item: unknown) {
    if (Array.isArray(item)) {
      if (at) entries.push(["_keep", at]);
      item.forEach((inner, index) => {
        const name = at ? `${at}.${index}` : String(index);
        entries.push(["_item", name]);
        add(name, inner);
      });
    } else if (item !== null && typeof item === "object") {
      if (at) entries.push(["_keep", at]);
      for (const [key, inner] of Object.entries(item)) add(at ? `${at}.${key}` : key, inner);
    } else if (item === true) entries.push([at, "on"]);
    else if (item !== false) entries.push([at, String(item ?? "")]);
  }
  add("", value);
  const map = new Map<string, string[]>();
  for (const [name, v] of [...entries, ...extra]) map.set(name, [...(map.get(name) ?? []), v]);
  return map;
}

function body(result: Awaited<ReturnType<typeof formAction>>): FormAnswer["form"] & { status: number } {
  if (result instanceof Response)
    throw new Error(`expected the form back, got a redirect to ${result.headers.get("Location")}`);
  return { ...result.body.form, status: result.status };
}

// On PGlite, and on PostgreSQL too when TEST_DATABASE_URL names one.
describe.each(testEngines)("the editor's form: publish, drafts and refusals (%s)", (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    await importIfEmpty(db.database.db, files);
  }, 60_000);
  afterAll(async () => db?.destroy());

  const about = () => files.all().get("pages/about.yaml") as Record<string, unknown>;
  const run = (path: string, form: Map<string, string[]>, intent: string, baseRevision = 1) =>
    formAction(db.database.db, {
      path,
      form,
      intent,
      baseRevision,
      author,
      fieldCount: [...form.values()].flat().length,
    });

  it("publishing the untouched form publishes nothing", async () => {
    const before = await loadPublished(db.database.db);
    const result = await run("pages/about.yaml", formFor(about()), "form-publish");
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/admin/content/pages/about.yaml?unchanged=1");
    expect((await loadPublished(db.database.db)).version).toBe(before.version);
  });

  it("an invalid value is refused with its problem beside the field, and everything typed kept", async () => {
    const typed = { ...about(), heading: "  ", eyebrow: "Kept words" };
    const answer = body(await run("pages/about.yaml", formFor(typed), "form-publish"));
    expect(answer.status).toBe(422);
    expect(answer.errors.heading).toMatch(/non-empty/);
    expect(answer.value).toMatchObject({ heading: "  ", eyebrow: "Kept words" });
    expect(await publishedRevision(db.database.db, "pages/about.yaml")).toBe(1);
  });

  it("saves a draft (even an invalid one), and publishing it from an older revision is refused with the draft kept", async () => {
    const draft = { ...about(), heading: "About the artist, drafted" };
    const saved = await run("pages/about.yaml", formFor(draft), "save-draft");
    expect((saved as Response).headers.get("Location")).toBe("/admin/content/pages/about.yaml?saved=1");
    expect((await findDraft(db.database.db, "pages/about.yaml"))?.data).toMatchObject({
      heading: "About the artist, drafted",
    });
    // Someone publishes About first.
    const other = await run("pages/about.yaml", formFor({ ...about(), eyebrow: "Someone else" }), "form-publish");
    expect((other as Response).headers.get("Location")).toContain("published=1");
    const conflict = body(await run("pages/about.yaml", formFor(draft), "form-publish", 1));
    expect(conflict.status).toBe(409);
    expect(conflict.problems[0]).toMatch(/changed by someone else/);
    expect(conflict.value).toMatchObject({ heading: "About the artist, drafted" });
    expect(await findDraft(db.database.db, "pages/about.yaml")).toBeDefined();
    // Published from the current revision, it goes live and the draft is gone.
    const published = await run("pages/about.yaml", formFor(draft), "form-publish", 2);
    expect((published as Response).headers.get("Location")).toContain("published=1");
    expect((await loadPublished(db.database.db)).documents.get("pages/about.yaml")).toMatchObject({
      heading: "About the artist, drafted",
    });
    expect(await findDraft(db.database.db, "pages/about.yaml")).toBeUndefined();
  });

  it("discards a draft", async () => {
    await saveDraft(db.database.db, { path: "pages/merch.yaml", data: { title: "x" }, baseRevision: 1, author });
    const result = await run("pages/merch.yaml", new Map([["title", ["x"]]]), "discard-draft");
    expect((result as Response).headers.get("Location")).toContain("discarded=1");
    expect(await findDraft(db.database.db, "pages/merch.yaml")).toBeUndefined();
  });

  it("refuses a draft for a path outside the content tree, an oversized document and a flood of fields", async () => {
    await expect(
      saveDraft(db.database.db, { path: "../package.json", data: {}, baseRevision: 0, author }),
    ).rejects.toThrow(/not a content document's path/);
    expect(body(await run("../package.json", new Map(), "save-draft")).status).toBe(400);
    const huge = body(
      await run("pages/merch.yaml", formFor({ ...about(), heading: "x".repeat(300_000) }), "save-draft"),
    );
    expect(huge.status).toBe(413);
    expect(huge.problems[0]).toMatch(/at most 200000/);
    const flood = formFor(files.all().get("pages/merch.yaml") as Record<string, unknown>);
    const answer = body(
      await formAction(db.database.db, {
        path: "pages/merch.yaml",
        form: flood,
        intent: "save-draft",
        baseRevision: 1,
        author,
        fieldCount: 10_001,
      }),
    );
    expect(answer.status).toBe(413);
    expect(await findDraft(db.database.db, "pages/merch.yaml")).toBeUndefined();
  });

  it("adds an exhibition block of a chosen type and redraws the form without publishing", async () => {
    const path = "exhibitions/art-basel-miami-2023.yaml";
    const exhibition = files.all().get(path) as { blocks: unknown[] };
    const answer = body(await run(path, formFor(exhibition, [["_new.blocks", "quote"]]), "add:blocks"));
    expect((answer.value as { blocks: unknown[] }).blocks.at(-1)).toEqual({ type: "quote", text: "" });
    expect(await publishedRevision(db.database.db, path)).toBe(1);
  });

  it("refuses to save or publish an address of an uploaded file the site no longer stores, and saves it once stored", async () => {
    const path = "exhibitions/residency-in-the-amazon-peru-2025.yaml";
    const exhibition = files.all().get(path) as { blocks: Array<Record<string, unknown>> };
    const sha256 = "ab".repeat(32);
    const address = `/files/u/${sha256.slice(0, 16)}/field-recording.m4a`;
    const blocks = exhibition.blocks.map((block) => (block.type === "audio" ? { ...block, src: address } : block));
    const form = formFor({ ...exhibition, blocks });
    for (const intent of ["save-draft", "form-publish"]) {
      const refused = body(await run(path, form, intent));
      expect(refused.status).toBe(422);
      expect(refused.problems).toEqual([
        `This uploaded file is no longer stored: ${address}. Uploads that nothing saved names are removed after a day; upload it again, then save.`,
      ]);
    }
    expect(await findDraft(db.database.db, path)).toBeUndefined();
    expect(await publishedRevision(db.database.db, path)).toBe(1);

    await db.database.db.insert(exhibitionFiles).values({
      shortHash: sha256.slice(0, 16),
      sha256,
      kind: "audio",
      mime: "audio/mp4",
      ext: "m4a",
      bytes: 1234,
      uploadedBy: author,
    });
    const saved = await run(path, form, "save-draft");
    expect((saved as Response).headers.get("Location")).toContain("saved=1");
    expect(JSON.stringify((await findDraft(db.database.db, path))?.data)).toContain(address);
  });

  it("discarding the draft of a work never published goes back to the list, saying so; of a published one, stays", async () => {
    const path = "works/never-published.md";
    const work = { ...(files.all().get("works/brass-moth.md") as Record<string, unknown>), title: "Never Published" };
    await saveDraft(db.database.db, { path, data: work, baseRevision: 0, author });
    const discarded = await run(path, formFor(work), "discard-draft", 0);
    expect((discarded as Response).headers.get("Location")).toBe(
      `/admin/content?discarded=${encodeURIComponent(path)}`,
    );
    expect(await findDraft(db.database.db, path)).toBeUndefined();
    const page = "pages/about.yaml";
    await saveDraft(db.database.db, { path: page, data: about(), baseRevision: 1, author });
    const kept = await run(page, formFor(about()), "discard-draft");
    expect((kept as Response).headers.get("Location")).toBe(`/admin/content/${page}?discarded=1`);
  });

  it("duplicates a work as a hidden draft with the next artwork id", async () => {
    const work = files.all().get("works/brass-moth.md") as Record<string, unknown>;
    const result = await run("works/brass-moth.md", formFor(work), "duplicate");
    expect((result as Response).headers.get("Location")).toBe("/admin/content/works/brass-moth-copy.md?saved=1");
    const draft = await findDraft(db.database.db, "works/brass-moth-copy.md");
    const ids = [...files.all()]
      .filter(([p]) => p.startsWith("works/"))
      .map(([, d]) => (d as { artwork_id: number }).artwork_id);
    expect(draft?.data).toMatchObject({ title: "Brass Moth (copy)", hidden: true, artwork_id: Math.max(...ids) + 1 });
    expect(draft?.baseRevision).toBe(0);
  });

  it("publishing further edits of the draft the form was drawn from drops that draft, not one saved since", async () => {
    const db_ = db.database.db;
    const path = "pages/quotes.yaml";
    const quotes = files.all().get(path) as Record<string, unknown>;
    await saveDraft(db_, { path, data: { ...quotes, heading: "Drafted" }, baseRevision: 1, author });
    const drawnFrom = (await findDraft(db_, path))?.updatedAt.toISOString();
    const published = await formAction(db_, {
      path,
      form: formFor({ ...quotes, heading: "Drafted, then edited" }),
      intent: "form-publish",
      baseRevision: 1,
      author,
      fieldCount: 20,
      draftStamp: drawnFrom,
    });
    expect((published as Response).headers.get("Location")).toContain("published=1");
    expect(await findDraft(db_, path)).toBeUndefined();
    // Someone saves a new draft; a publish drawn from the old one leaves it.
    await saveDraft(db_, {
      path,
      data: { ...quotes, heading: "Someone's draft" },
      baseRevision: 2,
      author: "other@umbra.test",
    });
    await formAction(db_, {
      path,
      form: formFor({ ...quotes, heading: "Mine" }),
      intent: "form-publish",
      baseRevision: 2,
      author,
      fieldCount: 20,
      draftStamp: drawnFrom,
    });
    expect((await findDraft(db_, path))?.data).toMatchObject({ heading: "Someone's draft" });
  });

  it("a Markdown body's preview is the public page's sanitised HTML", () => {
    const spec = formSpecFor("articles/the-boy-and-the-plant.md");
    if (!spec) throw new Error("no article form");
    const previews = markdownPreviews(spec, {
      body: 'A *plant* <script>alert(1)</script> <a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)>',
    });
    expect(previews.body).toContain("<em>plant</em>");
    expect(previews.body).not.toMatch(/<script|javascript:|onerror/i);
  });

  it("every document's form description is the same object for its folder", () => {
    expect(formSpecFor("works/brass-moth.md")).toBe(formSpecFor("works/cicada-psalm.md"));
    expect(formSpecFor("../x")).toBeUndefined();
  });
});

describe("problems by field", () => {
  it("splits a ContentError's lines into this document's fields and the rest", () => {
    const message = [
      'database/exhibitions/x.yaml: blocks.3.paragraphs.0: must not be empty (got "")',
      "database/exhibitions/x.yaml: blocks.3.paragraphs.0: must be text",
      'database/exhibitions/x.yaml: (file): Unrecognized key: "extra"',
      'database/pages/art.yaml: share_work: "gone" is not a work',
    ].join("\n");
    expect(fieldProblems(message, "exhibitions/x.yaml")).toEqual({
      byField: { "blocks.3.paragraphs.0": 'must not be empty (got ""); must be text' },
      other: ['(file): Unrecognized key: "extra"', 'pages/art.yaml: share_work: "gone" is not a work'],
    });
  });
});
