import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { EditionAvailability } from "#app/editions/edition-availability.server.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { PublicQuoteCache } from "#app/quotes/public-quote-cache.server.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import { loader as availabilityRoute } from "#app/routes/api.editions.availability.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { editionLinesFromMemory } from "./edition-lines-from-memory.ts";
import { routerContextFor } from "./router-context.ts";

const content = processContentStore();
const WORK = "mapacho-dawn";

describe("the edition lines answered from memory, before Express (decision 076)", { timeout: 60_000 }, () => {
  let testDb: TestDatabase;
  let availability: EditionAvailability;
  let server: http.Server;
  let base = "";
  let passedOn = 0;

  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    availability = new EditionAvailability(testDb.database);
    await availability.start();
    await new EditionLedger({ db: testDb.database.db, catalogue: content.catalogueWithHidden() }).setEdition({
      workSlug: WORK,
      kind: "edition",
      size: 8,
    });
    await availability.refresh();
    const fromMemory = editionLinesFromMemory({ content, editionAvailability: availability, production: true });
    server = http.createServer((req, res) => {
      if (fromMemory(req, res)) return;
      passedOn++;
      res.writeHead(418);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A fresh embedded database and its first writes: slow on a loaded machine (seen over 60 s at load 25).
  }, 120_000);
  afterAll(async () => {
    server?.close();
    await availability?.stop();
    await testDb?.destroy();
  });

  const query = `/api/editions/availability?works=${WORK},brass-moth&series=Icaro`;

  it("answers what the route answers, with its ETag, and a 304 when the lines did not change", async () => {
    const response = await fetch(base + query);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.works).toEqual({ [WORK]: "Edition of 8 · 8 available", "brass-moth": null });
    expect(body.series).toEqual({ Icaro: "Icaro: 0 of 8 claimed" });
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    const context = routerContextFor(
      {
        database: testDb.database,
        adminEvents: new AdminEventHub(testDb.database),
        publicQuotes: new PublicQuoteCache(),
        logger: pino({ level: "silent" }),
        content,
        editionAvailability: availability,
      },
      { clientIp: "203.0.113.41" },
    );
    const routed = (await availabilityRoute({
      request: new Request(`http://test${query}`),
      params: {},
      context,
    } as never)) as Response;
    expect(await routed.json()).toEqual(body);
    expect(routed.headers.get("ETag")).toBe(response.headers.get("etag"));
    const again = await fetch(base + query, { headers: { "If-None-Match": response.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
    expect(passedOn).toBe(0);
  });

  it("passes bad input, other methods and other addresses on to the app", async () => {
    for (const [path, init] of [
      [`/api/editions/availability?works=${"a".repeat(101)}`, {}],
      ["/api/editions/availability", { method: "POST" }],
      ["/api/editions/availabilityx", {}],
      ["/api/quotes", {}],
    ] as const) {
      const before = passedOn;
      expect((await fetch(base + path, init)).status).toBe(418);
      expect(passedOn).toBe(before + 1);
    }
  });
});
