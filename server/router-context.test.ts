import pino from "pino";
import { describe, expect, it } from "vitest";
import { clientIpContext } from "~/auth/client-ip-context";
import { databaseContext } from "~/db/context";
import type { Database } from "~/db/database.server";
import { loggerContext } from "~/observability/context";
import { PublicQuoteCache, publicQuoteCacheContext } from "~/quotes/public-quote-cache.server";
import { quoteEventsContext } from "~/realtime/context";
import { QuoteEventHub } from "~/realtime/quote-event-hub.server";
import { cspNonceContext } from "~/security/csp-nonce-context";
import { routerContextFor } from "./router-context";

describe("routerContextFor", () => {
  it("hands routes the process's services and the request's own values", () => {
    const database = { kind: "pglite" } as Database;
    const quoteEvents = new QuoteEventHub(database);
    const publicQuotes = new PublicQuoteCache();
    const logger = pino({ level: "silent" });
    const context = routerContextFor(
      { database, quoteEvents, publicQuotes, logger },
      { cspNonce: "abc", clientIp: "203.0.113.7" },
    );
    expect(context.get(databaseContext)).toBe(database);
    expect(context.get(quoteEventsContext)).toBe(quoteEvents);
    expect(context.get(publicQuoteCacheContext)).toBe(publicQuotes);
    expect(context.get(loggerContext)).toBe(logger);
    expect(context.get(cspNonceContext)).toBe("abc");
    expect(context.get(clientIpContext)).toBe("203.0.113.7");
  });
});
