import crypto from "node:crypto";
import fs from "node:fs/promises";

/**
 * Reads a multipart/form-data body as it arrives and writes the one file field `field` to
 * `target`, never holding more than a chunk and a boundary in memory (request.formData() would
 * keep a 100 MB recording whole). Other fields are read and dropped. It hashes and counts the
 * bytes as they go by and keeps the first `headBytes` for the kind check.
 */

export class MultipartRefused extends Error {
  override name = "MultipartRefused";
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export interface StreamedFile {
  bytes: number;
  sha256: string;
  head: Uint8Array;
}

const MAX_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

/** The boundary from a multipart/form-data Content-Type, or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = contentType.match(/;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i);
  return match?.[1] ?? match?.[2];
}

function partName(headers: string): { name?: string; isFile: boolean } {
  const disposition = headers.split("\r\n").find((line) => /^content-disposition:/i.test(line)) ?? "";
  const name = disposition.match(/;\s*name="([^"]*)"/i)?.[1];
  return { name, isFile: /;\s*filename\*?=/i.test(disposition) };
}

const incomplete = () =>
  new MultipartRefused(400, "The upload arrived incomplete. Choose the file and upload it again.");

export async function streamFilePart(options: {
  body: ReadableStream<Uint8Array> | null;
  contentType: string;
  field: string;
  target: string;
  maxBytes: number;
  tooLarge: string;
  headBytes: number;
}): Promise<StreamedFile | undefined> {
  const boundary = multipartBoundary(options.contentType);
  if (!boundary || !options.body)
    throw new MultipartRefused(
      415,
      "Send the file from the exhibition editor's Upload file button (as a form upload).",
    );
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const out = await fs.open(options.target, "w", 0o600);
  const hash = crypto.createHash("sha256");
  const head: Buffer[] = [];
  let headLength = 0;
  let bytes = 0;
  let found = false;
  let state: "preamble" | "headers" | "body" | "after" | "done" = "preamble";
  // Read through a function: TypeScript cannot see `advance` changing it.
  const finished = () => state === "done";
  let writing = false;
  let buffer = Buffer.alloc(0);

  const emit = async (chunk: Buffer) => {
    if (!writing || chunk.length === 0) return;
    bytes += chunk.length;
    if (bytes > options.maxBytes) throw new MultipartRefused(413, options.tooLarge);
    hash.update(chunk);
    if (headLength < options.headBytes) {
      const piece = chunk.subarray(0, options.headBytes - headLength);
      head.push(Buffer.from(piece));
      headLength += piece.length;
    }
    await out.write(chunk);
  };

  // Moves through the buffer as far as it can; returns when it needs more bytes.
  const advance = async () => {
    for (;;) {
      if (state === "preamble") {
        const at = buffer.indexOf(opening);
        if (at === -1 || buffer.length < at + opening.length + 2) {
          if (buffer.length > MAX_HEADER_BYTES) throw incomplete();
          return;
        }
        buffer = buffer.subarray(at + opening.length);
        state = "after";
      } else if (state === "after") {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          return;
        }
        if (!buffer.subarray(0, 2).equals(CRLF)) throw incomplete();
        buffer = buffer.subarray(2);
        state = "headers";
      } else if (state === "headers") {
        const end = buffer.indexOf(HEADERS_END);
        if (end === -1) {
          if (buffer.length > MAX_HEADER_BYTES) throw incomplete();
          return;
        }
        const part = partName(buffer.subarray(0, end).toString("latin1"));
        writing = part.name === options.field && part.isFile && !found;
        if (writing) found = true;
        buffer = buffer.subarray(end + HEADERS_END.length);
        state = "body";
      } else if (state === "body") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          // Keep what could be the start of a delimiter split between chunks.
          const keep = delimiter.length - 1;
          if (buffer.length > keep) {
            await emit(buffer.subarray(0, buffer.length - keep));
            buffer = buffer.subarray(buffer.length - keep);
          }
          return;
        }
        await emit(buffer.subarray(0, at));
        writing = false;
        buffer = buffer.subarray(at + delimiter.length);
        state = "after";
      } else {
        return;
      }
    }
  };

  try {
    const reader = options.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer = buffer.length === 0 ? Buffer.from(value) : Buffer.concat([buffer, value]);
      await advance();
      if (finished()) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
    if (!finished()) throw incomplete();
  } catch (error) {
    // A body cut off at the size limit (server/body-limit.ts) arrives here as a stream error.
    if ((error as { status?: number }).status === 413 && !(error instanceof MultipartRefused))
      throw new MultipartRefused(413, options.tooLarge);
    if (error instanceof MultipartRefused) throw error;
    // Our own disk failing (full, say) is the server's problem, not the upload's.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw incomplete();
  } finally {
    await out.close();
  }
  if (!found) return undefined;
  return { bytes, sha256: hash.digest("hex"), head: new Uint8Array(Buffer.concat(head)) };
}
