import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitChanges, importIfEmpty, loadPublished } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { pageImages } from "#app/images/page-image-lookup.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "#tests/support/test-database.server.ts";
import { type ConflictAnswer, conflictOnPublish, staleDraftConflict } from "./content-conflict.server.ts";
import { findDraft, publishedRevision } from "./content-drafts.server.ts";
import { type MergeRefusal, type MergeResult, mergeAction } from "./merge-publish.server.ts";

const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const path = "pages/about.yaml";
type About = { heading: string; eyebrow: string; biography: { heading: string; paragraphs: string[] } };

function view(result: MergeResult) {
  if (result instanceof Response)
    throw new Error(`expected the view, got a redirect to ${result.headers.get("Location")}`);
  return { status: result.status, ...(result.body as ConflictAnswer).conflict };
}
function problem(result: MergeResult) {
  if (result instanceof Response) throw new Error("expected a refusal");
  return { status: result.status, message: (result.body as MergeRefusal).mergeProblem };
}

// On PGlite, and on PostgreSQL too when TEST_DATABASE_URL names one.
describe.each(testEngines)("a conflict resolved by field (%s)", (engine) => {
  let db: TestDatabase;
  const about = () => structuredClone(files.all().get(path)) as About;
  const live = async () => (await loadPublished(db.database.db)).documents.get(path) as About;
  const publishAs = async (author: string, change: (value: About) => void) => {
    const value = await live();
    change(value);
    await commitChanges(
      db.database.db,
      [{ path, data: value, baseRevision: await publishedRevision(db.database.db, path) }],
      {
        author,
        action: "publish",
      },
    );
  };
  const merge = (fields: Record<string, string | number>) =>
    mergeAction(db.database.db, {
      path,
      author: "b@umbra.test",
      registry: pageImages,
      entries: Object.entries(fields).map(([name, value]) => [name, String(value)]),
    });

  beforeAll(async () => {
    db = await createTestDatabase(engine);
    await importIfEmpty(db.database.db, files);
  }, 60_000);
  afterAll(async () => db?.destroy());

  it("keeps what was typed as the draft, shows both changes and publishes both edits from the live revision", async () => {
    // B opened revision 1 and changed a paragraph; A published a new heading first.
    const mine = about();
    mine.biography.paragraphs[1] = "A paragraph written in tab B.";
    await publishAs("a@umbra.test", (value) => (value.heading = "About Umbra, from tab A"));
    const shown = await conflictOnPublish(
      db.database.db,
      { path, value: mine, baseRevision: 1, author: "b@umbra.test" },
      pageImages,
    );
    expect(shown?.liveRevision).toBe(2);
    expect(shown?.fields.map((field) => [field.label, field.state])).toEqual([
      ["Heading", "theirs"],
      ["Biography › Paragraphs › 2", "mine"],
    ]);
    expect(shown?.fields[0]?.theirs[0]?.show).toMatchObject({
      as: "values",
      before: { text: "About Umbra" },
      after: { text: "About Umbra, from tab A" },
    });
    const draft = await findDraft(db.database.db, path);
    expect(draft).toMatchObject({ baseRevision: 1, data: mine });
    // Reopened, the page shows the same conflict from the draft.
    const reopened = await staleDraftConflict(db.database.db, path, draft, 2, pageImages);
    expect(reopened?.fields).toHaveLength(2);

    const done = await merge({
      intent: "merge-publish",
      baseRevision: 1,
      liveRevision: 2,
      mine: JSON.stringify(mine),
      draftStamp: shown?.draftStamp ?? "",
    });
    expect((done as Response).headers.get("Location")).toBe(`/admin/content/${path}?published=1`);
    const published = await live();
    expect(published.heading).toBe("About Umbra, from tab A");
    expect(published.biography.paragraphs[1]).toBe("A paragraph written in tab B.");
    expect(await publishedRevision(db.database.db, path)).toBe(3);
    expect(await findDraft(db.database.db, path)).toBeUndefined();

    // The second tab resolving the same conflict is shown the view again, with nothing written.
    const late = view(
      await merge({ intent: "merge-publish", baseRevision: 1, liveRevision: 2, mine: JSON.stringify(mine) }),
    );
    expect(late.status).toBe(409);
    expect(late.problems[0]).toMatch(/published again/);
    expect(late.fields.map((field) => field.state)).toEqual(["theirs", "both"]);
    expect(await publishedRevision(db.database.db, path)).toBe(3);
  });

  it("asks where both changed one field: unchosen is refused, Keep all mine chooses, mine is published", async () => {
    const base = await publishedRevision(db.database.db, path);
    const mine = await live();
    mine.eyebrow = "Eyebrow from B";
    await publishAs("a@umbra.test", (value) => (value.eyebrow = "Eyebrow from A"));
    const posted = { baseRevision: base, liveRevision: base + 1, mine: JSON.stringify(mine) };
    const unchosen = view(await merge({ intent: "merge-publish", ...posted }));
    expect(unchosen.status).toBe(422);
    expect(unchosen.problems[0]).toMatch(/Choose theirs or yours for “Eyebrow”/);
    const allMine = view(await merge({ intent: "merge-all-mine", ...posted }));
    expect(allMine.chosen).toEqual({ eyebrow: "mine" });
    const done = await merge({ intent: "merge-publish", ...posted, "choice:eyebrow": "mine" });
    expect(done).toBeInstanceOf(Response);
    expect((await live()).eyebrow).toBe("Eyebrow from B");
  });

  it("refuses a forged base, a choice for a field not both changed, and malformed input, writing nothing", async () => {
    const now = await publishedRevision(db.database.db, path);
    const mine = JSON.stringify(await live());
    const cases: [Record<string, string | number>, number, RegExp][] = [
      [{ intent: "merge-publish", baseRevision: now, liveRevision: now, mine }, 400, /nothing to merge/],
      [{ intent: "merge-publish", baseRevision: now + 5, liveRevision: now, mine }, 400, /not an earlier revision/],
      [
        { intent: "merge-publish", baseRevision: 1, liveRevision: now, mine, "choice:heading": "mine" },
        400,
        /did not both change/,
      ],
      [
        { intent: "merge-publish", baseRevision: 1, liveRevision: now, mine, "choice:__proto__.x": "mine" },
        400,
        /did not both/,
      ],
      [
        { intent: "merge-publish", baseRevision: 1, liveRevision: now, mine, "choice:heading": "both" },
        400,
        /Keep theirs/,
      ],
      [{ intent: "merge-publish", baseRevision: 1, liveRevision: now, mine: "{not json" }, 400, /could not be read/],
      [{ intent: "merge-publish", baseRevision: 1, liveRevision: now, mine: "[1]" }, 400, /not a document/],
      [{ intent: "merge-publish", baseRevision: "x", liveRevision: now, mine }, 400, /incomplete/],
      [{ intent: "merge-publish", baseRevision: 1, liveRevision: now, mine: "x".repeat(500_000) }, 413, /larger/],
    ];
    for (const [fields, status, message] of cases) {
      const refused = problem(await merge(fields));
      expect([refused.status, refused.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await publishedRevision(db.database.db, path)).toBe(now);
  });

  it("a merge the site refuses shows its problems in the view and keeps everything", async () => {
    const base = await publishedRevision(db.database.db, path);
    const mine = await live();
    mine.heading = "   ";
    await publishAs("a@umbra.test", (value) => (value.eyebrow = "Another eyebrow"));
    const refused = view(
      await merge({ intent: "merge-publish", baseRevision: base, liveRevision: base + 1, mine: JSON.stringify(mine) }),
    );
    expect(refused.status).toBe(422);
    expect(refused.problems.join(" ")).toMatch(/cannot take this merge.*heading/);
    expect(JSON.parse(refused.mine).heading).toBe("   ");
    expect(await publishedRevision(db.database.db, path)).toBe(base + 1);
  });
});
