import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { commitChanges, importIfEmpty, loadPublished } from "#app/content/content-documents.server.ts";
import { documentsFingerprint } from "#app/content/content-fingerprint.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { snapshotFrom } from "#app/content/content-snapshot.server.ts";
import { ContentStore } from "#app/content/content-store.server.ts";
import { ContentSync } from "#app/content/content-sync.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { type BuildCataloguePdf, CataloguePdfRebuilds } from "./catalogue-pdf-rebuilds.ts";
import { cataloguePdfTarget } from "./catalogue-pdf-target.ts";

// The repository's content, as the build bundles it and the database starts from.
const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const EXHIBITION = "exhibitions/solo-exhibition-london-2024.yaml";
type Doc = Record<string, unknown>;

/**
 * A printer standing in for the child process (its own test is the browser spec): writes a
 * file naming the works the job prints, as the child does (temporary file, then rename), can
 * be held until released, and can fail.
 */
function testPrinter() {
  const printed: string[][] = [];
  let hold: Promise<void> | undefined;
  let release = () => {};
  let failWith: string | undefined;
  const print: BuildCataloguePdf = async (target, out) => {
    printed.push(target.job.content.works.map((work) => work.title));
    if (hold) await hold;
    if (failWith) throw new Error(failWith);
    fs.writeFileSync(`${out}.tmp`, `%PDF-1.7\n${target.job.content.works.map((w) => w.title).join("\n")}\n`);
    fs.renameSync(`${out}.tmp`, out);
  };
  return {
    print,
    printed,
    holdNext() {
      hold = new Promise((resolve) => {
        release = () => {
          hold = undefined;
          resolve();
        };
      });
    },
    release: () => release(),
    fail(reason: string | undefined) {
      failWith = reason;
    },
  };
}

describe("catalogue PDF rebuilds on published content (PGlite)", () => {
  let db: TestDatabase;
  let dir: string;
  let buildCopy: string;
  let store: ContentStore;
  let sync: ContentSync;
  let printer: ReturnType<typeof testPrinter>;
  let rebuilds: CataloguePdfRebuilds;

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await importIfEmpty(db.database.db, files);
  }, 60_000);
  afterAll(async () => db?.destroy());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-pdf-rebuilds-"));
    buildCopy = path.join(dir, "build-copy.pdf");
    fs.writeFileSync(buildCopy, "%PDF-1.7\nthe build's copy\n");
    printer = testPrinter();
    rebuilds = new CataloguePdfRebuilds({ dir: path.join(dir, "files"), buildCopy, build: printer.print, pollMs: 50 });
    store = new ContentStore(snapshotFrom(files));
    sync = new ContentSync(db.database, store, {
      buildFingerprint: documentsFingerprint(files.all()),
      onReload: () =>
        rebuilds.want(
          cataloguePdfTarget(store.snapshot(), () => undefined),
          sync.servesBuild,
        ),
    });
    await sync.start();
  });
  afterEach(async () => {
    await sync.stop();
    rebuilds.stop();
    await rebuilds.settled();
    // Back to the files' content for the next test.
    await commitChanges(
      db.database.db,
      [...files.all()].map(([p, data]) => ({ path: p, data })),
      {
        author: "test",
        action: "import",
        replaceAll: true,
      },
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function publish(change: (docs: Map<string, unknown>) => { path: string; data: unknown }[]) {
    const { documents } = await loadPublished(db.database.db);
    await commitChanges(db.database.db, change(documents), { author: "curator@umbra.test", action: "publish" });
    await sync.caughtUp();
  }

  /** Renames a printed work: its record and the exhibition's works block, in one publish. */
  const retitle = (from: string, to: string) =>
    publish((docs) => {
      const workPath = [...docs].find(([p, d]) => p.startsWith("works/") && (d as Doc).title === from)?.[0];
      if (!workPath) throw new Error(`no work titled ${from}`);
      const exhibition = structuredClone(docs.get(EXHIBITION)) as { blocks: { type: string; works?: string[] }[] };
      for (const block of exhibition.blocks)
        if (block.type === "works") block.works = block.works?.map((t) => (t === from ? to : t));
      return [
        { path: workPath, data: { ...(docs.get(workPath) as Doc), title: to } },
        { path: EXHIBITION, data: exhibition },
      ];
    });

  const servedText = () => fs.readFileSync(rebuilds.served()?.file ?? "", "utf8");

  it("serves the build's copy for the build's content, and prints nothing for an edit the PDF does not print", async () => {
    expect(rebuilds.served()?.file).toBe(buildCopy);
    await publish((docs) => [{ path: "pages/home.yaml", data: { ...(docs.get("pages/home.yaml") as Doc) } }]);
    await publish((docs) => {
      const prices = structuredClone(docs.get("pages/prices.yaml")) as Doc;
      return [{ path: "pages/prices.yaml", data: { ...prices, title: `${String(prices.title)} (edited)` } }];
    });
    expect(sync.servesBuild).toBe(false);
    await rebuilds.settled();
    expect(printer.printed).toEqual([]);
    expect(rebuilds.served()?.file).toBe(buildCopy);
  });

  it("rebuilds when a printed work is renamed, serving the build's copy until the new one is ready", async () => {
    const before = rebuilds.served();
    printer.holdNext();
    await retitle("The Underworld", "The Underworld Revisited");
    expect(rebuilds.status().rebuilding).toBe(true);
    // Until the new one is written, the previous one is what a request gets.
    expect(rebuilds.served()?.file).toBe(buildCopy);
    printer.release();
    await rebuilds.settled();
    expect(printer.printed).toHaveLength(1);
    expect(servedText()).toContain("The Underworld Revisited");
    expect(rebuilds.served()?.etag).not.toBe(before?.etag);
    expect(rebuilds.served()?.bytes).toBe(fs.statSync(rebuilds.served()?.file ?? "").size);
    expect(rebuilds.status()).toMatchObject({ rebuilding: false, failure: undefined });
    expect(rebuilds.status().rebuiltAt).toBeInstanceOf(Date);
  });

  it("prints one more time after a build, not once per change that arrived during it", async () => {
    printer.holdNext();
    await retitle("The Underworld", "Underworld One");
    await retitle("Plant Spirits", "Plant Spirits Two");
    await retitle("The Hidden Circus", "The Hidden Circus Three");
    printer.release();
    await rebuilds.settled();
    expect(printer.printed).toHaveLength(2);
    // The second print is the newest content: all three changes.
    expect(printer.printed[1]).toEqual(
      expect.arrayContaining(["Underworld One", "Plant Spirits Two", "The Hidden Circus Three"]),
    );
    expect(servedText()).toContain("The Hidden Circus Three");
  });

  it("keeps the previous PDF served when a build fails, and says why", async () => {
    await retitle("The Underworld", "Underworld Printed");
    await rebuilds.settled();
    const good = rebuilds.served();
    expect(servedText()).toContain("Underworld Printed");

    printer.fail("no space left on the device");
    await retitle("Plant Spirits", "Plant Spirits Unprinted");
    await rebuilds.settled();
    expect(rebuilds.served()).toEqual(good);
    expect(rebuilds.status().failure?.reason).toBe("no space left on the device");
    // The same content is not printed again and again; the next change is.
    expect(printer.printed).toHaveLength(2);
    printer.fail(undefined);
    await retitle("The Hidden Circus", "Circus After The Failure");
    await rebuilds.settled();
    expect(servedText()).toContain("Circus After The Failure");
    expect(rebuilds.status().failure).toBeUndefined();
  });

  it("reports content the PDF fonts cannot print, and keeps serving the previous PDF", async () => {
    await retitle("The Underworld", "The Underworld \u{1F30C}");
    await rebuilds.settled();
    expect(printer.printed).toEqual([]);
    expect(rebuilds.served()?.file).toBe(buildCopy);
    expect(rebuilds.status().failure?.reason).toMatch(/works\/the-underworld.md: title/);
  });

  it("after a restart serves the rebuilt PDF at once, and the build's copy once the content is the build's again", async () => {
    await retitle("The Underworld", "Underworld Before The Restart");
    await rebuilds.settled();
    const rebuilt = rebuilds.served()?.file;
    expect(rebuilt).not.toBe(buildCopy);
    const restarted = new CataloguePdfRebuilds({
      dir: path.join(dir, "files"),
      buildCopy,
      build: printer.print,
      pollMs: 50,
    });
    try {
      // Before its content is compared (that waits until start-up is over).
      expect(restarted.served()?.file).toBe(rebuilt);
      restarted.servesBuildContent(true);
      expect(restarted.served()?.file).toBe(buildCopy);
    } finally {
      restarted.stop();
    }
  });

  it("removes what a killed print left behind, and only when nobody is printing", async () => {
    const folder = path.join(dir, "files");
    fs.writeFileSync(path.join(folder, ".catalogue-abc.pdf.123.tmp"), "half a PDF");
    fs.writeFileSync(path.join(folder, ".catalogue-job-123-1.json"), "{}");
    const restarted = new CataloguePdfRebuilds({ dir: folder, buildCopy, build: printer.print, pollMs: 50 });
    restarted.stop();
    expect(fs.readdirSync(folder).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("prints once per data folder when two processes want the same content", async () => {
    const other = new CataloguePdfRebuilds({
      dir: path.join(dir, "files"),
      buildCopy,
      build: printer.print,
      pollMs: 50,
    });
    try {
      printer.holdNext();
      await retitle("The Underworld", "Shared Underworld");
      other.want(
        cataloguePdfTarget(store.snapshot(), () => undefined),
        false,
      );
      printer.release();
      await Promise.all([rebuilds.settled(), other.settled()]);
      expect(printer.printed).toHaveLength(1);
      await expect.poll(() => other.served()?.file).toBe(rebuilds.served()?.file);
      expect(fs.readFileSync(other.served()?.file ?? "", "utf8")).toContain("Shared Underworld");
    } finally {
      other.stop();
    }
  });
});
