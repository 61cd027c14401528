import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { ARCHIVE_LIMITS, allowedArchiveFile, isArchiveFolder, unsafeName } from "./archive-layout.server.ts";
import { ArchiveRefused, BLOCK, isEndBlock, padding, parseHeader } from "./ustar.ts";

export type ArchiveLimits = { [K in keyof typeof ARCHIVE_LIMITS]: number };

const MB = 1024 * 1024;
const RATIO_FLOOR = MB;

const truncated = () =>
  new ArchiveRefused(
    400,
    "The archive is incomplete (the upload or the download was cut short). Download the site again and upload the new file.",
  );
const refusedEntry = (name: string, why: string) =>
  new ArchiveRefused(
    422,
    `The archive holds "${name.slice(0, 120)}", which ${why}. Only a site archive downloaded from the studio can be imported.`,
  );

/**
 * Unpacks a gzip'd ustar archive (read as it streams, never whole in memory) into `target`,
 * which must be empty: only the site's own folders and file kinds (archive-layout.server.ts), no
 * absolute names, no `..`, no links or devices, no name twice, within the size, count and
 * compression-ratio limits. Anything else is an ArchiveRefused (4xx) and the caller removes
 * `target`. Returns the files written, by their names in the archive.
 */
export async function extractTarGz(
  input: AsyncIterable<Uint8Array>,
  target: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<string[]> {
  let packed = 0;
  async function* counted() {
    for await (const chunk of input) {
      packed += chunk.length;
      if (packed > limits.archiveBytes)
        throw new ArchiveRefused(413, `The archive is larger than ${limits.archiveBytes / MB} MB.`);
      yield chunk;
    }
  }
  const source = Readable.from(counted());
  const gunzip = zlib.createGunzip();
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const unpacker = new Unpacker(target, limits);
  let unpacked = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > RATIO_FLOOR && unpacked > limits.ratio * packed)
        throw new ArchiveRefused(
          413,
          "The archive unpacks to far more than its size (over 100 times), which no site archive does. It was not opened.",
        );
      if (!unpacker.ended) await unpacker.push(chunk);
    }
    if (!unpacker.ended) throw truncated();
    return unpacker.written;
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR") throw truncated();
    if (code === "Z_DATA_ERROR")
      throw new ArchiveRefused(415, "This file is not a site archive (a .tar.gz downloaded from this screen).");
    throw error;
  } finally {
    await unpacker.close();
    source.destroy();
    gunzip.destroy();
  }
}

/** The tar stream's entries, block by block, written under `target` as they arrive. */
class Unpacker {
  ended = false;
  readonly written: string[] = [];
  #pending = Buffer.alloc(0);
  #file: { name: string; left: number; handle: fs.FileHandle } | undefined;
  #skip = 0;
  #total = 0;
  #entries = 0;

  constructor(
    private readonly target: string,
    private readonly limits: ArchiveLimits,
  ) {}

  async push(chunk: Buffer): Promise<void> {
    let at = 0;
    while (at < chunk.length && !this.ended) {
      if (this.#file) {
        const piece = chunk.subarray(at, at + this.#file.left);
        await this.#file.handle.write(piece);
        this.#file.left -= piece.length;
        at += piece.length;
        if (this.#file.left === 0) await this.#closeFile();
      } else if (this.#skip > 0) {
        const step = Math.min(this.#skip, chunk.length - at);
        this.#skip -= step;
        at += step;
      } else {
        const want = BLOCK - this.#pending.length;
        const piece = chunk.subarray(at, at + want);
        at += piece.length;
        this.#pending = this.#pending.length === 0 ? Buffer.from(piece) : Buffer.concat([this.#pending, piece]);
        if (this.#pending.length < BLOCK) return;
        const block = this.#pending;
        this.#pending = Buffer.alloc(0);
        await this.#header(block);
      }
    }
  }

  async #header(block: Buffer) {
    if (isEndBlock(block)) {
      this.ended = true;
      return;
    }
    const header = parseHeader(block);
    const name = header.name.replace(/^(\.\/)+/, "");
    if (++this.#entries > this.limits.entries)
      throw new ArchiveRefused(413, `The archive holds more than ${this.limits.entries.toLocaleString("en")} files.`);
    if (header.type === "other") throw refusedEntry(name, "is a link or a special file, not a plain file");
    if (header.type === "extended")
      throw new ArchiveRefused(
        422,
        "The archive was made with extended (pax) headers, which the studio's download does not use. Upload the file as downloaded, or make it with GNU tar's default format.",
      );
    const unsafe = unsafeName(name);
    if (unsafe && name !== "" && name !== ".") throw refusedEntry(header.name, `is refused: ${unsafe}`);
    if (header.type === "folder") {
      if (name === "" || name === "." || isArchiveFolder(name)) return;
      throw refusedEntry(name, "is not one of the site's folders");
    }
    const allowed = allowedArchiveFile(name);
    if (!allowed) throw refusedEntry(name, "is not one of the site's kinds of file");
    if (header.size > allowed.maxBytes)
      throw new ArchiveRefused(413, `"${name}" in the archive is larger than ${Math.round(allowed.maxBytes / MB)} MB.`);
    this.#total += header.size;
    if (this.#total > this.limits.totalBytes)
      throw new ArchiveRefused(413, `The archive unpacks to more than ${this.limits.totalBytes / MB} MB.`);
    const file = path.join(this.target, name);
    // The name is one of the patterns above, so this holds; checked again before writing.
    if (!file.startsWith(this.target + path.sep)) throw refusedEntry(name, "climbs out of its folder");
    await fs.mkdir(path.dirname(file), { recursive: true });
    const handle = await fs.open(file, "wx", 0o600).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EEXIST") throw refusedEntry(name, "is in it twice");
      throw error;
    });
    this.written.push(name);
    this.#file = { name, left: header.size, handle };
    this.#skip = padding(header.size);
    if (header.size === 0) await this.#closeFile();
  }

  async #closeFile() {
    await this.#file?.handle.close();
    this.#file = undefined;
  }

  async close() {
    await this.#closeFile();
  }
}
