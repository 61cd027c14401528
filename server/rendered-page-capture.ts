import type { IncomingMessage, ServerResponse } from "node:http";
import { compressBody, type PreparedAnswer, prepareAnswer } from "./compressed-body.ts";
import { inlineStylesheets } from "./inline-stylesheets.ts";
import { allowOwnScripts } from "./own-inline-scripts.ts";
import { contentSecurityPolicy, fixedSecurityHeaders } from "./security-headers.ts";

/** A rendered page is tens of KB; anything far larger is not what the memory caches are for. */
export const MAX_KEPT_PAGE_BYTES = 1024 * 1024;

/**
 * Only anonymous requests: a browser with any cookie or credentials may be signed in, and its
 * page is rendered for it (and never kept).
 */
export function isAnonymous(req: IncomingMessage): boolean {
  return req.headers.cookie === undefined && req.headers.authorization === undefined;
}

/**
 * A complete, public, uncompressed HTML page: never an error, a redirect, a cookie or a page
 * that asked not to be stored.
 */
export function isKeepable(res: ServerResponse): boolean {
  return (
    res.statusCode === 200 &&
    res.getHeader("set-cookie") === undefined &&
    !String(res.getHeader("cache-control") ?? "").includes("no-store") &&
    res.getHeader("content-encoding") === undefined &&
    String(res.getHeader("content-type") ?? "").startsWith("text/html")
  );
}

type Write = ServerResponse["write"];
type End = ServerResponse["end"];

/**
 * Collects the page the app renders for this request as it is written, and hands it to `keep`
 * once sent, if it is keepable (isKeepable) and within MAX_KEPT_PAGE_BYTES, with the request's
 * CSP nonce. This one answer goes out uncompressed, so the bytes collected are the page itself
 * (server.js compresses further down, after this sees the body).
 */
export function captureRenderedPage(
  req: IncomingMessage,
  res: ServerResponse,
  keep: (rendered: Buffer, nonce: string | undefined) => void,
): void {
  req.headers["accept-encoding"] = "identity";
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function" || size > MAX_KEPT_PAGE_BYTES) return;
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
    if (size <= MAX_KEPT_PAGE_BYTES && isKeepable(res)) keep(Buffer.concat(chunks), nonce);
    return result;
  } as End;
}

/**
 * A captured page as it is kept and sent to every later visitor: the request's nonce dropped
 * and the inline scripts that carried it (the app's own, decision 029) allowed by hash, so a
 * script that came in with content stays refused; stylesheets inlined when `readStylesheet`
 * is given (one response to first paint, as the build's pages had); compressed once.
 */
export async function keptPageAnswer(
  rendered: Buffer,
  {
    nonce,
    cacheControl,
    contentType,
    production,
    isolateWindow,
    readStylesheet,
  }: {
    nonce: string | undefined;
    cacheControl: unknown;
    contentType: unknown;
    production: boolean;
    /** As the rendered answer had it (security-headers.ts isolatesWindow). */
    isolateWindow: boolean;
    readStylesheet?: (href: string) => string | undefined;
  },
): Promise<PreparedAnswer> {
  const own = nonce ? allowOwnScripts(rendered.toString("utf8"), nonce) : undefined;
  const page = own ? own.html : rendered.toString("utf8");
  const html = readStylesheet ? inlineStylesheets(page, readStylesheet) : page;
  const headers = {
    "Content-Type": String(contentType),
    "Cache-Control": typeof cacheControl === "string" ? cacheControl : "public, max-age=0, must-revalidate",
    ...fixedSecurityHeaders({ production, isolateWindow }),
    ...(production ? { "Content-Security-Policy": contentSecurityPolicy(own?.scriptHashes) } : {}),
  };
  return prepareAnswer(await compressBody(Buffer.from(html)), headers);
}

/** keptPageAnswer for a page captured from `res`: its headers as the app rendered them. */
export function keptAnswerOfResponse(
  rendered: Buffer,
  nonce: string | undefined,
  res: ServerResponse,
  { production, readStylesheet }: { production: boolean; readStylesheet?: (href: string) => string | undefined },
): Promise<PreparedAnswer> {
  return keptPageAnswer(rendered, {
    nonce,
    cacheControl: res.getHeader("cache-control"),
    contentType: res.getHeader("content-type"),
    production,
    isolateWindow: res.hasHeader("cross-origin-opener-policy"),
    readStylesheet,
  });
}
