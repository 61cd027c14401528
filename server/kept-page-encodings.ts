import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { chooseEncoding, matchesEtag, type PreparedAnswer } from "./compressed-body.ts";

// The encodings of the pages kept in memory (server/prerendered-pages.ts): what is held of each,
// and a page sent as a request accepts it.

/** Bytes of identity and gzip bodies kept for the clients that ask for them (decision 034). */
const OTHER_ENCODINGS_BYTES = 8 * 1024 * 1024;
const EMPTY = Buffer.alloc(0);

/**
 * Only the brotli body is held (what browsers ask for): each page's identity and gzip forms,
 * four fifths of the bytes, are made again when a client asks (decoded and compressed), and kept
 * within OTHER_ENCODINGS_BYTES, the most recent first.
 */
export function leanAnswer(answer: PreparedAnswer): PreparedAnswer {
  const { body, heads } = answer;
  if (!body.br) return answer;
  return { body: { identity: EMPTY, br: body.br, etag: body.etag }, heads };
}

export class OtherEncodings {
  private entries = new Map<string, Buffer>();
  private bytes = 0;
  get(key: string, make: () => Buffer): Buffer {
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const made = make();
    this.entries.set(key, made);
    this.bytes += made.length;
    for (const [oldest, body] of this.entries) {
      if (this.bytes <= OTHER_ENCODINGS_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= body.length;
    }
    return made;
  }
  /** Forgets a page's bodies in every encoding (keys are `<encoding> <route>`). */
  deletePage(route: string) {
    for (const encoding of ["gzip", "identity"]) {
      const key = `${encoding} ${route}`;
      const body = this.entries.get(key);
      if (!body) continue;
      this.entries.delete(key);
      this.bytes -= body.length;
    }
  }
  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** A kept page (or one just rendered), as the request accepts it: 304, brotli, gzip or identity. */
export function sendAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  answer: PreparedAnswer,
  otherEncodings: OtherEncodings,
): void {
  const { body, heads } = answer;
  if (matchesEtag(req.headers["if-none-match"], body.etag)) {
    res.writeHead(304, heads.notModified);
    res.end();
    return;
  }
  // What the page has, or can have made: brotli in memory, gzip and identity on demand.
  const encoding = chooseEncoding(req.headers["accept-encoding"], { br: body.br, gzip: body.br && EMPTY });
  if (encoding === "br") {
    res.writeHead(200, heads.br);
    res.end(req.method === "HEAD" ? undefined : body.br);
    return;
  }
  const other = bodyIn(pathname, answer, encoding, otherEncodings);
  res.writeHead(200, { ...(heads[encoding] ?? heads.identity), "Content-Length": String(other.length) });
  res.end(req.method === "HEAD" ? undefined : other);
}

/** The page's identity or gzip body: held until it is compressed, then made when asked. */
function bodyIn(
  route: string,
  answer: PreparedAnswer,
  encoding: "gzip" | "identity",
  otherEncodings: OtherEncodings,
): Buffer {
  const { body } = answer;
  const held = encoding === "gzip" ? body.gzip : body.identity;
  if (held && held.length > 0) return held;
  return otherEncodings.get(`${encoding} ${route}`, () => {
    const identity = zlib.brotliDecompressSync(body.br ?? EMPTY);
    return encoding === "identity" ? identity : zlib.gzipSync(identity, { level: 9 });
  });
}
