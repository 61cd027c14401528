import pino from "pino";
import { describe, expect, it } from "vitest";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { bundledContent, ContentStore, contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import type { Database } from "#app/db/database.server.ts";
import { loggerContext } from "#app/observability/context.ts";
import { PublicQuoteCache, publicQuoteCacheContext } from "#app/quotes/public-quote-cache.server.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import { adminEventsContext } from "#app/realtime/context.ts";
import { cspNonceContext } from "#app/security/csp-nonce-context.ts";
import { routerContextFor } from "./router-context.ts";

describe("routerContextFor", () => {
  it("hands routes the process's services and the request's own values", () => {
    const database = { kind: "pglite" } as Database;
    const adminEvents = new AdminEventHub(database);
    const publicQuotes = new PublicQuoteCache();
    const logger = pino({ level: "silent" });
    const content = new ContentStore(bundledContent());
    const context = routerContextFor(
      { database, adminEvents, publicQuotes, logger, content },
      { cspNonce: "abc", clientIp: "203.0.113.7" },
    );
    expect(context.get(databaseContext)).toBe(database);
    expect(context.get(adminEventsContext)).toBe(adminEvents);
    expect(context.get(publicQuoteCacheContext)).toBe(publicQuotes);
    expect(context.get(loggerContext)).toBe(logger);
    expect(context.get(contentStoreContext)).toBe(content);
    expect(context.get(cspNonceContext)).toBe("abc");
    expect(context.get(clientIpContext)).toBe("203.0.113.7");
  });
});
