import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importIfEmpty, loadPublished } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { DiskOriginalStore } from "#app/uploads/disk-original-store.server.ts";
import { sha256Of } from "#app/uploads/hash-file.server.ts";
import { loadUploadedOriginals, setImageOriginal } from "#app/uploads/image-originals.server.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "#tests/support/test-database.server.ts";
import { testPdf } from "#tests/support/test-exhibition-files.ts";
import { addEmptyFolders } from "./archive-layout.server.ts";
import { applyArchive, reviewArchive } from "./archive-screen.server.ts";
import { receiveArchive } from "./pending-archives.server.ts";
import { archiveFileName, siteArchive } from "./site-archive.server.ts";
import { importContentFolder, SiteImportRefused } from "./site-import.server.ts";
import { extractTarGz } from "./tar-reader.server.ts";
import { tarGzStream } from "./tar-writer.server.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-site-archive-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
let folders = 0;
const folder = (name: string) => fs.mkdtempSync(path.join(work, `${name}-${++folders}-`));

describe.each(testEngines)("the whole site as one archive, exported and imported (%s)", (engine) => {
  let from: TestDatabase;
  let into: TestDatabase;
  const fromStore = new DiskOriginalStore(folder("from-originals"));
  const intoStore = new DiskOriginalStore(folder("into-originals"));
  const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: "#a33" } })
    .png()
    .toBuffer();
  const pdf = testPdf("archived");
  let archive: Buffer;

  beforeAll(async () => {
    [from, into] = await Promise.all([createTestDatabase(engine), createTestDatabase(engine)]);
    await importIfEmpty(from.database.db, new DocumentSource(contentFolder(contentDir()).all(), "content"));
    const sha256 = await fromStore.put(await picture);
    await setImageOriginal(from.database.db, {
      collection: "artworks",
      name: "cicada-psalm",
      original: { sha256, format: "png", width: 64, height: 48, placeholder: "none" },
      author: "studio",
      action: "upload",
    });
    await fromStore.put(pdf);
    await from.database.db.insert(exhibitionFiles).values({
      shortHash: sha256Of(pdf).slice(0, 16),
      sha256: sha256Of(pdf),
      kind: "pdf",
      mime: "application/pdf",
      ext: "pdf",
      bytes: pdf.length,
      uploadedBy: "studio",
    });
    const { manifest, entries } = await siteArchive(from.database.db, fromStore, new Date("2026-05-04T10:00:00Z"));
    expect(archiveFileName(manifest)).toBe("umbra-site-2026-05-04.tar.gz");
    archive = await buffer(tarGzStream(entries));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([from?.destroy(), into?.destroy()]);
  });

  const options = (dryRun: boolean) => ({
    db: into.database.db,
    store: intoStore,
    buildDir: contentDir(),
    author: "studio@umbra.test",
    dryRun,
  });

  async function unpacked(gz: Buffer): Promise<string> {
    const dir = folder("unpacked");
    await extractTarGz(Readable.from([gz]), dir);
    await addEmptyFolders(dir);
    return dir;
  }

  it("imports into a fresh database as the same documents, originals and files; again, it changes nothing", async () => {
    const dir = await unpacked(archive);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"))).toMatchObject({
      site: "Umbra",
      counts: { originals: 1, files: 1 },
    });
    await importContentFolder(dir, options(false));
    const [source, imported] = await Promise.all([loadPublished(from.database.db), loadPublished(into.database.db)]);
    expect(imported.documents).toEqual(source.documents);
    const originalsOf = async (db: TestDatabase) =>
      (await loadUploadedOriginals(db.database.db)).map(({ collection, name, sha256, format, width, height }) => ({
        ...{ collection, name, sha256, format, width, height },
      }));
    expect(await originalsOf(into)).toEqual(await originalsOf(from));
    expect(await intoStore.get(sha256Of(await picture))).toEqual(await picture);
    expect(await intoStore.get(sha256Of(pdf))).toEqual(pdf);

    const again = await importContentFolder(await unpacked(archive), options(true));
    expect(again.documents).toMatchObject({ added: [], changed: [], removed: [] });
    expect([again.images, again.files]).toEqual([[], []]);
  });

  it("previews an uploaded archive in plain words, and applies it through the screen's steps", async () => {
    const dataDir = folder("data");
    // The source site with one work retitled and one removed: the preview names them.
    const dir = await unpacked(archive);
    const moth = path.join(dir, "works", "cicada-psalm.md");
    fs.writeFileSync(moth, fs.readFileSync(moth, "utf8").replace(/^title: .*$/m, "title: Cicada Psalm (second state)"));
    const body = new FormData();
    body.set("archive", new Blob([new Uint8Array(await archiveOfFolder(dir))]), "site.tar.gz");
    const id = await receiveArchive(
      dataDir,
      new Request("http://site.test/admin/content/archive", { method: "POST", body }),
    );
    const deps = { dataDir, buildDir: contentDir(), db: into.database.db, store: intoStore };
    const review = await reviewArchive(deps, id);
    expect(review).toMatchObject({
      state: "preview",
      preview: { nothing: false, groups: [{ label: "Works", changed: ["Cicada Psalm (second state)"] }] },
    });
    if (review.state !== "preview") return;
    const before = (await loadPublished(into.database.db)).version;
    expect(await applyArchive(deps, { archive: id, seenVersion: before - 1, author: "studio" })).toEqual({
      state: "moved",
    });
    expect(await applyArchive(deps, { archive: id, seenVersion: review.version, author: "studio" })).toMatchObject({
      state: "applied",
      changes: 1,
    });
    expect(await reviewArchive(deps, id)).toEqual({ state: "gone" });
    expect(fs.readdirSync(path.join(dataDir, "site-imports"))).toEqual([]);
  });

  it("reads an archive of a site with an empty collection (tar keeps no empty folder)", async () => {
    const dir = await unpacked(archive);
    const kept = path.join(folder("kept"), "interviews");
    fs.renameSync(path.join(dir, "interviews"), kept);
    fs.rmSync(path.join(dir, "pages", "interviews.yaml"), { force: true });
    const repacked = await unpacked(await archiveOfFolder(dir));
    expect(fs.readdirSync(path.join(repacked, "interviews"))).toEqual([]);
  });

  it("refuses an archive with an invalid document, listing the problem, and writes nothing", async () => {
    const dir = await unpacked(archive);
    fs.writeFileSync(path.join(dir, "pages", "about.yaml"), "heading: 12\n");
    const version = (await loadPublished(into.database.db)).version;
    const refused = await importContentFolder(dir, options(false)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SiteImportRefused);
    expect((refused as SiteImportRefused).problems.join("\n")).toMatch(/pages\/about\.yaml/);
    expect((await loadPublished(into.database.db)).version).toBe(version);
  });
});

/** A folder packed again with the archive's writer, as someone who changed an unpacked archive would. */
function archiveOfFolder(dir: string): Promise<Buffer> {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const entries = files.map((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return { name: path.relative(dir, full).split(path.sep).join("/"), file: full };
  });
  return buffer(tarGzStream(entries));
}
