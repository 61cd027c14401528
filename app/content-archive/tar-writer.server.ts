import fs from "node:fs";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { BLOCK, fileHeader, padding } from "./ustar.ts";

/** One file of an archive: bytes held in memory (a document) or a file on disk (an original), read as it goes. */
export type ArchiveEntry = { name: string; bytes: Uint8Array } | { name: string; file: string };

const END = new Uint8Array(BLOCK * 2);

async function* tarBlocks(entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>, mtime: Date) {
  for await (const entry of entries) {
    if ("bytes" in entry) {
      yield fileHeader(entry.name, entry.bytes.length, mtime);
      yield entry.bytes;
      yield new Uint8Array(padding(entry.bytes.length));
      continue;
    }
    const { size } = await fs.promises.stat(entry.file);
    yield fileHeader(entry.name, size, mtime);
    let read = 0;
    for await (const chunk of fs.createReadStream(entry.file, { end: Math.max(size - 1, 0), start: 0 })) {
      read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    // Stored files never change (they are named by their hash): a difference is a broken disk.
    if (read !== size) throw new Error(`${entry.file} changed size while it was archived`);
    yield new Uint8Array(padding(size));
  }
  yield END;
}

/**
 * A gzip'd ustar archive of `entries`, as a stream: nothing is held whole, so the whole site's
 * originals can be sent with a chunk or two in memory. Every entry is dated `mtime`.
 */
export function tarGzStream(
  entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>,
  mtime = new Date(),
): Readable {
  // Level 6: level 1 was no faster on originals (which do not compress) and packs text 30% worse.
  const gzip = zlib.createGzip({ level: 6 });
  const tar = Readable.from(tarBlocks(entries, mtime), { objectMode: false });
  tar.on("error", (error) => gzip.destroy(error));
  return tar.pipe(gzip);
}
