import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importIfEmpty } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { openDatabase } from "#app/db/database.server.ts";
import { DiskOriginalStore } from "#app/uploads/disk-original-store.server.ts";
import { sha256Of } from "#app/uploads/hash-file.server.ts";
import { imageHistory, loadUploadedOriginals, setImageOriginal } from "#app/uploads/image-originals.server.ts";
import { seedFromTestTemplate } from "#tests/support/pglite-test-template.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { exportOriginals, importOriginals } from "./content-originals.server.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-content-originals-"));
const png = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe("content:export and content:import of uploaded originals", () => {
  let db: TestDatabase;
  let store: DiskOriginalStore;
  const exported = path.join(work, "export");
  const build = path.join(work, "build");
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    store = new DiskOriginalStore(path.join(work, "originals"));
    // The build's own content: the work's record, with a JPEG original of its own.
    fs.mkdirSync(path.join(build, "works"), { recursive: true });
    fs.writeFileSync(path.join(build, "works", "brass-moth.md"), "---\ntitle: Brass Moth\n---\n");
    fs.writeFileSync(
      path.join(build, "works", "brass-moth.jpg"),
      await sharp(await png("#777"))
        .jpeg()
        .toBuffer(),
    );
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("writes each uploaded original beside its record, in place of another extension's, and an import of it changes nothing", async () => {
    const bytes = await png("#a33");
    const sha256 = await store.put(bytes);
    await setImageOriginal(db.database.db, {
      collection: "artworks",
      name: "brass-moth",
      original: { sha256, format: "png", width: 64, height: 48, placeholder: "none" },
      author: "studio",
      action: "upload",
    });
    fs.mkdirSync(path.join(exported, "works"), { recursive: true });
    fs.writeFileSync(path.join(exported, "works", "brass-moth.md"), "---\ntitle: Brass Moth\n---\n");
    fs.writeFileSync(path.join(exported, "works", "brass-moth.jpg"), "an older original");

    expect(await exportOriginals(exported, db.database.db, store)).toEqual(["works/brass-moth.png"]);
    expect(fs.readFileSync(path.join(exported, "works", "brass-moth.png"))).toEqual(bytes);
    expect(fs.existsSync(path.join(exported, "works", "brass-moth.jpg"))).toBe(false);

    const options = { db: database(), store, buildDir: build, author: "import", dryRun: false };
    expect(await importOriginals(exported, options)).toEqual([]);
    expect(await imageHistory(db.database.db, "artworks", "brass-moth")).toHaveLength(1);
    // The build's own files, imported as they are, change nothing either.
    const fresh = await createTestDatabase("pglite");
    try {
      expect(await importOriginals(build, { ...options, db: fresh.database.db })).toEqual([]);
    } finally {
      await fresh.destroy();
    }
  });

  it("stores and shows an original whose bytes differ; a dry run only says so", async () => {
    const bytes = await png("#3a3");
    fs.writeFileSync(path.join(exported, "works", "brass-moth.png"), bytes);
    const options = { db: database(), store, buildDir: build, author: "import from files", dryRun: true };
    expect(await importOriginals(exported, options)).toEqual(["artworks/brass-moth"]);
    expect((await loadUploadedOriginals(db.database.db))[0]?.sha256).not.toBe(sha256Of(bytes));

    expect(await importOriginals(exported, { ...options, dryRun: false })).toEqual(["artworks/brass-moth"]);
    expect((await loadUploadedOriginals(db.database.db))[0]).toMatchObject({ sha256: sha256Of(bytes), format: "png" });
    expect(await store.has(sha256Of(bytes))).toBe(true);
    expect((await imageHistory(db.database.db, "artworks", "brass-moth"))[0]).toMatchObject({ action: "import" });
  });

  it("refuses an original that is not an image, naming its file", async () => {
    fs.writeFileSync(path.join(exported, "works", "brass-moth.png"), "not a picture");
    const options = { db: database(), store, buildDir: build, author: "import", dryRun: false };
    await expect(importOriginals(exported, options)).rejects.toThrow(/works\/brass-moth\.png: This file is not a JPEG/);
  });

  function database() {
    return db.database.db;
  }
});

describe("npm run content:export, then content:import of the same files (a folder, then an archive)", () => {
  it("writes the uploaded original beside its work, and importing it back changes nothing", {
    timeout: 180_000,
  }, async () => {
    const dataDir = path.join(work, "commands-data");
    seedFromTestTemplate(dataDir);
    const database = await openDatabase({ dataDir });
    const bytes = await png("#36a");
    try {
      await importIfEmpty(database.db, new DocumentSource(new Map(contentFolder(contentDir()).all()), "content"));
      const sha256 = await new DiskOriginalStore(path.join(dataDir, "originals")).put(bytes);
      await setImageOriginal(database.db, {
        collection: "artworks",
        name: "cicada-psalm",
        original: { sha256, format: "png", width: 64, height: 48, placeholder: "none" },
        author: "studio",
        action: "upload",
      });
    } finally {
      await database.close();
    }
    const run = (script: string, args: string[]) => {
      const { DATABASE_URL: _unset, ...env } = process.env;
      const result = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
        env: { ...env, DATA_DIR: dataDir },
        encoding: "utf8",
      });
      return { code: result.status, output: result.stdout + result.stderr };
    };
    const files = path.join(work, "commands-export");
    const exported = run("content-export", ["--to", files]);
    expect(exported.output).toContain("Wrote 1 uploaded originals: works/cicada-psalm.png");
    expect(exported.code).toBe(0);
    expect(fs.readFileSync(path.join(files, "works", "cicada-psalm.png"))).toEqual(bytes);
    const imported = run("content-import", ["--from", files, "--dry-run"]);
    expect(imported.output).toContain("No change: the published content is the same as these files.");
    expect(imported.output).not.toMatch(/image originals/);
    expect(imported.code).toBe(0);
    // The same tree as one archive (the studio's download): content:import takes the file too.
    const archive = path.join(work, "site.tar.gz");
    const packed = run("content-export", ["--archive", archive]);
    expect(packed.output).toContain("1 uploaded originals and 0 exhibition files");
    expect(packed.code).toBe(0);
    const unpacked = run("content-import", ["--from", archive, "--dry-run"]);
    expect(unpacked.output).toContain("No change: the published content is the same as these files.");
    expect(unpacked.code).toBe(0);
  });
});
