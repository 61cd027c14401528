import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workFileSchema } from "#app/catalogue/artwork-record.ts";
import { readWorkRecords } from "#app/catalogue/work-files.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { readContentFile } from "#app/content-files/content-files.server.ts";
import { addWork, slugFromTitle } from "./add-work.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-works-add-"));
const content = path.join(scratch, "content");
const works = path.join(content, "works");
const photo = path.join(scratch, "photo.JPG");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const existingWork = (title: string, id: number, series = "Secrets") =>
  `---\ntitle: ${title}\nartwork_id: ${id}\nyear: "2024"\nseries: ${series}\nchain: Ethereum\navailability: Sold\n---\n`;

beforeAll(async () => {
  fs.mkdirSync(works, { recursive: true });
  fs.writeFileSync(path.join(works, "the-new-god.md"), existingWork("The New God", 105));
  fs.writeFileSync(path.join(works, "fern-cathedral.md"), existingWork("Fern Cathedral", 1, "Maestro"));
  await sharp({ create: { width: 700, height: 490, channels: 3, background: "#2a5d3c" } })
    .jpeg()
    .toFile(photo);
});

describe("works:add", () => {
  it("makes slugs as the existing works are named", () => {
    expect(slugFromTitle("The Gardener's Dream")).toBe("the-gardeners-dream");
    expect(slugFromTitle("  Song of the Lupuna — Café  ")).toBe("song-of-the-lupuna-cafe");
  });

  it("creates the work file with the next id and copies the image beside it", async () => {
    const added = await addWork({ title: "Moss Lantern", image: photo, year: "2026" }, content);
    expect(added).toMatchObject({ slug: "moss-lantern", artworkId: 106, width: 700, height: 490, renamed: false });
    expect(fs.existsSync(path.join(works, "moss-lantern.jpg"))).toBe(true);
    const data = readContentFile(path.join(works, "moss-lantern.md"), workFileSchema, { bodyField: "description" });
    // The newest work's series and chain by default; links and description left to fill in.
    expect(data).toEqual({
      title: "Moss Lantern",
      artwork_id: 106,
      year: "2026",
      series: "Secrets",
      chain: "Ethereum",
      availability: "Available",
      mint_address: "",
      secondary_market: "",
      description: "",
    });
    expect(readWorkRecords(contentFolder(content)).map((w) => w.slug)).toContain("moss-lantern");
  });

  it("numbers the file when another work has the same title's file name", async () => {
    const added = await addWork({ title: "The New God", image: photo, series: "Icaro", chain: "Solana" }, content);
    expect(added).toMatchObject({ slug: "the-new-god-2", artworkId: 107, renamed: true });
    expect(fs.readFileSync(path.join(works, "the-new-god.md"), "utf8")).toBe(existingWork("The New God", 105));
  });

  it("refuses a file that is not an image, and a missing one, leaving nothing behind", async () => {
    const text = path.join(scratch, "notes.jpg");
    fs.writeFileSync(text, "not a picture");
    await expect(addWork({ title: "Bad Image", image: text }, content)).rejects.toThrow(
      /notes\.jpg is not an image sharp can read/,
    );
    await expect(addWork({ title: "Bad Image", image: path.join(scratch, "none.png") }, content)).rejects.toThrow(
      /No image file at .*none\.png/,
    );
    expect(fs.existsSync(path.join(works, "bad-image.md"))).toBe(false);
  });

  it("checks the new file with the work schema and keeps nothing when it fails", async () => {
    await expect(addWork({ title: "Odd Year", image: photo, year: "20O5" }, content)).rejects.toThrow(
      /Nothing was added:\n.*odd-year\.md: year: must be a four-digit year/,
    );
    await expect(addWork({ title: "Odd Chain", image: photo, chain: "Bitcoin" }, content)).rejects.toThrow(/chain:/);
    expect(fs.readdirSync(works).filter((f) => f.startsWith("odd-"))).toEqual([]);
  });

  it("refuses a missing title with its usage (exit 2)", async () => {
    const tsx = path.resolve("node_modules/.bin/tsx");
    const result = await new Promise<{ code: number; err: string }>((resolve) =>
      execFile(
        tsx,
        ["scripts/works-add.ts", "--image", photo],
        { env: { ...process.env, CONTENT_DIR: content } },
        (error, _out, err) => resolve({ code: error ? Number(error.code) : 0, err }),
      ),
    );
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Give the work's title with --title\.\n\nUsage: npm run works:add/);
  });
});
