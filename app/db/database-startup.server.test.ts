import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CuttableProxy, startCuttableProxy } from "#tests/support/cuttable-proxy.server.ts";
import { createPostgresTestDatabase, engineAvailable } from "#tests/support/test-database.server.ts";
import { type Database, openDatabase } from "./database.server.ts";

// Start-up on PostgreSQL waits for a server that cannot be reached yet (a machine booting, a
// busy server taking the connection late) and fails at once on a wrong address: a CI run saw a
// server give up after one 5 s connection timeout while PostgreSQL was creating other databases.
describe.runIf(engineAvailable("postgres"))("opening PostgreSQL at start-up", { timeout: 60_000 }, () => {
  let created: { url: string; drop: () => Promise<void> };
  let proxy: CuttableProxy;
  const opened: Database[] = [];
  beforeAll(async () => {
    created = await createPostgresTestDatabase();
    proxy = await startCuttableProxy(created.url);
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await proxy?.close();
    await created?.drop();
  });

  it("waits while the server refuses connections, and opens once it takes them", async () => {
    await proxy.refuse();
    setTimeout(() => void proxy.restore(), 2_500);
    const started = Date.now();
    const database = await openDatabase({ dataDir: "unused", databaseUrl: proxy.url });
    opened.push(database);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    await database.ping();
  });

  it("gives up after its wait, naming the address without its password", async () => {
    await proxy.refuse();
    const withPassword = proxy.url.replace("postgres://postgres@", "postgres://postgres:hunter2@");
    const started = Date.now();
    await expect(
      openDatabase({ dataDir: "unused", databaseUrl: withPassword, timeouts: { startupWaitMs: 2_000 } }),
    ).rejects.toThrow(/^DATABASE_URL: cannot connect to postgres:\/\/postgres:\*+@127\.0\.0\.1:\d+\/\w+: /);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    await proxy.restore();
  });

  it("fails at once on a database that does not exist: no wait for a wrong address", async () => {
    const missing = `${created.url.replace(/\/[^/]+$/, "")}/umbra_no_such_database`;
    const started = Date.now();
    await expect(openDatabase({ dataDir: "unused", databaseUrl: missing })).rejects.toThrow(
      /cannot connect .* does not exist/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
