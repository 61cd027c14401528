import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { inlineStylesheets, stylesheetReader } from "./inline-stylesheets.ts";
import { contentSecurityPolicy, inlineScriptHashes, setFixedSecurityHeaders } from "./security-headers.ts";

/**
 * Answers requests for prerendered pages from memory: `/about` is served from
 * `build/client/about/index.html` (no redirect to `/about/`), with its stylesheets inlined
 * (inline-stylesheets.js), compressed with brotli or gzip
 * once, on the first request that asks for that encoding (start-up stays fast with hundreds of
 * pages), with an ETag so repeat visits cost a 304, and a Content-Security-Policy
 * allowing exactly its own inline scripts by sha256 hash. `origin` puts the configured public
 * origin where the build wrote a placeholder (canonical links, Open Graph, JSON-LD). A page that was not
 * prerendered, or a request with a query string, falls through to server rendering.
 */
export function prerenderedPages(clientDir, { production = true, origin } = {}) {
  const root = path.resolve(clientDir);
  const pages = new Map();
  const readStylesheet = stylesheetReader(root);
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets" && entry.name !== "img") walk(full);
      } else if (entry.name === "index.html") {
        const route = `/${path.relative(root, dir).split(path.sep).join("/")}`.replace(/\/$/, "") || "/";
        let html = fs.readFileSync(full, "utf8");
        // Before hashing: the origin also sits in inline scripts (JSON-LD) whose CSP hashes follow.
        if (origin) html = html.replaceAll(origin.placeholder, origin.value);
        const body = Buffer.from(inlineStylesheets(html, readStylesheet));
        pages.set(route, {
          identity: body,
          br: once(() => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
          gzip: once(() => zlib.gzipSync(body, { level: 9 })),
          etag: `"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
          // Prerendered HTML carries no per-request nonce, so its inline scripts are allowed by hash.
          csp: contentSecurityPolicy(inlineScriptHashes(body.toString("utf8"))),
        });
      }
    }
  };
  if (fs.existsSync(root)) walk(root);

  /**
   * Plain Node request/response, no Express: the hot path for the site's most requested pages.
   * Returns false when the request is not for a prerendered page, so the caller passes it on.
   */
  return function servePrerendered(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url || "/";
    const queryAt = url.indexOf("?");
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (pathname.length > 1 && pathname.endsWith("/")) {
      const query = queryAt === -1 ? "" : url.slice(queryAt);
      setFixedSecurityHeaders(res, { production });
      if (production) res.setHeader("Content-Security-Policy", contentSecurityPolicy());
      res.writeHead(301, { Location: sameSiteLocation(pathname) + query });
      res.end();
      return true;
    }
    // A query string can change what a page shows (gallery filters), so it is rendered per request.
    const page = queryAt === -1 ? pages.get(pathname) : undefined;
    if (!page) return false;

    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.setHeader("ETag", page.etag);
    setFixedSecurityHeaders(res, { production });
    if (production) res.setHeader("Content-Security-Policy", page.csp);
    res.setHeader("Vary", "Accept-Encoding");
    if (req.headers["if-none-match"] === page.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const accept = String(req.headers["accept-encoding"] || "");
    let body = page.identity;
    if (/\bbr\b/.test(accept)) {
      body = page.br();
      res.setHeader("Content-Encoding", "br");
    } else if (/\bgzip\b/.test(accept)) {
      body = page.gzip();
      res.setHeader("Content-Encoding", "gzip");
    }
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}

/**
 * `pathname` without its trailing slashes, as a path on this site. Leading slashes and
 * backslashes collapse to one: `//evil.example/` must not become `Location: //evil.example`,
 * which browsers follow to another host (they read `\\` as `/` too).
 */
export function sameSiteLocation(pathname) {
  return `/${pathname.replace(/^[/\\]+/, "").replace(/\/+$/, "")}`;
}

function once(compute) {
  let value;
  return () => {
    value ??= compute();
    return value;
  };
}
