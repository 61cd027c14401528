import { getDatabase } from "~/db/app-database.server";
import { getLogger } from "~/observability/logger.server";
import { PublicQuoteCache } from "~/quotes/public-quote-cache.server";
import { QuoteEventHub } from "./quote-event-hub.server";

const store = globalThis as typeof globalThis & {
  __umbraQuoteEvents?: Promise<QuoteEventHub>;
  __umbraPublicQuotes?: PublicQuoteCache;
};

/** This process's cache of the public quote list, emptied by the hub on every change. */
export function getPublicQuoteCache(): PublicQuoteCache {
  store.__umbraPublicQuotes ??= new PublicQuoteCache();
  return store.__umbraPublicQuotes;
}

/** This process's live-update hub, listening on the process's database (started on first use). */
export function getQuoteEventHub(): Promise<QuoteEventHub> {
  if (!store.__umbraQuoteEvents) {
    const starting = (async () => {
      const hub = new QuoteEventHub(await getDatabase(), {
        onError: (error) => getLogger().error({ err: error }, "live updates failed"),
      });
      hub.onChange(getPublicQuoteCache());
      await hub.start();
      return hub;
    })();
    store.__umbraQuoteEvents = starting;
    starting.catch(() => {
      if (store.__umbraQuoteEvents === starting) store.__umbraQuoteEvents = undefined;
    });
  }
  return store.__umbraQuoteEvents;
}

/** Ends every event stream and stops listening (graceful shutdown). */
export async function stopQuoteEventHub(): Promise<void> {
  const starting = store.__umbraQuoteEvents;
  store.__umbraQuoteEvents = undefined;
  const hub = await starting?.catch(() => undefined);
  await hub?.stop();
}
