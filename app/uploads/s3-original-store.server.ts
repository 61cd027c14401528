import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { NETWORK_ERROR_CODES } from "#app/observability/network-error-codes.ts";
import { sha256Of, sha256OfFile } from "./hash-file.server.ts";
import { ImageStorageUnavailableError } from "./image-storage-unavailable.ts";
import { type OriginalStore, shardedName } from "./original-store.ts";
import { OriginalsCachePruner } from "./originals-cache-pruner.server.ts";

export interface S3StoreOptions {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Where copies are kept for sharp to read (DATA_DIR/originals-cache). */
  cacheDir: string;
  /** The cache's size cap in bytes (ORIGINALS_CACHE_MAX_MB); least recently used copies go over it. */
  cacheMaxBytes?: number;
  /** How long a copy handed to a reader is kept whatever the cap (see OriginalsCachePruner). */
  cacheHoldMs?: number;
  cachePruneDebounceMs?: number;
  onCacheError?: (error: unknown) => void;
  /** How long each call may take; the defaults below (tests shorten them). */
  deadlines?: Partial<S3Deadlines>;
}

/**
 * How long the store is waited for. A store that accepts connections and never answers would
 * otherwise hold a visitor's image request (and an upload) for minutes: with these, a silent or
 * refusing store is a 503 "image storage unavailable" within 10 s (2 tries of at most 3 s
 * silence, or a 2 s connect, plus a short back-off).
 */
export interface S3Deadlines {
  /** Connecting to the store. */
  connectMs: number;
  /** Silence on an open connection (no byte sent or received); a slow but moving upload goes on. */
  idleMs: number;
  /** Tries of one call, the first included; the AWS SDK backs off between them. */
  attempts: number;
  /** The whole of a small call (HEAD, DELETE), tries included. */
  callMs: number;
}

export const DEFAULT_S3_DEADLINES: S3Deadlines = { connectMs: 2_000, idleMs: 3_000, attempts: 2, callMs: 8_000 };

/** The default cap of DATA_DIR/originals-cache: 2 GB. */
export const DEFAULT_ORIGINALS_CACHE_BYTES = 2048 * 1024 * 1024;

/**
 * Originals in an S3-compatible bucket (`originals/<2 hex>/<sha256>`), shared by every machine.
 * An object is put whole (S3 never shows half a PUT) with its SHA-256 checked by the server;
 * sharp reads a local copy, downloaded once per machine to a temporary file, checked against
 * its name and renamed into the cache folder.
 */
export class S3OriginalStore implements OriginalStore {
  readonly kind = "s3" as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #cacheDir: string;
  readonly #downloads = new Map<string, Promise<string>>();
  readonly #pruner: OriginalsCachePruner;
  readonly #deadlines: S3Deadlines;

  constructor(options: S3StoreOptions) {
    this.#deadlines = { ...DEFAULT_S3_DEADLINES, ...options.deadlines };
    this.#client = new S3Client({
      endpoint: options.url,
      region: options.region,
      forcePathStyle: true,
      // Checksums only where S3 requires them: S3-compatible servers do not all take the newer
      // streamed (aws-chunked) ones. Each original is checked against its SHA-256 name instead.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      maxAttempts: this.#deadlines.attempts,
      requestHandler: { connectionTimeout: this.#deadlines.connectMs, socketTimeout: this.#deadlines.idleMs },
    });
    this.#bucket = options.bucket;
    this.#cacheDir = path.resolve(options.cacheDir);
    this.#pruner = new OriginalsCachePruner({
      dir: this.#cacheDir,
      maxBytes: options.cacheMaxBytes ?? DEFAULT_ORIGINALS_CACHE_BYTES,
      holdMs: options.cacheHoldMs,
      debounceMs: options.cachePruneDebounceMs,
      onError: options.onCacheError,
    });
  }

  /** Prunes the local cache now (tests; the store itself prunes after fetches). */
  pruneCache(): Promise<void> {
    return this.#pruner.prune();
  }

  /** Whether the bucket answers (for `/readyz`); throws ImageStorageUnavailableError when it does not. */
  async ping(): Promise<void> {
    const command = new HeadBucketCommand({ Bucket: this.#bucket });
    await this.#call((abortSignal) => this.#client.send(command, { abortSignal }));
  }

  #key(sha256: string): string {
    return `originals/${shardedName(sha256)}`;
  }

  async putFile(file: string): Promise<string> {
    const sha256 = await sha256OfFile(file);
    if (await this.has(sha256)) return sha256;
    const { size } = await fsp.stat(file);
    await this.#put(sha256, fs.createReadStream(file), size);
    return sha256;
  }

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = sha256Of(bytes);
    if (!(await this.has(sha256))) await this.#put(sha256, bytes, bytes.byteLength);
    return sha256;
  }

  async #put(sha256: string, body: Uint8Array | Readable, length: number): Promise<void> {
    // No whole-call deadline: a large upload on a slow link may take long while it moves.
    const command = new PutObjectCommand({
      Bucket: this.#bucket,
      Key: this.#key(sha256),
      Body: body,
      ContentLength: length,
      ContentType: "application/octet-stream",
    });
    await this.#call((abortSignal) => this.#client.send(command, { abortSignal }), undefined);
  }

  async get(sha256: string): Promise<Buffer | undefined> {
    try {
      const command = new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(sha256) });
      const answer = await this.#call((abortSignal) => this.#client.send(command, { abortSignal }), undefined);
      return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    try {
      const command = new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(sha256) });
      await this.#call((abortSignal) => this.#client.send(command, { abortSignal }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async localFile(sha256: string): Promise<string> {
    const file = path.join(this.#cacheDir, shardedName(sha256));
    // Held before it is looked at, so a prune running meanwhile cannot take it between the two.
    await this.#pruner.used(file);
    if (fs.existsSync(file)) return file;
    let pending = this.#downloads.get(sha256);
    if (!pending) {
      pending = this.#download(sha256, file).finally(() => this.#downloads.delete(sha256));
      this.#downloads.set(sha256, pending);
    }
    const fetched = await pending;
    await this.#pruner.used(fetched);
    this.#pruner.schedule();
    return fetched;
  }

  async delete(sha256: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    const command = new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#key(sha256) });
    await this.#call((abortSignal) => this.#client.send(command, { abortSignal }));
    // This machine's copy goes too; another machine's is pruned by its cache's size cap.
    await fsp.rm(path.join(this.#cacheDir, shardedName(sha256)), { force: true });
  }

  /**
   * One call to the store within its deadlines (`callMs` for the whole call unless `undefined`:
   * a transfer is bounded by connect and silence only). A store that cannot be reached or fails
   * on its side becomes ImageStorageUnavailableError; its other answers (404, 403) pass on.
   */
  async #call<T>(
    send: (abortSignal: AbortSignal | undefined) => Promise<T>,
    callMs: number | undefined = this.#deadlines.callMs,
  ): Promise<T> {
    try {
      return await send(callMs === undefined ? undefined : AbortSignal.timeout(callMs));
    } catch (error) {
      throw isUnreachable(error) ? new ImageStorageUnavailableError(reasonOf(error)) : error;
    }
  }

  async #download(sha256: string, file: string): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(sha256) });
    const answer = await this.#call((abortSignal) => this.#client.send(command, { abortSignal }), undefined).catch(
      (error) => {
        throw isMissing(error) ? new Error(`The original ${sha256} is not in bucket ${this.#bucket}`) : error;
      },
    );
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${crypto.randomUUID()}.partial`;
    try {
      await pipeline(answer.Body as Readable, fs.createWriteStream(partial, { mode: 0o600 }));
      const got = await sha256OfFile(partial);
      if (got !== sha256) throw new Error(`The original ${sha256} came back from the bucket as ${got}`);
      await fsp.rename(partial, file);
      return file;
    } catch (error) {
      await fsp.rm(partial, { force: true });
      // The store fell silent or dropped the connection halfway through the body.
      throw isUnreachable(error) ? new ImageStorageUnavailableError(reasonOf(error)) : error;
    }
  }
}

/**
 * No answer from the store, or the store's own failure: a socket error (ECONNREFUSED, ...), a
 * timeout or our deadline, or a 5xx after the SDK's retries. A 4xx is an answer (missing, refused).
 */
function isUnreachable(error: unknown): boolean {
  const { name, code, $metadata } = error as { name?: string; code?: unknown; $metadata?: { httpStatusCode?: number } };
  if ($metadata?.httpStatusCode !== undefined) return $metadata.httpStatusCode >= 500;
  return (
    name === "TimeoutError" || name === "AbortError" || (typeof code === "string" && NETWORK_ERROR_CODES.has(code))
  );
}

/** The store's or the network's own words, without the request (no credentials in them). */
function reasonOf(error: unknown): string {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === "TimeoutError" || name === "AbortError") return `no answer in time (${message ?? name})`;
  return [code, message].filter(Boolean).join(": ") || String(name ?? "unknown error");
}

function isMissing(error: unknown): boolean {
  if (error instanceof NotFound) return true;
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return named.name === "NoSuchKey" || named.name === "NotFound" || named.$metadata?.httpStatusCode === 404;
}
