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

/** Where the file part's bytes go: counted, hashed, the first `headBytes` kept, written to disk. */
class FileSink {
  bytes = 0;
  readonly #hash = crypto.createHash("sha256");
  readonly #head: Buffer[] = [];
  #headLength = 0;

  constructor(
    private readonly out: fs.FileHandle,
    private readonly limits: { maxBytes: number; tooLarge: string; headBytes: number },
  ) {}

  async write(chunk: Buffer): Promise<void> {
    if (chunk.length === 0) return;
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxBytes) throw new MultipartRefused(413, this.limits.tooLarge);
    this.#hash.update(chunk);
    if (this.#headLength < this.limits.headBytes) {
      const piece = chunk.subarray(0, this.limits.headBytes - this.#headLength);
      this.#head.push(Buffer.from(piece));
      this.#headLength += piece.length;
    }
    await this.out.write(chunk);
  }

  file(): StreamedFile {
    return { bytes: this.bytes, sha256: this.#hash.digest("hex"), head: new Uint8Array(Buffer.concat(this.#head)) };
  }
}

/** The multipart body's parts, read as chunks arrive: the first file part named `field` goes to the sink. */
class FilePartParser {
  state: "preamble" | "headers" | "body" | "after" | "done" = "preamble";
  found = false;
  #writing = false;
  #buffer = Buffer.alloc(0);
  readonly #opening: Buffer;
  readonly #delimiter: Buffer;

  constructor(
    boundary: string,
    private readonly field: string,
    private readonly sink: FileSink,
  ) {
    this.#opening = Buffer.from(`--${boundary}`);
    this.#delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  async push(chunk: Uint8Array): Promise<void> {
    this.#buffer = this.#buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.#buffer, chunk]);
    await this.#advance();
  }

  async #emit(chunk: Buffer) {
    if (this.#writing) await this.sink.write(chunk);
  }

  /** Moves through the buffer as far as it can; returns when it needs more bytes. */
  async #advance() {
    for (;;) {
      if (this.state === "preamble") {
        const at = this.#buffer.indexOf(this.#opening);
        if (at === -1 || this.#buffer.length < at + this.#opening.length + 2) {
          if (this.#buffer.length > MAX_HEADER_BYTES) throw incomplete();
          return;
        }
        this.#buffer = this.#buffer.subarray(at + this.#opening.length);
        this.state = "after";
      } else if (this.state === "after") {
        if (this.#buffer.length < 2) return;
        if (this.#buffer[0] === 0x2d && this.#buffer[1] === 0x2d) {
          this.state = "done";
          return;
        }
        if (!this.#buffer.subarray(0, 2).equals(CRLF)) throw incomplete();
        this.#buffer = this.#buffer.subarray(2);
        this.state = "headers";
      } else if (this.state === "headers") {
        const end = this.#buffer.indexOf(HEADERS_END);
        if (end === -1) {
          if (this.#buffer.length > MAX_HEADER_BYTES) throw incomplete();
          return;
        }
        const part = partName(this.#buffer.subarray(0, end).toString("latin1"));
        this.#writing = part.name === this.field && part.isFile && !this.found;
        if (this.#writing) this.found = true;
        this.#buffer = this.#buffer.subarray(end + HEADERS_END.length);
        this.state = "body";
      } else if (this.state === "body") {
        const at = this.#buffer.indexOf(this.#delimiter);
        if (at === -1) {
          // Keep what could be the start of a delimiter split between chunks.
          const keep = this.#delimiter.length - 1;
          if (this.#buffer.length > keep) {
            await this.#emit(this.#buffer.subarray(0, this.#buffer.length - keep));
            this.#buffer = this.#buffer.subarray(this.#buffer.length - keep);
          }
          return;
        }
        await this.#emit(this.#buffer.subarray(0, at));
        this.#writing = false;
        this.#buffer = this.#buffer.subarray(at + this.#delimiter.length);
        this.state = "after";
      } else {
        return;
      }
    }
  }
}

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
  const out = await fs.open(options.target, "w", 0o600);
  const sink = new FileSink(out, options);
  const parser = new FilePartParser(boundary, options.field, sink);
  try {
    const reader = options.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await parser.push(value);
      if (parser.state === "done") {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
    if (parser.state !== "done") throw incomplete();
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
  return parser.found ? sink.file() : undefined;
}
