import pino from "pino";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import { EditionAvailability } from "#app/editions/edition-availability.server.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { PublicQuoteCache } from "#app/quotes/public-quote-cache.server.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import { loader as availabilityApi } from "#app/routes/api.editions.availability.ts";
import { loader as artworkPage } from "#app/routes/art.$slug.tsx";
import { loader as pricesPage } from "#app/routes/prices.tsx";
import { type CuttableProxy, startCuttableProxy } from "#tests/support/cuttable-proxy.server.ts";
import { createPostgresTestDatabase } from "#tests/support/test-database.server.ts";
import { routerContextFor } from "./router-context.ts";

const catalogue = processContentStore().catalogue();
const WORK = "mapacho-dawn";
const hidden = processContentStore()
  .catalogueWithHidden()
  .artworks.find((work) => !catalogue.find(work.slug));

/** Calls a loader as React Router would; a thrown answer is returned. */
async function call(handler: (args: never) => unknown, context: RouterContextProvider, url: string, params = {}) {
  try {
    return await handler({ request: new Request(`http://test${url}`), params, context } as never);
  } catch (thrown) {
    return thrown;
  }
}

/**
 * Decision 076: public pages read edition availability from memory only, so a PostgreSQL outage
 * (a cut connection, as database-outage.test.ts makes one) leaves them answering the last known
 * lines, never a 5xx; a change made while the cache could not hear it is read once it can.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("edition availability through a database outage", () => {
  let drop: () => Promise<void>;
  let proxy: CuttableProxy;
  let direct: Database;
  let cut: Database;
  let availability: EditionAvailability;
  let hub: AdminEventHub;
  let context: RouterContextProvider;
  let ledger: EditionLedger;

  beforeAll(async () => {
    const created = await createPostgresTestDatabase();
    drop = created.drop;
    proxy = await startCuttableProxy(created.url);
    direct = await openDatabase({ dataDir: "unused", databaseUrl: created.url });
    cut = await openDatabase({
      dataDir: "unused",
      databaseUrl: proxy.url,
      timeouts: { connectMs: 1_000, queryMs: 2_000, listenCheckMs: 500 },
    });
    ledger = new EditionLedger({ db: direct.db, catalogue: processContentStore().catalogueWithHidden() });
    await ledger.setEdition({ workSlug: WORK, kind: "edition", size: 8 });
    availability = new EditionAvailability(cut);
    await availability.start();
    hub = new AdminEventHub(cut);
    context = routerContextFor(
      {
        database: cut,
        adminEvents: hub,
        publicQuotes: new PublicQuoteCache(),
        logger: pino({ level: "silent" }),
        editionAvailability: availability,
      },
      { clientIp: "203.0.113.40" },
    );
  }, 60_000);

  afterAll(async () => {
    await availability?.stop();
    await cut?.close();
    await direct?.close();
    await proxy?.close();
    await drop?.();
  });

  const api = async (query: string) =>
    (await call(availabilityApi as never, context, `/api/editions/availability?${query}`)) as Response;

  it("keeps the artwork page, Prices and the live answer up with the last known lines, then reads what changed meanwhile", async () => {
    const page = (await call(artworkPage as never, context, `/art/${WORK}`, { slug: WORK })) as { edition: unknown };
    expect(page.edition).toEqual({ owners: [], line: "Edition of 8 · 8 available", size: 8 });

    await proxy.refuse();
    await ledger.sell({
      workSlug: WORK,
      number: 1,
      collectorName: "Ada Lovelace",
      collectorEmail: "ada@example.org",
      soldOn: "2026-11-30",
      priceMinor: 1,
      currency: "AUD",
    });
    // Away: every answer is the last known one, none an error.
    const during = (await call(artworkPage as never, context, `/art/${WORK}`, { slug: WORK })) as { edition: unknown };
    expect(during.edition).toEqual({ owners: [], line: "Edition of 8 · 8 available", size: 8 });
    const prices = (await call(pricesPage as never, context, "/prices")) as {
      series: { series: string; line?: string }[];
    };
    expect(prices.series.find((entry) => entry.series === "Icaro")?.line).toBe("Icaro: 0 of 8 claimed");
    const answer = await api(`works=${WORK}`);
    expect(answer.status).toBe(200);
    expect((await answer.json()).works).toEqual({ [WORK]: "Edition of 8 · 8 available" });

    await proxy.restore();
    await expect
      .poll(() => availability.publicEdition(WORK)?.line, { timeout: 20_000, interval: 100 })
      .toBe("Edition of 8 · 7 available");
  }, 60_000);

  it("refuses malformed and oversized questions with a 400 that says what to change, and says nothing of hidden or unknown works", async () => {
    const tooMany = Array.from({ length: 301 }, (_, i) => `work-${i}`).join(",");
    for (const query of [`works=${tooMany}`, `works=${"a".repeat(101)}`, `works=${"x,".repeat(40_000)}`]) {
      const refused = (await api(query).catch((thrown: unknown) => thrown)) as Response;
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toMatch(/at most|longer than|too long/);
    }
    if (hidden) await ledger.setEdition({ workSlug: hidden.slug, kind: "unique" });
    const answer = await api(
      `works=${[WORK, hidden?.slug ?? "", "no-such-work", "../etc"].join(",")}&series=Icaro,Nope`,
    );
    const body = await answer.json();
    expect(Object.keys(body.works)).toEqual([WORK]);
    expect(Object.keys(body.series)).toEqual(["Icaro"]);
    expect(JSON.stringify(body)).not.toMatch(/Ada|ada@example|AUD/);
    // Asked again with nothing changed: a 304 by its ETag, a few bytes a second per open page.
    const first = await api(`works=${WORK}`);
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"editions-/);
    const repeat = await availabilityApi({
      request: new Request(`http://test/api/editions/availability?works=${WORK}`, {
        headers: { "If-None-Match": etag },
      }),
      params: {},
      context,
    } as never);
    expect(repeat.status).toBe(304);
    expect(repeat.headers.get("Cache-Control")).toBe("no-cache");
  });
});
