import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { MultipartRefused, streamFilePart } from "#app/http/streamed-file-part.server.ts";
import { ARCHIVE_LIMITS, addEmptyFolders } from "./archive-layout.server.ts";
import { extractTarGz } from "./tar-reader.server.ts";
import { ArchiveRefused } from "./ustar.ts";

/**
 * Archives uploaded in the studio wait here between the preview and Apply or Cancel: one file per
 * upload under DATA_DIR/site-imports, named by a random id that the preview's form carries back
 * (never a path the browser sent). Removed after Apply or Cancel, and after PENDING_FOR_MS by the
 * sweep each upload and each visit to the screen runs.
 */
export const PENDING_FOR_MS = 60 * 60 * 1000;
const FOLDER = "site-imports";
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const tooLarge = `The archive is larger than ${ARCHIVE_LIMITS.archiveBytes / 1024 / 1024 / 1024} GB, the most this site takes.`;

function folderOf(dataDir: string): string {
  return path.resolve(dataDir, FOLDER);
}

/** The waiting archive's file for an id, or undefined when the id is not one or it has gone. */
export async function pendingArchive(dataDir: string, id: string, now = Date.now()): Promise<string | undefined> {
  if (!ID.test(id)) return undefined;
  const file = path.join(folderOf(dataDir), `${id}.tar.gz`);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile() || now - stat.mtimeMs > PENDING_FOR_MS) return undefined;
  return file;
}

/** Streams the request's `archive` file part to disk (at most ARCHIVE_LIMITS.archiveBytes); returns its id. */
export async function receiveArchive(dataDir: string, request: Request): Promise<string> {
  await sweepPendingArchives(dataDir);
  const folder = folderOf(dataDir);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const id = crypto.randomUUID();
  const file = path.join(folder, `${id}.tar.gz`);
  try {
    const streamed = await streamFilePart({
      body: request.body,
      contentType: request.headers.get("content-type") ?? "",
      field: "archive",
      target: file,
      maxBytes: ARCHIVE_LIMITS.archiveBytes,
      tooLarge,
      headBytes: 0,
    });
    if (!streamed || streamed.bytes === 0)
      throw new ArchiveRefused(422, "Choose a site archive (a .tar.gz file downloaded from this screen) to upload.");
    return id;
  } catch (error) {
    await fs.rm(file, { force: true });
    if (error instanceof MultipartRefused) throw new ArchiveRefused(error.status, error.message);
    throw error;
  }
}

/** Unpacks the waiting archive into a fresh folder beside it, runs `use` on it, and removes the folder. */
export async function withUnpackedArchive<T>(file: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.join(path.dirname(file), `${crypto.randomUUID()}.unpacked`);
  await fs.mkdir(dir, { mode: 0o700 });
  try {
    await extractTarGz(createReadStream(file), dir);
    await addEmptyFolders(dir);
    return await use(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function discardArchive(dataDir: string, id: string): Promise<void> {
  if (ID.test(id)) await fs.rm(path.join(folderOf(dataDir), `${id}.tar.gz`), { force: true });
}

/** Removes archives (and unpacked folders a killed process left) older than PENDING_FOR_MS. */
export async function sweepPendingArchives(dataDir: string, now = Date.now()): Promise<void> {
  const folder = folderOf(dataDir);
  for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
    const entry = path.join(folder, name);
    const stat = await fs.stat(entry).catch(() => undefined);
    if (stat && now - stat.mtimeMs > PENDING_FOR_MS) await fs.rm(entry, { recursive: true, force: true });
  }
}
