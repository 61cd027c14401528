import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { BoundedAnswerCache } from "./bounded-answer-cache.ts";
import { findPagesFolder, readBuildCopy } from "./build-page-files.ts";
import {
  chooseEncoding,
  compressBody,
  compressBodySync,
  matchesEtag,
  type PreparedAnswer,
  prepareAnswer,
} from "./compressed-body.ts";
import { inlineStylesheets, stylesheetReader } from "./inline-stylesheets.ts";
import { allowOwnScripts } from "./own-inline-scripts.ts";
import { pageOfPageFile } from "./page-file-paths.ts";
import { captureRenderedPage, isAnonymous, keptAnswerOfResponse } from "./rendered-page-capture.ts";
import {
  type Flight,
  type RenderOutcome,
  RendersInFlight,
  settleWhenUncaptured,
  waiting,
} from "./renders-in-flight.ts";
import { contentSecurityPolicy, fixedSecurityHeaders, isolatesWindow } from "./security-headers.ts";

export interface PrerenderedOptions {
  production?: boolean;
  /** Put `value` (the configured public origin) where the build wrote `placeholder`. */
  origin?: { placeholder: string; value: string };
  /**
   * The build's compressed copy of the pages (build/nginx, scripts/export-nginx-pages.mjs), with
   * their `.br` and `.gz` made at build. A page whose bytes match its copy there reuses them.
   */
  precompressedDir?: string;
  /**
   * Whether the build's pages still show the content served (decision 039): false once the
   * studio published a change, and every page is rendered from the database's content instead.
   * The redirects to clean URLs hold either way.
   */
  current?: () => boolean;
  /**
   * The marker the build put on the pages' own inline scripts (readPrerenderScriptNonce): those
   * are allowed by hash, no other. Without it no inline script is allowed.
   */
  scriptNonce?: string;
  /**
   * Once the build's pages are not current: the content's version (kept pages are for one
   * version) and whether an address is one of its public pages. Those are rendered by the app
   * on their first anonymous request and kept, as the build's pages are.
   */
  rendered?: {
    version: () => number | string;
    isPage: (pathname: string) => boolean;
    /**
     * What else a page prints besides the content, when it prints anything (the catalogue
     * PDF's size on /cv): its kept copy is rendered again when this changes, and only its own.
     */
    pageVersion?: (pathname: string) => string | undefined;
  };
  /** Bytes of pages kept (their brotli bodies); the least recently asked for go first. */
  maxBytes?: number;
}

/**
 * ~6 KB a page compressed: every page of a 120-work site (about 1 MB), the 2,700 most recently
 * asked for of a 12,000-work one. Halved from 32 MB (decision 053): a crawl of 12,000 pages
 * filled it, and with the garbage of filling it was most of the crawl's peak over 400 MB.
 */
const KEPT_PAGE_BYTES = 16 * 1024 * 1024;
/**
 * Pages being compressed at once (brotli 11 takes tens of ms a page). A crawl of thousands of
 * pages asks faster than that: past this, a page is sent and not kept, so the pages waiting to
 * be compressed never pile up in memory (a 12,000-work crawl held hundreds of MB that way).
 */
const COMPRESSING_AT_ONCE = 4;
/** The first compression of a build page, on the request that reads it. */
const QUICK_LEVELS = { brotliQuality: 4, gzipLevel: 6 };
/** Bytes of identity and gzip bodies kept for the clients that ask for them (decision 034). */
const OTHER_ENCODINGS_BYTES = 8 * 1024 * 1024;

/**
 * Only the brotli body is held (what browsers ask for): each page's identity and gzip forms,
 * four fifths of the bytes, are made again when a client asks (decoded and compressed), and kept
 * within OTHER_ENCODINGS_BYTES, the most recent first.
 */
function leanAnswer(answer: PreparedAnswer): PreparedAnswer {
  const { body, heads } = answer;
  if (!body.br) return answer;
  return { body: { identity: EMPTY, br: body.br, etag: body.etag }, heads };
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

/**
 * The site's public pages answered from memory, one pipeline for all of them (issue 23):
 * `/about` is the build's `build/client/about/index.html` while the content served is the
 * build's, else the page the app renders for the published content; either is kept in memory
 * once asked for, for that content version, with its stylesheets inlined
 * (inline-stylesheets.js), brotli or gzip as the request accepts (server/compressed-body.ts), an
 * ETag so repeat visits cost a 304, and a Content-Security-Policy allowing by sha256 hash exactly
 * the inline scripts the app rendered (decision 029). `origin` puts the configured public origin
 * where the build wrote a placeholder (canonical links, Open Graph, JSON-LD). A request with a
 * query string, or for an address that is not a page, falls through to the app.
 *
 * Nothing is read at start and nothing is held that was not asked for: pages are read or
 * rendered on their first request and kept within `maxBytes` (decision 034: with 12,000 works
 * holding every page did not fit a small server). A build page whose bytes match the build's
 * compressed copy reuses it; otherwise it gets a quick brotli on the request that reads it and
 * the build's level (brotli 11) in zlib's thread pool for the next requests.
 */
/** `/rooms` and anything under it: a viewing room, answered by the app for every request. */
export function isRoomAddress(url: string): boolean {
  return url === "/rooms" || /^\/rooms[/?#.]/.test(url);
}

export function prerenderedPages(clientDir: string, options: PrerenderedOptions = {}) {
  const { production = true, origin } = options;
  const root = path.resolve(clientDir);
  const readStylesheet = stylesheetReader(root);
  const precompressed = options.precompressedDir ? findPagesFolder(options.precompressedDir) : undefined;
  const kept = new BoundedAnswerCache({ maxEntries: 100_000, maxBytes: options.maxBytes ?? KEPT_PAGE_BYTES });
  let keptFor = "";
  /** The pageVersion each kept rendered page was made for, for the pages that have one. */
  const keptPageVersions = new Map<string, string>();
  const pageVersion = (route: string) => options.rendered?.pageVersion?.(route);
  /** Build pages whose final compression runs. */
  const compressing = new Set<string>();
  /** Rendered pages being finished and compressed. */
  let finishing = 0;
  /** Pages being rendered, by content version and route: one render however many ask. */
  const inFlight = new RendersInFlight();
  const otherEncodings = new OtherEncodings();

  /** Which content the kept pages show: the build's, or a published version. */
  const generation = () => ((options.current?.() ?? true) ? "build" : `v${options.rendered?.version() ?? ""}`);
  const keptPages = () => {
    const now = generation();
    if (now !== keptFor) {
      kept.clear();
      otherEncodings.clear();
      keptPageVersions.clear();
      keptFor = now;
    }
    return kept;
  };

  const redirectHeaders = {
    ...fixedSecurityHeaders({ production }),
    ...(production ? { "Content-Security-Policy": contentSecurityPolicy() } : {}),
  };
  const pageHeaders = (route: string, scriptPolicy: string): Record<string, string> => ({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "public, max-age=0, must-revalidate",
    ...fixedSecurityHeaders({ production, isolateWindow: isolatesWindow(route) }),
    ...(production ? { "Content-Security-Policy": scriptPolicy } : {}),
  });

  /** The build's page for `route`, kept; undefined when the build wrote none. */
  function readBuildPage(route: string): PreparedAnswer | undefined {
    const relative = route === "/" ? "" : route.slice(1);
    const file = path.join(root, relative, "index.html");
    // Only pages of the build: never a path out of it, nor the assets', images' or rooms' folders.
    if (!file.startsWith(root + path.sep) || /^(assets|img|rooms)(\/|$)/.test(relative)) return undefined;
    let prerendered: string;
    try {
      prerendered = fs.readFileSync(file, "utf8");
    } catch {
      return undefined;
    }
    const { html, scriptPolicy } = finishPrerenderedPage(prerendered, {
      origin,
      readStylesheet,
      scriptNonce: options.scriptNonce,
    });
    const identity = Buffer.from(html);
    const headers = pageHeaders(route, scriptPolicy);
    const built = precompressed && readBuildCopy(path.join(precompressed, relative, "index.html"), identity);
    if (built) {
      const answer = leanAnswer(prepareAnswer(built, headers));
      keptPages().set(route, answer);
      return answer;
    }
    // A quick brotli at once (about a millisecond a page), so no visitor gets it uncompressed,
    // then the build's level in zlib's pool for the next visitors.
    const quick = leanAnswer(prepareAnswer(compressBodySync(identity, QUICK_LEVELS), headers));
    const forGeneration = keptFor;
    keptPages().set(route, quick);
    if (!compressing.has(route) && compressing.size + finishing < COMPRESSING_AT_ONCE) {
      compressing.add(route);
      void compressBody(identity)
        .then((body) => {
          if (keptFor === forGeneration) keptPages().set(route, leanAnswer(prepareAnswer(body, headers)));
        })
        .finally(() => compressing.delete(route));
    }
    return quick;
  }

  /**
   * Answers a GET for a page not in memory: joins the render of it under way, or has the app
   * render it for this request (returns false: the caller passes the request on) and keeps it,
   * answering whoever asked meanwhile with the same page.
   */
  function renderOnce(req: IncomingMessage, res: ServerResponse, route: string, passOn: () => void): boolean {
    const forGeneration = keptFor;
    const forPage = pageVersion(route);
    // The content version is in the key: a request made after a publish never waits for a render
    // begun before it.
    const key = `${forGeneration}\n${forPage ?? ""}\n${route}`;
    const wait = waiting(res, {
      send: (answer) => sendAnswer(req, res, route, answer),
      askAgain: () => servePrerendered(req, res, passOn),
      passOn,
    });
    if (inFlight.join(key, wait)) return true;
    keepRendered(req, res, route, inFlight.start(key), { forGeneration, forPage });
    return false;
  }

  /**
   * Keeps the page the app renders for this request, if nothing changed while it rendered, and
   * settles its flight: the page for those who waited, or why there is none.
   */
  function keepRendered(
    req: IncomingMessage,
    res: ServerResponse,
    route: string,
    flight: Flight,
    { forGeneration, forPage }: { forGeneration: string; forPage: string | undefined },
  ) {
    let captured = false;
    settleWhenUncaptured(res, flight, () => captured);
    captureRenderedPage(req, res, async (rendered, nonce) => {
      captured = true;
      // Past the limit a page no one waits for is sent and not kept (a crawl); one others wait
      // for is finished for them all.
      if (compressing.size + finishing >= COMPRESSING_AT_ONCE && flight.waiters() === 0) {
        flight.settle("not kept");
        return;
      }
      finishing++;
      let outcome: RenderOutcome = "not kept";
      try {
        const answer = await keptAnswerOfResponse(rendered, nonce, res, {
          production,
          readStylesheet: production ? readStylesheet : undefined,
        });
        // Those who waited asked for this version: they get it, whatever changed since.
        outcome = answer;
        if (generation() !== forGeneration || pageVersion(route) !== forPage) return;
        keptPages().set(route, leanAnswer(answer));
        if (forPage === undefined) keptPageVersions.delete(route);
        else keptPageVersions.set(route, forPage);
      } finally {
        finishing--;
        flight.settle(outcome);
      }
    });
  }

  /**
   * Plain Node request/response, no Express: the hot path for the site's most requested pages.
   * Returns false when the request is not answered here, so the caller passes it on; a request
   * that waited for another's render of its page and got none is passed on later, by `passOn`.
   */
  function servePrerendered(req: IncomingMessage, res: ServerResponse, passOn: () => void): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url || "/";
    // Viewing rooms are always the app's: never a kept copy nor one of its redirects (issue 22).
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
    if (queryAt !== -1) return false;
    if (options.rendered && !options.rendered.isPage(pathname)) return false;
    let answer = keptPages().get(pathname);
    if (answer && keptFor !== "build" && keptPageVersions.get(pathname) !== pageVersion(pathname)) {
      // What this page prints changed (a rebuilt catalogue PDF): its copy alone is rendered again.
      kept.delete(pathname);
      otherEncodings.deletePage(pathname);
      answer = undefined;
    }
    if (!answer) {
      if (keptFor === "build") answer = readBuildPage(pathname);
      else if (req.method === "GET" && isAnonymous(req)) return renderOnce(req, res, pathname, passOn);
    }
    if (!answer) return false;
    sendAnswer(req, res, pathname, answer);
    return true;
  }
  return servePrerendered;

  /** A kept page (or one just rendered), as the request accepts it: 304, brotli, gzip or identity. */
  function sendAnswer(req: IncomingMessage, res: ServerResponse, pathname: string, answer: PreparedAnswer): void {
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
    const other = bodyIn(pathname, answer, encoding);
    res.writeHead(200, { ...(heads[encoding] ?? heads.identity), "Content-Length": String(other.length) });
    res.end(req.method === "HEAD" ? undefined : other);
  }

  /** The page's identity or gzip body: held until it is compressed, then made when asked. */
  function bodyIn(route: string, answer: PreparedAnswer, encoding: "gzip" | "identity"): Buffer {
    const { body } = answer;
    const held = encoding === "gzip" ? body.gzip : body.identity;
    if (held && held.length > 0) return held;
    return otherEncodings.get(`${encoding} ${route}`, () => {
      const identity = zlib.brotliDecompressSync(body.br ?? EMPTY);
      return encoding === "identity" ? identity : zlib.gzipSync(identity, { level: 9 });
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

/**
 * `pathname` without its trailing slashes, as a path on this site. Leading slashes and
 * backslashes collapse to one: `//evil.example/` must not become `Location: //evil.example`,
 * which browsers follow to another host (they read `\\` as `/` too).
 */
export function sameSiteLocation(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, "").replace(/\/+$/, "")}`;
}
