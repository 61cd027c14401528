import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { ARCHIVE_LIMITS } from "./archive-layout.server.ts";
import { type ArchiveLimits, extractTarGz } from "./tar-reader.server.ts";
import { tarGzStream } from "./tar-writer.server.ts";
import { ArchiveRefused, BLOCK, fileHeader } from "./ustar.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-tar-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const freshDir = () => fs.mkdtempSync(path.join(scratch, `out-${++folders}-`));

/** A header for any name and type flag ("2" a symlink, "3" a device...), checksummed as tar does. */
function rawHeader(name: string, size: number, type = "0"): Uint8Array {
  const block = fileHeader("x", size, new Date(0));
  block.fill(0, 0, 100);
  block.set(new TextEncoder().encode(name).subarray(0, 100), 0);
  block[156] = type.charCodeAt(0);
  block.fill(0x20, 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, "0")}\0 `), 148);
  return block;
}

function tarOf(entries: { name: string; body?: Uint8Array; type?: string; size?: number }[]): Buffer {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    const body = entry.body ?? new Uint8Array();
    parts.push(rawHeader(entry.name, entry.size ?? body.length, entry.type), body);
    parts.push(new Uint8Array((BLOCK - (body.length % BLOCK)) % BLOCK));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  return Buffer.concat(parts);
}

async function extract(gz: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS) {
  const dir = freshDir();
  return { dir, files: await extractTarGz(Readable.from([gz]), dir, limits) };
}

async function refusal(gz: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<ArchiveRefused> {
  const error = await extract(gz, limits).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ArchiveRefused);
  return error as ArchiveRefused;
}

describe("the site archive's tar writer and reader", () => {
  it("round-trips documents, a file read from disk, an empty file and a name past 100 characters", async () => {
    const original = path.join(scratch, "moth.png");
    const picture = Buffer.alloc(70_000).map((_, i) => (i * 7) % 251);
    fs.writeFileSync(original, picture);
    const long = `images/${"a".repeat(60)}/${"b".repeat(60)}.png`;
    const gz = await buffer(
      tarGzStream([
        { name: "site.yaml", bytes: new TextEncoder().encode("brand: Umbra\n") },
        { name: "works/brass-moth.md", bytes: new TextEncoder().encode("---\ntitle: Brass Moth\n---\n") },
        { name: "works/brass-moth.png", file: original },
        { name: "pages/empty.yaml", bytes: new Uint8Array() },
        { name: long, file: original },
      ]),
    );
    const { dir, files } = await extract(gz);
    expect(files).toEqual(["site.yaml", "works/brass-moth.md", "works/brass-moth.png", "pages/empty.yaml", long]);
    expect(fs.readFileSync(path.join(dir, "site.yaml"), "utf8")).toBe("brand: Umbra\n");
    expect(fs.readFileSync(path.join(dir, "works/brass-moth.png"))).toEqual(picture);
    expect(fs.readFileSync(path.join(dir, long))).toEqual(picture);
    expect(fs.statSync(path.join(dir, "pages/empty.yaml")).size).toBe(0);
  });

  it("reads an archive made by tar itself, with ./ before each name and folder entries", async () => {
    const gz = zlib.gzipSync(
      tarOf([
        { name: "./", type: "5" },
        { name: "./works/", type: "5" },
        { name: "./works/moss-oracle.md", body: new TextEncoder().encode("---\ntitle: Moss\n---\n") },
      ]),
    );
    expect((await extract(gz)).files).toEqual(["works/moss-oracle.md"]);
  });

  it.each([
    ["a name that climbs out", "../works/x.md", /climbs out of its folder/],
    ["a name inside that climbs out", "works/../../x.md", /climbs out of its folder/],
    ["an absolute name", "/etc/passwd", /absolute path/],
    ["a file the site does not have", "README.md", /not one of the site's kinds of file/],
    ["a script among the works", "works/x.sh", /not one of the site's kinds of file/],
  ])("refuses %s, naming it", async (_, name, message) => {
    const refused = await refusal(zlib.gzipSync(tarOf([{ name, body: new TextEncoder().encode("x") }])));
    expect(refused.status).toBe(422);
    expect(refused.message).toMatch(message);
  });

  it.each([
    ["a symbolic link", "2"],
    ["a hard link", "1"],
    ["a device", "3"],
  ])("refuses %s", async (_, type) => {
    const refused = await refusal(zlib.gzipSync(tarOf([{ name: "works/x.md", type }])));
    expect(refused.message).toMatch(/is a link or a special file/);
  });

  it("refuses pax headers, saying how the archive was made", async () => {
    const refused = await refusal(zlib.gzipSync(tarOf([{ name: "./PaxHeaders/x", type: "x" }])));
    expect(refused.message).toMatch(/extended \(pax\) headers/);
  });

  it("refuses a name written twice, so a second copy cannot replace the first", async () => {
    const body = new TextEncoder().encode("x");
    const refused = await refusal(
      zlib.gzipSync(
        tarOf([
          { name: "site.yaml", body },
          { name: "site.yaml", body },
        ]),
      ),
    );
    expect(refused.message).toMatch(/is in it twice/);
  });

  it("refuses a file over its kind's limit from its header, before reading it", async () => {
    const gz = zlib.gzipSync(tarOf([{ name: "works/x.md", size: 3 * 1024 * 1024 }]).subarray(0, BLOCK));
    const refused = await refusal(gz);
    expect(refused.status).toBe(413);
    expect(refused.message).toMatch(/"works\/x\.md" in the archive is larger than 2 MB/);
  });

  it("refuses an archive past the total, the count or the upload's size", async () => {
    const body = new Uint8Array(2000).fill(1);
    const entries = ["a", "b", "c"].map((name) => ({ name: `pages/${name}.yaml`, body }));
    const gz = zlib.gzipSync(tarOf(entries));
    expect((await refusal(gz, { ...ARCHIVE_LIMITS, entries: 2 })).message).toMatch(/more than 2 files/);
    expect((await refusal(gz, { ...ARCHIVE_LIMITS, totalBytes: 5000 })).message).toMatch(/unpacks to more than/);
    expect((await refusal(gz, { ...ARCHIVE_LIMITS, archiveBytes: 10 })).status).toBe(413);
  });

  it("refuses a gzip bomb by its ratio, before unpacking it whole", async () => {
    // 30 MB of zeros as a picture (within its 40 MB limit) packs to ~30 KB: 1000 to 1.
    const gz = zlib.gzipSync(tarOf([{ name: "works/x.png", body: new Uint8Array(30 * 1024 * 1024) }]));
    const refused = await refusal(gz);
    expect(refused.status).toBe(413);
    expect(refused.message).toMatch(/far more than its size/);
  });

  it("refuses a truncated archive, and a file that is not one, with a 4xx", async () => {
    const whole = zlib.gzipSync(tarOf([{ name: "works/x.md", body: new Uint8Array(5000).fill(65) }]));
    const cut = await refusal(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(cut.status).toBe(400);
    expect(cut.message).toMatch(/incomplete/);
    // A whole gzip whose tar stops mid-file: truncated too.
    const short = await refusal(
      zlib.gzipSync(tarOf([{ name: "works/x.md", body: new Uint8Array(5000) }]).subarray(0, 2048)),
    );
    expect(short.message).toMatch(/incomplete/);
    expect((await refusal(Buffer.from("PK\u0003\u0004 a zip file"))).status).toBe(415);
    expect((await refusal(zlib.gzipSync(Buffer.alloc(BLOCK, 7)))).status).toBe(415);
  });
});
