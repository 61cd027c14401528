import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * One answer body kept in memory with its brotli and gzip forms, compressed once when the
 * entry is made (never per request), and its ETag. Used by every answer served from memory:
 * prerendered pages (compressed at build, server/prerendered-pages.ts), the public quotes API
 * and the quote wall's rendered pages (server/public-quotes-from-memory.ts).
 */
export interface CompressedBody {
  readonly identity: Buffer;
  /** Missing when the body is too small to gain from it. */
  readonly br?: Buffer;
  readonly gzip?: Buffer;
  readonly etag: string;
}

export interface CompressionLevels {
  /** Brotli quality 0-11: 11 for bodies compressed once and sent many times. */
  brotliQuality?: number;
  gzipLevel?: number;
  /** Bodies smaller than this are sent as they are: the encoding would cost more than it saves. */
  minBytes?: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli's settings for one body: its window no larger than the body needs. At quality 10-11 the
 * encoder's match finder takes eight bytes per window byte, 32 MB at the default 4 MB window, in
 * each of zlib's threads, and glibc keeps what a thread freed; a 60 KB page needs a 64 KB window
 * (decision 050), and compresses the same.
 */
export function brotliParams(bytes: number, quality: number): Record<number, number> {
  return {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(
      zlib.constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
    ),
  };
}

export function etagOf(identity: Buffer): string {
  return `"${crypto.createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`;
}

/** Compresses off the event loop (zlib's thread pool), so making an entry blocks no request. */
export async function compressBody(identity: Buffer, levels: CompressionLevels = {}): Promise<CompressedBody> {
  const { brotliQuality = 11, gzipLevel = 9, minBytes = 1024 } = levels;
  const etag = etagOf(identity);
  if (identity.length < minBytes) return { identity, etag };
  const [br, gz] = await Promise.all([
    brotli(identity, { params: brotliParams(identity.length, brotliQuality) }),
    gzip(identity, { level: gzipLevel }),
  ]);
  return { identity, br, gzip: gz, etag };
}

/** The same, on the calling thread: for small bodies where a thread-pool hop costs more. */
export function compressBodySync(identity: Buffer, levels: CompressionLevels = {}): CompressedBody {
  const { brotliQuality = 11, gzipLevel = 9, minBytes = 1024 } = levels;
  const etag = etagOf(identity);
  if (identity.length < minBytes) return { identity, etag };
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: brotliParams(identity.length, brotliQuality) }),
    gzip: zlib.gzipSync(identity, { level: gzipLevel }),
    etag,
  };
}

export type Encoding = "br" | "gzip" | "identity";

/**
 * The encoding to send for an Accept-Encoding header, among those `body` has: the highest q-value
 * wins (RFC 9110 12.5.3), brotli before gzip on a tie; `q=0` refuses a coding, `*` stands for the
 * codings not named. Identity when nothing acceptable is available.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  body: Pick<CompressedBody, "br" | "gzip">,
): Encoding {
  if (!acceptEncoding || (!body.br && !body.gzip)) return "identity";
  // Common browser values, without parsing: the hot path of every page served from memory.
  if (
    acceptEncoding === "gzip, deflate, br, zstd" ||
    acceptEncoding === "gzip, deflate, br" ||
    acceptEncoding === "br, gzip"
  ) {
    return body.br ? "br" : "gzip";
  }
  let star = -1;
  // A Map: a coding named `__proto__` or `constructor` must not reach an object's inherited members.
  const quality = new Map<string, number>();
  // Oversized headers are cut rather than parsed in full: no one needs more than a few codings.
  for (const part of acceptEncoding.slice(0, 512).split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
    }
    if (name === "*") star = q;
    else quality.set(name, Math.max(quality.get(name) ?? 0, q));
  }
  const qBr = body.br ? (quality.get("br") ?? Math.max(star, 0)) : 0;
  const qGzip = body.gzip ? (quality.get("gzip") ?? quality.get("x-gzip") ?? Math.max(star, 0)) : 0;
  if (qBr <= 0 && qGzip <= 0) return "identity";
  return qBr >= qGzip ? "br" : "gzip";
}

/** Whether If-None-Match names this ETag (weak comparison, a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  if (ifNoneMatch.length > 4096) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

/** A body with its response headers for each encoding, made once per entry. */
export interface PreparedAnswer {
  readonly body: CompressedBody;
  readonly heads: { readonly [encoding in Encoding | "notModified"]?: Readonly<Record<string, string>> };
}

/**
 * `body` with `headers` (the entry's own: Content-Type, Cache-Control, security headers) plus
 * Vary, ETag, Content-Encoding and Content-Length for each encoding it has, built once, so a
 * request costs one writeHead and no header objects.
 */
export function prepareAnswer(body: CompressedBody, headers: Readonly<Record<string, string>>): PreparedAnswer {
  const common = { ...headers, Vary: "Accept-Encoding", ETag: body.etag };
  const head = (bytes: Buffer, encoding?: string) => ({
    ...common,
    ...(encoding ? { "Content-Encoding": encoding } : {}),
    "Content-Length": String(bytes.length),
  });
  return {
    body,
    heads: {
      identity: head(body.identity),
      br: body.br && head(body.br, "br"),
      gzip: body.gzip && head(body.gzip, "gzip"),
      notModified: common,
    },
  };
}

/** Sends a prepared answer in the encoding the request accepts, or a 304 when the client has it. */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, answer: PreparedAnswer): void {
  const { body, heads } = answer;
  if (matchesEtag(req.headers["if-none-match"], body.etag)) {
    res.writeHead(304, heads.notModified);
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"], body);
  res.writeHead(200, heads[encoding]);
  res.end(req.method === "HEAD" ? undefined : encoding === "identity" ? body.identity : body[encoding]);
}
