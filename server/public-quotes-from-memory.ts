import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { publicQuotesKey } from "~/quotes/public-quote-cache.server";
import { publicListQuery } from "~/quotes/quote-api-schemas";
import type { PublicQuote, QuotePage } from "~/quotes/quote-views";
import { getPublicQuoteCache } from "~/realtime/app-quote-events.server";
import { contentSecurityPolicy, setFixedSecurityHeaders } from "./security-headers.js";

const PATH = "/api/quotes";

interface Encoded {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}
// Bodies per cached page object: they live exactly as long as the cache keeps the page.
const bodies = new WeakMap<QuotePage<PublicQuote>, Encoded>();

/**
 * `GET /api/quotes` answered from memory, outside Express and React Router, when the public
 * quote cache (app/quotes/public-quote-cache.server.ts) already holds that page. At 500
 * requests/s the framework's per-request work (routing, a web Request and Response, middleware)
 * and its garbage set the tail latency; this answer costs a map lookup. A miss, bad input or any
 * other request returns false and goes on to app/routes/api.quotes.ts, which answers with the
 * same body and headers and fills the cache, so there is one implementation of the endpoint.
 */
export function servePublicQuotesFromMemory(
  req: IncomingMessage,
  res: ServerResponse,
  { production }: { production: boolean },
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  if (url !== PATH && !url.startsWith(`${PATH}?`)) return false;
  const query = publicListQuery.safeParse(Object.fromEntries(new URLSearchParams(url.slice(PATH.length + 1))));
  if (!query.success) return false;
  const page = getPublicQuoteCache().peek(publicQuotesKey(query.data));
  if (!page) return false;

  let encoded = bodies.get(page);
  if (!encoded) {
    encoded = { identity: Buffer.from(JSON.stringify(page)) };
    bodies.set(page, encoded);
  }
  const accept = String(req.headers["accept-encoding"] ?? "");
  let body = encoded.identity;
  let encoding: "br" | "gzip" | undefined;
  if (body.length > 1024 && /\bbr\b/.test(accept)) {
    encoding = "br";
    encoded.br ??= zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    body = encoded.br;
  } else if (body.length > 1024 && /\bgzip\b/.test(accept)) {
    encoding = "gzip";
    encoded.gzip ??= zlib.gzipSync(body, { level: 6 });
    body = encoded.gzip;
  }

  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  setFixedSecurityHeaders(res, { production });
  if (production) res.setHeader("Content-Security-Policy", contentSecurityPolicy());
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
