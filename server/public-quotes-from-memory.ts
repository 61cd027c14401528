import type { IncomingMessage, ServerResponse } from "node:http";
import { publicQuotesKey } from "#app/quotes/public-quote-cache.server.ts";
import { publicListQuery } from "#app/quotes/quote-api-schemas.ts";
import type { PublicQuote, QuotePage } from "#app/quotes/quote-views.ts";
import { compressBodySync, type PreparedAnswer, prepareAnswer, sendPrepared } from "./compressed-body.ts";
import { type QuotesFromMemorySources, QuoteWallFromMemory } from "./quote-wall-from-memory.ts";
import { contentSecurityPolicy, fixedSecurityHeaders } from "./security-headers.ts";

const PATH = "/api/quotes";

/**
 * The public quotes answered from memory, outside Express and React Router: `GET /api/quotes`
 * below, and the quote wall's rendered pages (server/quote-wall-from-memory.ts).
 *
 * `GET /api/quotes` is answered when the public quote cache (app/quotes/public-quote-cache.server.ts)
 * already holds that page. At 500 requests/s the framework's per-request work (routing, a web
 * Request and Response, middleware) and its garbage set the tail latency; this answer costs a
 * map lookup. A miss, bad input or any other request returns false and goes on to
 * app/routes/api.quotes.ts, which answers with the same body and headers and fills the cache,
 * so there is one implementation of the endpoint.
 *
 * Made once by the server entry from its services (decision 066): the answerer owns its caches.
 */
export function publicQuotesFromMemory(
  sources: QuotesFromMemorySources,
  wall = new QuoteWallFromMemory(sources),
): (req: IncomingMessage, res: ServerResponse, passOn: () => void) => boolean {
  const { publicQuotes, production } = sources;
  // Answers per cached page object: they live exactly as long as the cache keeps the page.
  const answers = new WeakMap<QuotePage<PublicQuote>, PreparedAnswer>();
  return (req, res, passOn) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (url !== PATH && !url.startsWith(`${PATH}?`)) return wall.serve(req, res, passOn);
    const query = publicListQuery.safeParse(Object.fromEntries(new URLSearchParams(url.slice(PATH.length + 1))));
    if (!query.success) return false;
    const page = publicQuotes.peek(publicQuotesKey(query.data));
    if (!page) return false;

    let answer = answers.get(page);
    if (!answer) {
      // Once per cached page; small JSON, so brotli 5 on this thread costs well under a millisecond.
      const body = compressBodySync(Buffer.from(JSON.stringify(page)), { brotliQuality: 5, gzipLevel: 6 });
      answer = prepareAnswer(body, {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "public, max-age=0, must-revalidate",
        ...fixedSecurityHeaders({ production }),
        ...(production ? { "Content-Security-Policy": contentSecurityPolicy() } : {}),
      });
      answers.set(page, answer);
    }
    sendPrepared(req, res, answer);
    return true;
  };
}
