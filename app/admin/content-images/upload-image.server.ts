import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { AppDatabase } from "#app/db/database.server.ts";
import { incomingDir } from "#app/images/incoming-uploads.ts";
import { inspectUpload, MAX_UPLOAD_BYTES, UploadRefused } from "#app/images/inspect-upload.ts";
import { type InspectedOriginal, setImageOriginal } from "#app/uploads/image-originals.server.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";
import { type UploadedOriginals, uploadedVersion } from "#app/uploads/uploaded-originals.ts";
import type { ImageAddress } from "./image-address.ts";

/**
 * One upload, start to end: the file is checked and stored (`storeUpload`), then made the
 * image's original in one transaction with the content version.
 */
export async function uploadImage(options: {
  db: AppDatabase;
  store: OriginalStore;
  uploaded: UploadedOriginals;
  dataDir: string;
  image: ImageAddress;
  file: File;
  author: string;
  baseRevision?: number;
}) {
  const { image } = options;
  const original = await storeUpload(options);
  const outcome = await setImageOriginal(options.db, {
    ...image,
    original,
    author: options.author,
    action: "upload",
    baseRevision: options.baseRevision,
  });
  // This process shows it at once; every process (this one too) loads it again on NOTIFY.
  options.uploaded.set({ ...image, ...original, version: uploadedVersion(original.sha256) });
  return { ...outcome, original };
}

/**
 * An uploaded file checked and put in the store: written to a temporary file under DATA_DIR
 * (streamed, never more than MAX_UPLOAD_BYTES), judged by its bytes (inspect-upload.ts), stored
 * under its SHA-256 (nothing names it yet). The temporary file is removed whatever happens; the
 * name the browser sent is never used. A refusal throws UploadRefused and stores nothing.
 */
export async function storeUpload(options: {
  store: OriginalStore;
  dataDir: string;
  file: File;
}): Promise<InspectedOriginal> {
  const { file } = options;
  if (file.size > MAX_UPLOAD_BYTES)
    throw new UploadRefused(
      413,
      `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: save a smaller copy and upload that.`,
    );
  const dir = incomingDir(options.dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = path.join(dir, crypto.randomUUID());
  try {
    await pipeline(
      Readable.fromWeb(file.stream() as WebReadableStream<Uint8Array>),
      createWriteStream(temporary, { mode: 0o600 }),
    );
    const inspected = await inspectUpload(temporary);
    const sha256 = await options.store.putFile(temporary);
    return { sha256, ...inspected };
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
