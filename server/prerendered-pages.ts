import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { BoundedAnswerCache } from "./bounded-answer-cache.ts";
import { findPagesFolder, readBuildCopy } from "./build-page-files.ts";
import { compressBody, compressBodySync, type PreparedAnswer, prepareAnswer } from "./compressed-body.ts";
import { inlineStylesheets, stylesheetReader } from "./inline-stylesheets.ts";
import { leanAnswer, OtherEncodings, sendAnswer } from "./kept-page-encodings.ts";
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
  /**
   * What a page prints from the database besides the content, when it prints anything (the
   * edition lines, decision 076), as a version: a page with one is never the build's file (the
   * build knew none), and its kept copy is rendered again as soon as the version moves, whether
   * the content is the build's or a published one.
   */
  live?: (pathname: string) => string | undefined;
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

/** `/rooms` and anything under it: a viewing room, answered by the app for every request. */
export function isRoomAddress(url: string): boolean {
  return url === "/rooms" || /^\/rooms[/?#.]/.test(url);
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
export function prerenderedPages(clientDir: string, options: PrerenderedOptions = {}) {
  const pages = new PrerenderedPages(clientDir, options);
  return (req: IncomingMessage, res: ServerResponse, passOn: () => void): boolean => pages.serve(req, res, passOn);
}

/** The kept pages of one server and how each request is answered from them. */
class PrerenderedPages {
  private readonly options: PrerenderedOptions;
  private readonly production: boolean;
  private readonly root: string;
  private readonly readStylesheet: (href: string) => string | undefined;
  private readonly precompressed: string | undefined;
  private readonly kept: BoundedAnswerCache;
  private keptFor = "";
  /** The pageVersion each kept rendered page was made for, for the pages that have one. */
  private readonly keptPageVersions = new Map<string, string>();
  /** Build pages whose final compression runs. */
  private readonly compressing = new Set<string>();
  /** Rendered pages being finished and compressed. */
  private finishing = 0;
  /** Pages being rendered, by content version and route: one render however many ask. */
  private readonly inFlight = new RendersInFlight();
  private readonly otherEncodings = new OtherEncodings();
  private readonly redirectHeaders: Record<string, string>;

  constructor(clientDir: string, options: PrerenderedOptions) {
    this.options = options;
    this.production = options.production ?? true;
    this.root = path.resolve(clientDir);
    this.readStylesheet = stylesheetReader(this.root);
    this.precompressed = options.precompressedDir ? findPagesFolder(options.precompressedDir) : undefined;
    this.kept = new BoundedAnswerCache({ maxEntries: 100_000, maxBytes: options.maxBytes ?? KEPT_PAGE_BYTES });
    this.redirectHeaders = {
      ...fixedSecurityHeaders({ production: this.production }),
      ...(this.production ? { "Content-Security-Policy": contentSecurityPolicy() } : {}),
    };
  }

  /** What a kept page was made for besides the content: the catalogue PDF it names, its live lines. */
  private pageVersion(route: string) {
    const printed = this.options.rendered?.pageVersion?.(route);
    const live = this.options.live?.(route);
    return printed === undefined && live === undefined ? undefined : `${printed ?? ""}\n${live ?? ""}`;
  }

  /** Which content the kept pages show: the build's, or a published version. */
  private generation() {
    return (this.options.current?.() ?? true) ? "build" : `v${this.options.rendered?.version() ?? ""}`;
  }

  private keptPages() {
    const now = this.generation();
    if (now !== this.keptFor) {
      this.kept.clear();
      this.otherEncodings.clear();
      this.keptPageVersions.clear();
      this.keptFor = now;
    }
    return this.kept;
  }

  private pageHeaders(route: string, scriptPolicy: string): Record<string, string> {
    return {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=0, must-revalidate",
      ...fixedSecurityHeaders({ production: this.production, isolateWindow: isolatesWindow(route) }),
      ...(this.production ? { "Content-Security-Policy": scriptPolicy } : {}),
    };
  }

  /**
   * Plain Node request/response, no Express: the hot path for the site's most requested pages.
   * Returns false when the request is not answered here, so the caller passes it on; a request
   * that waited for another's render of its page and got none is passed on later, by `passOn`.
   */
  serve(req: IncomingMessage, res: ServerResponse, passOn: () => void): boolean {
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
      res.writeHead(301, { ...this.redirectHeaders, Location: sameSiteLocation(cleanPath) + query });
      res.end();
      return true;
    }
    // A query string can change what a page shows (gallery filters), so it is rendered per request.
    if (queryAt !== -1) return false;
    const { rendered } = this.options;
    if (rendered && !rendered.isPage(pathname)) return false;
    let answer = this.keptAnswer(pathname);
    if (!answer) {
      // A page printing a live line is rendered whatever the content: the build's file has none.
      if (this.keptFor === "build" && this.options.live?.(pathname) === undefined)
        answer = this.readBuildPage(pathname);
      else if (req.method === "GET" && isAnonymous(req)) return this.renderOnce(req, res, pathname, passOn);
    }
    if (!answer) return false;
    sendAnswer(req, res, pathname, answer, this.otherEncodings);
    return true;
  }

  /** The page kept for `pathname`, unless what it prints besides the content changed since. */
  private keptAnswer(pathname: string): PreparedAnswer | undefined {
    const answer = this.keptPages().get(pathname);
    // The build's own pages print no live line: kept while the page has none.
    const checked =
      this.keptFor !== "build" || this.keptPageVersions.has(pathname) || this.options.live?.(pathname) !== undefined;
    if (answer && checked && this.keptPageVersions.get(pathname) !== this.pageVersion(pathname)) {
      // What this page prints changed (a rebuilt catalogue PDF): its copy alone is rendered again.
      this.kept.delete(pathname);
      this.otherEncodings.deletePage(pathname);
      return undefined;
    }
    return answer;
  }

  /** The build's page for `route`, kept; undefined when the build wrote none. */
  private readBuildPage(route: string): PreparedAnswer | undefined {
    const relative = route === "/" ? "" : route.slice(1);
    const file = path.join(this.root, relative, "index.html");
    // Only pages of the build: never a path out of it, nor the assets', images' or rooms' folders.
    if (!file.startsWith(this.root + path.sep) || /^(assets|img|rooms)(\/|$)/.test(relative)) return undefined;
    let prerendered: string;
    try {
      prerendered = fs.readFileSync(file, "utf8");
    } catch {
      return undefined;
    }
    const { html, scriptPolicy } = finishPrerenderedPage(prerendered, {
      origin: this.options.origin,
      readStylesheet: this.readStylesheet,
      scriptNonce: this.options.scriptNonce,
    });
    const identity = Buffer.from(html);
    const headers = this.pageHeaders(route, scriptPolicy);
    const built = this.precompressed && readBuildCopy(path.join(this.precompressed, relative, "index.html"), identity);
    if (built) {
      const answer = leanAnswer(prepareAnswer(built, headers));
      this.keptPages().set(route, answer);
      return answer;
    }
    // A quick brotli at once (about a millisecond a page), so no visitor gets it uncompressed,
    // then the build's level in zlib's pool for the next visitors.
    const quick = leanAnswer(prepareAnswer(compressBodySync(identity, QUICK_LEVELS), headers));
    const forGeneration = this.keptFor;
    this.keptPages().set(route, quick);
    this.compressAtBuildLevel(route, identity, headers, forGeneration);
    return quick;
  }

  /** Replaces a build page's quick brotli with the build's level, unless too many are under way. */
  private compressAtBuildLevel(
    route: string,
    identity: Buffer,
    headers: Record<string, string>,
    forGeneration: string,
  ) {
    if (this.compressing.has(route) || this.compressing.size + this.finishing >= COMPRESSING_AT_ONCE) return;
    this.compressing.add(route);
    void compressBody(identity)
      .then((body) => {
        if (this.keptFor === forGeneration) this.keptPages().set(route, leanAnswer(prepareAnswer(body, headers)));
      })
      .finally(() => this.compressing.delete(route));
  }

  /**
   * Answers a GET for a page not in memory: joins the render of it under way, or has the app
   * render it for this request (returns false: the caller passes the request on) and keeps it,
   * answering whoever asked meanwhile with the same page.
   */
  private renderOnce(req: IncomingMessage, res: ServerResponse, route: string, passOn: () => void): boolean {
    const forGeneration = this.keptFor;
    const forPage = this.pageVersion(route);
    // The content version is in the key: a request made after a publish never waits for a render
    // begun before it.
    const key = `${forGeneration}\n${forPage ?? ""}\n${route}`;
    const wait = waiting(res, {
      send: (answer) => sendAnswer(req, res, route, answer, this.otherEncodings),
      askAgain: () => this.serve(req, res, passOn),
      passOn,
    });
    if (this.inFlight.join(key, wait)) return true;
    this.keepRendered(req, res, route, this.inFlight.start(key), { forGeneration, forPage });
    return false;
  }

  /**
   * Keeps the page the app renders for this request, if nothing changed while it rendered, and
   * settles its flight: the page for those who waited, or why there is none.
   */
  private keepRendered(
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
      if (this.compressing.size + this.finishing >= COMPRESSING_AT_ONCE && flight.waiters() === 0) {
        flight.settle("not kept");
        return;
      }
      this.finishing++;
      let outcome: RenderOutcome = "not kept";
      try {
        const answer = await keptAnswerOfResponse(rendered, nonce, res, {
          production: this.production,
          readStylesheet: this.production ? this.readStylesheet : undefined,
        });
        // Those who waited asked for this version: they get it, whatever changed since.
        outcome = answer;
        if (this.generation() !== forGeneration || this.pageVersion(route) !== forPage) return;
        this.keptPages().set(route, leanAnswer(answer));
        if (forPage === undefined) this.keptPageVersions.delete(route);
        else this.keptPageVersions.set(route, forPage);
      } finally {
        this.finishing--;
        flight.settle(outcome);
      }
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
