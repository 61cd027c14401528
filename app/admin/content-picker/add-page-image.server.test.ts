import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { history, importIfEmpty } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { contentDocuments } from "#app/db/content-schema.ts";
import { MAX_UPLOAD_BYTES } from "#app/images/inspect-upload.ts";
import { DiskOriginalStore } from "#app/uploads/disk-original-store.server.ts";
import { loadUploadedOriginals } from "#app/uploads/image-originals.server.ts";
import { UploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "#tests/support/test-database.server.ts";
import { addPageImage, MAX_DESCRIPTION } from "./add-page-image.server.ts";

const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
const author = "picker-admin@umbra.test";

async function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

const fileOf = (bytes: Uint8Array, name = "picture.png") =>
  new File([new Uint8Array(bytes)], name, { type: "image/png" });

/** Every file under `dir`, recursively: what the original store holds. */
function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((entry) => (entry.isFile() ? [entry.name] : []));
}

describe.each(testEngines)("uploading a new image from the picker (%s)", (engine) => {
  let db: TestDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-picker-upload-"));
  const storeDir = path.join(dataDir, "originals");
  const store = new DiskOriginalStore(storeDir);
  const uploaded = new UploadedOriginals();

  beforeAll(async () => {
    db = await createTestDatabase(engine);
    await importIfEmpty(db.database.db, files);
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const add = (fields: { collection?: unknown; description?: unknown }, file: unknown) =>
    addPageImage({
      db: db.database.db,
      store,
      uploaded,
      dataDir,
      fields: { collection: fields.collection, description: fields.description },
      file,
      author,
    });

  const aboutImages = async () => {
    const [row] = await db.database.db
      .select({ data: contentDocuments.data, revision: contentDocuments.revision })
      .from(contentDocuments)
      .where(eq(contentDocuments.path, "images/about.yaml"));
    return {
      revision: row?.revision ?? 0,
      images: (row?.data ?? []) as { name: string; alt: string; aspect: number }[],
    };
  };

  it("declares the image in its collection as a new revision by the studio user, and stores its original", async () => {
    const before = await aboutImages();
    const added = await add(
      { collection: "about", description: "  Étude in blue: the studio window at dusk  " },
      fileOf(await png(60, 40, "#2244aa")),
    );
    expect(added).toMatchObject({
      ok: true,
      collection: "about",
      image: { name: "etude-in-blue-the-studio-window-at-dusk" },
    });
    const after = await aboutImages();
    expect(after.revision).toBe(before.revision + 1);
    expect(after.images).toHaveLength(before.images.length + 1);
    expect(after.images.at(-1)).toMatchObject({
      name: "etude-in-blue-the-studio-window-at-dusk",
      alt: "Étude in blue: the studio window at dusk",
      aspect: 1.5,
    });
    const [latest] = await history(db.database.db, "images/about.yaml", 1);
    expect(latest).toMatchObject({ author, action: "publish", revision: after.revision });
    const original = (await loadUploadedOriginals(db.database.db)).find(
      (entry) => entry.collection === "about" && entry.name === "etude-in-blue-the-studio-window-at-dusk",
    );
    expect(original).toMatchObject({ format: "png", width: 60, height: 40 });
    expect(await store.has(original?.sha256 ?? "")).toBe(true);
    expect(uploaded.get("about", "etude-in-blue-the-studio-window-at-dusk")?.sha256).toBe(original?.sha256);
  });

  it("names a second image with the same description apart from the first", async () => {
    const added = await add(
      { collection: "about", description: "Étude in blue: the studio window at dusk" },
      fileOf(await png(30, 30, "#aa2244")),
    );
    expect(added).toMatchObject({ ok: true, image: { name: "etude-in-blue-the-studio-window-at-dusk-2" } });
  });

  it("refuses what it must with a sentence, declaring nothing and storing nothing", async () => {
    const before = await aboutImages();
    const storedBefore = storedFiles(storeDir).length;
    const good = await png(20, 20, "#33aa33");
    const forged = Buffer.concat([good.subarray(0, 40), Buffer.from("not the rest of a png at all")]);
    const cases: [Parameters<typeof add>[0], unknown, number, RegExp][] = [
      [{ collection: "about", description: "A picture" }, undefined, 422, /Choose an image file/],
      [{ collection: "about", description: "A picture" }, "not a file", 422, /Choose an image file/],
      [{ collection: "about", description: "A picture" }, fileOf(new Uint8Array()), 422, /Choose an image file/],
      [
        { collection: "about", description: "A picture" },
        fileOf(Buffer.from("hello, I am text"), "a.png"),
        415,
        /not a JPEG, PNG/,
      ],
      [{ collection: "about", description: "A picture" }, fileOf(forged), 422, /could not be read whole|is not one/],
      [
        { collection: "about", description: "A picture" },
        fileOf(new Uint8Array(MAX_UPLOAD_BYTES + 1)),
        413,
        /larger than 40 MB/,
      ],
      [{ collection: "about", description: "   " }, fileOf(good), 422, /read aloud to people who cannot see it/],
      [{ collection: "about" }, fileOf(good), 422, /read aloud/],
      [
        { collection: "about", description: "x".repeat(MAX_DESCRIPTION + 1) },
        fileOf(good),
        422,
        /at most 300 characters/,
      ],
      [{ collection: "about", description: "A\u0000picture" }, fileOf(good), 422, /character no text may hold/],
      [
        { collection: "no-such-group", description: "A picture" },
        fileOf(good),
        422,
        /no group of images called “no-such-group”/,
      ],
      [{ collection: "../pages/about", description: "A picture" }, fileOf(good), 422, /no such group of images/],
      [{ description: "A picture" }, fileOf(good), 422, /Choose which group/],
    ];
    for (const [fields, file, status, error] of cases) {
      const refused = await add(fields, file);
      expect(refused, JSON.stringify(fields).slice(0, 80)).toMatchObject({
        ok: false,
        status,
        error: expect.stringMatching(error),
      });
    }
    expect(await aboutImages()).toEqual(before);
    expect(storedFiles(storeDir)).toHaveLength(storedBefore);
  }, 60_000);

  it("lands two uploads at once into the same collection, with distinct names", async () => {
    const before = await aboutImages();
    const [first, second] = await Promise.all([
      add({ collection: "about", description: "Twin proofs on the wall" }, fileOf(await png(50, 20, "#111111"))),
      add({ collection: "about", description: "Twin proofs on the wall" }, fileOf(await png(20, 50, "#eeeeee"))),
    ]);
    expect(first.ok && second.ok).toBe(true);
    const names = [first, second].map((outcome) => (outcome.ok ? outcome.image.name : ""));
    expect(new Set(names)).toEqual(new Set(["twin-proofs-on-the-wall", "twin-proofs-on-the-wall-2"]));
    const after = await aboutImages();
    expect(after.revision).toBe(before.revision + 2);
    expect(
      after.images
        .slice(-2)
        .map((image) => image.name)
        .sort(),
    ).toEqual([...names].sort());
    const originals = await loadUploadedOriginals(db.database.db);
    for (const name of names)
      expect(originals.some((entry) => entry.collection === "about" && entry.name === name)).toBe(true);
  }, 60_000);

  it("never gives a new image the name of an earlier one that still has originals", async () => {
    // Declared, uploaded, then taken out of the list by hand: its originals' history stays under its name.
    await add({ collection: "peru", description: "Removed later" }, fileOf(await png(10, 10, "#123456")));
    const [row] = await db.database.db
      .select({ data: contentDocuments.data, revision: contentDocuments.revision })
      .from(contentDocuments)
      .where(eq(contentDocuments.path, "images/peru.yaml"));
    const kept = ((row?.data ?? []) as { name: string }[]).filter((image) => image.name !== "removed-later");
    await db.database.db
      .update(contentDocuments)
      .set({ data: kept })
      .where(eq(contentDocuments.path, "images/peru.yaml"));
    const again = await add({ collection: "peru", description: "Removed later" }, fileOf(await png(12, 10, "#654321")));
    expect(again).toMatchObject({ ok: true, image: { name: "removed-later-2" } });
  }, 60_000);
});
