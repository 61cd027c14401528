import type { IncomingMessage, ServerResponse } from "node:http";
import { processContentStore } from "#app/content/content-store.server.ts";
import { getPublicQuoteCache } from "#app/realtime/app-quote-events.server.ts";
import { BoundedAnswerCache } from "./bounded-answer-cache.ts";
import { compressBody, prepareAnswer, sendPrepared } from "./compressed-body.ts";
import { inlineStylesheets, stylesheetReader } from "./inline-stylesheets.ts";
import { allowOwnScripts } from "./own-inline-scripts.ts";
import { contentSecurityPolicy, fixedSecurityHeaders } from "./security-headers.ts";

const PATH = "/quotes";
/** The home page shows the newest public quotes (app/routes/_index.tsx): kept like the wall. */
const HOME = "/";
const HOME_KEY = "home";
/** Longer addresses are rendered every time: no real search or cursor needs more. */
const MAX_URL_LENGTH = 512;
/** A rendered wall is about 30 KB; anything far larger is not what this cache is for. */
const MAX_PAGE_BYTES = 1024 * 1024;

/**
 * The quote wall's rendered pages (`/quotes`, `?q=` searches, `?cursor=` pages) and the home
 * page, which shows the newest public quotes, kept compressed
 * in memory. Valid while the site's content (decision 039) and the public quote cache's
 * generation stay the same: the content moves on every publish, the generation on every
 * NOTIFY from the tweets trigger (any process), on this process's own admin writes, and when
 * the LISTEN connection drops (decision 012), so a toggle reaches the wall at once.
 */
export const quoteWall = {
  pages: new BoundedAnswerCache({ maxEntries: 256, maxBytes: 24 * 1024 * 1024 }),
  generation: "",
};

/** The cache key of a wall address, or undefined when it is not one this cache keeps. */
export function quoteWallKey(url: string): string | undefined {
  if (url === HOME) return HOME_KEY;
  if (url === PATH) return "";
  if (!url.startsWith(`${PATH}?`) || url.length > MAX_URL_LENGTH) return undefined;
  const params = new URLSearchParams(url.slice(PATH.length + 1));
  let q: string | undefined;
  let cursor: string | undefined;
  for (const [name, value] of params) {
    // Any other parameter, or one given twice, is rendered every time rather than guessed at.
    if (name === "q" && q === undefined) q = value;
    else if (name === "cursor" && cursor === undefined) cursor = value;
    else return undefined;
  }
  return JSON.stringify([q ?? "", cursor ?? ""]);
}

/**
 * Only anonymous requests: a browser with any cookie or credentials may be signed in, and its
 * page is rendered for it (and never kept).
 */
function isAnonymous(req: IncomingMessage): boolean {
  return req.headers.cookie === undefined && req.headers.authorization === undefined;
}

/** The wall's pages for this content and generation of the public quote cache; emptied when either moved. */
function currentPages(): BoundedAnswerCache | undefined {
  const quotes = getPublicQuoteCache();
  if (!quotes.keeping) return undefined;
  const generation = `${processContentStore().version}/${quotes.generation}`;
  if (quoteWall.generation !== generation) {
    quoteWall.pages.clear();
    quoteWall.generation = generation;
  }
  return quoteWall.pages;
}

/**
 * Answers an anonymous GET or HEAD of the wall from memory when it is there. On a miss it
 * returns false (the request goes on to React Router) after arranging to keep what is rendered:
 * the response's bytes are collected as they are written, and kept only if it is a 200 HTML
 * page that sets no cookie and quotes did not change while it was rendered.
 */
export function serveQuoteWallFromMemory(
  req: IncomingMessage,
  res: ServerResponse,
  { production }: { production: boolean },
): boolean {
  const key = quoteWallKey(req.url ?? "");
  if (key === undefined || !isAnonymous(req)) return false;
  const pages = currentPages();
  if (!pages) return false;
  const answer = pages.get(key);
  if (answer) {
    sendPrepared(req, res, answer);
    return true;
  }
  if (req.method === "GET") keepWhatIsRendered(req, res, key, quoteWall.generation, production);
  return false;
}

type Write = ServerResponse["write"];
type End = ServerResponse["end"];

function keepWhatIsRendered(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  generation: string,
  production: boolean,
) {
  // This one answer goes out uncompressed, so the bytes collected are the page itself
  // (server.js compresses further down, after this sees the body).
  req.headers["accept-encoding"] = "identity";
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function" || size > MAX_PAGE_BYTES) return;
    const bytes =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    chunks.push(bytes);
  };
  const write = res.write as (...args: unknown[]) => boolean;
  const end = res.end as (...args: unknown[]) => ServerResponse;
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return write.apply(this, args);
  } as Write;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    const result = end.apply(this, args);
    const nonce = (res as ServerResponse & { locals?: { cspNonce?: string } }).locals?.cspNonce;
    if (size <= MAX_PAGE_BYTES && isKeepable(res)) {
      void keep(key, generation, Buffer.concat(chunks), nonce, res, production);
    }
    return result;
  } as End;
}

/**
 * A complete, public, uncompressed HTML page: never an error, a redirect, a cookie or a page
 * that asked not to be stored (the home page rendered without its quotes).
 */
function isKeepable(res: ServerResponse): boolean {
  return (
    res.statusCode === 200 &&
    res.getHeader("set-cookie") === undefined &&
    !String(res.getHeader("cache-control") ?? "").includes("no-store") &&
    res.getHeader("content-encoding") === undefined &&
    String(res.getHeader("content-type") ?? "").startsWith("text/html")
  );
}

let builtStylesheets: ((href: string) => string | undefined) | undefined;
function readBuiltStylesheet() {
  builtStylesheets ??= stylesheetReader("build/client");
  return builtStylesheets;
}

async function keep(
  key: string,
  generation: string,
  rendered: Buffer,
  nonce: string | undefined,
  res: ServerResponse,
  production: boolean,
) {
  // The request's nonce must not be handed to every later visitor: the kept page drops it and
  // allows by hash the inline scripts that carried it (the app's own, decision 029), as
  // prerendered pages do. A script that came in with a quote had no nonce and stays refused.
  const own = nonce ? allowOwnScripts(rendered.toString("utf8"), nonce) : undefined;
  const page = own ? own.html : rendered.toString("utf8");
  // The home page was prerendered with its stylesheets inlined (one response to first paint);
  // kept, it gets the same, so rendering it on request leaves its critical path as it was.
  const html = key === HOME_KEY && production ? inlineStylesheets(page, readBuiltStylesheet()) : page;
  const cacheControl = res.getHeader("cache-control");
  const headers = {
    "Content-Type": String(res.getHeader("content-type")),
    "Cache-Control": typeof cacheControl === "string" ? cacheControl : "public, max-age=0, must-revalidate",
    ...fixedSecurityHeaders({ production }),
    ...(production ? { "Content-Security-Policy": contentSecurityPolicy(own?.scriptHashes) } : {}),
  };
  const body = await compressBody(Buffer.from(html));
  // Quotes changed while this was rendered or compressed: it may show the old list.
  const pages = currentPages();
  if (!pages || quoteWall.generation !== generation) return;
  pages.set(key, prepareAnswer(body, headers));
}
