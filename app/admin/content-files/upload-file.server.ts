import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { MultipartRefused, streamFilePart } from "#app/http/streamed-file-part.server.ts";
import { incomingDir } from "#app/images/incoming-uploads.ts";
import {
  classifyExhibitionFile,
  FILE_TOO_LARGE_MESSAGE,
  HEAD_BYTES,
  MAX_AUDIO_BYTES,
} from "#app/uploads/exhibition-file-kind.ts";
import { awaitOriginalRemoval } from "#app/uploads/original-lock.server.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";
import { fileAddress, fileSlug, type UploadedFileAnswer } from "./file-address.ts";

/** The largest file of any kind (a recording); a PDF's smaller limit is checked once its kind is known. */
export const MAX_FILE_BYTES = MAX_AUDIO_BYTES;
export const TOO_LARGE_MESSAGE = FILE_TOO_LARGE_MESSAGE;

/** An upload refused, with its status and the sentence the studio is shown. */
export class FileUploadRefused extends Error {
  override name = "FileUploadRefused";
  constructor(
    readonly status: 400 | 409 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One exhibition file upload (decision 048): the multipart body's `file` field is streamed to a
 * temporary file under DATA_DIR/uploads-incoming (hashed and counted on the way, refused past
 * 100 MB), judged by its bytes (exhibition-file-kind.ts), recorded, and stored in the original
 * store under its SHA-256 (the row first: decision 051). The same bytes uploaded again, or twice
 * at once, are one stored file and one row. The temporary file is removed whatever happens.
 */
export async function uploadExhibitionFile(options: {
  db: AppDatabase;
  store: OriginalStore;
  dataDir: string;
  request: Request;
  label: string;
  author: string;
}): Promise<UploadedFileAnswer> {
  const dir = incomingDir(options.dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = path.join(dir, crypto.randomUUID());
  try {
    const streamed = await streamFilePart({
      body: options.request.body,
      contentType: options.request.headers.get("content-type") ?? "",
      field: "file",
      target: temporary,
      maxBytes: MAX_FILE_BYTES,
      tooLarge: TOO_LARGE_MESSAGE,
      headBytes: HEAD_BYTES,
    }).catch((error) => {
      if (error instanceof MultipartRefused) throw new FileUploadRefused(error.status, error.message);
      throw error;
    });
    if (!streamed) throw new FileUploadRefused(422, "Choose a PDF or audio file to upload.");
    const judged = classifyExhibitionFile(streamed.head, streamed.bytes);
    if (!judged.ok) {
      throw new FileUploadRefused(refusalStatus(judged.message), judged.message);
    }
    const { file } = judged;
    const sha256 = streamed.sha256;
    // The row first, dated now (an upload of bytes already here dates it again), then the bytes:
    // the upkeep of unnamed files (decision 051) leaves a young row's bytes alone, and one removal
    // already under way is waited for, so the bytes are stored again rather than lost after it.
    await options.db
      .insert(exhibitionFiles)
      .values({
        shortHash: sha256.slice(0, 16),
        sha256,
        kind: file.kind,
        mime: file.mime,
        ext: file.ext,
        bytes: streamed.bytes,
        uploadedBy: options.author,
      })
      .onConflictDoUpdate({
        target: exhibitionFiles.shortHash,
        set: { uploadedAt: sql`now()` },
        // Only the same bytes: another file sharing the 16 hex is refused below, its row untouched.
        setWhere: sql`${exhibitionFiles.sha256} = excluded.sha256`,
      });
    const [row] = await options.db
      .select()
      .from(exhibitionFiles)
      .where(eq(exhibitionFiles.shortHash, sha256.slice(0, 16)));
    // Two different files sharing the first 16 hex of their hashes: never seen, but never served wrong.
    if (row?.sha256 !== sha256)
      throw new FileUploadRefused(
        409,
        "Another file already has this file's address. Change one byte (export it again) and upload it.",
      );
    await awaitOriginalRemoval(options.db, sha256);
    const stored = await options.store.putFile(temporary);
    if (stored !== sha256) throw new Error(`The upload changed on disk while it was stored (${stored})`);
    const slug = fileSlug(options.label, file.kind === "pdf" ? "document" : "recording");
    return { href: fileAddress(sha256, slug, file.ext), bytes: streamed.bytes, kind: file.kind, mime: file.mime };
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** 413 for a file over its kind's limit, 415 for bytes of another kind, 422 for an empty or cut-off one. */
function refusalStatus(message: string): 413 | 415 | 422 {
  if (/ is over \d+ MB/.test(message)) return 413;
  if (message.startsWith("This is not ")) return 415;
  return 422;
}
