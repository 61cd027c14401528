/**
 * The POSIX ustar header (512 bytes), written and read by hand: the site archive needs regular
 * files and folders only, so a few dozen lines replace a dependency. Reference: POSIX.1-2001,
 * pax "ustar Interchange Format".
 */
export const BLOCK = 512;

/** A refused archive: a 4xx and a sentence the studio can act on. */
export class ArchiveRefused extends Error {
  override name = "ArchiveRefused";
  constructor(
    readonly status: 400 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface TarHeader {
  name: string;
  size: number;
  /** "file", "folder", "extended" (a pax header), or what else the entry is (a link, a device...). */
  type: "file" | "folder" | "extended" | "other";
}

const encoder = new TextEncoder();

function writeString(block: Uint8Array, offset: number, length: number, value: string) {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new Error(`"${value}" does not fit a ustar field of ${length} bytes`);
  block.set(bytes, offset);
}

/** An octal number field: digits, zero-padded, ended by NUL. */
function writeOctal(block: Uint8Array, offset: number, length: number, value: number) {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

/** Splits a long name into ustar's prefix (155) and name (100) at a slash. */
function splitName(name: string): { prefix: string; name: string } {
  if (encoder.encode(name).length <= 100) return { prefix: "", name };
  for (let at = name.indexOf("/"); at !== -1; at = name.indexOf("/", at + 1)) {
    const prefix = name.slice(0, at);
    const rest = name.slice(at + 1);
    if (encoder.encode(prefix).length <= 155 && encoder.encode(rest).length <= 100) return { prefix, name: rest };
  }
  throw new Error(`"${name}" is too long for a ustar name`);
}

/** A regular file's header. */
export function fileHeader(name: string, size: number, mtime: Date): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const split = splitName(name);
  writeString(block, 0, 100, split.name);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  block[156] = 0x30; // "0": a regular file
  writeString(block, 257, 6, "ustar\0");
  writeString(block, 263, 2, "00");
  writeString(block, 345, 155, split.prefix);
  writeString(block, 148, 8, `${checksum(block).toString(8).padStart(6, "0")}\0 `);
  return block;
}

function checksum(block: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return sum;
}

function readString(block: Uint8Array, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return new TextDecoder("utf-8", { fatal: true }).decode(end === -1 ? field : field.subarray(0, end));
}

function readOctal(block: Uint8Array, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  // Base-256 sizes (a first byte with its high bit set) are for files over 8 GB: never ours.
  if (!/^[0-7]{1,12}$/.test(text)) throw notAnArchive();
  return Number.parseInt(text, 8);
}

const notAnArchive = () =>
  new ArchiveRefused(
    415,
    "This file is not a site archive (or it is damaged). Download the site again from this screen and upload that file.",
  );

/** Whether the block is all zeros: two of them end the archive. */
export function isEndBlock(block: Uint8Array): boolean {
  return block.every((byte) => byte === 0);
}

/** Reads one header; a bad checksum, magic or number is "not an archive" (415). */
export function parseHeader(block: Uint8Array): TarHeader {
  let stored: number;
  let name: string;
  let prefix: string;
  try {
    stored = readOctal(block, 148, 8);
    if (stored !== checksum(block)) throw notAnArchive();
    const magic = readString(block, 257, 6);
    if (magic !== "ustar" && magic !== "ustar ") throw notAnArchive();
    name = readString(block, 0, 100);
    prefix = magic === "ustar" ? readString(block, 345, 155) : "";
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    throw notAnArchive(); // a name that is not UTF-8
  }
  const flag = String.fromCharCode(block[156] ?? 0);
  const type =
    flag === "0" || flag === "\0"
      ? "file"
      : flag === "5"
        ? "folder"
        : flag === "x" || flag === "g"
          ? "extended"
          : "other";
  return { name: prefix ? `${prefix}/${name}` : name, size: readOctal(block, 124, 12), type };
}

/** Bytes of padding after `size` bytes of data, to the next block. */
export function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}
