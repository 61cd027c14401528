import { PublicQuoteCache } from "#app/quotes/public-quote-cache.server.ts";

const store = globalThis as typeof globalThis & { __umbraPublicQuotes?: PublicQuoteCache };

/**
 * This process's cache of the public quote list, emptied by the event hub on every change. The
 * composition root (server/services.ts) hands it to routes; the in-memory quote API
 * (server/public-quotes-from-memory.ts) still reads it here, outside React Router.
 */
export function getPublicQuoteCache(): PublicQuoteCache {
  store.__umbraPublicQuotes ??= new PublicQuoteCache();
  return store.__umbraPublicQuotes;
}
