import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import {
  type CompressedBody,
  chooseEncoding,
  compressBody,
  etagOf,
  matchesEtag,
  type PreparedAnswer,
  prepareAnswer,
} from "./compressed-body.ts";
import { inlineStylesheets, stylesheetReader } from "./inline-stylesheets.ts";
import { allowOwnScripts } from "./own-inline-scripts.ts";
import { pageOfPageFile } from "./page-file-paths.ts";
import { contentSecurityPolicy, fixedSecurityHeaders } from "./security-headers.ts";

export interface PrerenderedOptions {
  production?: boolean;
  /** Put `value` (the configured public origin) where the build wrote `placeholder`. */
  origin?: { placeholder: string; value: string };
  /**
   * The build's copy of the pages for nginx (build/nginx, scripts/export-nginx-pages.mjs), with
   * their `.br` and `.gz` made at build. A page whose bytes match its copy there reuses them.
   */
  precompressedDir?: string;
  /**
   * Whether the build's pages still show the content served (decision 039): false once the
   * studio published a change, and every page is rendered from the database's content instead.
   * The redirects to clean URLs hold either way.
   */
  current?: () => boolean;
  /** Told how many pages had to be compressed at start (their build copy named another origin). */
  onCompressed?: (summary: { reused: number; compressed: number; ms: number }) => void;
  /**
   * The marker the build put on the pages' own inline scripts (readPrerenderScriptNonce): those
   * are allowed by hash, no other. Without it no inline script is allowed.
   */
  scriptNonce?: string;
}

interface Page {
  /** Its bodies as made; once compressed, only the brotli one stays (see leanPage). */
  answer: PreparedAnswer;
  /** The build's copy on disk (its `.gz` beside it), when the page has its bytes. */
  file?: string;
}

/** Bytes of identity and gzip bodies kept for the clients that ask for them (decision 034). */
const OTHER_ENCODINGS_BYTES = 16 * 1024 * 1024;

/**
 * Only the brotli body is held for good (what browsers ask for): each page's identity and gzip
 * forms, four fifths of the bytes, made again when a client asks (read from the build's copy,
 * or decoded and compressed), and kept within OTHER_ENCODINGS_BYTES, the most recent first.
 * With 12,000 works, the three forms of every page were ~500 MB of the server's memory.
 */
function leanPage(page: Page): Page {
  const { body, heads } = page.answer;
  if (!body.br) return page;
  return { ...page, answer: { body: { identity: EMPTY, br: body.br, etag: body.etag }, heads } };
}
const EMPTY = Buffer.alloc(0);

class OtherEncodings {
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
}

/**
 * Answers requests for prerendered pages from memory: `/about` is served from
 * `build/client/about/index.html` (no redirect to `/about/`), with its stylesheets inlined
 * (inline-stylesheets.js), brotli or gzip as the request accepts (server/compressed-body.ts),
 * an ETag so repeat visits cost a 304, and a Content-Security-Policy allowing by sha256 hash
 * exactly the inline scripts the app rendered (marked with `scriptNonce`, decision 029). `origin` puts the configured public origin where the build
 * wrote a placeholder (canonical links, Open Graph, JSON-LD). A page that was not prerendered,
 * or a request with a query string, falls through to server rendering.
 *
 * Nothing is compressed on the request path: the build already wrote each page's `.br` and
 * `.gz` for nginx, and they are reused when the bytes are the same. When they are not (the
 * server's origin differs from the build's), the pages are compressed once at start in zlib's
 * thread pool (a quick pass, then brotli 11), and each is sent uncompressed until its turn.
 */
/** `/rooms` and anything under it: a viewing room, answered by the app for every request. */
export function isRoomAddress(url: string): boolean {
  return url === "/rooms" || /^\/rooms[/?#.]/.test(url);
}

export function prerenderedPages(clientDir: string, options: PrerenderedOptions = {}) {
  const { production = true, origin } = options;
  const root = path.resolve(clientDir);
  const pages = new Map<string, Page>();
  const readStylesheet = stylesheetReader(root);
  const precompressed = options.precompressedDir ? findPagesFolder(options.precompressedDir) : undefined;
  const toCompress: Array<{ page: Page; headers: Record<string, string> }> = [];
  let reused = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets" && entry.name !== "img" && !(dir === root && entry.name === "rooms")) walk(full);
      } else if (entry.name === "index.html") {
        const relative = path.relative(root, dir);
        const route = `/${relative.split(path.sep).join("/")}`.replace(/\/$/, "") || "/";
        const { html, scriptPolicy } = finishPrerenderedPage(fs.readFileSync(full, "utf8"), {
          origin,
          readStylesheet,
          scriptNonce: options.scriptNonce,
        });
        const identity = Buffer.from(html);
        const headers: Record<string, string> = {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "public, max-age=0, must-revalidate",
          ...fixedSecurityHeaders({ production }),
          ...(production ? { "Content-Security-Policy": scriptPolicy } : {}),
        };
        const built = precompressed && readBuildCopy(path.join(precompressed, relative, "index.html"), identity);
        const page: Page = { answer: prepareAnswer(built || { identity, etag: etagOf(identity) }, headers) };
        if (built) {
          reused++;
          page.file = path.join(precompressed, relative, "index.html");
          pages.set(route, leanPage(page));
        } else {
          toCompress.push({ page, headers });
          pages.set(route, page);
        }
      }
    }
  };
  if (fs.existsSync(root)) walk(root);
  if (toCompress.length > 0) {
    void compressInBackground(toCompress, reused, (summary) => {
      // Compressed at their final levels: from now on only the brotli body is held.
      for (const [route, page] of pages) pages.set(route, leanPage(page));
      options.onCompressed?.(summary);
    });
  } else options.onCompressed?.({ reused, compressed: 0, ms: 0 });
  const otherEncodings = new OtherEncodings();

  const redirectHeaders = {
    ...fixedSecurityHeaders({ production }),
    ...(production ? { "Content-Security-Policy": contentSecurityPolicy() } : {}),
  };

  /**
   * Plain Node request/response, no Express: the hot path for the site's most requested pages.
   * Returns false when the request is not for a prerendered page, so the caller passes it on.
   */
  return function servePrerendered(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url || "/";
    // Viewing rooms are always the app's: never a prerendered copy nor one of its redirects (issue 22).
    if (isRoomAddress(url)) return false;
    const queryAt = url.indexOf("?");
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    // `/about/` and the build's file `/about/index.html` are the page at its clean URL, `/about`.
    const cleanPath = pathname.length > 1 && pathname.endsWith("/") ? pathname : pageOfPageFile(pathname);
    if (cleanPath !== undefined) {
      const query = queryAt === -1 ? "" : url.slice(queryAt);
      res.writeHead(301, { ...redirectHeaders, Location: sameSiteLocation(cleanPath) + query });
      res.end();
      return true;
    }
    // A query string can change what a page shows (gallery filters), so it is rendered per request.
    const page = queryAt === -1 && (options.current?.() ?? true) ? pages.get(pathname) : undefined;
    if (!page) return false;
    const { body, heads } = page.answer;
    if (matchesEtag(req.headers["if-none-match"], body.etag)) {
      res.writeHead(304, heads.notModified);
      res.end();
      return true;
    }
    // What the page has, or can have made: brotli in memory, gzip and identity on demand.
    const encoding = chooseEncoding(req.headers["accept-encoding"], { br: body.br, gzip: heads.gzip && EMPTY });
    if (encoding === "br") {
      res.writeHead(200, heads.br);
      res.end(req.method === "HEAD" ? undefined : body.br);
      return true;
    }
    const other = bodyIn(pathname, page, encoding);
    res.writeHead(200, { ...heads[encoding], "Content-Length": String(other.length) });
    res.end(req.method === "HEAD" ? undefined : other);
    return true;
  };

  /** The page's identity or gzip body: held until it is compressed, then made when asked. */
  function bodyIn(route: string, page: Page, encoding: "gzip" | "identity"): Buffer {
    const { body } = page.answer;
    const held = encoding === "gzip" ? body.gzip : body.identity;
    if (held && held.length > 0) return held;
    return otherEncodings.get(`${encoding} ${route}`, () => {
      const identity = () => (page.file ? fs.readFileSync(page.file) : zlib.brotliDecompressSync(body.br ?? EMPTY));
      if (encoding === "identity") return identity();
      return page.file ? fs.readFileSync(`${page.file}.gz`) : zlib.gzipSync(identity(), { level: 9 });
    });
  }
}

/**
 * A prerendered page as it is served, here and by nginx (scripts/export-nginx-pages.mjs, which
 * must write the same bytes): the public origin where the build wrote its placeholder, the
 * app's own scripts allowed by hash with their marker removed (after the origin: a script may
 * carry it), then the stylesheets inlined.
 */
export function finishPrerenderedPage(
  prerendered: string,
  {
    origin,
    readStylesheet,
    scriptNonce,
  }: {
    origin?: { placeholder: string; value: string };
    readStylesheet: (href: string) => string | undefined;
    scriptNonce: string | undefined;
  },
): { html: string; scriptPolicy: string } {
  const withOrigin = origin ? prerendered.replaceAll(origin.placeholder, origin.value) : prerendered;
  const own = scriptNonce ? allowOwnScripts(withOrigin, scriptNonce) : { html: withOrigin, scriptHashes: [] };
  return { html: inlineStylesheets(own.html, readStylesheet), scriptPolicy: contentSecurityPolicy(own.scriptHashes) };
}

/** The pages-<id> folder the last build wrote for nginx, if there is one. */
function findPagesFolder(dir: string): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const folder = fs.readdirSync(dir).find((name) => /^pages-[0-9a-f]+$/.test(name));
  return folder ? path.join(dir, folder) : undefined;
}

/** The build's compressed copies of `identity`, when its file there holds the same bytes. */
function readBuildCopy(file: string, identity: Buffer): CompressedBody | undefined {
  try {
    if (!fs.readFileSync(file).equals(identity)) return undefined;
    return { identity, br: fs.readFileSync(`${file}.br`), gzip: fs.readFileSync(`${file}.gz`), etag: etagOf(identity) };
  } catch {
    return undefined;
  }
}

/** One page at a time in zlib's thread pool: requests keep the event loop, and a core. */
async function compressInBackground(
  pages: Array<{ page: Page; headers: Record<string, string> }>,
  reused: number,
  onCompressed: PrerenderedOptions["onCompressed"],
) {
  const started = performance.now();
  // A quick pass first (brotli 4 costs about a millisecond a page), so no page goes out
  // uncompressed for long, then the build's levels.
  for (const levels of [{ brotliQuality: 4, gzipLevel: 6 }, {}]) {
    for (const { page, headers } of pages) {
      page.answer = prepareAnswer(await compressBody(page.answer.body.identity, levels), headers);
    }
  }
  onCompressed?.({ reused, compressed: pages.length, ms: Math.round(performance.now() - started) });
}

/**
 * `pathname` without its trailing slashes, as a path on this site. Leading slashes and
 * backslashes collapse to one: `//evil.example/` must not become `Location: //evil.example`,
 * which browsers follow to another host (they read `\\` as `/` too).
 */
export function sameSiteLocation(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, "").replace(/\/+$/, "")}`;
}
