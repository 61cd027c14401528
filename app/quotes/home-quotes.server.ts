import type { RouterContextProvider } from "react-router";
import { loggerContext } from "#app/observability/context.ts";
import { readPublicQuotes } from "./public-quote-cache.server.ts";
import type { PublicQuote } from "./quote-views.ts";

/** How many quotes the home page shows. */
export const HOME_QUOTE_COUNT = 3;

/**
 * The home page's quotes: the newest public ones, the same as the top of /quotes. Newest rather
 * than a daily rotation: what the admin made public last shows first, and the page changes only
 * when the wall does, so its rendered HTML can be kept until the next NOTIFY (no clock to expire it).
 * Read through the public quote cache, so a kept home page and the wall agree. A failed read
 * leaves the quotes out (`null`) instead of failing the home page.
 */
export async function homeQuotes(context: Readonly<RouterContextProvider>): Promise<PublicQuote[] | null> {
  try {
    const page = await readPublicQuotes(context, { limit: HOME_QUOTE_COUNT });
    return page.quotes;
  } catch (error) {
    logger(context)?.warn({ err: error }, "home page: public quotes could not be read; shown without them");
    return null;
  }
}

function logger(context: Readonly<RouterContextProvider>) {
  try {
    return context.get(loggerContext);
  } catch {
    return undefined;
  }
}
